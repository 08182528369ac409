import TWHost
import TWSwiftSource

/// `twhost check --format sarif`: SARIF 2.1.0 with one rule per code found
/// (id, short description, help) and a physical location on every result;
/// columns are UTF-16 code units, SARIF's default `columnKind`.
enum CheckSARIF {
    static func log(_ report: CheckReport) -> JSONValue {
        // Suppressed findings are kept, with how they were suppressed (§3.35).
        var all: [(CheckReport.Finding, [SARIF.Suppression])] = report.findings.map { ($0, []) }
        for s in report.suppressed {
            switch s.kind {
            case .inSource(let comment):
                all.append((s.finding, [SARIF.Suppression(kind: .inSource, justification: comment)]))
            case .baseline(let file):
                all.append((s.finding, [SARIF.Suppression(kind: .external, justification: "in the baseline \(file)")]))
            }
        }
        var codes: [DiagnosticCode] = []
        for (f, _) in all where !codes.contains(f.diagnostic.code) { codes.append(f.diagnostic.code) }
        codes.sort { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
        let rules = codes.map { code in
            let severity = all.first(where: { $0.0.diagnostic.code == code })?.0.diagnostic.severity
            return SARIF.Rule(
                id: code.rawValue, level: severity.map(level) ?? .warning, shortDescription: code.summary,
                help: code.help)
        }
        let spans = CheckReport.utf16Spans(all.map(\.0))
        var columns = CheckReport.UTF16Columns()
        let results = zip(all, spans).map { found, span in
            let (f, suppressions) = found
            let d = f.diagnostic
            var location = SARIF.Location(file: f.location.file, line: f.location.line, column: span.column)
            location.endColumn = span.endColumn
            var result = SARIF.Result(
                ruleId: d.code.rawValue, level: level(d.severity),
                message: d.message + (d.hint.map { " — \($0)" } ?? ""),
                locations: [location], suppressions: suppressions)
            // The lint's fix (what --fix applies), then the did-you-mean (never applied).
            result.fixes = [f.fix, f.suggestion].compactMap { edit in
                edit.map { fix($0, className: d.className ?? "", &columns) }
            }
            return result
        }
        return SARIF.log(rules: rules, results: results)
    }

    /// An edit as a SARIF fix, its columns in UTF-16 code units like the results'.
    static func fix(_ edit: TextEdit, className: String, _ columns: inout CheckReport.UTF16Columns) -> SARIF.Fix {
        let start = edit.startLocation
        let end = edit.endLocation
        return SARIF.Fix(
            description: edit.title(of: className), file: edit.file,
            replacements: [
                SARIF.Fix.Replacement(
                    startLine: start.line,
                    startColumn: columns.column(file: edit.file, line: start.line, column: start.column),
                    endLine: end.line, endColumn: columns.column(file: edit.file, line: end.line, column: end.column),
                    insertedText: edit.replacement)
            ])
    }

    static func level(_ severity: Diagnostic.Severity) -> SARIF.Level {
        switch severity {
        case .error: return .error
        case .warning: return .warning
        case .note: return .note
        }
    }
}
