import TWHost

/// `twhost explain`: what each class matched, who won, and the chain.
enum ExplainCommand {
    static let target = OptionSpec(
        name: "--target", valueName: "view|text|image|shape|button", help: "The native source (default view).")
    static let state = OptionSpec(
        name: "--state", valueName: "hover,focus,…",
        help: "States that are on: hover, focus, pressed, disabled, groupHover, groupFocus.")
    static let platform = OptionSpec(name: "--platform", valueName: "ios|macos|tvos", help: "Platform (default ios).")
    static let osVersion = OptionSpec(
        name: "--os-version", valueName: "N",
        help: "OS major version apps are built for (default 18 on iOS and tvOS, 15 on macOS).")
    static let lenient = OptionSpec(
        name: "--lenient", help: "Skip invalid classes with warnings instead of leaving the surface undecorated.")

    static let spec = CommandSpec(
        words: ["explain"],
        summary: "Explain how a class list resolves: matches, winners and the modifier chain.",
        positionals: "CLASSES", minimumPositionals: 1, maximumPositionals: .max,
        options: [
            PluginOptions.plugins, PluginOptions.pluginPath, PluginOptions.allowWritable, PluginOptions.pluginTimeout,
            target, state, platform, osVersion, lenient,
        ],
        discussion: "Exit 1 when the classes leave the surface undecorated (an invalid class).",
        run: { command throws(CLIError) in try run(command) })

    static func environment(_ command: ParsedCommand) throws(CLIError) -> RenderEnvironment {
        let platform = try command.choice(
            "--platform", RenderEnvironment.Platform.allCases.map(\.rawValue), default: "ios")
        var env = RenderEnvironment(platform: RenderEnvironment.Platform(rawValue: platform) ?? .ios)
        if let version = command.value("--os-version") {
            guard let v = Int(version), v > 0, v < 1000 else {
                throw .invalidValue(
                    option: "--os-version", value: version, expected: "a major version such as 18", suggestion: nil)
            }
            env.osVersion = v
        }
        return env
    }

    static func surfaceState(_ command: ParsedCommand) throws(CLIError) -> SurfaceState {
        guard let list = command.value("--state") else { return SurfaceState() }
        switch SurfaceState.parse(list) {
        case .success(let state): return state
        case .failure(let failure):
            throw .invalidValue(
                option: "--state", value: list, expected: "hover, focus, pressed, disabled, groupHover, groupFocus",
                suggestion: nil
            )
            .withMessage(failure.message)
        }
    }

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let kind = try command.choice("--target", SurfaceSource.Kind.allCases.map(\.rawValue), default: "view")
        let plugins = try PluginOptions.load(command.list("--plugins"), command)
        let registry = PluginRegistry(plugins: plugins)
        for d in registry.diagnostics { Output.error("\(d.severity.rawValue): \(d.code): \(d.message)") }
        let scope = ResolutionScope(registry: registry, environment: try environment(command))
        let classes = TWClasses(command.positionals.joined(separator: " "))
        let surface = SurfaceResolver.resolve(
            classes, source: SurfaceSource(SurfaceSource.Kind(rawValue: kind) ?? .view),
            state: try surfaceState(command),
            scope: scope, lenient: command.flag("--lenient"))
        Output.write(SurfaceReport.explain(classes, surface, palette: SurfaceReport.Palette(enabled: Output.useColor)))
        return surface.decorated ? ExitCode.success : ExitCode.findings
    }
}

extension CLIError {
    /// An invalid value whose explanation comes from the library.
    func withMessage(_ message: String) -> CLIError {
        .failedUsage(message)
    }
}
