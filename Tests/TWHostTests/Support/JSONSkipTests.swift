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

    @Test("the item after an object found from its closing brace is the one found by skipping the object again")
    func itemAfterClose() throws {
        // Objects of every shape an item can be, with white space of every kind around the commas and brackets.
        let items = [
            #"{}"#, #"{ }"#, #"{"a": 1}"#, #"{"a": {"b": [1, {"c": "}"}]}, "d": "]"}"#, #"{"e": "x\"y}"}"#,
            #"{"f":[]}"#, "{\n\t\"g\" :\r\n true }",
        ]
        let gaps = ["", " ", "\n", " \r\n\t "]
        var seed: UInt64 = 5
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var compared = 0
        for _ in 0..<500 {
            var text = "[" + gaps[next(gaps.count)]
            for i in 0..<(1 + next(6)) {
                if i > 0 { text += gaps[next(gaps.count)] + "," + gaps[next(gaps.count)] }
                text += items[next(items.count)]
            }
            text += gaps[next(gaps.count)] + "]"
            let bytes = Array(text.utf8)
            try JSONParser.checkDocument(bytes)
            var parser = JSONParser(streaming: bytes)
            let listed = parser.firstItem(at: parser.position)
            let first = try #require(listed, "\(text)")
            var item = first
            while let at = item {
                // Every member read: the parser is left at the object's closing brace.
                #expect(parser.forEachMember(at: at) { _ in true })
                try #require(parser.isAtObjectClose, "\(text)")
                let close = parser.position
                let skipped = parser.item(after: at)
                let fromClose = parser.item(after: at, closingAt: close)
                #expect(skipped?.offset == fromClose?.offset, "\(text)")
                #expect(skipped?.lineNumber == fromClose?.lineNumber, "\(text)")
                #expect(skipped?.column == fromClose?.column, "\(text)")
                item = fromClose
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }

    /// The error of parsing `document` and that of checking it (nil for none).
    static func errors(_ document: [UInt8]) -> (parsed: JSONParseError?, checked: JSONParseError?) {
        var parsed: JSONParseError?
        var checked: JSONParseError?
        do {
            _ = try JSONParser.parse(document)
        } catch {
            parsed = error
        }
        do {
            try JSONParser.checkDocument(document)
        } catch {
            checked = error
        }
        return (parsed, checked)
    }

    @Test(
        "checking a document without building it fails exactly where parsing it does: strings tested eight bytes at a time, keys compared in place"
    )
    func checkMatchesParse() {
        // Pieces of strings that end the word-at-a-time scan or not: quotes,
        // escapes, control and non-ASCII bytes (valid and not), runs of plain bytes.
        let pieces: [[UInt8]] = [
            Array("abcdefgh".utf8), Array("a".utf8), Array("0123456789abcdef".utf8), [0x5C, 0x22], [0x5C, 0x5C],
            [0x5C, UInt8(ascii: "n")], [0x5C, UInt8(ascii: "q")], Array(#"\u0061"#.utf8), Array(#"\ud800"#.utf8),
            [0x09], [0x1F], [0x7F], [0xC3, 0xA9], [0xC3], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0x22],
        ]
        let keys = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", #"\u0061"#, "type"]
        var seed: UInt64 = 11
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var outcomes = Set<String>()
        for _ in 0..<6_000 {
            var document: [UInt8] = Array("{".utf8)
            for m in 0..<next(14) {
                if m > 0 { document += Array(", ".utf8) }
                document += Array("\"\(keys[next(keys.count)])\": \"".utf8)
                for _ in 0..<next(6) { document += pieces[next(pieces.count)] }
                document += Array("\"".utf8)
            }
            document += Array("}".utf8)
            let (parsed, checked) = Self.errors(document)
            #expect(checked == parsed, "\(String(decoding: document, as: UTF8.self))")
            outcomes.insert(parsed.map { String($0.message.prefix(20)) } ?? "ok")
        }
        // The generator reaches success, duplicate keys past eight and in
        // escaped form, bad escapes, control bytes, bad UTF-8 and unterminated strings.
        #expect(outcomes.contains("ok"))
        #expect(outcomes.contains { $0.hasPrefix("duplicate key") })
        #expect(outcomes.count >= 5, "\(outcomes.sorted())")
    }

    @Test(
        "an object's keys are duplicates exactly when a set of the decoded keys says so, past eight keys and across escapes and canonical equivalence"
    )
    func duplicateKeys() {
        // JSON text of each key, and the string it decodes to.
        let pool: [(json: String, decoded: String)] = [
            ("a", "a"), ("b", "b"), ("c", "c"), ("d", "d"), ("e", "e"), ("f", "f"), ("g", "g"), ("h", "h"),
            ("i", "i"), ("j", "j"), ("k", "k"), ("l", "l"), (#"\u0061"#, "a"), ("caf\u{E9}", "caf\u{E9}"),
            ("cafe\u{301}", "cafe\u{301}"), (#"caf\u00e9"#, "caf\u{E9}"),
        ]
        var seed: UInt64 = 5
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var duplicatesPastEight = 0
        var distinctPastEight = 0
        for _ in 0..<4_000 {
            // Half drawn at random (duplicates likely), half distinct keys in a random order.
            var picked: [(json: String, decoded: String)]
            if next(2) == 0 {
                picked = (0..<(1 + next(20))).map { _ in pool[next(pool.count)] }
            } else {
                var distinct = Array(pool[0..<12]) + [pool[13]]
                picked = []
                for _ in 0..<(1 + next(distinct.count)) { picked.append(distinct.remove(at: next(distinct.count))) }
                // Then, often, one key equal to an earlier one: as written, escaped or canonically equivalent.
                if next(2) == 0 {
                    let earlier = picked[next(picked.count)].decoded
                    let equal = pool.filter { $0.decoded == earlier }
                    picked.append(equal[next(equal.count)])
                }
            }
            var seen = Set<String>()
            var firstDuplicate: Int?
            for (i, key) in picked.enumerated() where !seen.insert(key.decoded).inserted && firstDuplicate == nil {
                firstDuplicate = i
            }
            let document = Array(("{" + picked.map { "\"\($0.json)\": 1" }.joined(separator: ", ") + "}").utf8)
            let (parsed, checked) = Self.errors(document)
            let text = String(decoding: document, as: UTF8.self)
            if let firstDuplicate {
                #expect(parsed?.message == "duplicate key '\(picked[firstDuplicate].decoded)'", "\(text)")
                if firstDuplicate >= 8 { duplicatesPastEight += 1 }
            } else {
                #expect(parsed == nil, "\(text)")
                if picked.count > 8 { distinctPastEight += 1 }
            }
            #expect(checked == parsed, "\(text)")
        }
        #expect(duplicatesPastEight > 50)
        #expect(distinctPastEight > 10)
    }

    @Test(
        "a check compares plain keys byte for byte: keys of one length or one prefix differ, escaped or non-ASCII ones are decoded"
    )
    func writtenKeys() {
        let nine = (1...9).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
        let cases: [(document: String, duplicate: String?)] = [
            (#"{"type": 1, "typo": 2, "tw": 3, "tx": 4}"#, nil),
            (#"{"type": 1, "typo": 2, "type": 3}"#, "type"),
            (#"{"ab": 1, "a": 2, "abc": 3, "": 4, "b": 5}"#, nil),
            (#"{"": 1, "a": 2, "": 3}"#, ""),
            ("{\(nine)}", nil),
            ("{\(nine), \"key2\": 0}", "key2"),
            (#"{"key": 1, "k\u0065y": 2}"#, "key"),
            (#"{"k\u0065y": 1, "key": 2}"#, "key"),
            (#"{"\u00e9": 1, "x": 2, "é": 3}"#, "é"),
            (#"{"a\"b": 1, "a\\b": 2, "a\"b": 3}"#, "a\"b"),
        ]
        for c in cases {
            let (parsed, checked) = Self.errors(Array(c.document.utf8))
            #expect(parsed?.message == c.duplicate.map { "duplicate key '\($0)'" }, "\(c.document)")
            #expect(checked == parsed, "\(c.document)")
        }
    }

    @Test("an object's members are listed with their keys decoded as parsing decodes them, at their values' places")
    func members() throws {
        let document = Array(
            #"{"type": "Text", "t\u0077": "p-4", "caf\u00e9": 1, "é": [1, {"a": 2}], "a\"b": null, "": {}}"#.utf8)
        guard case .object(let parsed) = try JSONParser.parse(document).value else {
            Issue.record("not an object")
            return
        }
        var parser = JSONParser(streaming: document)
        let start = parser.position
        let members = parser.members(at: start)
        let listed = try #require(members)
        #expect(listed.map(\.key) == ["type", "tw", "café", "é", "a\"b", ""])
        #expect(listed.map(\.key) == parsed.map(\.key))
        #expect(listed.map(\.value.column) == parsed.map(\.node.column))
        var other = JSONParser(streaming: Array("[1, 2]".utf8))
        let array = other.position
        #expect(other.members(at: array) == nil)
    }
}
