import Glibc
import TWHost

/// `twhost plugins check`: every plugin loaded and probed in a child process.
enum CheckCommand {
    static let spec = CommandSpec(
        words: ["plugins", "check"],
        summary: "Validate plugins in child processes: load, structure, neutrality, determinism, hostile input.",
        positionals: "[NAME|PATH.so]…", minimumPositionals: 0, maximumPositionals: .max,
        options: [
            PluginOptions.pluginPath, PluginOptions.allowWritable,
            OptionSpec(
                name: "--theme", valueName: "FILE",
                help: "Also check defaults against this theme (the rules' theme object)."),
            OptionSpec(name: "--timeout", valueName: "SECONDS", help: "Time limit per plugin (default 10)."),
            OptionSpec(name: "--format", valueName: "text|json|sarif", help: "Output format (default text)."),
            OptionSpec(name: "--in-process", help: "Check in this process (for debuggers); a crash then ends twhost."),
            OptionSpec(name: "--child", help: "(internal) check in this process and report to a parent twhost."),
        ],
        discussion: """
            Without names, every plugin in the search path is checked. Each plugin is loaded and probed in
            a child process with a time limit, so a plugin that crashes, hangs or exits is reported and
            the next one is still checked. Exit 1 when any error-level finding. See docs/PluginAuthoring.md.
            """,
        run: { command throws(CLIError) in try run(command) })

    struct PluginResult {
        var request: String
        var name: String?
        var version: String?
        var path: String?
        var findings: [CheckFinding]
        var failed: Bool { findings.contains { $0.severity == .error } }
    }

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let format = try command.choice("--format", ["text", "json", "sarif"], default: "text")
        var timeout = 10.0
        if let text = command.value("--timeout") {
            guard let t = Double(text), t > 0, t <= 3600 else {
                throw .invalidValue(
                    option: "--timeout", value: text, expected: "seconds, 0 < n ≤ 3600", suggestion: nil)
            }
            timeout = t
        }
        // With --in-process, plugin code runs here: the same limit per call.
        Containment.setTimeout(seconds: timeout)
        var themes: [(String, Theme)] = [("default", Theme())]
        if let path = command.value("--theme") {
            do {
                var reader = SceneReader()
                themes.append((path, try reader.readTheme(try FileIO.read(path))))
            } catch let error as FileReadError {
                throw .failed(error.description)
            } catch let error as SceneError {
                throw .failed("\(path): \(error.description)")
            } catch {
                throw .failed("\(path): \(error)")
            }
        }
        let searchPath = PluginOptions.searchPath(command)
        var requests = command.positionals
        if requests.isEmpty { requests = searchPath.allPlugins().map(\.path) }
        if command.flag("--child") {
            return try reportToParent(requests, searchPath: searchPath, themes: themes)
        }
        var results: [PluginResult] = []
        for request in requests {
            if command.flag("--in-process") {
                var result = checkHere(request, searchPath: searchPath, themes: themes, progress: { _ in })
                result.findings += keptHandleFindings(result.name)
                results.append(result)
            } else {
                results.append(checkInChild(request, command: command, timeout: timeout))
            }
        }
        switch format {
        case "json": Output.write(json(results).serialized() + "\n")
        case "sarif": Output.write(sarif(results).serialized() + "\n")
        default: Output.write(text(results, palette: SurfaceReport.Palette(enabled: Output.useColor)))
        }
        return results.contains(where: \.failed) ? ExitCode.findings : ExitCode.success
    }

    static func checkHere(
        _ request: String, searchPath: PluginSearchPath, themes: [(String, Theme)], progress: (String) -> Void
    ) -> PluginResult {
        progress("loading")
        switch PluginLoader.load(request, searchPath: searchPath) {
        case .failure(let error):
            return PluginResult(
                request: request, name: nil, version: nil, path: error.path,
                findings: [
                    CheckFinding(
                        "load-failed", .error, registration: nil, error.description,
                        fix: "fix the field the message names")
                ])
        case .success(let plugin):
            let findings = PluginChecker.check(plugin, themes: themes, progress: progress)
            return PluginResult(
                request: request, name: plugin.info.name, version: plugin.info.version, path: plugin.info.path,
                findings: findings)
        }
    }

    /// The child's side: checks in this process and reports over the channel
    /// (`ChildChannel`), each step before it runs and the result last. Plugin
    /// code can print what it likes on stdout and stderr: the parent reads
    /// neither.
    static func reportToParent(_ requests: [String], searchPath: PluginSearchPath, themes: [(String, Theme)])
        throws(CLIError) -> Int32
    {
        do {
            try Containment.prepareChild(channel: ChildChannel.descriptor)
        } catch {
            throw .failed("cannot report to the parent twhost: \(error)")
        }
        var results: [PluginResult] = []
        for request in requests {
            var result = checkHere(
                request, searchPath: searchPath, themes: themes,
                progress: { step in try? ChildChannel.send(.step, step) })
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
                "builder-kept", .error, registration: nil,
                "the plugin used a \(use.handle) handle \(use.count) time(s) after the call that received it returned, or from another thread; twhost ignored those calls",
                fix: "use a handle only during the call that received it, on that thread; never keep it")
        }
    }

    /// Runs `twhost plugins check --child` on one plugin and reads its channel.
    static func checkInChild(_ request: String, command: ParsedCommand, timeout: Double) -> PluginResult {
        guard let exe = PluginSearchPath.currentExecutable() else {
            return PluginResult(
                request: request,
                findings: [
                    CheckFinding(
                        "plugin-crashed", .error, registration: nil, "cannot find the twhost executable", fix: "")
                ])
        }
        var argv = [exe, "plugins", "check", "--child"]
        for dir in command.all("--plugin-path") { argv += ["--plugin-path", dir] }
        if let theme = command.value("--theme") { argv += ["--theme", theme] }
        if command.flag("--allow-writable-plugins") { argv.append("--allow-writable-plugins") }
        argv += ["--", request]
        let result = Subprocess.run(argv, timeout: timeout, channel: true)
        let messages = ChildChannel.read(result.channel)
        let during = messages.steps.last.map { " during \($0)" } ?? ""
        if case .exited(0) = result.exit, let line = messages.result, let parsed = parseChild(line) {
            return parsed
        }
        let finding: CheckFinding
        switch result.exit {
        case .signaled(let signal):
            finding = CheckFinding(
                "plugin-crashed", .error, registration: nil,
                "the plugin crashed with \(Subprocess.signalName(signal))\(during)",
                fix: "run `twhost plugins check --in-process \(request)` under a debugger to find the fault")
        case .timedOut(let seconds):
            finding = CheckFinding(
                "plugin-hung", .error, registration: nil,
                "the plugin did not finish within \(format(seconds)) s\(during)",
                fix: "make sure factories, parsers and utilities return for every input")
        case .exited(let status):
            finding = CheckFinding(
                "plugin-exited", .error, registration: nil,
                "the plugin ended the process (exit status \(status))\(during)",
                fix: "never call exit or abort from a plugin: report errors through the ABI")
        case .notStarted(let why):
            finding = CheckFinding(
                "plugin-crashed", .error, registration: nil, "cannot start the check: \(why)", fix: "")
        }
        return PluginResult(request: request, findings: [finding])
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static func parseChild(_ text: String) -> PluginResult? {
        guard let line = text.split(separator: "\n").last, let root = try? JSONParser.parse(Array(line.utf8)),
            case .object(let top) = root.value, let plugins = top.first(where: { $0.key == "plugins" })?.node,
            case .array(let items) = plugins.value, let item = items.first, case .object(let m) = item.value
        else { return nil }
        func string(_ members: [JSONMember], _ key: String) -> String? {
            if case .string(let s)? = members.first(where: { $0.key == key })?.node.value { return s }
            return nil
        }
        var findings: [CheckFinding] = []
        if case .array(let list)? = m.first(where: { $0.key == "findings" })?.node.value {
            for f in list {
                guard case .object(let fm) = f.value, let rule = string(fm, "rule"),
                    let severity = CheckFinding.Severity(rawValue: string(fm, "severity") ?? "")
                else { continue }
                findings.append(
                    CheckFinding(
                        rule, severity, registration: string(fm, "registration"), string(fm, "message") ?? "",
                        fix: string(fm, "fix") ?? ""))
            }
        }
        return PluginResult(
            request: string(m, "request") ?? "", name: string(m, "name"), version: string(m, "version"),
            path: string(m, "path"),
            findings: findings)
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
                                .array(
                                    r.findings.map { f in
                                        .object([
                                            ("rule", .string(f.rule)), ("severity", .string(f.severity.rawValue)),
                                            ("registration", optional(f.registration)), ("message", .string(f.message)),
                                            ("fix", .string(f.fix)),
                                        ])
                                    })
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
        let rules = PluginChecker.rules.map {
            SARIF.Rule(id: $0.id, level: level($0.severity), shortDescription: $0.text)
        }
        var sarifResults: [SARIF.Result] = []
        for r in results {
            let who = r.name ?? r.request
            for f in r.findings {
                sarifResults.append(
                    SARIF.Result(
                        ruleId: f.rule, level: level(f.severity),
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
