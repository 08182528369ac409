/// The outputs of `twhost diff`: text, JSON (versioned), GitHub Actions
/// workflow commands and SARIF 2.1.0.
public struct DiffReport: Sendable {
    public var baseLabel: String
    public var headLabel: String
    public var findings: [DiffFinding]
    public var stale: [Allowlist.Entry]

    public init(baseLabel: String, headLabel: String, findings: [DiffFinding], stale: [Allowlist.Entry]) {
        self.baseLabel = baseLabel
        self.headLabel = headLabel
        self.findings = findings
        self.stale = stale
    }

    public static let jsonVersion = 1
    public var blocking: Bool { findings.contains { $0.blocking } }

    func level(_ f: DiffFinding) -> String {
        if f.blocking { return "error" }
        return f.category == .compatible || f.allowedBecause != nil ? "note" : "warning"
    }

    public var summary: String {
        func count(_ c: DiffFinding.Category) -> Int { findings.filter { $0.category == c }.count }
        let blockingCount = findings.filter(\.blocking).count
        let allowed = findings.filter { $0.allowedBecause != nil }.count
        return "\(findings.count) finding(s): \(blockingCount) blocking, \(allowed) allowed; "
            + "identity \(count(.identity)), breaking \(count(.breaking)), behavior \(count(.behavior)), compatible \(count(.compatible))"
            + (stale.isEmpty ? "" : "; \(stale.count) stale allowlist entr\(stale.count == 1 ? "y" : "ies")")
    }

    public func text(palette: SurfaceReport.Palette) -> String {
        var lines = ["twhost diff: \(baseLabel) → \(headLabel)", ""]
        for f in findings {
            let head = "\(level(f))[\(f.rule)]"
            let colored =
                f.blocking ? palette.red(head) : f.category == .compatible ? palette.dim(head) : palette.yellow(head)
            lines.append("\(colored) \(f.category.rawValue): \(f.kind.rawValue) \(f.name) (\(f.plugin)): \(f.why)")
            if let before = f.before { lines.append(palette.red("  - \(before)")) }
            if let after = f.after { lines.append("  " + palette.bold("+ \(after)")) }
            if let hint = f.hint { lines.append("  hint: \(hint)") }
            if !f.surfaces.isEmpty { lines.append("  surfaces: \(f.surfaces.joined(separator: ", "))") }
            if let reason = f.allowedBecause { lines.append("  allowed: \(reason)") }
            lines.append("  fingerprint: \(f.fingerprint)")
        }
        for entry in stale {
            lines.append(
                palette.yellow("warning[stale-allowlist]")
                    + " '\(entry.fingerprint)' matches no finding; remove it from the allowlist")
        }
        if findings.isEmpty && stale.isEmpty { lines.append("no differences") }
        lines.append("")
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            ("twhostDiff", .number(Double(Self.jsonVersion))),
            ("base", .string(baseLabel)), ("head", .string(headLabel)),
            (
                "findings",
                .array(
                    findings.map { f in
                        .object([
                            ("rule", .string(f.rule)), ("category", .string(f.category.rawValue)),
                            ("blocking", .bool(f.blocking)),
                            ("fingerprint", .string(f.fingerprint)),
                            (
                                "registration",
                                .object([
                                    ("kind", .string(f.kind.rawValue)), ("name", .string(f.name)),
                                    ("plugin", .string(f.plugin)),
                                ])
                            ),
                            ("before", optional(f.before)), ("after", optional(f.after)), ("why", .string(f.why)),
                            ("hint", optional(f.hint)),
                            ("surfaces", .array(f.surfaces.map(JSONValue.string))),
                            ("allowed", optional(f.allowedBecause)),
                        ])
                    })
            ),
            (
                "staleAllowlist",
                .array(
                    stale.map { .object([("fingerprint", .string($0.fingerprint)), ("reason", .string($0.reason))]) })
            ),
            (
                "summary",
                .object([
                    ("findings", .number(Double(findings.count))),
                    ("blocking", .number(Double(findings.filter(\.blocking).count))),
                    ("allowed", .number(Double(findings.filter { $0.allowedBecause != nil }.count))),
                    ("stale", .number(Double(stale.count))),
                ])
            ),
        ])
    }

    /// GitHub Actions workflow commands: `::error title=…::message`.
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
            let command = level(f) == "error" ? "error" : level(f) == "warning" ? "warning" : "notice"
            var message = "\(f.kind.rawValue) \(f.name) (\(f.plugin)): \(f.why)"
            if let before = f.before { message += "\nbefore: \(before)" }
            if let after = f.after { message += "\nafter: \(after)" }
            if let hint = f.hint { message += "\nhint: \(hint)" }
            if !f.surfaces.isEmpty { message += "\nsurfaces: \(f.surfaces.joined(separator: ", "))" }
            if let reason = f.allowedBecause { message += "\nallowed: \(reason)" }
            lines.append("::\(command) title=\(escapeProperty("twhost \(f.rule)"))::\(escapeData(message))")
        }
        for entry in stale {
            lines.append(
                "::warning title=\(escapeProperty("twhost stale-allowlist"))::\(escapeData("'\(entry.fingerprint)' matches no finding"))"
            )
        }
        lines.append(escapeData(summary))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every rule id, its category and a description, for SARIF's rule table.
    public static let rules: [(id: String, category: DiffFinding.Category, text: String)] = [
        ("slot-added", .identity, "A registration adds a slot to every surface in scope."),
        ("slot-removed", .identity, "A registration's slot is gone from every surface in scope."),
        ("slot-reordered", .identity, "A slot moved in the merged chain order."),
        ("phase-changed", .identity, "A slot moved across the built-in styling."),
        ("structure-changed", .identity, "A factory returns another modifier structure."),
        ("unstable-structure", .identity, "A factory returns another structure inactive than active."),
        ("argument-type-changed", .breaking, "A registration's form or argument type changed."),
        ("registration-removed", .breaking, "A registration that classes may use is gone."),
        ("default-changed", .behavior, "A registration's default argument changed."),
        ("conflict-key-changed", .behavior, "A registration's conflict key changed."),
        ("recipe-changed", .behavior, "A recipe expands to other classes."),
        ("utility-changed", .behavior, "A utility expands its probes differently."),
        ("animation-changed", .behavior, "An animation preset produces other animations."),
        ("order-changed", .compatible, "An order number changed without moving the slot."),
        ("registration-added", .compatible, "A registration that changes no existing surface."),
    ]

    public var sarif: JSONValue {
        let ruleIndex = Dictionary(uniqueKeysWithValues: Self.rules.enumerated().map { ($1.id, $0) })
        let driverRules: [JSONValue] = Self.rules.map { rule in
            .object([
                ("id", .string(rule.id)), ("name", .string(rule.id)),
                ("shortDescription", .object([("text", .string(rule.text))])),
                ("properties", .object([("category", .string(rule.category.rawValue))])),
                (
                    "defaultConfiguration",
                    .object([
                        (
                            "level",
                            .string(
                                rule.category == .identity || rule.category == .breaking
                                    ? "error" : rule.category == .behavior ? "warning" : "note")
                        )
                    ])
                ),
            ])
        }
        let results: [JSONValue] = findings.map { f in
            var message = "\(f.kind.rawValue) \(f.name) (\(f.plugin)): \(f.why)"
            if let before = f.before, let after = f.after { message += " (\(before) → \(after))" }
            var members: [(String, JSONValue)] = [
                ("ruleId", .string(f.rule)), ("ruleIndex", .number(Double(ruleIndex[f.rule] ?? 0))),
                ("level", .string(level(f))), ("message", .object([("text", .string(message))])),
                (
                    "locations",
                    .array([
                        .object([
                            (
                                "logicalLocations",
                                .array([
                                    .object([
                                        ("name", .string(f.name)),
                                        ("fullyQualifiedName", .string("\(f.plugin)/\(f.name)")),
                                        ("kind", .string("member")),
                                    ])
                                ])
                            )
                        ])
                    ])
                ),
                ("partialFingerprints", .object([("twhost/v1", .string(f.fingerprint))])),
            ]
            if let reason = f.allowedBecause {
                members.append(
                    (
                        "suppressions",
                        .array([.object([("kind", .string("external")), ("justification", .string(reason))])])
                    ))
            }
            return .object(members)
        }
        return SARIF.log(rules: driverRules, results: results)
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        out += rest
        return out
    }
}
