import TWHost

/// `twhost config [PATH]`: the configuration in force for a path, and the file it came from.
package enum ConfigCommand {
    package static let path = Positionals.optional("[PATH]")
    package static let spec = CommandSpec(
        words: ["config"],
        summary: "Print the .twhost.json configuration in force for a path and the file it came from.",
        positionals: path.spec,
        options: [ConfigurationOptions.config],
        discussion: """
            The nearest .twhost.json at or above PATH (default: the working directory) is used, up to the
            folder that holds .git; --config FILE names one instead. Prints JSON with every key (null where
            the file sets nothing) and "file". Exit 0; 1 when no configuration applies (the JSON then has
            "file": null); 64 when the file has an unknown key or a bad value. See docs/CI.md.
            """,
        run: { command throws(CLIError) in try run(command) })

    package static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        var configurations = try ConfigurationOptions.configurations(command)
        let path = command[Self.path] ?? "."
        let found: LintConfiguration?
        do {
            found = try configurations.configuration(for: path)
        } catch {
            throw .failedUsage(error.description)
        }
        guard let found else {
            Output.write(LintConfiguration(file: "").json.serialized() + "\n")
            return ExitCode.findings
        }
        Output.write(found.json.serialized() + "\n")
        return ExitCode.success
    }
}
