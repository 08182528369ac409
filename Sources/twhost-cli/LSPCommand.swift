import TWHost
import TWLanguageServer

/// `twhost lsp`: the language server, over standard input and output.
enum LSPCommand {
    static let spec = CommandSpec(
        words: ["lsp"],
        summary: "Run the language server (LSP 3.17 over stdio) for editors: diagnostics, completion, hover, fixes.",
        positionals: "", minimumPositionals: 0, maximumPositionals: 0,
        options: [PluginOptions.pluginTimeout],
        discussion: """
            Speaks the Language Server Protocol on standard input and output; logs go to standard
            error. Plugins, platform and rules come from .twhost.json at the workspace root, else from
            initializationOptions. Exit 0 after shutdown and exit, 1 on exit without shutdown or when
            the input ends. See docs/Editors.md.
            """,
        run: { command throws(CLIError) in try run(command) })

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        Containment.setTimeout(seconds: try PluginOptions.timeout(command))
        let server = LanguageServer(input: 0, output: Output.descriptor, log: 2)
        return server.run()
    }
}
