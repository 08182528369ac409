import Glibc
import TWHost

/// `twhost plugins check`: every plugin loaded and probed in a child process.
enum CheckCommand {
    static let timeout = DurationOption(
        "--timeout", default: 10,
        help: "Time limit per child process (default 10); a crash or exit carries on in a new one.")
    static let format = OutputFormat.option([.text, .json, .sarif], default: .text)
    static let inProcess = Flag(
        "--in-process", help: "Check in this process (for debuggers); a crash then ends twhost.")
    static let child = Flag(
        "--child", visibility: .hidden, help: "Check in this process and report to a parent twhost.")
    static let startAt = ValueOption(
        "--start-at", placeholder: "UNIT", visibility: .hidden,
        help: "Skip the registrations before UNIT (how a check carries on after a crash).")

    static let spec = CommandSpec(
        words: ["plugins", "check"],
        summary:
            "Validate plugins in child processes: load, names, structure, neutrality, determinism, an argument sweep, hostile input.",
        positionals: "[NAME|PATH.so]…", minimumPositionals: 0, maximumPositionals: .max,
        options: [
            PluginOptions.pluginPath, PluginOptions.allowWritable, ThemeInput.option, timeout, format, inProcess, child,
            startAt,
        ],
        child: child,
        discussion: """
            Without names, every plugin in the search path is checked. Each plugin is loaded and probed in
            a child process with a time limit, so a plugin that crashes, hangs or exits is reported and
            the next one is still checked. Every value and argument form, utility and preset is also tried
            with a fixed sweep of arguments (zero, ±1, fractions, huge and tiny numbers, both angle units,
            every color form, strings with brackets, underscores and UTF-8): a crash names the class
            (factory-crashed: fade-[0.5] (SIGSEGV)), and the check carries on with the next registration
            in a new child process (at most \(maxRestarts) times per plugin; not after a hang).

            --theme FILE is a JSON object with the fields of a scene's "theme" rules, merged over the
            default theme; defaults are then checked in each --theme instead of the default theme:
              {"colors": {"brand": "#4f46e5", "ink": {"r": 0.1, "g": 0.1, "b": 0.1, "a": 1}},
               "spacing": 4, "radius": {"card": 20}, "fontSize": {"hero": 40}}
            Exit 1 when any error-level finding. See docs/PluginAuthoring.md for every rule.
            """,
        run: { command throws(CLIError) in try run(command) })

    /// How many times one plugin's check carries on after a crash or an exit.
    static let maxRestarts = 16

    struct PluginResult {
        var request: String
        var name: String?
        var version: String?
        var path: String?
        var findings: [CheckFinding]
        var failed: Bool { findings.contains { $0.severity == .error } }
    }

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let seconds = try command.seconds(timeout)
        var firstUnit = 0
        if let text = command.value(startAt) {
            guard let unit = Int(text), unit >= 0 else {
                throw .invalidValue(
                    option: startAt.spec.name, value: text, expected: "a unit number ≥ 0", suggestion: nil)
            }
            firstUnit = unit
        }
        // With --in-process, plugin code runs here: the same limit per call.
        Containment.setTimeout(seconds: seconds)
        let themes = try ThemeInput.read(command.all(ThemeInput.option), warn: !command[child])
        let searchPath = try PluginOptions.searchPath(command)
        var requests = command.positionals
        if requests.isEmpty { requests = searchPath.allPlugins().map(\.path) }
        if command[child] {
            return try reportToParent(requests, searchPath: searchPath, themes: themes, from: firstUnit)
        }
        var results: [PluginResult] = []
        for request in requests {
            if command[inProcess] {
                var result = checkHere(request, searchPath: searchPath, themes: themes, from: firstUnit)
                result.findings += keptHandleFindings(result.name)
                results.append(result)
            } else {
                results.append(checkInChild(request, command: command, timeout: seconds))
            }
        }
        switch command[format] {
        case .json: Output.write(json(results).serialized() + "\n")
        case .sarif: Output.write(sarif(results).serialized() + "\n")
        case .text, .github, .markdown, .compact, .html, .junit, .checkstyle, .codeclimate:
            Output.write(text(results, palette: SurfaceReport.Palette(enabled: Output.useColor)))
        }
        return results.contains(where: \.failed) ? ExitCode.findings : ExitCode.success
    }

    /// Checks one plugin in this process.
    /// - Parameters:
    ///   - firstUnit: skip the units before this one (`PluginChecker.check`).
    ///   - progress, found: see `PluginChecker.check`.
    ///   - loaded: told who the plugin is as soon as it has loaded.
    static func checkHere(
        _ request: String, searchPath: PluginSearchPath, themes: [(label: String, theme: Theme)],
        from firstUnit: Int = 0,
        progress: (CheckStep) -> Void = { _ in }, found: (CheckFinding) -> Void = { _ in },
        loaded: (LoadedPlugin) -> Void = { _ in }
    ) -> PluginResult {
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
            return PluginResult(request: request, name: nil, version: nil, path: error.path, findings: [finding])
        case .success(let plugin):
            loaded(plugin)
            var findings: [CheckFinding] = []
            if firstUnit == 0, let mismatch = PluginChecker.nameFinding(descriptorName: plugin.info.name, path: file) {
                found(mismatch)
                findings.append(mismatch)
            }
            findings += PluginChecker.check(plugin, themes: themes, from: firstUnit, progress: progress, found: found)
            return PluginResult(
                request: request, name: plugin.info.name, version: plugin.info.version, path: plugin.info.path,
                findings: findings)
        }
    }

    /// The child's side: checks in this process and reports over the channel
    /// (`ChildChannel`): each step before it runs, who the plugin is once it
    /// has loaded, each finding as it is made, and the result last. Plugin
    /// code can print what it likes on stdout and stderr: the parent reads
    /// neither.
    static func reportToParent(
        _ requests: [String], searchPath: PluginSearchPath, themes: [(label: String, theme: Theme)], from firstUnit: Int
    ) throws(CLIError) -> Int32 {
        do {
            try Containment.prepareChild(channel: ChildChannel.descriptor)
        } catch {
            throw .failed("cannot report to the parent twhost: \(error)")
        }
        var results: [PluginResult] = []
        for request in requests {
            var result = checkHere(
                request, searchPath: searchPath, themes: themes, from: firstUnit,
                progress: { step in try? ChildChannel.send(.step, step.encoded) },
                found: { finding in try? ChildChannel.send(.finding, finding.json.serialized(pretty: false)) },
                loaded: { plugin in
                    let identity = JSONValue.object([
                        ("name", .string(plugin.info.name)), ("version", .string(plugin.info.version)),
                        ("path", .string(plugin.info.path)),
                        ("units", .number(Double(PluginChecker.unitCount(plugin)))),
                    ])
                    try? ChildChannel.send(.plugin, identity.serialized(pretty: false))
                })
            result.findings += keptHandleFindings(result.name)
            results.append(result)
        }
        do {
            try ChildChannel.send(.result, json(results).serialized(pretty: false))
        } catch {
            throw .failed("cannot report to the parent twhost: \(error)")
        }
        return ExitCode.success
    }

    /// `builder-kept`: handles the plugin used after the call that received them returned.
    static func keptHandleFindings(_ plugin: String?) -> [CheckFinding] {
        KeptHandles.all.filter { $0.plugin == plugin }.map { use in
            CheckFinding(
                .builderKept, registration: nil,
                "the plugin used a \(use.handle) handle \(use.count) time(s) after the call that received it returned, or from another thread; twhost ignored those calls",
                fix: "use a handle only during the call that received it, on that thread; never keep it")
        }
    }

    /// Runs `twhost plugins check --child` on one plugin and reads its channel.
    /// When plugin code kills the child, the last step it announced names the
    /// class; after a crash or an exit the check carries on with the next
    /// registration in a new child (at most `maxRestarts` times), after a hang
    /// it stops (each further hang would cost another full time limit).
    static func checkInChild(_ request: String, command: ParsedCommand, timeout: Double) -> PluginResult {
        var result = PluginResult(request: request, findings: [])
        guard let exe = PluginSearchPath.currentExecutable() else {
            result.findings.append(
                CheckFinding(
                    .pluginCrashed, registration: nil, "cannot find the twhost executable",
                    fix: "run twhost from a path it can find itself at (/proc must be mounted), or use --in-process"))
            return result
        }
        var firstUnit = 0
        var restarts = 0
        while true {
            var argv = [exe] + spec.words + [child.spec.name]
            for dir in command.all(PluginOptions.pluginPath) { argv += [PluginOptions.pluginPath.spec.name, dir] }
            for theme in command.all(ThemeInput.option) { argv += [ThemeInput.option.spec.name, theme] }
            if command[PluginOptions.allowWritable] { argv.append(PluginOptions.allowWritable.spec.name) }
            if firstUnit > 0 { argv += [startAt.spec.name, String(firstUnit)] }
            argv += ["--", request]
            let run = Subprocess.run(argv, timeout: timeout, channel: true)
            let messages = ChildChannel.read(run.channel)
            var units = 0
            if let line = messages.plugin, let identity = try? JSONParser.parse(Array(line.utf8)) {
                result.name = ResultField.string(identity, "name") ?? result.name
                result.version = ResultField.string(identity, "version") ?? result.version
                result.path = ResultField.string(identity, "path") ?? result.path
                units = ResultField.int(identity, "units") ?? 0
            }
            if case .exited(0) = run.exit, let line = messages.result, let parsed = parseChild(line) {
                result.name = parsed.name ?? result.name
                result.version = parsed.version ?? result.version
                result.path = parsed.path ?? result.path
                result.findings += parsed.findings
                return result
            }
            // Cut short: keep what it found, and say what it was doing.
            result.findings += messages.findings.compactMap { line in
                (try? JSONParser.parse(Array(line.utf8))).flatMap(CheckFinding.init(json:))
            }
            let step = messages.steps.last.flatMap(CheckStep.init(encoded:))
            let unit = step?.unit ?? -1
            var carryOn = unit >= 0 && unit + 1 < units && restarts < maxRestarts
            if case .timedOut = run.exit { carryOn = false }
            if case .notStarted = run.exit { carryOn = false }
            result.findings.append(
                CheckFinding.interrupted(
                    by: run.exit, during: step, plugin: result.path ?? request,
                    notChecked: !carryOn && unit >= 0 && unit + 1 < units))
            guard carryOn else { return result }
            firstUnit = unit + 1
            restarts += 1
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static func parseChild(_ text: String) -> PluginResult? {
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
        return PluginResult(
            request: ResultField.string(item, "request") ?? "", name: ResultField.string(item, "name"),
            version: ResultField.string(item, "version"), path: ResultField.string(item, "path"), findings: findings)
    }

    /// Fields of the JSON a child sends.
    enum ResultField {
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

    static func json(_ results: [PluginResult]) -> JSONValue {
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

    static func text(_ results: [PluginResult], palette: SurfaceReport.Palette) -> String {
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
    static func sarif(_ results: [PluginResult]) -> JSONValue {
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
