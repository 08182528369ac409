/// How positions count characters within a line (LSP `positionEncoding`):
/// UTF-16 code units unless client and server agree on another.
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// An LSP position: a 0-based line and a 0-based character in the negotiated encoding.
public struct Position: Hashable, Sendable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// An open document: its bytes (UTF-8), version and line starts.
public struct TextDocument: Sendable {
    public var uri: String
    public var path: String
    public var languageID: String
    public var version: Int
    public private(set) var bytes: [UInt8]
    /// Byte offset of each line's first byte.
    public private(set) var lineStarts: [Int]

    public init(uri: String, path: String, languageID: String, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.languageID = languageID
        self.version = version
        bytes = Array(text.utf8)
        lineStarts = TextDocument.lineStarts(bytes)
    }

    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        return starts
    }

    /// Whether the document is read as Swift (else as a scene file).
    public var isSwift: Bool { languageID == "swift" || path.hasSuffix(".swift") }

    /// The byte offset of a position; characters past the end of a line mean
    /// its end (LSP), lines past the end mean the end of the document.
    public func offset(_ p: Position, _ encoding: PositionEncoding) -> Int {
        guard p.line >= 0 else { return 0 }
        guard p.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[p.line]
        var end = p.line + 1 < lineStarts.count ? lineStarts[p.line + 1] - 1 : bytes.count
        if end > start && bytes[end - 1] == 0x0D && end < bytes.count { end -= 1 }
        if encoding == .utf8 { return min(start + max(0, p.character), end) }
        var units = 0
        var i = start
        while i < end && units < p.character {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            units += encoding == .utf16 && length == 4 ? 2 : 1
            i = min(end, i + length)
        }
        return i
    }

    /// The position of a byte offset.
    public func position(_ offset: Int, _ encoding: PositionEncoding) -> Position {
        let o = max(0, min(offset, bytes.count))
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        let start = lineStarts[lo]
        if encoding == .utf8 { return Position(line: lo, character: o - start) }
        var units = 0
        var i = start
        while i < o {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            units += encoding == .utf16 && length == 4 ? 2 : 1
            i += length
        }
        return Position(line: lo, character: units)
    }

    /// The byte offset of a 1-based line and a 1-based UTF-8 byte column (twhost's locations).
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return line < 1 ? 0 : bytes.count }
        return min(bytes.count, lineStarts[line - 1] + max(0, column - 1))
    }

    /// Replaces the bytes between two offsets with `text` (an incremental change).
    public mutating func replace(_ range: Range<Int>, with text: String) {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
        // Only the lines from the edit on move.
        var line = 0
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= lower { lo = mid } else { hi = mid - 1 }
        }
        line = lo
        lineStarts.removeSubrange((line + 1)...)
        var i = lineStarts[line]
        while i < bytes.count {
            if bytes[i] == 0x0A { lineStarts.append(i + 1) }
            i += 1
        }
    }

    /// Replaces the whole text.
    public mutating func setText(_ text: String) {
        bytes = Array(text.utf8)
        lineStarts = TextDocument.lineStarts(bytes)
    }

    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }
}

/// `file:///a/b%20c.swift` → `/a/b c.swift`; nil for another scheme.
public func pathOfFileURI(_ uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Array(uri.utf8.dropFirst(7))
    // `file://host/path`: only the local host.
    if let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > 0 {
        let host = String(decoding: rest[..<slash], as: UTF8.self)
        guard host == "localhost" else { return nil }
        rest = Array(rest[slash...])
    }
    var out: [UInt8] = []
    var i = 0
    while i < rest.count {
        if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count,
            let v = UInt8(String(decoding: rest[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
        {
            out.append(v)
            i += 3
        } else {
            out.append(rest[i])
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// The `file://` URI of an absolute path, percent-encoding what a URI may not hold.
public func fileURI(_ path: String) -> String {
    var out = "file://"
    for b in path.utf8 {
        let c = Character(Unicode.Scalar(b))
        if b < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) {
            out.append(c)
        } else {
            let hex = String(b, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return out
}
