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

    @Test("a list of integers is each integer's digits, separated by a comma and a space")
    func integerLists() {
        // Either side of every digit count below `digitsBelow`.
        var values = [0]
        var power = 1
        while power < ByteWriter.digitsBelow {
            values += [power, power * 10 - 1]
            power *= 10
        }
        let w = ByteWriter()
        w.append("[")
        w.appendIntegers(count: values.count) { values[$0] }
        w.appendIntegers(count: 0) { _ in Issue.record("no integer is asked for"); return 0 }
        w.append("]")
        #expect(w.string == "[" + values.map(String.init).joined(separator: ", ") + "]")
        #expect(values.last == 999_999_999_999_999)
        // Straight into the buffer: more than it holds at first grows it.
        let long = ByteWriter()
        let many = Array(repeating: ByteWriter.digitsBelow - 1, count: 1000)
        long.appendIntegers(count: many.count) { many[$0] }
        #expect(long.string == many.map(String.init).joined(separator: ", "))
    }

    /// A pipe's read and write ends; reading never waits, and writing
    /// waits only with `writeWaits`. The caller closes both.
    private static func pipe(writeWaits: Bool) throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        if !writeWaits { _ = fcntl(ends[1], F_SETFL, O_NONBLOCK) }
        return ends
    }

    /// What a non-blocking descriptor has to read now, all of it.
    private static func drain(_ fd: Int32) -> [UInt8] {
        var read: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n <= 0 { return read }
            read += chunk[..<n]
        }
    }

    @Test("pieces made elsewhere are written in order among the bytes appended around them, copied or kept")
    func piecesInOrder() throws {
        let ends = try Self.pipe(writeWaits: true)
        defer { ends.forEach { close($0) } }
        let bytes = { (byte: Character, count: Int) in [UInt8](repeating: byte.asciiValue!, count: count) }
        // The pieces below are kept (5,000 and 6,000 bytes) or copied (100).
        #expect(ByteWriter.keptPieceSize > 100 && ByteWriter.keptPieceSize <= 5_000)
        let w = ByteWriter(fd: ends[1], flushThreshold: 10_000)
        w.append("a")
        w.append(piece: bytes("b", 5_000))  // kept: what was buffered ("a") goes before it
        w.append("c")
        // Kept, and the pieces reach the threshold: all written now, before any flush is asked for.
        w.append(piece: bytes("d", 6_000))
        #expect(Self.drain(ends[0]) == Array("a".utf8) + bytes("b", 5_000) + Array("c".utf8) + bytes("d", 6_000))
        w.append(piece: bytes("s", 100))  // under `keptPieceSize`: copied into the buffer
        w.append(bytes: bytes("e", 1_900))
        w.append(piece: bytes("f", 5_000))  // kept after the buffered bytes, under the threshold
        w.append("x")  // buffered after the kept piece
        #expect(Self.drain(ends[0]).isEmpty)
        try w.flush()
        #expect(Self.drain(ends[0]) == bytes("s", 100) + bytes("e", 1_900) + bytes("f", 5_000) + Array("x".utf8))
        // Without a descriptor a piece is copied like any bytes.
        let memory = ByteWriter()
        memory.append("x")
        memory.append(piece: bytes("b", 5_000))
        memory.append("y")
        #expect(memory.bytes == Array("x".utf8) + bytes("b", 5_000) + Array("y".utf8))
    }

    @Test("a piece that cannot be written stops the writer: the error is thrown by every flush after, and nothing more is written")
    func pieceWriteFailure() throws {
        // A full pipe that does not wait: the write fails with EAGAIN (a new pipe holds 64 KiB).
        let ends = try Self.pipe(writeWaits: false)
        defer { ends.forEach { close($0) } }
        let w = ByteWriter(fd: ends[1], flushThreshold: 300_000)
        let piece = [UInt8](repeating: 1, count: 200_000)
        w.append(piece: piece)
        w.append(piece: piece)  // past the threshold: written until the pipe is full, and the failure kept
        let first = Self.drain(ends[0])
        #expect(!first.isEmpty && first.count < 400_000)
        w.append(piece: piece)
        w.append("z")
        var failure: WriteError?
        do { try w.flush() } catch { failure = error }
        #expect(failure?.code == EAGAIN)
        // The pipe has room again, yet nothing after the failure was written.
        #expect(Self.drain(ends[0]).isEmpty)
        var again: WriteError?
        do { try w.flush() } catch { again = error }
        #expect(again?.code == EAGAIN)
        #expect(Self.drain(ends[0]).isEmpty)
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
