import TWHost

/// `twhost check`: resolves Swift sources and scene files and prints only what
/// needs attention, the way a linter does.
package enum SourceCheckCommand {
    package static let format = OutputFormat.option(
        [.text, .json, .github, .sarif, .junit, .checkstyle, .codeclimate], default: .text)
    package static let writeBaseline = ValueOption(
        "--write-baseline", placeholder: "FILE",
        help: "Record today's findings in FILE (atomically) and exit 0; later runs pass it to --baseline.")
    package static let baseline = ValueOption(
        "--baseline", placeholder: "FILE", help: "Report only findings not in this baseline, and entries now gone.")
    package static let fix = Flag(
        "--fix", help: "Remove overridden and duplicate classes and extra spaces in literals, when every chain stays.")
    package static let dryRun = Flag(
        "--dry-run", help: "With --fix: print a unified diff instead of writing (exit 1 if any).")

    package static let paths = Positionals.list("PATH…", minimum: 1)
    package static let spec = CommandSpec(
        words: ["check"],
        summary: "Lint Swift sources and scenes: findings with file:line:col, identity-varies, identity lints.",
        positionals: paths.spec,
        options: PluginOptions.loading + [
            ResolutionOptions.platform, ResolutionOptions.osVersion, ResolutionOptions.colorScheme,
            ResolutionOptions.lenient, format, SourceInputs.jobs, writeBaseline, baseline, fix, dryRun,
        ] + ConfigurationOptions.options,
        discussion: """
            PATH is a .swift file, a folder (walked recursively for .swift files; hidden folders and
            .build skipped) or a scene file. Each finding is one line, `file:line:col: error[code]
            message — hint`, then a summary. Notes say what could not be checked and never fail the
            run. Exit 0 with no error, 1 with one, 2 when nothing could be read or a plugin cannot be
            loaded, 64 for a bad .twhost.json. Comments `// twhost:disable:next rule` (also
            `disable:this`, `disable` … `enable`, `all`) suppress findings; .twhost.json "rules" sets
            severities. A baseline that cannot be read is exit 2. --fix applies only fixes that keep every
            chain and identity (proven by resolving the file again) and lists them on stderr; --fix
            --dry-run prints them as a unified diff. See docs/SwiftSources.md and docs/CI.md.
            """,
        readsSwift: { _ in true },
        run: { command throws(CLIError) in try command.swiftFrontEnd().check(command) })
}
