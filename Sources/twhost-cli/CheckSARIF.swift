import TWHost
import TWSwiftSource

/// `twhost check --format sarif`: SARIF 2.1.0 with one rule per code found
/// (id, short description, help) and a physical location on every result;
/// columns are UTF-16 code units, SARIF's default `columnKind`.
enum CheckSARIF {
    static func log(_ report: CheckReport) -> JSONValue {
        var codes: [String] = []
        for f in report.findings where !codes.contains(f.diagnostic.code) { codes.append(f.diagnostic.code) }
        codes.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let rules: [JSONValue] = codes.map { code in
            let entry = DiagnosticCatalog.entry(code)
            let severity = report.findings.first(where: { $0.diagnostic.code == code })?.diagnostic.severity
            let defaultLevel = severity.map { level($0) } ?? "warning"
            return .object([
                ("id", .string(code)), ("name", .string(code)),
                ("shortDescription", .object([("text", .string(entry.summary))])),
                ("help", .object([("text", .string(entry.help))])),
                ("defaultConfiguration", .object([("level", .string(defaultLevel))])),
            ])
        }
        let columns = CheckReport.utf16Columns(report.findings)
        let results: [JSONValue] = zip(report.findings, columns).map { f, column in
            let d = f.diagnostic
            let message = d.message + (d.hint.map { " — \($0)" } ?? "")
            return .object([
                ("ruleId", .string(d.code)), ("ruleIndex", .number(Double(codes.firstIndex(of: d.code) ?? 0))),
                ("level", .string(level(d.severity))), ("message", .object([("text", .string(message))])),
                (
                    "locations",
                    .array([
                        .object([
                            (
                                "physicalLocation",
                                .object([
                                    ("artifactLocation", .object([("uri", .string(uri(f.location.file)))])),
                                    (
                                        "region",
                                        .object([
                                            ("startLine", .number(Double(f.location.line))),
                                            ("startColumn", .number(Double(column))),
                                        ])
                                    ),
                                ])
                            )
                        ])
                    ])
                ),
            ])
        }
        return SARIF.log(rules: rules, results: results)
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// A path as a URI reference: bytes other than unreserved characters and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (c.isLetter || c.isNumber || "-._~/".contains(c)) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
