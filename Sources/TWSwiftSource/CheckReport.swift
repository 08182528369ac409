import TWModel
import TWResolution
import TWSupport

/// What `twhost check` reports: only what needs attention, like a linter —
/// every diagnostic with its location (`file:line:col: error[code] message`),
/// `identity-varies`, the identity lints, notes on what could not be checked,
/// and files that could not be read.
public struct CheckReport: Sendable {
    /// One finding, with the surface it belongs to when it has one.
    public struct Finding: Sendable {
        public var diagnostic: Diagnostic
        public var location: SourceLocation
        public var surface: String?
    }

    public var findings: [Finding] = []
    public var files = 0
    public var unreadFiles = 0
    public var surfaces = 0

    public var errors: Int { findings.filter { $0.diagnostic.severity == .error }.count }
    public var warnings: Int { findings.filter { $0.diagnostic.severity == .warning }.count }
    public var notes: Int { findings.filter { $0.diagnostic.severity == .note }.count }

    /// Findings of every file, in input order; within a file by line and column.
    /// A finding reported by several files (rules from one file that reach
    /// views of others) is listed once, with the file it points into.
    public init(_ files: [ScannedFile]) {
        self.files = files.count
        var order: [String: Int] = [:]
        for (i, file) in files.enumerated() where order[file.path] == nil { order[file.path] = i }
        var all: [(file: Int, index: Int, finding: Finding)] = []
        var seen = Set<String>()
        for (i, file) in files.enumerated() {
            func add(_ d: Diagnostic, fallback: SourceLocation?, surface: String?) {
                let location = d.location ?? fallback ?? SourceLocation(file: file.path, line: 1, column: 1)
                guard seen.insert("\(location)|\(d.code)|\(d.message)").inserted else { return }
                all.append(
                    (order[location.file] ?? i, all.count, Finding(diagnostic: d, location: location, surface: surface))
                )
            }
            for d in file.diagnostics { add(d, fallback: nil, surface: nil) }
            guard let resolution = file.resolution else {
                unreadFiles += 1
                continue
            }
            for record in resolution.surfaces {
                surfaces += 1
                for d in record.allSurfaces.flatMap(\.diagnostics) + record.findings {
                    add(d, fallback: record.location, surface: record.path)
                }
            }
            for d in resolution.diagnostics { add(d, fallback: nil, surface: nil) }
        }
        all.sort { a, b in
            if a.file != b.file { return a.file < b.file }
            if a.finding.location != b.finding.location { return a.finding.location < b.finding.location }
            return a.index < b.index
        }
        findings = all.map(\.finding)
    }

    /// `file:line:col: error[code] message — hint`, then a summary line.
    public func text(palette: SurfaceReport.Palette) -> String {
        var out = ""
        for f in findings {
            let d = f.diagnostic
            let head: String
            switch d.severity {
            case .error: head = palette.red("error[\(d.code)]")
            case .warning: head = palette.yellow("warning[\(d.code)]")
            case .note: head = "note[\(d.code)]"
            }
            // File names, messages and hints carry input text: a newline or an escape in them is escaped.
            out +=
                "\(f.location.description.escapingControlCharacters): \(head) \(d.message.escapingControlCharacters)"
                + (d.hint.map { " — \($0.escapingControlCharacters)" } ?? "") + "\n"
        }
        out += summary + "\n"
        return out
    }

    public var summary: String {
        var text =
            "\(errors) error(s), \(warnings) warning(s), \(notes) note(s) in \(files) file(s), \(surfaces) surface(s)"
        if unreadFiles > 0 { text += "; \(unreadFiles) file(s) could not be read" }
        return text
    }

    /// `--format json`: every finding as an object, and the counts.
    public var json: JSONValue {
        .object([
            ("twhost", .number(1)),
            (
                "findings",
                .array(
                    findings.map { f in
                        let d = f.diagnostic
                        return .object([
                            ("file", .string(f.location.file)), ("line", .number(Double(f.location.line))),
                            ("column", .number(Double(f.location.column))), ("severity", .string(d.severity.rawValue)),
                            ("code", .string(d.code.rawValue)), ("message", .string(d.message)),
                            ("hint", d.hint.map(JSONValue.string) ?? .null),
                            ("class", d.className.map(JSONValue.string) ?? .null),
                            ("surface", f.surface.map(JSONValue.string) ?? .null),
                        ])
                    })
            ),
            (
                "summary",
                .object([
                    ("files", .number(Double(files))), ("unread", .number(Double(unreadFiles))),
                    ("surfaces", .number(Double(surfaces))), ("errors", .number(Double(errors))),
                    ("warnings", .number(Double(warnings))), ("notes", .number(Double(notes))),
                ])
            ),
        ])
    }

    /// Columns in UTF-16 code units (SARIF's default column kind, and what
    /// editors and GitHub count), converted from the UTF-8 byte columns twhost
    /// keeps; the source line is read again for it.
    public static func utf16Columns(_ findings: [Finding]) -> [Int] {
        var lines: [String: [[UInt8]]] = [:]
        return findings.map { f in
            if lines[f.location.file] == nil {
                let bytes = (try? FileIO.read(f.location.file)) ?? []
                lines[f.location.file] = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .map(Array.init)
            }
            guard let text = lines[f.location.file], f.location.line - 1 < text.count, f.location.line >= 1 else {
                return f.location.column
            }
            let prefix = text[f.location.line - 1].prefix(max(0, f.location.column - 1))
            return String(decoding: prefix, as: UTF8.self).utf16.count + 1
        }
    }

    /// GitHub Actions workflow commands with `file=`, `line=` and `col=` (UTF-16 columns).
    public var github: String {
        // GitHub's own escapes for what it reads (%, CR, LF), then every other control character escaped.
        func escapeData(_ s: String) -> String {
            s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
                .escapingControlCharacters
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
        }
        var lines: [String] = []
        let columns = Self.utf16Columns(findings)
        for (f, column) in zip(findings, columns) {
            let d = f.diagnostic
            let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
            let properties = [
                "file=\(escapeProperty(f.location.file))", "line=\(f.location.line)", "col=\(column)",
                "title=\(escapeProperty("twhost \(d.code)"))",
            ].joined(separator: ",")
            lines.append("::\(command) \(properties)::\(escapeData(d.message + (d.hint.map { " — \($0)" } ?? "")))")
        }
        lines.append(escapeData(summary))
        return lines.joined(separator: "\n") + "\n"
    }
}
