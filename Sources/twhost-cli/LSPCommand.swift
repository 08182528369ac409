import TWHost
import TWLanguageServer

/// `twhost lsp`: the language server, over standard input and output. The
/// process the editor starts supervises a worker (`--worker`) that runs
/// plugin code, and starts it again without a plugin that crashed.
enum LSPCommand {
    static let worker = Flag(
        "--worker", visibility: .hidden, help: "Serve as the worker of a supervising twhost lsp.")
    static let crashedPlugin = ValueOption(
        "--crashed-plugin", placeholder: "NAME=MESSAGE", repeatable: true, visibility: .hidden,
        help: "A plugin that crashed in an earlier worker: not loaded, reported on every document.")

    static let spec = CommandSpec(
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
        run: { command throws(CLIError) in try run(command) })

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let timeout = try PluginOptions.timeout(command)
        if command[worker] {
            Containment.setTimeout(seconds: timeout)
            let server = LanguageServer(input: 0, output: Output.descriptor, log: 2)
            server.crashedPlugins = command.all(crashedPlugin).map { entry in
                let parts = entry.split(separator: "=", maxSplits: 1)
                return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "plugin crashed")
            }
            return server.run()
        }
        guard let exe = PluginSearchPath.currentExecutable() else {
            throw .failed("error: cannot find the twhost executable to start the language server's worker")
        }
        var arguments = [exe, "lsp", "--worker"]
        if command.isGiven(PluginOptions.pluginTimeout) {
            arguments += [PluginOptions.pluginTimeout.spec.name, String(try PluginOptions.timeout(command))]
        }
        let supervisor = LanguageServerSupervisor(
            input: 0, output: Output.descriptor, log: 2, workerArguments: arguments)
        return supervisor.run()
    }
}
