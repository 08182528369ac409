import Glibc
import TWHost

/// `twhost plugins check`: every plugin loaded and probed in a child process.
package enum CheckCommand {
    package static let timeout = DurationOption(
        "--timeout", default: 10,
        help: "Time limit per child process (default 10); a crash or exit carries on in a new one.")
    package static let format = OutputFormat.option([.text, .json, .sarif], default: .text)
    package static let inProcess = Flag(
        "--in-process", help: "Check in this process (for debuggers); a crash then ends twhost.")
    package static let child = Flag(
        "--child", visibility: .hidden, help: "Check in this process and report to a parent twhost.")
    package static let startAt = ValueOption(
        "--start-at", placeholder: "UNIT", visibility: .hidden,
        help: "Skip the registrations before UNIT (how a check carries on after a crash).")

    package static let requested = Positionals.list("[NAME|PATH.so]…", minimum: 0)
    package static let spec = CommandSpec(
        words: ["plugins", "check"],
        summary:
            "Validate plugins in child processes: load, names, structure, neutrality, determinism, an argument sweep, hostile input.",
        positionals: requested.spec,
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
    package static let maxRestarts = 16

    package static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
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
        var requests = command[requested]
        if requests.isEmpty { requests = searchPath.allPlugins().map(\.path) }
        if command[child] {
            return try reportToParent(requests, searchPath: searchPath, themes: themes, from: firstUnit)
        }
        var results: [PluginCheckResult] = []
        for request in requests {
            if command[inProcess] {
                var result = PluginCheckReport.checkHere(
                    request, searchPath: searchPath, themes: themes, from: firstUnit)
                result.findings += PluginCheckReport.keptHandleFindings(result.name)
                results.append(result)
            } else {
                results.append(checkInChild(request, command: command, timeout: seconds))
            }
        }
        switch command[format] {
        case .json: Output.write(PluginCheckReport.json(results).serialized() + "\n")
        case .sarif: Output.write(PluginCheckReport.sarif(results).serialized() + "\n")
        case .text, .github, .markdown, .compact, .html, .junit, .checkstyle, .codeclimate:
            Output.write(PluginCheckReport.text(results, palette: SurfaceReport.Palette(enabled: Output.useColor)))
        }
        return results.contains(where: \.failed) ? ExitCode.findings : ExitCode.success
    }

    /// The child's side: checks in this process and reports over the channel
    /// (`ChildChannel`): each step before it runs, who the plugin is once it
    /// has loaded, each finding as it is made, and the result last. Plugin
    /// code can print what it likes on stdout and stderr: the parent reads
    /// neither.
    package static func reportToParent(
        _ requests: [String], searchPath: PluginSearchPath, themes: [(label: String, theme: Theme)], from firstUnit: Int
    ) throws(CLIError) -> Int32 {
        do {
            try Containment.prepareChild(channel: ChildChannel.descriptor)
        } catch {
            throw .failed("cannot report to the parent twhost: \(error)")
        }
        var results: [PluginCheckResult] = []
        for request in requests {
            var result = PluginCheckReport.checkHere(
                request, searchPath: searchPath, themes: themes, from: firstUnit,
                progress: { step in try? ChildChannel.send(.step, step.encoded) },
                found: { finding in try? ChildChannel.send(.finding, PluginCheckReport.findingMessage(finding)) },
                loaded: { plugin in try? ChildChannel.send(.plugin, PluginCheckReport.identityMessage(plugin)) })
            result.findings += PluginCheckReport.keptHandleFindings(result.name)
            results.append(result)
        }
        do {
            try ChildChannel.send(.result, PluginCheckReport.resultMessage(results))
        } catch {
            throw .failed("cannot report to the parent twhost: \(error)")
        }
        return ExitCode.success
    }

    /// Runs `twhost plugins check --child` on one plugin and reads its channel.
    /// When plugin code kills the child, the last step it announced names the
    /// class; after a crash or an exit the check carries on with the next
    /// registration in a new child (at most `maxRestarts` times), after a hang
    /// it stops (each further hang would cost another full time limit).
    package static func checkInChild(_ request: String, command: ParsedCommand, timeout: Double) -> PluginCheckResult {
        var result = PluginCheckResult(request: request, name: nil, version: nil, path: nil, findings: [])
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
            if let line = messages.plugin, let identity = PluginCheckReport.identity(fromMessage: line) {
                result.name = identity.name ?? result.name
                result.version = identity.version ?? result.version
                result.path = identity.path ?? result.path
                units = identity.units
            }
            if case .exited(0) = run.exit, let line = messages.result,
                let parsed = PluginCheckReport.result(fromMessage: line)
            {
                result.name = parsed.name ?? result.name
                result.version = parsed.version ?? result.version
                result.path = parsed.path ?? result.path
                result.findings += parsed.findings
                return result
            }
            // Cut short: keep what it found, and say what it was doing.
            result.findings += messages.findings.compactMap(PluginCheckReport.finding(fromMessage:))
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

    package static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

}
