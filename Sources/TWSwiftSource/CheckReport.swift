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
        /// The edit that fixes it, keeping every chain and identity (`overridden-class`, `duplicate-class`).
        public var fix: TextEdit? = nil
        /// The did-you-mean of the hint as an edit of the class (`unknown-class`,
        /// `unknown-variant`): it changes meaning, so `--fix` never applies it.
        public var suggestion: TextEdit? = nil
        /// For a finding about a class written in a literal: the column after it (UTF-8 bytes).
        public var endColumn: Int? = nil
    }

    public var findings: [Finding] = []
    public var files = 0
    public var unreadFiles = 0
    public var surfaces = 0
    /// Findings a suppression comment or the baseline accepted (`adopt`).
    public var suppressed: [Suppressed] = []
    /// Baseline entries that no finding matched, when a baseline was applied.
    public var staleBaseline: [CheckBaseline.Entry]?

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
                var location = d.location ?? fallback ?? SourceLocation(file: file.path, line: 1, column: 1)
                var endColumn: Int?
                // A finding about a class written in the surface's literals points at the class.
                if let name = d.className, d.location == nil || d.location == fallback, let fallback,
                    let span = file.classSpans[fallback]?[name]
                {
                    // A warning about a class the component supplies itself is the library's design,
                    // drawn the same way by swiftcn: nothing the caller wrote or could change.
                    if span.suppliedByComponent {
                        if d.severity == .warning { return }
                    } else {
                        location = span.location
                        endColumn = span.endColumn
                    }
                }
                guard seen.insert("\(location)|\(d.code)|\(d.message)").inserted else { return }
                all.append(
                    (
                        order[location.file] ?? i, all.count,
                        Finding(diagnostic: d, location: location, surface: surface, endColumn: endColumn)
                    ))
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
            // Nodes without styling are reported for their `.cocoa` and lifecycle modifiers.
            for record in resolution.backingOnly {
                for d in record.diagnostics { add(d, fallback: record.node.location, surface: record.node.path) }
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
        for e in staleBaseline ?? [] {
            var line = "\(e.file.escapingControlCharacters):\(e.line): baseline entry no longer found: "
            line += e.rule.escapingControlCharacters
            if let c = e.className { line += " '\(c.escapingControlCharacters)'" }
            line += " — \(e.message.escapingControlCharacters)\n"
            out += line
        }
        out += summary + "\n"
        return out
    }

    public var summary: String {
        var text =
            "\(errors) error(s), \(warnings) warning(s), \(notes) note(s) in \(files) file(s), \(surfaces) surface(s)"
        if unreadFiles > 0 { text += "; \(unreadFiles) file(s) could not be read" }
        var inSource = 0
        for s in suppressed {
            if case .inSource = s.kind { inSource += 1 }
        }
        if inSource > 0 { text += "; \(inSource) suppressed in source" }
        if suppressed.count > inSource { text += "; \(suppressed.count - inSource) in the baseline" }
        if let stale = staleBaseline, !stale.isEmpty {
            text += "; \(stale.count) baseline entr\(stale.count == 1 ? "y" : "ies") no longer found"
        }
        return text
    }

    /// `--format json`: every finding as an object, and the counts.
    public var json: JSONValue {
        var list: [JSONValue] = []
        for f in findings {
            let d = f.diagnostic
            var members: [(String, JSONValue)] = [
                ("file", .string(f.location.file)), ("line", .number(Double(f.location.line))),
                ("column", .number(Double(f.location.column))),
            ]
            if let end = f.endColumn { members.append(("endColumn", .number(Double(end)))) }
            members += [
                ("severity", .string(d.severity.rawValue)), ("code", .string(d.code.rawValue)),
                ("message", .string(d.message)),
            ]
            members.append(("hint", d.hint.map(JSONValue.string) ?? .null))
            members.append(("class", d.className.map(JSONValue.string) ?? .null))
            members.append(("surface", f.surface.map(JSONValue.string) ?? .null))
            if let fix = f.fix { members.append(("fix", Self.json(fix))) }
            if let suggestion = f.suggestion { members.append(("suggestion", Self.json(suggestion))) }
            list.append(.object(members))
        }
        var counts: [(String, JSONValue)] = [
            ("files", .number(Double(files))), ("unread", .number(Double(unreadFiles))),
            ("surfaces", .number(Double(surfaces))), ("errors", .number(Double(errors))),
            ("warnings", .number(Double(warnings))), ("notes", .number(Double(notes))),
        ]
        if !suppressed.isEmpty { counts.append(("suppressed", .number(Double(suppressed.count)))) }
        var root: [(String, JSONValue)] = [
            ("twhost", .number(1)), ("findings", .array(list)), ("summary", .object(counts)),
        ]
        if let stale = staleBaseline {
            var entries: [JSONValue] = []
            for e in stale {
                entries.append(
                    .object([
                        ("rule", .string(e.rule)), ("file", .string(e.file)),
                        ("class", e.className.map(JSONValue.string) ?? .null), ("line", .number(Double(e.line))),
                        ("message", .string(e.message)),
                    ]))
            }
            root.append(("staleBaseline", .array(entries)))
        }
        return .object(root)
    }

    /// Columns in UTF-16 code units (SARIF's default column kind, and what
    /// editors and GitHub count), converted from the UTF-8 byte columns twhost
    /// keeps; the source line is read again for it.
    public static func utf16Columns(_ findings: [Finding]) -> [Int] {
        utf16Spans(findings).map(\.column)
    }

    /// Start columns and, for findings about a class in a literal, end columns, in UTF-16 code units.
    public static func utf16Spans(_ findings: [Finding]) -> [(column: Int, endColumn: Int?)] {
        var columns = UTF16Columns()
        return findings.map { f in
            let l = f.location
            return (
                columns.column(file: l.file, line: l.line, column: l.column),
                f.endColumn.map { columns.column(file: l.file, line: l.line, column: $0) }
            )
        }
    }

    /// UTF-8 byte columns as UTF-16 code units, each file's lines read once;
    /// a column of a line that cannot be read stays as it is.
    public struct UTF16Columns {
        var lines: [String: [[UInt8]]] = [:]

        public init() {}

        public mutating func column(file: String, line: Int, column: Int) -> Int {
            if lines[file] == nil {
                let bytes = (try? FileIO.read(file)) ?? []
                lines[file] = LineTable.lines(bytes).map(Array.init)
            }
            guard let text = lines[file], line - 1 < text.count, line >= 1 else { return column }
            let prefix = text[line - 1].prefix(max(0, column - 1))
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
        let spans = Self.utf16Spans(findings)
        for (f, span) in zip(findings, spans) {
            let d = f.diagnostic
            let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
            var properties = [
                "file=\(escapeProperty(f.location.file))", "line=\(f.location.line)", "col=\(span.column)",
            ]
            if let end = span.endColumn { properties.append("endColumn=\(end)") }
            properties.append("title=\(escapeProperty("twhost \(d.code)"))")
            let joined = properties.joined(separator: ",")
            lines.append("::\(command) \(joined)::\(escapeData(d.message + (d.hint.map { " — \($0)" } ?? "")))")
        }
        lines.append(escapeData(summary))
        return lines.joined(separator: "\n") + "\n"
    }
}
