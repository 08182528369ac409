import TWHost
import TWSwiftSource

/// `twhost check`: resolves Swift sources and scene files and prints only what
/// needs attention, the way a linter does.
enum SourceCheckCommand {
    static let format = OutputFormat.option([.text, .json, .github, .sarif], default: .text)

    static let spec = CommandSpec(
        words: ["check"],
        summary: "Lint Swift sources and scenes: findings with file:line:col, identity-varies, identity lints.",
        positionals: "PATH…", minimumPositionals: 1, maximumPositionals: .max,
        options: PluginOptions.loading + [
            ResolutionOptions.platform, ResolutionOptions.osVersion, ResolutionOptions.colorScheme,
            ResolutionOptions.lenient, format,
            SourceInputs.jobs,
        ],
        discussion: """
            PATH is a .swift file, a folder (walked recursively for .swift files; hidden folders and
            .build skipped) or a scene file. Each finding is one line, `file:line:col: error[code]
            message — hint`, then a summary. Notes say what could not be checked and never fail the
            run. Exit 0 with no error, 1 with one, 2 when nothing could be read or a plugin cannot be
            loaded. See docs/SwiftSources.md.
            """,
        run: { command throws(CLIError) in try run(command) })

    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let (_, files) = try SourceInputs.scan(command.positionals, command)
        let report = CheckReport(files)
        switch command[format] {
        case .json: Output.write(report.json.serialized() + "\n")
        case .github: Output.write(report.github)
        case .sarif: Output.write(CheckSARIF.log(report).serialized() + "\n")
        case .text, .markdown, .compact, .html:
            Output.write(report.text(palette: SurfaceReport.Palette(enabled: Output.useColor)))
        }
        if files.isEmpty || !files.contains(where: \.wasRead) {
            Output.error(
                files.isEmpty
                    ? "error: no .swift files or scenes under \(command.positionals.joined(separator: ", "))"
                    : "error: nothing could be read")
            return ExitCode.couldNotComplete
        }
        return report.errors > 0 ? ExitCode.findings : ExitCode.success
    }
}
