import TWHost

/// `twhost explain`: what each class matched, who won, and the chain.
package enum ExplainCommand {
    package static let target = ChoiceOption<SurfaceSource.Kind>("--target", default: .view, help: "The native source")

    package static let classList = Positionals.list("CLASSES", minimum: 1)
    package static let spec = CommandSpec(
        words: ["explain"],
        summary: "Explain how a class list resolves: matches, winners and the modifier chain.",
        positionals: classList.spec,
        options: PluginOptions.loading + [
            target, ResolutionOptions.state, ResolutionOptions.platform, ResolutionOptions.osVersion,
            ResolutionOptions.colorScheme,
            ResolutionOptions.lenient,
        ] + ConfigurationOptions.options,
        discussion: "Exit 1 when the classes leave the surface undecorated (an invalid class).",
        run: { command throws(CLIError) in try run(command) })

    package static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let plugins = try PluginOptions.load(command.list(PluginOptions.plugins), command)
        let registry = PluginRegistry(plugins: plugins)
        for d in registry.diagnostics { Output.error("\(d.severity.rawValue): \(d.code): \(d.message)") }
        let scope = ResolutionScope(registry: registry, environment: try ResolutionOptions.environment(command))
        let classes = TWClasses(command[classList].joined(separator: " "))
        let surface = SurfaceResolver.resolve(
            classes, source: SurfaceSource(command[target]),
            state: try ResolutionOptions.surfaceState(command),
            scope: scope, options: .init(lenient: command[ResolutionOptions.lenient]))
        Output.write(SurfaceReport.explain(classes, surface, palette: SurfaceReport.Palette(enabled: Output.useColor)))
        return surface.decorated ? ExitCode.success : ExitCode.findings
    }
}
