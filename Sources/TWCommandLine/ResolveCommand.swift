import Glibc
import TWHost

/// `twhost resolve`: every surface of a scene, its chain and identity.
package enum ResolveCommand {
    package static let format = ChoiceOption(
        "--format", [OutputFormat.text, .json, .compact], default: .text,
        help: "Output format; compact is JSON with each distinct chain entry written once")
    package static let summary = Flag(
        "--summary", help: "Only each surface's path, id, location, status, identity and diagnostics.")

    package static let input = Positionals.one("SCENE|-|FILE.swift|DIR")
    package static let spec = CommandSpec(
        words: ["resolve"],
        summary: "Resolve the surfaces of a scene or of SwiftUI sources to their native modifier chains.",
        positionals: input.spec,
        options: PluginOptions.loading + [
            ResolutionOptions.platform, ResolutionOptions.osVersion, ResolutionOptions.colorScheme,
            ResolutionOptions.state,
            ResolutionOptions.lenient, format, summary, SourceInputs.jobs,
        ] + ConfigurationOptions.options,
        discussion: """
            The input is a scene file, standard input (-), a SwiftUI source file or a folder of them
            (walked recursively; hidden folders and .build skipped). Without --plugins, the plugins the
            scene names are loaded (Swift sources name none). Exit 0 when every surface is decorated, 1
            when one is left undecorated or a Swift file does not parse, 2 when nothing could be read or
            a plugin cannot be loaded. See docs/SwiftSources.md.
            """,
        readsSwift: { command in SwiftInput.isSwiftInput(command[input]) },
        run: { command throws(CLIError) in try run(command) })

    package static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let format = command[format]
        let summary = command[summary]
        if summary && format == .compact { throw .failedUsage("--summary writes text or json, not compact") }
        let state = try ResolutionOptions.surfaceState(command)
        let path = command[input]
        if SwiftInput.isSwiftInput(path) {
            guard format != .compact && !summary else {
                throw .failedUsage("--format compact and --summary are for scene files")
            }
            return try command.swiftFrontEnd().resolveSources(path, command, json: format == .json)
        }
        // The cores this process may use, the check pass included; Glibc, not
        // Foundation, which would cost ~5 ms to load.
        let jobs = try SourceInputs.jobCount(command) ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let scene = try SceneInput.stream(path, threads: jobs)
        let requested = command.list(PluginOptions.plugins)
        let plugins = try PluginOptions.load(requested.isEmpty ? scene.pluginNames : requested, command)
        var environment = scene.environment
        let platformGiven = command.isGiven(ResolutionOptions.platform)
        let osVersionGiven = command.isGiven(ResolutionOptions.osVersion)
        if platformGiven || osVersionGiven {
            let override = try ResolutionOptions.environment(command)
            if platformGiven {
                environment.platform = override.platform
                if !scene.osVersionGiven { environment.osVersion = override.osVersion }
            }
            if osVersionGiven { environment.osVersion = override.osVersion }
        }
        if command.isGiven(ResolutionOptions.colorScheme) {
            environment.colorScheme = command[ResolutionOptions.colorScheme]
        }
        do {
            try scene.checkPlugins(loaded: plugins.map(\.info.name))
        } catch {
            throw .failed(error.description)
        }
        // Surfaces are resolved and written as they are read: a large scene is never held whole.
        let writer = ByteWriter(fd: Output.descriptor)
        let palette = SurfaceReport.Palette(enabled: Output.useColor)
        let json = format == .json
        let compact = format == .compact ? CompactReport(writer: writer) : nil
        let tables = compact?.tables
        if json { SceneReport.writeHeader(plugins: plugins.map(\.info), to: writer) }
        compact?.writeHeader(plugins: plugins.map(\.info))
        var resolution: SceneResolution
        do {
            resolution = try SceneResolver.resolveReport(
                scene, plugins: plugins, state: state, lenient: command[ResolutionOptions.lenient],
                environment: environment, jobs: jobs,
                render: { (record, first, w) -> CompactReport.Rendered? in
                    switch (format, summary) {
                    case (.compact, _): return tables.map { CompactReport.render(record, tables: $0, into: w) }
                    case (.json, true): SummaryReport.writeSurface(record, first: first, to: w)
                    case (.json, false): SceneReport.writeSurface(record, first: first, to: w)
                    case (_, true): w.append(SummaryReport.text(record, palette: palette))
                    default: SceneReport.writeText(record, palette: palette, to: w)
                    }
                    return nil
                },
                write: { (bytes: [UInt8], parts: [CompactReport.Rendered?]) in
                    // A compact report's surfaces are parts and the bytes of their heads and scopes.
                    guard let compact else { return writer.append(piece: bytes) }
                    compact.write(bytes, parts)
                })
        } catch {
            try? writer.flush()
            // A node that does not read is named by its file, as the reader's other errors are.
            if case .scene(let e) = error { throw .failed("\(scene.file): \(e.description)") }
            throw .failed(error.description)
        }
        // Handles plugin code kept past their calls are the report's warnings too (and in its summary).
        resolution.diagnostics += KeptHandles.diagnostics
        if let compact {
            compact.writeFooter(resolution)
        } else if json {
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
