import TWCommandLine
import TWHost
import TWSwiftSource

extension ResolveCommand {
    /// A Swift file or a folder: every file read (in parallel), then its
    /// surfaces resolved on every core and written as they are resolved, in
    /// path order — no file's surface records are held.
    static func runSources(_ path: String, _ command: ParsedCommand, json: Bool) throws(CLIError) -> Int32 {
        // Resolve reports each finding at its surface: no class positions are needed.
        let (inputs, plugins, options) = try SourceInputs.prepared([path], command, classSpans: false)
        let checked = SourceScan.check(inputs, plugins: plugins, options: options)
        if checked.count == 0 { throw .failed("\(path): no .swift files") }
        if !checked.anyResolvable {
            let reasons = checked.diagnostics.map { d in (d.location.map { "\($0): " } ?? "") + d.message }
            throw .failed("nothing could be read:\n" + reasons.joined(separator: "\n"))
        }
        let writer = ByteWriter(fd: Output.descriptor)
        let palette = SurfaceReport.Palette(enabled: Output.useColor)
        if json { SceneReport.writeHeader(plugins: plugins.map(\.info), to: writer) }
        let batch = SurfaceBatch(
            jobs: options.jobs ?? SourceScan.defaultJobs, state: options.state, lenient: options.lenient,
            render: json
                ? SurfaceRendering(
                    head: { path, first, w in SceneReport.writePlace(path, first: first, to: w) },
                    body: { record, w in SceneReport.writeBody(record, to: w) })
                : SurfaceRendering { record, _, w in SceneReport.writeText(record, palette: palette, to: w) },
            write: { bytes in writer.append(piece: bytes) })
        let files = SourceScan.resolve(checked, plugins: plugins, options: options, into: batch)
        var resolution = SourceInputs.merged(files, plugins: plugins.map(\.info), surfaces: false)
        resolution.summary = batch.finish()
        resolution.diagnostics += KeptHandles.diagnostics
        if json {
            SceneReport.writeFooter(resolution, to: writer)
        } else {
            writer.append(SceneReport.textFooter(resolution, palette: palette))
        }
        do {
            try writer.flush()
        } catch {
            throw .failed("cannot write the report to standard output: \(error)")
        }
        let unread = files.contains { !$0.wasRead }
        // The files' scenes are not freed node by node: the process ends next, and the kernel takes its memory back whole.
        UntilExit.keep((checked, files))
        return resolution.undecoratedCount > 0 || unread ? ExitCode.findings : ExitCode.success
    }
}
