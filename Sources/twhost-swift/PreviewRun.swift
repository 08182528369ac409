import TWCommandLine
import TWHost
import TWPreview
import TWSwiftSource

extension PreviewCommand {
    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let paths = command[inputs]
        if paths.contains("-") { throw .failedUsage("preview reads files, not standard input") }
        let baseSide = command.value(against)
        if let baseSide, !baseSide.hasPrefix("plugins:") {
            throw .failedUsage(
                "--against takes a plugin set, plugins:a,b[@DIR]; a registry snapshot holds no plugin code to draw with"
            )
        }
        if baseSide != nil && command[format] == .json { throw .failedUsage("--against writes html, not json") }
        let inputs = SwiftSources.inputs(paths)
        let plugins = try SourceInputs.loadPlugins(inputs, command)
        let files = try SourceInputs.resolve(inputs, plugins: plugins, command, state: SurfaceState())
        if files.isEmpty { throw .failed("\(paths.joined(separator: ", ")): no .swift or scene files") }
        if !files.contains(where: \.wasRead) {
            let reasons = files.flatMap(\.diagnostics).map { d in (d.location.map { "\($0): " } ?? "") + d.message }
            throw .failed("nothing could be read:\n" + reasons.joined(separator: "\n"))
        }
        let resolution = SourceInputs.merged(files, plugins: plugins.map(\.info))
        /// The surfaces resolved once more, by path.
        func byPath(
            _ state: SurfaceState, _ platform: RenderEnvironment.Platform?, scheme: Theme.ColorScheme? = nil
        ) throws(CLIError) -> [String: SurfaceRecord] {
            let again = try SourceInputs.resolve(
                inputs, plugins: plugins, command, state: state, platform: platform, colorScheme: scheme)
            var records: [String: SurfaceRecord] = [:]
            for record in SourceInputs.merged(again, plugins: plugins.map(\.info)).surfaces {
                records[record.path] = record
            }
            return records
        }
        // Each state's resolution, and each other platform's (at its default OS version).
        var byState: [(Variant, [String: SurfaceRecord])] = []
        for state in PreviewCard.states { byState.append((state, try byPath(SurfaceState([state]), nil))) }
        let resolvedFor = command[ResolutionOptions.platform]
        let otherPlatforms = RenderEnvironment.Platform.allCases.filter { $0 != resolvedFor }
        var byPlatform: [(RenderEnvironment.Platform, [String: SurfaceRecord])] = []
        for platform in otherPlatforms { byPlatform.append((platform, try byPath(SurfaceState(), platform))) }
        // Theme tokens resolve to their dark values with the dark scheme: the page's dark toggle shows that resolution.
        let byDark = try byPath(SurfaceState(), nil, scheme: .dark)
        let cards = resolution.surfaces.map { record in
            PreviewCard(
                record, states: byState.compactMap { state, records in records[record.path].map { (state, $0) } },
                platforms: byPlatform.compactMap { platform, records in records[record.path].map { (platform, $0) } },
                dark: byDark[record.path])
        }
        let unread = files.contains { !$0.wasRead }
        var status = resolution.undecoratedCount > 0 || unread ? ExitCode.findings : ExitCode.success
        let scenes = inputs.contains { if case .scene = $0 { return true } else { return false } }
        let platform =
            scenes && !command.isGiven(ResolutionOptions.platform)
            ? "each scene's platform (Swift sources: \(resolvedFor.rawValue))" : resolvedFor.rawValue
        let pluginList = plugins.map(\.info.name).joined(separator: ", ")
        let context = "resolved for \(platform) with plugins: \(pluginList.isEmpty ? "none" : pluginList)"
        let text: String
        if let baseSide {
            let before = try childCards(side: baseSide, inputs: paths, command: command)
            let changes = PreviewPage.changes(before: before, after: cards)
            if changes.contains(where: \.identityReset) { status = ExitCode.findings }
            let head = command.list(PluginOptions.plugins).joined(separator: ",")
            text = PreviewPage.review(
                changes, unchanged: cards.count - changes.filter { $0.after != nil }.count,
                title: "twhost preview — before/after", beforeLabel: baseSide,
                afterLabel: head.isEmpty ? "plugins the inputs name" : "plugins:" + head, context: context,
                platforms: otherPlatforms)
        } else if command[format] == .json {
            let json = JSONValue.object([
                ("version", .number(1)), ("surfaces", .array(cards.map(\.json))),
            ])
            text = json.serialized() + "\n"
        } else {
            text = PreviewPage.gallery(
                cards, title: "twhost preview — \(paths.joined(separator: " "))", context: context,
                platforms: otherPlatforms)
        }
        try write(text, to: command.value(output))
        return status
    }

    /// The page to `path` (atomically), or to standard output.
    static func write(_ text: String, to path: String?) throws(CLIError) {
        guard let path else { return Output.write(text) }
        do {
            try FileIO.writeAtomically(text, to: path)
        } catch {
            throw .failed(error.description)
        }
    }
}
