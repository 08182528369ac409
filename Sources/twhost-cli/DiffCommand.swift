import TWHost
import TWSwiftSource

/// `twhost diff BASE HEAD`: registry changes that would reset SwiftUI child state.
enum DiffCommand {
    static let spec = CommandSpec(
        words: ["diff"],
        summary: "Report registry changes between two snapshots or plugin sets (identity, breaking, behavior).",
        positionals: "BASE HEAD", minimumPositionals: 2, maximumPositionals: 2,
        options: [
            OptionSpec(
                name: "--scene", valueName: "FILE", repeatable: true,
                help: "List the surfaces of FILE (a scene, a .swift file or a folder) each finding affects."),
            OptionSpec(
                name: "--allow", valueName: "FILE",
                help: "Allowlist of accepted finding fingerprints, each with a reason."),
            OptionSpec(name: "--format", valueName: "text|json|github|sarif", help: "Output format (default text)."),
            PluginOptions.allowWritable,
        ],
        discussion: """
            BASE and HEAD are each a snapshot file written by `twhost registry -o FILE`, or a plugin
            set `plugins:material,motion@DIR` (loaded from DIR only, in a child process), or
            `plugins:material,motion` (the usual search path). Identity and breaking findings exit 1
            unless allowlisted; behavior and compatible findings exit 0. See docs/CI.md.
            """,
        run: { command throws(CLIError) in try run(command) })

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let format = try command.choice("--format", ["text", "json", "github", "sarif"], default: "text")
        let allowWritable = command.flag("--allow-writable-plugins")
        let base = try snapshot(command.positionals[0], allowWritable: allowWritable)
        let head = try snapshot(command.positionals[1], allowWritable: allowWritable)
        var findings = RegistryDiff.compare(base, head)
        for scenePath in command.all("--scene") {
            // A scene file, or Swift sources (a .swift file or a folder): each file is a scene.
            guard SwiftSources.isSwiftInput(scenePath) else {
                let scene = try SceneInput.read(scenePath)
                SceneImpact.annotate(
                    &findings, scene: scenePath, base: SceneImpact.surfaces(scene, base),
                    head: SceneImpact.surfaces(scene, head))
                continue
            }
            let inputs = SwiftSources.inputs([scenePath])
            if inputs.isEmpty { throw .failed("\(scenePath): no .swift files") }
            var read = 0
            for (scene, path, diagnostics) in SourceScan.read(inputs) {
                for d in diagnostics {
                    Output.error("\(d.location.map { "\($0): " } ?? "")\(d.severity.rawValue): \(d.code): \(d.message)")
                }
                guard let scene else { continue }
                read += 1
                SceneImpact.annotate(
                    &findings, scene: path, base: SceneImpact.surfaces(scene, base),
                    head: SceneImpact.surfaces(scene, head))
            }
            if read == 0 { throw .failed("\(scenePath): no Swift file could be read") }
        }
        var stale: [Allowlist.Entry] = []
        if let allowPath = command.value("--allow") {
            do {
                let allowlist = try Allowlist.read(try FileIO.read(allowPath))
                stale = allowlist.apply(to: &findings)
            } catch let error as FileReadError {
                throw .failed(error.description)
            } catch let error as Allowlist.ReadError {
                throw .failed("\(allowPath): \(error.description)")
            } catch {
                throw .failed("\(allowPath): \(error)")
            }
        }
        let report = DiffReport(
            baseLabel: command.positionals[0], headLabel: command.positionals[1], findings: findings, stale: stale)
        switch format {
        case "json": Output.write(report.json.serialized() + "\n")
        case "github": Output.write(report.github)
        case "sarif": Output.write(report.sarif.serialized() + "\n")
        default: Output.write(report.text(palette: SurfaceReport.Palette(enabled: Output.useColor)))
        }
        return report.blocking ? ExitCode.findings : ExitCode.success
    }

    /// A snapshot file, or `plugins:a,b[@DIR]` probed in a child process.
    static func snapshot(_ side: String, allowWritable: Bool) throws(CLIError) -> RegistrySnapshot {
        if side.hasPrefix("plugins:") {
            let spec = side.dropFirst("plugins:".count)
            let parts = spec.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let names = String(parts[0])
            guard !names.isEmpty else { throw .failed("\(side): name the plugins: plugins:material,motion@DIR") }
            guard let exe = PluginSearchPath.currentExecutable() else {
                throw .failed("cannot find the twhost executable")
            }
            var argv = [exe, "registry", "--plugins", names, "--format", "json"]
            if allowWritable { argv.append("--allow-writable-plugins") }
            if parts.count == 2 {
                guard !parts[1].isEmpty else { throw .failed("\(side): empty folder after '@'") }
                argv += ["--plugin-path", String(parts[1]), "--no-default-path"]
            }
            let result = Subprocess.run(argv, timeout: 120)
            switch result.exit {
            case .exited(0), .exited(1):
                break
            case .exited:
                let text = result.stderrText.split(separator: "\n").map {
                    $0.hasPrefix("error: ") ? String($0.dropFirst(7)) : String($0)
                }
                throw .failed("\(side): \(text.joined(separator: "; "))")
            case .signaled(let signal):
                throw .failed("\(side): loading the plugins crashed (\(Subprocess.signalName(signal)))")
            case .timedOut(let seconds):
                throw .failed("\(side): loading the plugins did not finish within \(Int(seconds)) s")
            case .notStarted(let why):
                throw .failed("\(side): cannot start twhost: \(why)")
            }
            do {
                return try RegistrySnapshot.read(result.stdout)
            } catch {
                throw .failed("\(side): \(error.description)")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(side)
        } catch {
            throw .failed("cannot read baseline: \(error.description)")
        }
        do {
            return try RegistrySnapshot.read(bytes)
        } catch {
            throw .failed("\(side): \(error.description)")
        }
    }
}
