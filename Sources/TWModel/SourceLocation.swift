import TWSupport

/// Where something was written: a file, a 1-based line and a 1-based column.
///
/// Columns count UTF-8 bytes from the start of the line, as SwiftSyntax does,
/// so locations from JSON scenes and from Swift sources agree. Text output
/// prints `file:line:col:`; JSON writes `{"file", "line", "column"}`.
///
/// ```swift
/// let here = SourceLocation(file: "Views/Card.swift", line: 12, column: 9)
/// print(here)  // Views/Card.swift:12:9
/// ```
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The path as the user gave it (or as found under a folder they gave).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    /// `description` as text output prints it: its file's control characters
    /// escaped (SPEC §9; the numbers have none), written into `w`.
    public func writeText(to w: ByteWriter) {
        w.append(file.escapingControlCharacters)
        w.append(UInt8(ascii: ":"))
        w.appendDecimal(line)
        w.append(UInt8(ascii: ":"))
        w.appendDecimal(column)
    }

    /// Path order (bytewise), then line, then column: the order findings are printed in.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.file != b.file { return Array(a.file.utf8).lexicographicallyPrecedes(Array(b.file.utf8)) }
        if a.line != b.line { return a.line < b.line }
        return a.column < b.column
    }
}

extension SourceLocation {
    /// `{"file": …, "line": …, "column": …}`, as the resolve report writes it.
    public func writeJSON(to w: ByteWriter) {
        w.append("{\"file\": ")
        w.appendJSONString(file)
        w.append(", \"line\": ")
        w.appendInteger(line)
        w.append(", \"column\": ")
        w.appendInteger(column)
        w.append("}")
    }
}

extension SARIF.Location {
    /// A SARIF location at a source location.
    public init(_ location: SourceLocation, message: String? = nil) {
        self.init(file: location.file, line: location.line, column: location.column, message: message)
    }
}
