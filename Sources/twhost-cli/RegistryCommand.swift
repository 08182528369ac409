import TWHost

/// `twhost registry`: the merged registrations of a plugin set, probed.
enum RegistryCommand {
    static let spec = CommandSpec(
        words: ["registry"],
        summary: "Print or write the registry snapshot of a plugin set.",
        positionals: "", minimumPositionals: 0, maximumPositionals: 0,
        options: [
            PluginOptions.plugins, PluginOptions.pluginPath, PluginOptions.allowWritable, PluginOptions.noDefaultPath,
            PluginOptions.pluginTimeout,
            OptionSpec(name: "--format", valueName: "json|text", help: "Output format (default json)."),
            OptionSpec(
                name: "--output", short: "-o", valueName: "FILE",
                help: "Write to FILE atomically instead of stdout (replaces only a regular file, keeping its mode)."),
        ],
        discussion: "Registrations are listed in merged order: phase, order, then name.",
        run: { command throws(CLIError) in try run(command) })

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let format = try command.choice("--format", ["json", "text"], default: "json")
        let plugins = try PluginOptions.load(command.list("--plugins"), command)
        let registry = PluginRegistry(plugins: plugins)
        for d in registry.diagnostics { Output.error("\(d.severity.rawValue): \(d.code): \(d.message)") }
        let snapshot = RegistrySnapshot(registry: registry)
        let text = format == "json" ? snapshot.json.serialized() + "\n" : snapshot.text
        if let path = command.value("--output") {
            do {
                try FileIO.writeAtomically(text, to: path)
            } catch {
                throw .failed(error.description)
            }
        } else {
            Output.write(text)
        }
        return snapshot.entries.contains { $0.probeError != nil } ? ExitCode.findings : ExitCode.success
    }
}
