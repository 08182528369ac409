import Glibc

/// A growing byte buffer that flushes to a file descriptor in large writes:
/// output is built without intermediate Strings and streamed, so a large
/// scene's report is never held whole.
///
/// A write that fails while appending is kept and thrown by the next `flush()`;
/// nothing more is written after it (the rest of a report would be garbled).
public final class ByteWriter {
    // The bytes live in a buffer of its own, not an array: appending a short
    // piece is a capacity check and a copy, where `Array.append(contentsOf:)`
    // cost several times that, and a report is tens of appends per surface.
    // A writer belongs to one thread at a time, and no method of it calls out
    // while it is mutating its fields, so no access can overlap: the fields go
    // without dynamic exclusivity checks.
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// How many bytes are buffered: with a descriptor, not those written
    /// already nor the pieces kept to be written (`append(piece:)`), so a
    /// position taken from it holds only until the next such append.
    @exclusivity(unchecked) public private(set) var count = 0
    /// How many bytes fit before the buffer grows.
    var room: Int { capacity }
    private let fd: Int32?
    private let flushThreshold: Int
    private var failure: WriteError?
    /// Pieces made elsewhere (`append(piece:)`), to be written before what is
    /// buffered, in order, and how many bytes they hold.
    @exclusivity(unchecked) private var pieces: [[UInt8]] = []
    @exclusivity(unchecked) private var pieceBytes = 0

    /// Writes to `fd` in chunks of about `flushThreshold` bytes; nil collects in memory.
    public init(fd: Int32? = nil, flushThreshold: Int = 1 << 20) {
        self.fd = fd
        self.flushThreshold = flushThreshold
        capacity = fd == nil ? 4096 : flushThreshold + 4096
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// What is buffered, as an array (a copy).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: buffer, count: count)) }

    /// Part of what is buffered, as an array (a copy); `range` is clamped to it.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        let range = range.clamped(to: 0..<count)
        return Array(UnsafeBufferPointer(start: buffer + range.lowerBound, count: range.count))
    }

    @inline(__always) private func reserve(_ more: Int) {
        if count + more > capacity { grow(count + more) }
    }

    private func grow(_ needed: Int) {
        let larger = max(capacity * 2, needed)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = moved
        capacity = larger
    }

    @inline(__always) private func write(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let base = piece.baseAddress, piece.count > 0 else { return }
        reserve(piece.count)
        (buffer + count).initialize(from: base, count: piece.count)
        count += piece.count
    }

    @inline(__always) public func append(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    public func append(_ text: StaticString) {
        text.withUTF8Buffer { write($0) }
        flushIfNeeded()
    }

    /// Bytes rendered elsewhere (another writer, another thread).
    public func append(bytes more: [UInt8]) {
        more.withUnsafeBufferPointer { write($0) }
        flushIfNeeded()
    }

    /// The size from which `append(piece:)` keeps a piece rather than copying
    /// it: below it, a write of its own would cost more than the copy.
    static let keptPieceSize = 4096

    /// A piece made elsewhere, in full, after what was appended before it.
    /// With a descriptor, a piece of `keptPieceSize` bytes or more is kept as it is and
    /// written by itself at the next flush, not copied into the buffer: the
    /// thread that writes a report does no copying of the surfaces other
    /// threads rendered.
    public func append(piece: [UInt8]) {
        guard fd != nil, piece.count >= Self.keptPieceSize else { return append(bytes: piece) }
        if count > 0 {
            // What is buffered goes first.
            pieces.append(Array(UnsafeBufferPointer(start: buffer, count: count)))
            pieceBytes += count
            count = 0
        }
        pieces.append(piece)
        pieceBytes += piece.count
        if pieceBytes >= flushThreshold {
            do {
                try flush()
            } catch {
                // Kept in `failure`; the caller's next flush() throws it.
            }
        }
    }

    /// Raw bytes: a buffer's own, or a value's in memory.
    public func append(raw more: UnsafeRawBufferPointer) {
        write(UnsafeBufferPointer(start: more.baseAddress?.assumingMemoryBound(to: UInt8.self), count: more.count))
        flushIfNeeded()
    }

    /// Part of bytes rendered elsewhere.
    public func append(bytes more: ArraySlice<UInt8>) {
        more.withUnsafeBufferPointer { write($0) }
        flushIfNeeded()
    }

    /// The bytes buffered from `start` on, as an array (a copy), which are
    /// then dropped: a piece rendered in place of a writer of its own (an
    /// in-memory writer's; one with a descriptor may have flushed them).
    public func takeBytes(from start: Int) -> [UInt8] {
        precondition(start >= 0 && start <= count, "takeBytes(from:) within the buffered bytes")
        let taken = Array(UnsafeBufferPointer(start: buffer + start, count: count - start))
        count = start
        return taken
    }

    /// Whether the bytes buffered from `start` on are `other`'s.
    public func bytesEqual(from start: Int, _ other: [UInt8]) -> Bool {
        precondition(start >= 0 && start <= count, "bytesEqual(from:) within the buffered bytes")
        guard count - start == other.count else { return false }
        return other.withUnsafeBufferPointer { o in
            guard let base = o.baseAddress else { return true }
            return memcmp(buffer + start, base, o.count) == 0
        }
    }

    /// Drops the bytes buffered from `start` on.
    public func truncate(to start: Int) {
        precondition(start >= 0 && start <= count, "truncate(to:) within the buffered bytes")
        count = start
    }

    /// Part of a string (its UTF-8 bytes), without making a string of it.
    public func append(_ text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil { append(String(text)) }
        flushIfNeeded()
    }

    public func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write($0) }) == nil {
            var text = text
            text.withUTF8 { write($0) }
        }
        flushIfNeeded()
    }

    /// A JSON string literal, with the escapes JSON requires.
    public func appendJSONString(_ text: String) {
        append(UInt8(ascii: "\""))
        appendJSONStringContents(text)
        append(UInt8(ascii: "\""))
        flushIfNeeded()
    }

    /// Part of a JSON string literal, escaped as `appendJSONString` escapes it,
    /// without the quotes: a string written piece by piece (each escape
    /// depends on one byte alone, so the pieces give the whole's bytes).
    public func appendJSONStringContents(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in JSONEscape.pieces(of: utf8) { write($0) } }
    }

    public func appendJSONString(_ text: String?) {
        if let text { appendJSONString(text) } else { append("null") }
    }

    public func appendNumber(_ n: Double) { append(JSONValue.format(n)) }

    /// An integer as `appendNumber` writes it, digit by digit (no string made).
    public func appendInteger(_ n: Int) {
        guard n >= 0, n < Self.digitsBelow else { return appendNumber(Double(n)) }
        // The digits straight into the buffer: an integer is written for
        // every index of a compact report.
        reserve(Self.maxDigits)
        count &+= Self.writeDigits(n, to: buffer + count)
        flushIfNeeded()
    }

    /// `n` in decimal, as `"\(n)"` writes it, for any integer (text output).
    public func appendDecimal(_ n: Int) {
        guard n >= 0, n < Self.digitsBelow else { return append(String(n)) }
        appendInteger(n)
    }

    /// The integers written as digits (below it, the JSON number writer
    /// writes the same digits; from it on, `appendInteger` leaves them to it).
    static let digitsBelow = 1_000_000_000_000_000
    /// The most digits `writeDigits` writes: those of `digitsBelow - 1`.
    static let maxDigits = 15

    /// Writes the decimal digits of `n` (0 ≤ n < `digitsBelow`) at `out`, and returns how many.
    @inline(__always) private static func writeDigits(_ n: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var width = 1
        var power = 10
        while width < maxDigits && n >= power {
            width += 1
            power &*= 10
        }
        var digit = out + width
        var rest = n
        repeat {
            digit -= 1
            digit.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        return width
    }

    /// `count` integers separated by `", "`, the i-th `number(i)`, each
    /// written as `appendInteger` writes it and below `digitsBelow`, straight
    /// into the buffer: a compact report writes every surface's chain this
    /// way. `number` must not use this writer.
    public func appendIntegers(count items: Int, _ number: (Int) -> Int) {
        guard items > 0 else { return }
        reserve(items * (Self.maxDigits + 2))
        var out = buffer + count
        for i in 0..<items {
            if i > 0 {
                out[0] = UInt8(ascii: ",")
                out[1] = UInt8(ascii: " ")
                out += 2
            }
            let n = number(i)
            precondition(n >= 0 && n < Self.digitsBelow, "appendIntegers(count:_:) of 0 ≤ n < digitsBelow")
            out += Self.writeDigits(n, to: out)
        }
        count = out - buffer
        flushIfNeeded()
    }

    public func append(_ value: JSONValue, pretty: Bool = false) {
        append(value.serialized(pretty: pretty))
    }

    private func flushIfNeeded() {
        guard fd != nil && count >= flushThreshold else { return }
        do {
            try flush()
        } catch {
            // Kept in `failure`; the caller's next flush() throws it.
        }
    }

    /// Writes what is buffered (see `FileDescriptorIO.writeAll`).
    /// - Throws: the first write error, including one from an earlier automatic flush.
    public func flush() throws(WriteError) {
        if let failure {
            count = 0
            pieces = []
            pieceBytes = 0
            throw failure
        }
        guard let fd, count > 0 || !pieces.isEmpty else { return }
        defer {
            count = 0
            pieces = []
            pieceBytes = 0
        }
        do {
            for piece in pieces { try FileDescriptorIO.writeAll(piece, to: fd) }
            if count > 0 { try FileDescriptorIO.writeAll(UnsafeRawBufferPointer(start: buffer, count: count), to: fd) }
        } catch {
            failure = error
            throw error
        }
    }

    public var string: String { String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self) }

    /// Drops what was written, keeping the room (a writer used again and again).
    public func removeAll() {
        count = 0
        pieces = []
        pieceBytes = 0
    }

    /// Drops what was written, keeping at most `limit` bytes of room: a
    /// writer kept for long does not hold on to what one large piece needed.
    public func removeAll(keepingCapacityUpTo limit: Int) {
        count = 0
        pieces = []
        pieceBytes = 0
        guard capacity > limit else { return }
        buffer.deallocate()
        capacity = max(limit, 1)
        buffer = .allocate(capacity: capacity)
    }
}

/// JSON's string escapes (RFC 8259: the quote, the backslash and control
/// bytes; `\n`, `\r` and `\t` by name, other control bytes as `\u00xx`), for
/// every writer of JSON text: the streaming writer and the tree serializer.
enum JSONEscape {
    /// Hands `append` the escaped form of `utf8`, in order: each run that
    /// needs no escape as it is, each escape as its text.
    static func pieces(of utf8: UnsafeBufferPointer<UInt8>, _ append: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6) { escape in
            // The plain ASCII run before the first byte that may need an escape, eight bytes at a time.
            for i in JSONParser.plainRun(utf8, from: 0)..<utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                if start < i { append(UnsafeBufferPointer(rebasing: utf8[start..<i])) }
                escape[0] = UInt8(ascii: "\\")
                var count = 2
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape[1] = b
                case 0x0A: escape[1] = UInt8(ascii: "n")
                case 0x0D: escape[1] = UInt8(ascii: "r")
                case 0x09: escape[1] = UInt8(ascii: "t")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    escape[1] = UInt8(ascii: "u")
                    escape[2] = UInt8(ascii: "0")
                    escape[3] = UInt8(ascii: "0")
                    hex.withUTF8Buffer { digits in
                        escape[4] = digits[Int(b >> 4)]
                        escape[5] = digits[Int(b & 0xF)]
                    }
                    count = 6
                }
                append(UnsafeBufferPointer(rebasing: escape[..<count]))
                start = i + 1
            }
        }
        if start < utf8.count { append(UnsafeBufferPointer(rebasing: utf8[start...])) }
    }
}
