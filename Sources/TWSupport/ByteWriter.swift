import Glibc

/// A growing byte buffer that flushes to a file descriptor in large writes:
/// output is built without intermediate Strings and streamed, so a large
/// scene's report is never held whole.
///
/// A write that fails while appending is kept and thrown by the next `flush()`;
/// nothing more is written after it (the rest of a report would be garbled).
public final class ByteWriter {
    // Unchecked: a writer belongs to one thread at a time, and no method of it
    // calls out while it is mutating `bytes`, so no access can overlap; the
    // dynamic checks cost a tenth of writing a report.
    @exclusivity(unchecked) public private(set) var bytes: [UInt8] = []
    private let fd: Int32?
    private let flushThreshold: Int
    private var failure: WriteError?

    /// Writes to `fd` in chunks of about `flushThreshold` bytes; nil collects in memory.
    public init(fd: Int32? = nil, flushThreshold: Int = 1 << 20) {
        self.fd = fd
        self.flushThreshold = flushThreshold
        bytes.reserveCapacity(fd == nil ? 4096 : flushThreshold + 4096)
    }

    @inline(__always) public func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    public func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        flushIfNeeded()
    }

    /// Bytes rendered elsewhere (another writer, another thread).
    public func append(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
        flushIfNeeded()
    }

    public func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        flushIfNeeded()
    }

    /// A JSON string literal, with the escapes JSON requires.
    public func appendJSONString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        appendJSONStringContents(text)
        bytes.append(UInt8(ascii: "\""))
        flushIfNeeded()
    }

    /// Part of a JSON string literal, escaped as `appendJSONString` escapes it,
    /// without the quotes: a string written piece by piece (each escape
    /// depends on one byte alone, so the pieces give the whole's bytes).
    public func appendJSONStringContents(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                if start < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i])) }
                switch b {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
                start = i + 1
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
    }

    public func appendJSONString(_ text: String?) {
        if let text { appendJSONString(text) } else { append("null") }
    }

    public func appendNumber(_ n: Double) { append(JSONValue.format(n)) }

    /// An integer as `appendNumber` writes it, digit by digit (no string made).
    public func appendInteger(_ n: Int) {
        guard n >= 0, n < 1_000_000_000_000_000 else { return appendNumber(Double(n)) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            var first = 16
            var rest = n
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
        flushIfNeeded()
    }

    public func append(_ value: JSONValue, pretty: Bool = false) {
        append(value.serialized(pretty: pretty))
    }

    private func flushIfNeeded() {
        guard fd != nil && bytes.count >= flushThreshold else { return }
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
            bytes.removeAll(keepingCapacity: true)
            throw failure
        }
        guard let fd, !bytes.isEmpty else { return }
        defer { bytes.removeAll(keepingCapacity: true) }
        do {
            try FileDescriptorIO.writeAll(bytes, to: fd)
        } catch {
            failure = error
            throw error
        }
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
