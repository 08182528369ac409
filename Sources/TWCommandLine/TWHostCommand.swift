import TWHost

/// The command table and dispatch.
package enum TWHostCommand {
    package static let commands: [CommandSpec] = [
        ResolveCommand.spec,
        SourceCheckCommand.spec,
        ExplainCommand.spec,
        PluginsCommand.list,
        CheckCommand.spec,
        NewCommand.spec,
        RegistryCommand.spec,
        DiffCommand.spec,
        PlatformsCommand.spec,
        PreviewCommand.spec,
        ConfigCommand.spec,
        LSPCommand.spec,
    ]

    package static let overview = """
        twhost \(TWHostVersion.string) — hosts native modifier plugins for a Tailwind-style class system for SwiftUI.

        usage: twhost <command> [options]

        commands:
        \(commands.map { "  " + $0.name.padding($0.name.count < 16 ? 16 : $0.name.count + 2) + $0.summary }.joined(separator: "\n"))

        options:
          -h, --help      Show help (also after any command).
          --version       Show the version.

        exit codes: 0 nothing blocking, 1 findings, 2 could not complete, 64 usage error.
        """

    /// Runs the command line; `swift` is the Swift source reader when this
    /// executable links it (`twhost-swift`), nil in `twhost`.
    package static func main(_ arguments: [String], swift: (any SwiftFrontEnd)?) -> Int32 {
        if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            Output.write(overview + "\n")
            return finish(arguments.isEmpty ? ExitCode.usage : ExitCode.success)
        }
        if arguments == ["--version"] {
            Output.write("twhost \(TWHostVersion.string) (plugin ABI \(PluginABI.major).\(PluginABI.minor))\n")
            return finish(ExitCode.success)
        }
        do throws(CLIError) {
            if let first = arguments.first, first.hasPrefix("-") {
                let globals = ["--help", "--version"]
                throw .unknownOption(
                    first, command: "", suggestion: Suggestion.nearest(to: first, in: globals))
            }
            guard var parsed = try CommandLineParser.parse(arguments, commands: commands) else {
                throw .missingCommand(usage: "see 'twhost --help'")
            }
            parsed.swift = swift
            if swift == nil, !parsed.wantsHelp, parsed.spec.readsSwift(parsed) {
                // Before anything is contained or written: the companion starts from the same state.
                return SwiftCompanion.replaceProcess(for: parsed.spec.name)
            }
            if !isChild(parsed) { try contain() }
            if parsed.wantsHelp {
                Output.write(parsed.spec.help)
                return finish(ExitCode.success)
            }
            try ConfigurationOptions.prepare(&parsed)
            return finish(try parsed.spec.run(parsed))
        } catch {
            let text = error.description
            if !text.isEmpty { Output.error(text) }
            return finish(error.exitCode)
        }
    }

    /// A child twhost reporting to its parent (`plugins check`, `plugins list`):
    /// the parent contains it and reads its signals, so it installs nothing.
    package static func isChild(_ parsed: ParsedCommand) -> Bool {
        parsed.spec.child.map(parsed.isGiven) ?? false
    }

    /// Plugin code may run in this process from now on (A-12): contain it, and
    /// keep the report away from descriptor 1.
    package static func contain() throws(CLIError) {
        // The report's descriptor first, while this is the only thread: copying it
        // above 512 grows the descriptor table, and with a second thread alive
        // (containment's watchdog) Linux waits out an RCU grace period to do that,
        // about 10 ms of every run (docs/Performance.md).
        Output.descriptor = Containment.takeStandardOutput()
        do {
            try Containment.install()
        } catch {
            throw .failed(error.description)
        }
        Containment.setTimeout(seconds: Containment.defaultTimeout)
    }

    /// The exit status, after what every command shares: a report that could not
    /// be written is exit 2, and handles plugin code kept are warned about.
    package static func finish(_ status: Int32) -> Int32 {
        for warning in KeptHandles.warnings { Output.error(warning) }
        if let failure = Output.failure {
            Output.error("error: cannot write the report to standard output: \(failure)")
            return ExitCode.couldNotComplete
        }
        return status
    }
}

extension String {
    package func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
