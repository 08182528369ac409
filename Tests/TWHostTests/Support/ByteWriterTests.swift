import Glibc
import Testing

@testable import TWModel
@testable import TWSupport

@Suite("Byte writer")
struct ByteWriterTests {
    @Test("an integer is written digit by digit exactly as the JSON number writer writes it")
    func integers() {
        var values = [
            0, 1, 9, 10, 99, 100, 12_345, Int(Int32.max), 999_999_999_999_999, 1_000_000_000_000_000, -1, -42,
        ]
        values += [Int.max, Int.min]
        // Either side of every digit count the writer sizes for.
        var power = 1
        for _ in 1...17 {
            power *= 10
            values += [power - 1, power]
        }
        for value in values {
            let digits = ByteWriter()
            digits.appendInteger(value)
            let number = ByteWriter()
            number.appendNumber(Double(value))
            #expect(digits.string == number.string, "\(value)")
        }
        let w = ByteWriter()
        w.appendInteger(18)
        w.appendInteger(7)
        #expect(w.string == "187")
    }

    @Test("pieces made elsewhere are written in order among the bytes appended around them, copied or kept")
    func piecesInOrder() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // 13,000 bytes in all, less than a pipe holds: nothing blocks.
        let small = [UInt8](repeating: UInt8(ascii: "s"), count: 100)
        let first = [UInt8](repeating: UInt8(ascii: "b"), count: 5_000)
        let second = [UInt8](repeating: UInt8(ascii: "d"), count: 6_000)
        let w = ByteWriter(fd: ends[1], flushThreshold: 10_000)
        w.append("a")
        w.append(piece: first)  // kept: what was buffered ("a") goes before it
        w.append("c")
        w.append(piece: second)  // kept, and the pieces pass the threshold: written
        w.append(piece: small)  // under 4 KiB: copied into the buffer
        w.append(bytes: [UInt8](repeating: UInt8(ascii: "e"), count: 1_900))
        try w.flush()
        close(ends[1])
        var read: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(ends[0], &chunk, chunk.count)
            if n <= 0 { break }
            read += chunk[..<n]
        }
        let expected: [UInt8] =
            Array("a".utf8) + first + Array("c".utf8) + second + small
            + [UInt8](repeating: UInt8(ascii: "e"), count: 1_900)
        #expect(read.count == expected.count)
        #expect(read == expected)
        // Without a descriptor a piece is copied like any bytes.
        let memory = ByteWriter()
        memory.append("x")
        memory.append(piece: first)
        memory.append("y")
        #expect(memory.bytes == Array("x".utf8) + first + Array("y".utf8))
    }

    @Test("a piece that cannot be written is reported by the next flush, and by every flush after it")
    func pieceWriteFailure() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let w = ByteWriter(fd: fd, flushThreshold: 10_000)
        let piece = [UInt8](repeating: 1, count: 8_000)
        w.append(piece: piece)
        w.append(piece: piece)  // past the threshold: the write fails and is kept
        w.append(piece: piece)
        var failure: WriteError?
        do { try w.flush() } catch { failure = error }
        #expect(failure?.code == ENOSPC)
        // The writer stays failed: every later flush throws the same error.
        w.append("z")
        var again: WriteError?
        do { try w.flush() } catch { again = error }
        #expect(again?.code == ENOSPC)
    }

    @Test("a writer emptied with a room limit gives back what one large piece grew, and writes on")
    func roomLimit() {
        let w = ByteWriter()
        w.append(bytes: [UInt8](repeating: 65, count: 100_000))
        #expect(w.room >= 100_000)
        w.removeAll(keepingCapacityUpTo: 8192)
        #expect(w.count == 0)
        #expect(w.room == 8192)
        w.append("ab")
        #expect(w.string == "ab")
        // Under the limit the room is kept.
        w.removeAll(keepingCapacityUpTo: 1 << 20)
        #expect(w.room == 8192)
        w.append(bytes: [UInt8](repeating: 66, count: 20_000))
        #expect(w.bytes == [UInt8](repeating: 66, count: 20_000))
    }

    @Test("a JSON string written in pieces has the bytes of the whole written at once")
    func stringPieces() {
        let pieces = ["plain", "\"q\"", "back\\slash", "line\nbreak\ttab\r", "\u{1}\u{1f}", "é😀", "", "]"]
        for a in pieces {
            for b in pieces {
                let whole = ByteWriter()
                whole.appendJSONString(a + b)
                let parts = ByteWriter()
                parts.append("\"")
                parts.appendJSONStringContents(a)
                parts.appendJSONStringContents(b)
                parts.append("\"")
                #expect(parts.string == whole.string, "\(a) \(b)")
            }
        }
    }

    @Test(
        "a JSON string is escaped byte for byte, by the streaming writer and the tree serializer alike, and parses back, wherever its first escape falls in a word of eight bytes"
    )
    func stringEscapes() throws {
        // Plain runs of several lengths beside every byte that ends one, each with its JSON text.
        let pieces: [(text: String, json: String)] = [
            ("abcdefgh", "abcdefgh"), ("a", "a"), ("0123456789abcdef", "0123456789abcdef"), ("xyz", "xyz"),
            ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\t", #"\t"#), ("\r", #"\r"#),
            ("\u{1}", #"\u0001"#), ("\u{1f}", #"\u001f"#), ("\u{7f}", "\u{7f}"), ("é", "é"), ("😀", "😀"), ("/", "/"),
        ]
        var seed: UInt64 = 3
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<3_000 {
            let chosen = (0..<next(8)).map { _ in pieces[next(pieces.count)] }
            let text = chosen.map(\.text).joined()
            // Each byte's escape depends on that byte alone: the pieces' texts, joined.
            let expected = "\"" + chosen.map(\.json).joined() + "\""
            let w = ByteWriter()
            w.appendJSONString(text)
            #expect(w.string == expected, "\(Array(text.utf8))")
            var serialized = ""
            JSONValue.quote(text, into: &serialized)
            #expect(serialized == expected, "\(Array(text.utf8))")
            let parsed = try JSONParser.parse(w.bytes)
            guard case .string(let back) = parsed.value else {
                Issue.record("not a string: \(w.string)")
                continue
            }
            #expect(Array(back.utf8) == Array(text.utf8), "\(w.string)")
        }
    }

    @Test("call syntax written into a JSON string is the escaped `swiftCode`")
    func callSyntax() {
        let node = IRNode(
            kind: .modifier, name: "overlay",
            arguments: [
                IRArgument("label", .string("say \"hi\"\\\n")),
                IRArgument(nil, .color(ColorValue(red: 1, green: 0.5, blue: 0))),
                IRArgument("axis", .tuple([IRArgument("x", .number(0)), IRArgument("y", .number(-1.5))])),
                IRArgument(
                    nil, .content([IRNode(kind: .view, name: "Text", arguments: [IRArgument(nil, .string("a"))])])),
            ])
        let ir = ModifierIR([
            node, IRNode(kind: .modifier, name: "opacity", arguments: [IRArgument(nil, .number(0.25))]),
        ])
        let direct = ByteWriter()
        ir.writeSwiftCodeJSON(to: direct)
        let viaString = ByteWriter()
        viaString.appendJSONString(ir.swiftCode)
        #expect(direct.string == viaString.string)
        #expect(ir.swiftCode.contains("\\\""))
    }
}
