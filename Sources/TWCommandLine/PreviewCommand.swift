import TWHost
import TWPreview

/// `twhost preview`: an HTML gallery of every surface, drawn by applying its
/// chain; with `--against`, the before/after page for review.
package enum PreviewCommand {
    package static let output = ValueOption(
        "--output", short: "-o", placeholder: "FILE", help: "Write the page to FILE (default: standard output).")
    package static let against = ValueOption(
        "--against", placeholder: "plugins:a,b[@DIR]",
        help: "Before/after page: the surfaces as this plugin set draws them beside the --plugins ones.")
    package static let format = OutputFormat.option([.html, .json], default: .html)

    package static let inputs = Positionals.list("SCENE|FILE.swift|DIR…", minimum: 1, maximum: 4096)
    package static let spec = CommandSpec(
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
        readsSwift: { _ in true },
        run: { command throws(CLIError) in try command.swiftFrontEnd().preview(command) })

    /// The cards of `inputs` as the plugin set `side` (`plugins:a,b[@DIR]`) draws
    /// them: `twhost preview --format json` in a child process.
    package static func childCards(side: String, inputs: [String], command: ParsedCommand) throws(CLIError)
        -> [PreviewCard]
    {
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
