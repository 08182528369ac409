import TWResolution
import TWSupport

/// The outputs of `twhost diff`: text, JSON (versioned), GitHub Actions
/// workflow commands and SARIF 2.1.0. Every format carries every finding,
/// with its location, its fingerprint and, with `--scene`, the surfaces it
/// affects.
public struct DiffReport: Sendable {
    public var baseLabel: String
    public var headLabel: String
    /// In print order (`RegistryDiff.report` sorts them).
    public var findings: [DiffFinding]

    public init(baseLabel: String, headLabel: String, findings: [DiffFinding]) {
        self.baseLabel = baseLabel
        self.headLabel = headLabel
        self.findings = findings
    }

    public static let jsonVersion = 1
    public var blocking: Bool { findings.contains { $0.blocking } }

    public var summary: String {
        func count(_ c: DiffFinding.Category) -> Int { findings.filter { $0.category == c }.count }
        let blockingCount = findings.filter(\.blocking).count
        let allowed = findings.filter { $0.allowedBecause != nil }.count
        return "\(findings.count) finding(s): \(blockingCount) blocking, \(allowed) allowed; "
            + DiffFinding.Category.allCases.map { "\($0.rawValue) \(count($0))" }.joined(separator: ", ")
    }

    /// `scene.json:4:9 (/0)`, or the surface's name when its place is unknown.
    static func surfaceText(_ s: DiffFinding.Surface) -> String {
        guard let location = s.location else { return s.name }
        let path = s.name.split(separator: "#", maxSplits: 1).dropFirst().first.map(String.init) ?? s.name
        return "\(location) (\(path))"
    }

    // MARK: Text

    public func text(palette: SurfaceReport.Palette) -> String {
        var lines = ["twhost diff: \(baseLabel) → \(headLabel)", ""]
        for f in findings {
            let head = "\(f.level.rawValue)[\(f.rule.id)]"
            let colored =
                f.blocking ? palette.red(head) : f.level == .note ? palette.dim(head) : palette.yellow(head)
            lines.append(
                "\(colored) \(f.category.rawValue): \(f.subjectText.escapingControlCharacters): \(f.why.escapingControlCharacters)"
            )
            if let location = f.location { lines.append(palette.dim("  --> \(location)")) }
            lines += Self.changeLines(f.changes, palette: palette)
            lines.append("  hint: \(f.hint)")
            if !f.causes.isEmpty { lines.append("  because of: \(f.causes.joined(separator: ", "))") }
            if !f.surfaces.isEmpty {
                lines.append("  surfaces: \(f.surfaces.map(Self.surfaceText).joined(separator: ", "))")
            }
            if let reason = f.allowedBecause { lines.append("  allowed: \(reason.escapingControlCharacters)") }
            lines.append("  fingerprint: \(f.fingerprint)")
        }
        if findings.isEmpty { lines.append("no differences") }
        lines.append("")
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `- field: before` / `+ field: after`, labels padded to one width, and
    /// a caret line under the first differing token of long values.
    static func changeLines(_ changes: [DiffFinding.Change], palette: SurfaceReport.Palette) -> [String] {
        var lines: [String] = []
        for change in changes {
            if let (first, second) = change.contrast {
                let width = max(first.count, second.count) + 1
                let a = "  " + (first + ":").paddedTo(width) + " "
                let b = "  " + (second + ":").paddedTo(width) + " "
                lines.append(a + (change.before ?? "").escapingControlCharacters)
                lines.append(b + (change.after ?? "").escapingControlCharacters)
                if let d = change.difference { lines.append(caret(indent: b.count, d.afterColumn, d.after)) }
                continue
            }
            if change.before == change.after {
                lines.append("    \(change.field): \((change.before ?? "").escapingControlCharacters)")
                continue
            }
            let prefix = "  - \(change.field): "
            if let before = change.before { lines.append(palette.red(prefix + before.escapingControlCharacters)) }
            if let after = change.after {
                lines.append(palette.bold("  + \(change.field): " + after.escapingControlCharacters))
            }
            if let d = change.difference { lines.append(caret(indent: prefix.count, d.afterColumn, d.after)) }
        }
        return lines
    }

    static func caret(indent: Int, _ column: Int, _ token: String) -> String {
        String(repeating: " ", count: indent + column - 1) + String(repeating: "^", count: max(1, token.count))
    }

    /// One line per change for formats without columns (GitHub, SARIF):
    /// `inactive: a → b (first difference: 'x' → 'y')`.
    static func changeSummary(_ change: DiffFinding.Change) -> String {
        if let (first, second) = change.contrast {
            return "\(first): \(change.before ?? ""); \(second): \(change.after ?? "")"
        }
        if change.before == change.after { return "\(change.field): \(change.before ?? "")" }
        var text = "\(change.field): \(change.before ?? "(none)") → \(change.after ?? "(none)")"
        if let d = change.difference {
            text += " (first difference: '\(d.before)' → '\(d.after)')"
        }
        return text
    }

    // MARK: JSON

    public var json: JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func location(_ l: FindingLocation?) -> JSONValue {
            switch l {
            case .line(let s)?:
                return .object([
                    ("file", .string(s.file)), ("line", .number(Double(s.line))), ("column", .number(Double(s.column))),
                ])
            case .file(let path)?: return .object([("file", .string(path)), ("line", .null), ("column", .null)])
            case nil: return .null
            }
        }
        return .object([
            ("twhostDiff", .number(Double(Self.jsonVersion))),
            ("base", .string(baseLabel)), ("head", .string(headLabel)),
            (
                "findings",
                .array(
                    findings.map { f in
                        var registration: JSONValue = .null
                        if case .registration(let kind, let name, let plugin) = f.subject {
                            registration = .object([
                                ("kind", .string(kind.rawValue)), ("name", .string(name)), ("plugin", .string(plugin)),
                            ])
                        }
                        return .object([
                            ("rule", .string(f.rule.id)), ("category", .string(f.category.rawValue)),
                            ("level", .string(f.level.rawValue)), ("blocking", .bool(f.blocking)),
                            ("fingerprint", .string(f.fingerprint)), ("registration", registration),
                            ("plugin", optional(f.plugin)), ("movedFrom", optional(f.movedFrom)),
                            ("before", optional(f.before)), ("after", optional(f.after)),
                            (
                                "changes",
                                .array(
                                    f.changes.map { c in
                                        .object([
                                            ("field", .string(c.field)), ("before", optional(c.before)),
                                            ("after", optional(c.after)),
                                            (
                                                "labels",
                                                c.contrast.map { .array([.string($0.0), .string($0.1)]) } ?? .null
                                            ),
                                            (
                                                "firstDifference",
                                                c.difference.map { d in
                                                    .object([
                                                        ("before", .string(d.before)), ("after", .string(d.after)),
                                                        ("beforeColumn", .number(Double(d.beforeColumn))),
                                                        ("afterColumn", .number(Double(d.afterColumn))),
                                                    ])
                                                } ?? .null
                                            ),
                                        ])
                                    })
                            ),
                            ("why", .string(f.why)), ("hint", .string(f.hint)),
                            ("location", location(f.location)),
                            (
                                "related",
                                .array(
                                    f.related.map { r in
                                        .object([("location", location(r.location)), ("note", .string(r.note))])
                                    })
                            ),
                            ("causes", .array(f.causes.map(JSONValue.string))),
                            ("surfaces", .array(f.surfaces.map { .string($0.name) })),
                            (
                                "surfaceLocations",
                                .array(
                                    f.surfaces.map { s in
                                        .object([
                                            ("surface", .string(s.name)),
                                            ("location", location(s.location.map(FindingLocation.line))),
                                        ])
                                    })
                            ),
                            ("allowed", optional(f.allowedBecause)),
                        ])
                    })
            ),
            (
                "staleAllowlist",
                .array(
                    findings.filter { $0.rule == .staleAllowlist }.map { f in
                        var fingerprint = ""
                        if case .allowlistEntry(let named) = f.subject { fingerprint = named }
                        return .object([
                            ("fingerprint", .string(fingerprint)), ("reason", .string(f.changes.first?.before ?? "")),
                        ])
                    })
            ),
            (
                "summary",
                .object([
                    ("findings", .number(Double(findings.count))),
                    ("blocking", .number(Double(findings.filter(\.blocking).count))),
                    ("allowed", .number(Double(findings.filter { $0.allowedBecause != nil }.count))),
                    ("stale", .number(Double(findings.filter { $0.rule == .staleAllowlist }.count))),
                ])
            ),
        ])
    }

    // MARK: GitHub Actions

    /// GitHub Actions workflow commands, one per finding:
    /// `::error file=F,line=N,col=C,title=twhost RULE::message`, the message
    /// ending with the fingerprint to allow it; then the summary line.
    public var github: String {
        func escapeData(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        var lines: [String] = []
        for f in findings {
            let command = f.level == .error ? "error" : f.level == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let location = f.location {
                properties.append("file=\(escapeProperty(location.file))")
                if case .line(let l) = location {
                    properties.append("line=\(l.line)")
                    properties.append("col=\(l.column)")
                }
            }
            properties.append("title=\(escapeProperty("twhost \(f.rule.id)"))")
            var message =
                "\(f.category.rawValue): \(f.subjectText.escapingControlCharacters): \(f.why.escapingControlCharacters)"
            for change in f.changes { message += "\n" + Self.changeSummary(change).escapingControlCharacters }
            message += "\nhint: \(f.hint)"
            if !f.causes.isEmpty { message += "\nbecause of: \(f.causes.joined(separator: ", "))" }
            if !f.surfaces.isEmpty {
                message += "\nsurfaces: \(f.surfaces.map(Self.surfaceText).joined(separator: ", "))"
            }
            if let reason = f.allowedBecause { message += "\nallowed: \(reason.escapingControlCharacters)" }
            message += "\nfingerprint: \(f.fingerprint)"
            lines.append("::\(command) \(properties.joined(separator: ","))::\(escapeData(message))")
        }
        lines.append(escapeData(summary))
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: SARIF

    /// The SARIF rule table: every rule of `DiffRule`, in declaration order.
    public static var sarifRules: [SARIF.Rule] {
        DiffRule.allCases.map { rule in
            SARIF.Rule(
                id: rule.id, level: rule.level, shortDescription: rule.summary, fullDescription: rule.explanation,
                help: "\(rule.explanation) What to do: \(rule.hint).",
                helpMarkdown:
                    "\(rule.explanation)\n\n**What to do:** \(rule.hint).\n\nCategory: `\(rule.category.rawValue)`. Allow a finding by adding its fingerprint, with a reason, to the allowlist (docs/CI.md).",
                properties: [
                    ("category", .string(rule.category.rawValue)),
                    ("tags", .array([.string("twhost"), .string(rule.category.rawValue)])),
                ])
        }
    }

    public var sarif: JSONValue {
        let results: [SARIF.Result] = findings.map { f in
            var message = "\(f.subjectText): \(f.why)."
            for change in f.changes { message += " " + Self.changeSummary(change) + "." }
            if !f.causes.isEmpty { message += " Because of: \(f.causes.joined(separator: ", "))." }
            message += " Fingerprint: \(f.fingerprint)"
            var logical: SARIF.LogicalLocation?
            if case .registration(let kind, let name, let plugin) = f.subject {
                logical = SARIF.LogicalLocation(
                    name: name, fullyQualifiedName: "\(plugin)/\(name)", kind: kind.rawValue)
            }
            var related = f.related.map { $0.location.sarif(message: $0.note) }
            related += f.surfaces.compactMap { s in
                s.location.map { SARIF.Location($0, message: "affected surface \(s.name)") }
            }
            return SARIF.Result(
                ruleId: f.rule.id, level: f.level, message: message,
                locations: f.location.map { [$0.sarif()] } ?? [], logicalLocation: logical,
                relatedLocations: related, partialFingerprints: [(SARIF.fingerprintKey, f.fingerprint)],
                suppressions: f.allowedBecause.map { [SARIF.Suppression(justification: $0)] } ?? [],
                properties: [("category", .string(f.category.rawValue)), ("blocking", .bool(f.blocking))])
        }
        return SARIF.log(rules: Self.sarifRules, results: results)
    }
}
