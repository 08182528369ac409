import TWHost
import TWSwiftSource

/// `twhost check --format sarif`: SARIF 2.1.0 with one rule per code found
/// (id, short description, help) and a physical location on every result;
/// columns are UTF-16 code units, SARIF's default `columnKind`.
enum CheckSARIF {
    static func log(_ report: CheckReport) -> JSONValue {
        var codes: [DiagnosticCode] = []
        for f in report.findings where !codes.contains(f.diagnostic.code) { codes.append(f.diagnostic.code) }
        codes.sort { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
        let rules = codes.map { code in
            let severity = report.findings.first(where: { $0.diagnostic.code == code })?.diagnostic.severity
            return SARIF.Rule(
                id: code.rawValue, level: severity.map(level) ?? .warning, shortDescription: code.summary,
                help: code.help)
        }
        let spans = CheckReport.utf16Spans(report.findings)
        let results = zip(report.findings, spans).map { f, span in
            let d = f.diagnostic
            var location = SARIF.Location(file: f.location.file, line: f.location.line, column: span.column)
            location.endColumn = span.endColumn
            return SARIF.Result(
                ruleId: d.code.rawValue, level: level(d.severity),
                message: d.message + (d.hint.map { " — \($0)" } ?? ""),
                locations: [location])
        }
        return SARIF.log(rules: rules, results: results)
    }

    static func level(_ severity: Diagnostic.Severity) -> SARIF.Level {
        switch severity {
        case .error: return .error
        case .warning: return .warning
        case .note: return .note
        }
    }
}
