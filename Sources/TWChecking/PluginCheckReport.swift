import TWLoading
import TWModel
import TWSupport

/// One plugin's `plugins check` result: who it is and what was found.
package struct PluginCheckResult: Sendable {
    package var request: String
    package var name: String?
    package var version: String?
    package var path: String?
    package var findings: [CheckFinding]
    package var failed: Bool { findings.contains { $0.severity == .error } }

    package init(request: String, name: String?, version: String?, path: String?, findings: [CheckFinding]) {
        self.request = request
        self.name = name
        self.version = version
        self.path = path
        self.findings = findings
    }
}

/// `twhost plugins check`: one plugin checked in this process, the messages
/// a child twhost sends its parent over the channel (`ChildChannel`), and the
/// report in text, JSON and SARIF. The command line runs the children and
/// writes what this renders.
package enum PluginCheckReport {
    /// Checks one plugin in this process.
    /// - Parameters:
    ///   - firstUnit: skip the units before this one (`PluginChecker.check`).
    ///   - progress, found: see `PluginChecker.check`.
    ///   - loaded: told who the plugin is as soon as it has loaded.
    package static func checkHere(
        _ request: String, searchPath: PluginSearchPath, themes: [(label: String, theme: Theme)],
        from firstUnit: Int = 0,
        progress: (CheckStep) -> Void = { _ in }, found: (CheckFinding) -> Void = { _ in },
        loaded: (LoadedPlugin) -> Void = { _ in }
    ) -> PluginCheckResult {
        progress(.loading)
        // Loaded by the file's path, whatever its descriptor says: a name that does
        // not match the file is reported (name-mismatch) and the checks still run.
        var file = request
        let loading: Result<LoadedPlugin, PluginLoadError>
        if request.hasSuffix(".so") {
            loading = PluginLoader.load(path: request, expectedName: nil, allowWritable: searchPath.allowWritable)
        } else if !isValidPluginName(request) {
            loading = .failure(.invalidRequestedName(request))
        } else if let path = searchPath.locate(request) {
            file = path
            loading = PluginLoader.load(path: path, expectedName: nil, allowWritable: searchPath.allowWritable)
        } else {
            loading = .failure(.notFound(name: request, searched: searchPath.directories))
        }
        switch loading {
        case .failure(let error):
            let finding = CheckFinding(.loadFailed, registration: nil, error.description, fix: error.fix)
            found(finding)
            return PluginCheckResult(request: request, name: nil, version: nil, path: error.path, findings: [finding])
        case .success(let plugin):
            loaded(plugin)
            var findings: [CheckFinding] = []
            if firstUnit == 0, let mismatch = PluginChecker.nameFinding(descriptorName: plugin.info.name, path: file) {
                found(mismatch)
                findings.append(mismatch)
            }
            findings += PluginChecker.check(plugin, themes: themes, from: firstUnit, progress: progress, found: found)
            return PluginCheckResult(
                request: request, name: plugin.info.name, version: plugin.info.version, path: plugin.info.path,
                findings: findings)
        }
    }

    /// `builder-kept`: handles the plugin used after the call that received them returned.
    package static func keptHandleFindings(_ plugin: String?) -> [CheckFinding] {
        KeptHandles.all.filter { $0.plugin == plugin }.map { use in
            CheckFinding(
                .builderKept, registration: nil,
                "the plugin used a \(use.handle) handle \(use.count) time(s) after the call that received it returned, or from another thread; twhost ignored those calls",
                fix: "use a handle only during the call that received it, on that thread; never keep it")
        }
    }

    // MARK: The child's messages

    /// Who the loaded plugin is, and how many units its check has.
    package struct Identity: Equatable, Sendable {
        package var name: String?
        package var version: String?
        package var path: String?
        package var units: Int
    }

    /// The `plugin` message, sent once the plugin has loaded.
    package static func identityMessage(_ plugin: LoadedPlugin) -> String {
        JSONValue.object([
            ("name", .string(plugin.info.name)), ("version", .string(plugin.info.version)),
            ("path", .string(plugin.info.path)),
            ("units", .number(Double(PluginChecker.unitCount(plugin)))),
        ]).serialized(pretty: false)
    }

    /// A `plugin` message read back; nil when it is not one.
    package static func identity(fromMessage line: String) -> Identity? {
        guard let node = try? JSONParser.parse(Array(line.utf8)) else { return nil }
        return Identity(
            name: Field.string(node, "name"), version: Field.string(node, "version"), path: Field.string(node, "path"),
            units: Field.int(node, "units") ?? 0)
    }

    /// A `finding` message, sent as each finding is made.
    package static func findingMessage(_ finding: CheckFinding) -> String { finding.json.serialized(pretty: false) }

    /// A `finding` message read back.
    package static func finding(fromMessage line: String) -> CheckFinding? {
        (try? JSONParser.parse(Array(line.utf8))).flatMap(CheckFinding.init(json:))
    }

    /// The `result` message, sent last: the JSON report on one line.
    package static func resultMessage(_ results: [PluginCheckResult]) -> String {
        json(results).serialized(pretty: false)
    }

    /// The first plugin of a `result` message; nil when it is not one.
    package static func result(fromMessage text: String) -> PluginCheckResult? {
        guard let line = text.split(separator: "\n").last, let root = try? JSONParser.parse(Array(line.utf8)),
            case .object(let top) = root.value, let plugins = top.first(where: { $0.key == "plugins" })?.node,
            case .array(let items) = plugins.value, let item = items.first
        else { return nil }
        var findings: [CheckFinding] = []
        if case .object(let m) = item.value,
            case .array(let list)? = m.first(where: { $0.key == "findings" })?.node.value
        {
            findings = list.compactMap(CheckFinding.init(json:))
        }
        return PluginCheckResult(
            request: Field.string(item, "request") ?? "", name: Field.string(item, "name"),
            version: Field.string(item, "version"), path: Field.string(item, "path"), findings: findings)
    }

    /// Fields of the JSON a child sends.
    private enum Field {
        static func string(_ node: JSONNode, _ key: String) -> String? {
            guard case .object(let members) = node.value,
                case .string(let s)? = members.first(where: { $0.key == key })?.node.value
            else { return nil }
            return s
        }

        static func int(_ node: JSONNode, _ key: String) -> Int? {
            guard case .object(let members) = node.value,
                case .number(let n)? = members.first(where: { $0.key == key })?.node.value
            else { return nil }
            return Int(exactly: n)
        }
    }

    // MARK: The report

    package static func json(_ results: [PluginCheckResult]) -> JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        let errors = results.reduce(0) { $0 + $1.findings.filter { $0.severity == .error }.count }
        let warnings = results.reduce(0) { $0 + $1.findings.filter { $0.severity == .warning }.count }
        return .object([
            ("twhostCheck", .number(1)),
            (
                "plugins",
                .array(
                    results.map { r in
                        .object([
                            ("request", .string(r.request)), ("name", optional(r.name)),
                            ("version", optional(r.version)),
                            ("path", optional(r.path)), ("status", .string(r.failed ? "failed" : "passed")),
                            (
                                "findings",
                                .array(r.findings.map(\.json))
                            ),
                        ])
                    })
            ),
            (
                "summary",
                .object([
                    ("plugins", .number(Double(results.count))),
                    ("failed", .number(Double(results.filter(\.failed).count))),
                    ("errors", .number(Double(errors))), ("warnings", .number(Double(warnings))),
                ])
            ),
        ])
    }

    package static func text(_ results: [PluginCheckResult], palette: Palette) -> String {
        var lines: [String] = []
        for r in results {
            let who = r.name.map { "\($0) \(r.version ?? "")" } ?? r.request
            let status = r.failed ? palette.red("failed") : "passed"
            lines.append(palette.bold(who) + "  \(status)" + palette.dim("  \(r.path ?? r.request)"))
            for f in r.findings {
                let head = "\(f.severity.rawValue)[\(f.rule)]"
                let colored =
                    f.severity == .error
                    ? palette.red(head) : f.severity == .warning ? palette.yellow(head) : palette.dim(head)
                lines.append("  \(colored)" + (f.registration.map { " \($0)" } ?? "") + ": \(f.message)")
                if !f.fix.isEmpty { lines.append("    fix: \(f.fix)") }
            }
        }
        let failed = results.filter(\.failed).count
        let errors = results.reduce(0) { $0 + $1.findings.filter { $0.severity == .error }.count }
        let warnings = results.reduce(0) { $0 + $1.findings.filter { $0.severity == .warning }.count }
        lines.append("")
        lines.append(
            "\(results.count) plugin(s) checked: \(results.count - failed) passed, \(failed) failed; \(errors) error(s), \(warnings) warning(s)"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// SARIF through the typed builder: each finding points at the plugin's
    /// file (the request, when the file was never found) and carries
    /// `plugin/registration/rule` as its fingerprint.
    package static func sarif(_ results: [PluginCheckResult]) -> JSONValue {
        func level(_ severity: CheckFinding.Severity) -> SARIF.Level {
            switch severity {
            case .error: return .error
            case .warning: return .warning
            case .note: return .note
            }
        }
        let rules = CheckRule.allCases.map {
            SARIF.Rule(id: $0.rawValue, level: level($0.severity), shortDescription: $0.summary)
        }
        var sarifResults: [SARIF.Result] = []
        for r in results {
            let who = r.name ?? r.request
            for f in r.findings {
                sarifResults.append(
                    SARIF.Result(
                        ruleId: f.rule.rawValue, level: level(f.severity),
                        message: "\(who)\(f.registration.map { "/" + $0 } ?? ""): \(f.message) Fix: \(f.fix)",
                        locations: [SARIF.Location(file: r.path ?? r.request)],
                        partialFingerprints: [
                            (SARIF.fingerprintKey, "\(f.rule)/\(who)" + (f.registration.map { "/" + $0 } ?? ""))
                        ]))
            }
        }
        return SARIF.log(rules: rules, results: sarifResults)
    }
}
