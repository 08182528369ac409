import TWHost

/// `twhost resolve`: every surface of a scene, its chain and identity.
enum ResolveCommand {
    static let spec = CommandSpec(
        words: ["resolve"],
        summary: "Resolve a scene's surfaces to their native modifier chains.",
        positionals: "SCENE|-", minimumPositionals: 1, maximumPositionals: 1,
        options: [
            PluginOptions.plugins, PluginOptions.pluginPath, PluginOptions.allowWritable, PluginOptions.pluginTimeout,
            ExplainCommand.platform,
            ExplainCommand.osVersion,
            ExplainCommand.state, ExplainCommand.lenient,
            OptionSpec(name: "--format", valueName: "text|json", help: "Output format (default text)."),
        ],
        discussion: """
            Without --plugins, the plugins the scene names are loaded. Exit 0 when every surface is
            decorated, 1 when one is left undecorated, 2 when the scene or a plugin cannot be read.
            """,
        run: { command throws(CLIError) in try run(command) })

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let format = try command.choice("--format", ["text", "json"], default: "text")
        let state = try ExplainCommand.surfaceState(command)
        let path = command.positionals[0]
        let scene = try SceneInput.read(path)
        let requested = command.list("--plugins")
        let plugins = try PluginOptions.load(requested.isEmpty ? SceneResolver.pluginNames(scene) : requested, command)
        var environment = scene.environment
        if command.value("--platform") != nil || command.value("--os-version") != nil {
            let override = try ExplainCommand.environment(command)
            if command.value("--platform") != nil {
                environment.platform = override.platform
                if !scene.osVersionGiven { environment.osVersion = override.osVersion }
            }
            if command.value("--os-version") != nil { environment.osVersion = override.osVersion }
        }
        do {
            try SceneResolver.checkPlugins(scene, loaded: plugins.map(\.info.name))
        } catch {
            throw .failed(error.description)
        }
        // Surfaces stream to stdout as they resolve: a large scene is never held whole.
        let writer = ByteWriter(fd: Output.descriptor)
        let palette = SurfaceReport.Palette(enabled: Output.useColor)
        let json = format == "json"
        if json { SceneReport.writeHeader(plugins: plugins.map(\.info), to: writer) }
        var first = true
        let resolution: SceneResolution
        do {
            resolution = try SceneResolver.resolve(
                scene, plugins: plugins, state: state, lenient: command.flag("--lenient"), environment: environment,
                each: { record in
                    if json {
                        SceneReport.writeSurface(record, first: first, to: writer)
                    } else {
                        writer.append(SceneReport.text(record, palette: palette))
                    }
                    first = false
                })
        } catch {
            try? writer.flush()
            throw .failed(error.description)
        }
        if json {
            SceneReport.writeFooter(resolution, to: writer)
        } else {
            writer.append(SceneReport.textFooter(resolution, palette: palette))
        }
        do {
            try writer.flush()
        } catch {
            throw .failed("cannot write the report to standard output: \(error)")
        }
        return resolution.undecoratedCount > 0 ? ExitCode.findings : ExitCode.success
    }
}
