import TWCommandLine
import TWHost
import TWSwiftSource

extension SourceInputs {
    /// Reads and resolves every input; plugins are `--plugins`, else those the scene files name.
    /// - Parameter classSpans: whether findings will point at classes inside literals (`check`).
    static func scan(_ paths: [String], _ command: ParsedCommand, classSpans: Bool = true) throws(CLIError) -> (
        plugins: [LoadedPlugin], files: [ScannedFile], options: SourceScan.Options
    ) {
        let (inputs, plugins, options) = try prepared(paths, command, classSpans: classSpans)
        return (plugins, SourceScan.run(inputs, plugins: plugins, options: options), options)
    }

    /// The inputs under `paths` the configuration keeps, the plugins loaded
    /// for them and the command's scan options: what a scan starts from.
    static func prepared(_ paths: [String], _ command: ParsedCommand, classSpans: Bool) throws(CLIError) -> (
        inputs: [SourceInput], plugins: [LoadedPlugin], options: SourceScan.Options
    ) {
        let inputs = try included(SwiftSources.inputs(paths), named: paths, command)
        let plugins = try loadPlugins(inputs, command)
        var options = try scanOptions(command)
        options.classSpans = classSpans
        return (inputs, plugins, options)
    }

    /// `--plugins`, else the plugins the scene files among `inputs` name, loaded.
    static func loadPlugins(_ inputs: [SourceInput], _ command: ParsedCommand) throws(CLIError) -> [LoadedPlugin] {
        var requested = command.list(PluginOptions.plugins)
        if requested.isEmpty {
            // Scene files can name plugins; Swift code cannot.
            for case .scene(let path) in inputs where path != "-" {
                if let scene = SourceScan.read(.scene(path)).scene {
                    for name in SceneResolver.pluginNames(scene) where !requested.contains(name) {
                        requested.append(name)
                    }
                }
            }
        }
        return try PluginOptions.load(requested, command)
    }

    /// Every input read and resolved with the command's resolution options;
    /// `state` instead of `--state`, and `platform` (at its default OS version)
    /// instead of `--platform` and `--os-version`, when given (`preview`
    /// resolves each state and platform).
    static func resolve(
        _ inputs: [SourceInput], plugins: [LoadedPlugin], _ command: ParsedCommand, state: SurfaceState? = nil,
        platform: RenderEnvironment.Platform? = nil, colorScheme: Theme.ColorScheme? = nil
    ) throws(CLIError) -> [ScannedFile] {
        var options = try scanOptions(command, state: state, platform: platform)
        if let colorScheme { options.colorScheme = colorScheme }
        return SourceScan.run(inputs, plugins: plugins, options: options)
    }

    /// The command's resolution options for a scan, with `state` and
    /// `platform` in place of the options when given (see `resolve`).
    static func scanOptions(
        _ command: ParsedCommand, state: SurfaceState? = nil, platform: RenderEnvironment.Platform? = nil
    ) throws(CLIError) -> SourceScan.Options {
        var options = SourceScan.Options()
        // `check` reports findings in every state's combination and takes no --state.
        if let state {
            options.state = state
        } else if command.spec.declares(ResolutionOptions.state) {
            options.state = try ResolutionOptions.surfaceState(command)
        }
        options.lenient = command[ResolutionOptions.lenient]
        let platformGiven = command.isGiven(ResolutionOptions.platform)
        let osVersionGiven = command.isGiven(ResolutionOptions.osVersion)
        if platformGiven || osVersionGiven {
            let override = try ResolutionOptions.environment(command)
            if platformGiven { options.platform = override.platform }
            if osVersionGiven { options.osVersion = override.osVersion }
        }
        if let platform {
            options.platform = platform
            options.osVersion = nil
        }
        if command.isGiven(ResolutionOptions.colorScheme) {
            options.colorScheme = command[ResolutionOptions.colorScheme]
        }
        if let n = try jobCount(command) { options.jobs = n }
        return options
    }

    /// The inputs a folder walk found that their configuration's `include`
    /// and `exclude` keep; files named on the command line are always kept.
    static func included(_ inputs: [SourceInput], named paths: [String], _ command: ParsedCommand) throws(CLIError)
        -> [SourceInput]
    {
        guard command.spec.declares(ConfigurationOptions.config) else { return inputs }
        var configurations = try ConfigurationOptions.configurations(command)
        var kept: [SourceInput] = []
        for input in inputs {
            guard case .swift(let path) = input, !paths.contains(path) else {
                kept.append(input)
                continue
            }
            do {
                if try configurations.configuration(for: path)?.includes(path) ?? true { kept.append(input) }
            } catch {
                throw .failedUsage(error.description)
            }
        }
        return kept
    }

    /// Every file's resolution as one: surfaces in input order, then each
    /// file's findings, backing-only nodes and counts.
    /// - Parameter surfaces: gather the surfaces too; without, they stay in
    ///   the files (a report that writes them from there holds no second copy).
    static func merged(_ files: [ScannedFile], plugins: [PluginInfo], surfaces: Bool = true) -> SceneResolution {
        var all = SceneResolution(plugins: plugins, surfaces: [], diagnostics: [], scopeCount: 0)
        // Rules from one file can reach views of others: their findings are listed once.
        var seen = Set<String>()
        func add(_ diagnostics: [Diagnostic]) {
            for d in diagnostics
            where seen.insert("\(d.location.map(\.description) ?? "")|\(d.code)|\(d.message)").inserted {
                all.diagnostics.append(d)
            }
        }
        for file in files {
            add(file.diagnostics)
            guard let r = file.resolution else { continue }
            if surfaces { all.surfaces += r.surfaces }
            add(r.diagnostics)
            all.backingOnly += r.backingOnly
            all.scopeCount += r.scopeCount
            all.summary.surfaces += r.summary.surfaces
            all.summary.decorated += r.summary.decorated
            all.summary.errors += r.summary.errors
            all.summary.warnings += r.summary.warnings
        }
        return all
    }
}
