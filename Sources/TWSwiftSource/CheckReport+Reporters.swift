import TWChecking
import TWModel
import TWSupport

/// The reports CI systems other than GitHub read, each with paths relative
/// to the repository root (`RepositoryPath`):
/// - JUnit XML as GitLab and Jenkins read it (`testsuites` › `testsuite` ›
///   `testcase` › `failure`), one suite per file with findings, one test case
///   per finding; errors and warnings fail, notes pass;
/// - Checkstyle 8 XML (`checkstyle` › `file` › `error`), as SonarQube,
///   Jenkins' warnings plugin and reviewdog read it;
/// - the Code Climate issue list GitLab Code Quality reads (a JSON array of
///   `issue` objects with `check_name`, `description`, `fingerprint`,
///   `severity` and `location.path` + `location.lines.begin`).
extension CheckReport {
    /// `--format junit`.
    public var junit: String {
        let groups = Self.byFile(findings)
        let failures = findings.filter { $0.diagnostic.severity != .note }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"twhost check\" tests=\"\(max(1, findings.count))\" failures=\"\(failures)\" errors=\"0\">\n"
        if groups.isEmpty {
            out += "  <testsuite name=\"twhost check\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase name=\"\(XML.escaped(summary))\" classname=\"twhost\"/>\n"
            out += "  </testsuite>\n"
        }
        for (file, list) in groups {
            let path = XML.escaped(file)
            let failed = list.filter { $0.diagnostic.severity != .note }.count
            out +=
                "  <testsuite name=\"\(path)\" tests=\"\(list.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
            for f in list {
                let d = f.diagnostic
                let name = XML.escaped("\(d.code) at \(file):\(f.location.line):\(f.location.column)")
                out +=
                    "    <testcase name=\"\(name)\" classname=\"\(path)\" file=\"\(path)\" line=\"\(f.location.line)\""
                let text = XML.escaped(Self.line(f, file: file))
                if d.severity == .note {
                    out += ">\n      <system-out>\(text)</system-out>\n    </testcase>\n"
                } else {
                    out +=
                        ">\n      <failure message=\"\(XML.escaped(Self.message(d)))\" type=\"\(d.severity.rawValue)\">"
                    out += text + "</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// `--format checkstyle`.
    public var checkstyle: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"8.0\">\n"
        for (file, list) in Self.byFile(findings) {
            out += "  <file name=\"\(XML.escaped(file))\">\n"
            for f in list {
                let d = f.diagnostic
                let severity = d.severity == .note ? "info" : d.severity.rawValue
                out += "    <error line=\"\(f.location.line)\" column=\"\(f.location.column)\" severity=\"\(severity)\""
                out += " message=\"\(XML.escaped(Self.message(d)))\" source=\"twhost.\(d.code)\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }

    /// `--format codeclimate`.
    public var codeClimate: JSONValue {
        var contexts = CheckBaseline.Contexts()
        var seen: [String: Int] = [:]
        return .array(
            findings.map { f in
                let d = f.diagnostic
                let entry = CheckBaseline.Entry(f, contexts: &contexts)
                // GitLab needs each fingerprint once: repeats of one finding are numbered.
                let n = seen[entry.fingerprint, default: 0]
                seen[entry.fingerprint] = n + 1
                let fingerprint = n == 0 ? entry.fingerprint : SHA256.hex(entry.fingerprint + "/\(n)")
                let severity: String
                switch d.severity {
                case .error: severity = "major"
                case .warning: severity = "minor"
                case .note: severity = "info"
                }
                return .object([
                    ("type", .string("issue")), ("check_name", .string(d.code.rawValue)),
                    ("description", .string(Self.message(d))),
                    ("content", .object([("body", .string(d.code.help))])),
                    ("categories", .array([.string(d.severity == .error ? "Bug Risk" : "Style")])),
                    (
                        "location",
                        .object([
                            ("path", .string(entry.file)),
                            ("lines", .object([("begin", .number(Double(f.location.line)))])),
                        ])
                    ),
                    ("severity", .string(severity)), ("fingerprint", .string(fingerprint)),
                ])
            })
    }

    static func message(_ d: Diagnostic) -> String { d.message + (d.hint.map { " — \($0)" } ?? "") }

    static func line(_ f: Finding, file: String) -> String {
        "\(file):\(f.location.line):\(f.location.column): \(f.diagnostic.severity.rawValue)[\(f.diagnostic.code)] "
            + message(f.diagnostic)
    }

    /// Findings grouped by repository-relative file, in report order.
    static func byFile(_ findings: [Finding]) -> [(String, [Finding])] {
        var groups: [(String, [Finding])] = []
        var index: [String: Int] = [:]
        var relative: [String: String] = [:]
        for f in findings {
            let file = relative[f.location.file] ?? RepositoryPath.relative(f.location.file)
            relative[f.location.file] = file
            if let i = index[file] {
                groups[i].1.append(f)
            } else {
                index[file] = groups.count
                groups.append((file, [f]))
            }
        }
        return groups
    }
}

/// Text escaped for XML attribute values and character data: the five
/// markup characters as entities, and characters XML 1.0 cannot carry
/// (control characters other than tab, newline and carriage return) as
/// `\u{…}` text, so that a report always parses.
enum XML {
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
