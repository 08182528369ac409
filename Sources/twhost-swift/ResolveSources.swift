import TWCommandLine
import TWHost
import TWSwiftSource

extension ResolveCommand {
    /// A Swift file or a folder: every file read and resolved (in parallel), reported in path order.
    static func runSources(_ path: String, _ command: ParsedCommand, json: Bool) throws(CLIError) -> Int32 {
        // Resolve reports each finding at its surface: no class positions are needed.
        let (plugins, files, _) = try SourceInputs.scan([path], command, classSpans: false)
        if files.isEmpty { throw .failed("\(path): no .swift files") }
        if !files.contains(where: \.wasRead) {
            let reasons = files.flatMap(\.diagnostics).map { d in
                (d.location.map { "\($0): " } ?? "") + d.message
            }
            throw .failed("nothing could be read:\n" + reasons.joined(separator: "\n"))
        }
        // The surfaces are written from the files, in input order: not gathered into a second array first.
        var resolution = SourceInputs.merged(files, plugins: plugins.map(\.info), surfaces: false)
        resolution.diagnostics += KeptHandles.diagnostics
        let writer = ByteWriter(fd: Output.descriptor)
        let records = files.lazy.flatMap { $0.resolution?.surfaces ?? [] }
        if json {
            SceneReport.writeHeader(plugins: resolution.plugins, to: writer)
            var first = true
            for record in records {
                SceneReport.writeSurface(record, first: first, to: writer)
                first = false
            }
            SceneReport.writeFooter(resolution, to: writer)
        } else {
            let palette = SurfaceReport.Palette(enabled: Output.useColor)
            for record in records { writer.append(SceneReport.text(record, palette: palette)) }
            writer.append(SceneReport.textFooter(resolution, palette: palette))
        }
        do {
            try writer.flush()
        } catch {
            throw .failed("cannot write the report to standard output: \(error)")
        }
        let unread = files.contains { !$0.wasRead }
        return resolution.undecoratedCount > 0 || unread ? ExitCode.findings : ExitCode.success
    }
}
