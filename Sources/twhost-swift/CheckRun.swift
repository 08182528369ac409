import TWCommandLine
import TWHost
import TWSwiftSource

extension SourceCheckCommand {
    static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        if command.isGiven(writeBaseline) && command.isGiven(baseline) {
            throw .failedUsage("--write-baseline and --baseline cannot be given together")
        }
        if command[dryRun] && !command[fix] { throw .failedUsage("--dry-run goes with --fix") }
        let accepted: CheckBaseline?
        do {
            accepted = try command.value(baseline).map { path throws(BaselineError) in try CheckBaseline.read(path) }
        } catch {
            throw .failed(error.description)
        }
        var (report, files, plugins, options) = try check(command, baseline: accepted)
        if command[fix] {
            let fixes = try fixes(report, files, plugins: plugins, options: options)
            if command[dryRun] {
                for f in fixes { Output.write(f.unifiedDiff(path: RepositoryPath.relative(f.file))) }
                return fixes.isEmpty ? ExitCode.success : ExitCode.findings
            }
            for f in fixes {
                do {
                    try FileIO.writeAtomically(String(decoding: f.fixed, as: UTF8.self), to: f.file)
                } catch {
                    throw .failed(error.description)
                }
                for c in f.changes { Output.error("\(c.location): fixed: \(c.description)") }
            }
            // The report is of the files as they are now.
            if !fixes.isEmpty { (report, files, plugins, options) = try check(command, baseline: accepted) }
        }
        if let path = command.value(writeBaseline) {
            let recorded = CheckBaseline(file: path, report: report)
            do {
                try FileIO.writeAtomically(recorded.fileText, to: path)
            } catch {
                throw .failed(error.description)
            }
            Output.error("wrote \(recorded.entries.count) finding(s) to the baseline \(path)")
        }
        switch command[format] {
        case .json: Output.write(report.json.serialized() + "\n")
        case .github: Output.write(report.github)
        case .sarif: Output.write(CheckSARIF.log(report).serialized() + "\n")
        case .junit: Output.write(report.junit)
        case .checkstyle: Output.write(report.checkstyle)
        case .codeclimate: Output.write(report.codeClimate.serialized() + "\n")
        case .text, .markdown, .compact, .html:
            Output.write(report.text(palette: SurfaceReport.Palette(enabled: Output.useColor)))
        }
        if files.isEmpty || !files.contains(where: \.wasRead) {
            Output.error(
                files.isEmpty
                    ? "error: no .swift files or scenes under \(command[paths].joined(separator: ", "))"
                    : "error: nothing could be read")
            return ExitCode.couldNotComplete
        }
        if command.isGiven(writeBaseline) { return ExitCode.success }
        return report.errors > 0 ? ExitCode.findings : ExitCode.success
    }

    /// The inputs read and resolved, with the class lints, suppression
    /// comments, the configurations' rules and the baseline applied.
    static func check(_ command: ParsedCommand, baseline accepted: CheckBaseline?) throws(CLIError) -> (
        CheckReport, [ScannedFile], [LoadedPlugin], SourceScan.Options
    ) {
        let (plugins, files, options) = try SourceInputs.scan(command[paths], command)
        var report = CheckReport(files)
        let sources = files.filter(\.wasRead).map(\.path).filter { $0.hasSuffix(".swift") }
        let scope = ResolutionScope(registry: PluginRegistry(plugins: plugins), environment: options.sourceEnvironment)
        report.addClassLints(sources, order: files.map(\.path), scope: scope)
        report.addSuggestions()
        var configurations = try ConfigurationOptions.configurations(command)
        var configurationError: ConfigurationError?
        report.adopt(
            sources: files.map(\.path).filter { $0.hasSuffix(".swift") },
            setting: { file, code in
                do throws(ConfigurationError) {
                    return try configurations.configuration(for: file)?.setting(for: code)
                } catch {
                    configurationError = error
                    return nil
                }
            }, baseline: accepted)
        if let configurationError { throw .failedUsage(configurationError.description) }
        return (report, files, plugins, options)
    }

    /// The fixes of the findings still reported, and whitespace in literals,
    /// per Swift file; a file whose fixes would change what it resolves to is
    /// left as it is, with a warning.
    static func fixes(
        _ report: CheckReport, _ files: [ScannedFile], plugins: [LoadedPlugin], options: SourceScan.Options
    )
        throws(CLIError) -> [FileFix]
    {
        let scope = ResolutionScope(registry: PluginRegistry(plugins: plugins), environment: options.sourceEnvironment)
        var out: [FileFix] = []
        for file in files where file.wasRead && file.path.hasSuffix(".swift") {
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(file.path)
            } catch {
                throw .failed(error.description)
            }
            let findings = report.findings.filter { $0.fix != nil && $0.location.file == file.path }
            guard let plan = FileFix.plan(file: file.path, bytes: bytes, findings: findings, scope: scope) else {
                continue
            }
            guard plan.keepsResolution(plugins: plugins, options: options) else {
                Output.error("warning: \(file.path) not fixed: the fixes would change a chain or an identity")
                continue
            }
            out.append(plan)
        }
        return out
    }
}
