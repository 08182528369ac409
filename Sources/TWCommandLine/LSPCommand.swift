import TWHost

/// `twhost lsp`: the language server, over standard input and output. The
/// process the editor starts supervises a worker (`--worker`) that runs
/// plugin code, and starts it again without a plugin that crashed.
package enum LSPCommand {
    package static let worker = Flag(
        "--worker", visibility: .hidden, help: "Serve as the worker of a supervising twhost lsp.")
    package static let crashedPlugin = ValueOption(
        "--crashed-plugin", placeholder: "NAME=MESSAGE", repeatable: true, visibility: .hidden,
        help: "A plugin that crashed in an earlier worker: not loaded, reported on every document.")

    package static let spec = CommandSpec(
        words: ["lsp"],
        summary: "Run the language server (LSP 3.17 over stdio) for editors: diagnostics, completion, hover, fixes.",
        options: [PluginOptions.pluginTimeout, worker, crashedPlugin],
        discussion: """
            Speaks the Language Server Protocol on standard input and output; logs go to standard
            error. Plugins, platform and rules come from .twhost.json at the workspace root, else from
            initializationOptions. A plugin that crashes is reported and left out; the server keeps
            running. Exit 0 after shutdown and exit, 1 on exit without shutdown or when the input
            ends. See docs/Editors.md.
            """,
        readsSwift: { _ in true },
        run: { command throws(CLIError) in try command.swiftFrontEnd().languageServer(command) })
}
