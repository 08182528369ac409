import TWHost

/// `twhost registry`: the merged registrations of a plugin set, probed.
package enum RegistryCommand {
    package static let theme = ValueOption(
        "--theme", placeholder: "FILE",
        help: "Probe defaults in this theme instead of the default theme (as plugins check --theme).")
    package static let format = OutputFormat.option([.json, .text], default: .json)
    package static let output = ValueOption(
        "--output", short: "-o", placeholder: "FILE",
        help: "Write to FILE atomically instead of stdout (replaces only a regular file, keeping its mode).")

    package static let paths = Positionals.list("[PATH…]", minimum: 0)
    package static let spec = CommandSpec(
        words: ["registry"],
        summary: "Print or write the registry snapshot of a plugin set, and of Swift sources' inline registrations.",
        positionals: paths.spec,
        options: [
            PluginOptions.plugins, PluginOptions.pluginPath, PluginOptions.allowWritable, PluginOptions.noDefaultPath,
            PluginOptions.pluginTimeout, theme, format, output,
        ] + ConfigurationOptions.options,
        discussion: """
            Registrations are listed in merged order: phase, order, then name; JSON has one registration
            per line. Every factory is probed active and inactive with its default argument: a factory that
            fails is reported (probe-failed) and the command exits 1; with -o, FILE is then left as it was,
            so a baseline never records a broken build. With PATH (.swift files or folders), the snapshot
            also holds every registration the sources write inline (`.twRules(TWGlobalRules(modifiers: …))`),
            probed as `resolve` reads it, with its `.twRules` scope (the view, and the file:line of the call)
            and its own location (format version 2). A file that does not parse exits 2. See docs/CI.md.
            """,
        readsSwift: { command in !command[paths].isEmpty },
        run: { command throws(CLIError) in try run(command) })

    package static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        // A default that names a theme entry (a color `brand`) is probed in the app's theme.
        let theme = try ThemeInput.read(command.value(theme).map { [$0] } ?? [])[0].theme
        let plugins = try PluginOptions.load(command.list(PluginOptions.plugins), command)
        let registry = PluginRegistry(plugins: plugins)
        for d in registry.diagnostics { Output.error("\(d.severity.rawValue): \(d.code): \(d.message)") }
        var snapshot = RegistrySnapshot(registry: registry, theme: theme)
        let paths = command[Self.paths]
        if !paths.isEmpty {
            var scenes: [Scene] = []
            for path in paths {
                scenes += try command.swiftFrontEnd().registrationScenes(path)
            }
            snapshot = RegistrySnapshot(registry: registry, scenes: scenes, theme: theme)
        }
        let failed = snapshot.entries.filter { $0.probeError != nil }
        for e in failed {
            Output.error(
                "error: \(DiffRule.probeFailed.id): \(e.kind.rawValue) '\(e.name)' of plugin '\(e.plugin)': \(e.probeError ?? "")"
            )
        }
        let text = command[format] == .json ? snapshot.fileText : snapshot.text
        // `-o -` is standard output, as `-` is standard input everywhere else.
        if let path = command.value(output), path != "-" {
            guard failed.isEmpty else {
                Output.error("error: \(path) not written: \(failed.count) factory probe(s) failed")
                return ExitCode.findings
            }
            do {
                try FileIO.writeAtomically(text, to: path)
            } catch {
                throw .failed(error.description)
            }
        } else {
            Output.write(text)
        }
        return failed.isEmpty ? ExitCode.success : ExitCode.findings
    }
}
