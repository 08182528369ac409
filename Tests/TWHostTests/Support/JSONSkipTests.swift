import Testing

@testable import TWSupport

@Suite("JSON string skipping")
struct JSONSkipTests {
    /// The byte loop `endOfString` replaced: a backslash skips the byte after it.
    static func reference(_ bytes: [UInt8], _ quote: Int) -> Int {
        var index = quote + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index + 1
    }

    @Test("the end of a string is the next quote after an even run of backslashes, as the byte loop found it")
    func endOfString() {
        let alphabet = Array(#"ab\"\\ "#.utf8)
        var seed: UInt64 = 3
        for _ in 0..<20_000 {
            var bytes: [UInt8] = [UInt8(ascii: "\"")]
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int((seed >> 33) % 12) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int((seed >> 33) % UInt64(alphabet.count))])
            }
            let expected = Self.reference(bytes, 0)
            // Past the end, the byte loop may stop one byte further (a final backslash); both mean "no end".
            let found = JSONParser.endOfString(bytes, openingQuote: 0)
            if expected <= bytes.count {
                #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self))")
            } else {
                #expect(found > bytes.count, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(JSONParser.endOfString(Array(#""a\"b" x"#.utf8), openingQuote: 0) == 6)
        #expect(JSONParser.endOfString(Array(#""a\\" x"#.utf8), openingQuote: 0) == 5)
    }
}
