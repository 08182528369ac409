import TWCommandLine
import TWHost
import TWLanguageServer

extension LSPCommand {
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
