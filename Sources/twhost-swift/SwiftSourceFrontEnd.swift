import TWCommandLine
import TWHost
import TWSwiftSource

/// The commands' Swift front end: `TWSwiftSource` and the language server.
struct SwiftSourceFrontEnd: SwiftFrontEnd {
    func resolveSources(_ path: String, _ command: ParsedCommand, json: Bool) throws(CLIError) -> Int32 {
        try ResolveCommand.runSources(path, command, json: json)
    }

    func check(_ command: ParsedCommand) throws(CLIError) -> Int32 { try SourceCheckCommand.run(command) }

    func preview(_ command: ParsedCommand) throws(CLIError) -> Int32 { try PreviewCommand.run(command) }

    func languageServer(_ command: ParsedCommand) throws(CLIError) -> Int32 { try LSPCommand.run(command) }

    func sourceSide(_ argument: String, plugins: [LoadedPlugin], theme: Theme) throws(CLIError) -> DiffSide {
        try SourceSide.side(argument, plugins: plugins, theme: theme)
    }

    func registrationScenes(_ path: String) throws(CLIError) -> [Scene] {
        try SourceSide.read(SourceSide.files(path, side: path), side: path).map(\.scene)
    }

    func scenes(_ path: String) throws(CLIError) -> [(label: String, scene: Scene)] {
        let inputs = SwiftSources.inputs([path])
        if inputs.isEmpty { throw .failed("\(path): no .swift files") }
        var scenes: [(label: String, scene: Scene)] = []
        for (scene, file, diagnostics) in SourceScan.read(inputs) {
            for d in diagnostics {
                Output.error("\(d.location.map { "\($0): " } ?? "")\(d.severity.rawValue): \(d.code): \(d.message)")
            }
            guard let scene else { continue }
            scenes.append((file, scene))
        }
        if scenes.isEmpty { throw .failed("\(path): no Swift file could be read") }
        return scenes
    }
}
