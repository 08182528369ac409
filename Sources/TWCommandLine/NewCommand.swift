import TWHost

/// `twhost plugins new`: a plugin project that builds and checks with no edits.
package enum NewCommand {
    package static let language = ChoiceOption<PluginScaffold.Language>(
        "--lang", default: .swift, help: "The plugin's language")
    package static let directory = ValueOption(
        "--dir", placeholder: "DIR", help: "The project folder (default ./NAME); never overwritten.")

    package static let pluginName = Positionals.one("NAME")
    package static let spec = CommandSpec(
        words: ["plugins", "new"],
        summary: "Create a plugin project (C or Swift) that builds, passes plugins check and resolves a sample.",
        positionals: pluginName.spec,
        options: [language, directory],
        discussion: """
            NAME is the plugin's name, [a-z][a-z0-9-]{0,58}: the stem of lib<NAME>.so and the prefix
            of its sample classes <NAME>-glow and <NAME>-lift-[n] (so 5 characters shorter than 64).
            The project builds against this twhost's SDK: the installed one (Scripts/install.sh) or the
            checkout it was built from. Then: make -C DIR check. See docs/PluginAuthoring.md.
            Exit 64 for an invalid NAME, 2 when DIR exists and is not empty or cannot be written.
            """,
        run: { command throws(CLIError) in try run(command) })

    package static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let language = command[language]
        let name = command[pluginName]
        let folder = command.value(directory) ?? name
        do throws(ScaffoldError) {
            try PluginScaffold.validate(name)
            guard let executable = PluginSearchPath.currentExecutable() else {
                throw .sdkNotFound(executable: "twhost", looked: ["/proc/self/exe"])
            }
            let sdk = try AuthoringSDK.locate(executable: executable, trust: { PluginFileTrust.problem(with: $0) })
                .get()
            let scaffold = try PluginScaffold(
                name: name, language: language, sdk: sdk)
            try scaffold.write(to: folder)
            // The folder is input text: escaped before it reaches the terminal (the name is validated).
            let shown = folder.escapingControlCharacters
            var text = "created \(shown) (a \(language == .c ? "C" : "Swift") plugin named '\(name)'):\n"
            for file in scaffold.files { text += "  \(shown.hasSuffix("/") ? shown : shown + "/")\(file.path)\n" }
            text += "next: \(scaffold.nextStep(folder: folder).escapingControlCharacters)\n"
            Output.write(text)
            return ExitCode.success
        } catch {
            // The name and the folder are input text: escaped before they reach the terminal.
            let message = error.description.escapingControlCharacters
            throw error.isUsageError ? .failedUsage(message) : .failed(message)
        }
    }
}
