import TWHost
import TWPreview
import TWSwiftSource

/// `twhost preview`: an HTML gallery of every surface, drawn by applying its
/// chain; with `--against`, the before/after page for review.
enum PreviewCommand {
    static let output = ValueOption(
        "--output", short: "-o", placeholder: "FILE", help: "Write the page to FILE (default: standard output).")
    static let against = ValueOption(
        "--against", placeholder: "plugins:a,b[@DIR]",
        help: "Before/after page: the surfaces as this plugin set draws them beside the --plugins ones.")
    static let format = OutputFormat.option([.html, .json], default: .html)

    static let inputs = Positionals.list("SCENE|FILE.swift|DIR…", minimum: 1, maximum: 4096)
    static let spec = CommandSpec(
        words: ["preview"],
        summary: "Draw every surface of scenes or SwiftUI sources on one self-contained HTML page.",
        positionals: inputs.spec,
        options: PluginOptions.loading + [
            PluginOptions.noDefaultPath, ResolutionOptions.platform, ResolutionOptions.osVersion,
            ResolutionOptions.colorScheme, ResolutionOptions.lenient, SourceInputs.jobs, against, format, output,
        ] + ConfigurationOptions.options,
        discussion: """
            One card per surface: its drawing (each chain entry applied in order, as SwiftUI wraps a view
            in each modifier), its location, its chain as `resolve` prints it, its identity and
            diagnostics; every combination of its conditions side by side; toggles for dark appearance
            and for the hover, focus, pressed and disabled states (each state's chain as resolved). What
            cannot be drawn is listed on the card as "not drawn". The page loads nothing from the network.
            --against plugins:a,b[@DIR] resolves the inputs with that plugin set too (in a child
            process) and shows each surface whose chain or identity changes, before and after, with an
            "identity reset" badge where SwiftUI would lose child state. --format json writes the cards
            as JSON. Exit 0, or 1 when a surface is undecorated, a Swift file does not parse or (with
            --against) an identity resets; 2 when nothing could be read, a plugin cannot be loaded or
            the page cannot be written. See docs/Preview.md.
            """,
        run: { command throws(CLIError) in try run(command) })

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

    /// The cards of `inputs` as the plugin set `side` (`plugins:a,b[@DIR]`) draws
    /// them: `twhost preview --format json` in a child process.
    static func childCards(side: String, inputs: [String], command: ParsedCommand) throws(CLIError) -> [PreviewCard] {
        let parts = side.dropFirst("plugins:".count).split(
            separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts[0].isEmpty else {
            throw .failed("\(side): name the plugins: plugins:material,motion@DIR")
        }
        guard let exe = PluginSearchPath.currentExecutable() else { throw .failed("cannot find the twhost executable") }
        var argv = [exe, "preview", "--format", "json", "--plugins", String(parts[0])]
        if parts.count == 2 {
            guard !parts[1].isEmpty else { throw .failed("\(side): empty folder after '@'") }
            argv += ["--plugin-path", String(parts[1]), "--no-default-path"]
        }
        if command.spec.declares(ResolutionOptions.platform) {
            if command.isGiven(ResolutionOptions.platform) {
                argv += ["--platform", command[ResolutionOptions.platform].rawValue]
            }
            if let v = command.value(ResolutionOptions.osVersion) { argv += ["--os-version", v] }
            if command.isGiven(ResolutionOptions.colorScheme) {
                argv += ["--color-scheme", command[ResolutionOptions.colorScheme].rawValue]
            }
            if command[ResolutionOptions.lenient] { argv.append("--lenient") }
        }
        if command[PluginOptions.allowWritable] { argv.append("--allow-writable-plugins") }
        argv += inputs
        let result = Subprocess.run(argv, timeout: 600)
        if let failure = CLIError.child(result, side: side, doing: "resolving with these plugins") { throw failure }
        let root: JSONNode
        do {
            root = try JSONParser.parse(result.stdout)
        } catch {
            throw .failed("\(side): the child's cards are not JSON: \(error.description)")
        }
        guard case .object(let members) = root.value,
            let surfaces = members.first(where: { $0.key == "surfaces" }), case .array(let items) = surfaces.node.value
        else { throw .failed("\(side): the child's cards have no surfaces") }
        var cards: [PreviewCard] = []
        for item in items {
            guard let card = PreviewCard(json: item) else {
                throw .failed("\(side): a card the child wrote is malformed")
            }
            cards.append(card)
        }
        return cards
    }
}
