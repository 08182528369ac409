import TWHost

/// `twhost registry`: the merged registrations of a plugin set, probed.
enum RegistryCommand {
    static let spec = CommandSpec(
        words: ["registry"],
        summary: "Print or write the registry snapshot of a plugin set.",
        positionals: "", minimumPositionals: 0, maximumPositionals: 0,
        options: [
            PluginOptions.plugins, PluginOptions.pluginPath,
            OptionSpec(name: "--format", valueName: "json|text", help: "Output format (default json)."),
            OptionSpec(
                name: "--output", short: "-o", valueName: "FILE", help: "Write to FILE atomically instead of stdout."),
        ],
        discussion: "Registrations are listed in merged order: phase, order, then name.",
        run: { command throws(CLIError) in try run(command) })

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let format = try command.choice("--format", ["json", "text"], default: "json")
        let plugins = try PluginOptions.load(command.list("--plugins"), command)
        let registry = PluginRegistry(plugins: plugins)
        for d in registry.diagnostics { Output.error("\(d.severity.rawValue): \(d.code): \(d.message)") }
        let snapshot = RegistrySnapshot(registry: registry)
        let text: String
        if format == "json" {
            text = snapshot.json.serialized() + "\n"
        } else {
            var lines: [String] = []
            for e in snapshot.entries {
                switch e.kind {
                case "modifier":
                    lines.append(
                        "\(e.phase ?? "-")\t\(e.order ?? 0)\t\(e.name)\t\(e.plugin)\t\(e.form ?? "")\t\(e.argumentType ?? "")\t"
                            + "key=\(e.conflictKey ?? "")\tdefault=\(e.defaultArgument ?? "-")\t"
                            + "\(e.activeModifier ?? e.probeError ?? "")")
                case "recipe": lines.append("recipe\t\(e.name)\t\(e.plugin)\t\(e.classes ?? "")")
                case "animation": lines.append("animation\t\(e.name)\t\(e.plugin)\t\(e.activeModifier ?? "")")
                default: lines.append("\(e.kind)\t\(e.name)\t\(e.plugin)")
                }
            }
            text = lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
        }
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
