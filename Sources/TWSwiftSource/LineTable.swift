import TWModel

/// Where each line of a file starts, for 1-based lines and UTF-8 columns as
/// SwiftSyntax counts them: a line ends at `\n`, `\r\n` or a lone `\r` (also
/// the Language Server Protocol's line ends). The one table of the reader,
/// the lints, the fixes and the language server; a test holds it to
/// SwiftSyntax's `SourceLocationConverter` at every token of the fixtures.
public struct LineTable: Sendable {
    /// The offset of each line's first byte; the first line starts at 0.
    var starts: [Int] = [0]

    public init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                let byte = b[i]
                i += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(i)
                } else if byte == UInt8(ascii: "\r") {
                    if i < b.count, b[i] == UInt8(ascii: "\n") { i += 1 }
                    starts.append(i)
                }
            }
        }
    }

    /// Each line's bytes without its line end, in the lines `place` numbers:
    /// what a reader of lines by number (suppression comments, fingerprint
    /// contexts, UTF-16 columns) splits a file into, so that a file whose
    /// lines end in a lone `\r` is not one line to it.
    public static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        let table = LineTable(bytes)
        var out: [ArraySlice<UInt8>] = []
        out.reserveCapacity(table.starts.count)
        for (i, start) in table.starts.enumerated() {
            var end = i + 1 < table.starts.count ? table.starts[i + 1] : bytes.count
            if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            out.append(bytes[start..<end])
        }
        return out
    }

    /// The byte offset of a 1-based line and UTF-8 column; nil past the last line.
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= starts.count, column >= 1 else { return nil }
        return starts[line - 1] + column - 1
    }

    /// The 1-based line and UTF-8 column of a byte offset.
    public func place(_ offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    public func location(_ offset: Int, file: String) -> TWModel.SourceLocation {
        let (line, column) = place(offset)
        return TWModel.SourceLocation(file: file, line: line, column: column)
    }
}
