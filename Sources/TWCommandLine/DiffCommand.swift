import Dispatch
import Glibc
import TWHost
import TWPreview

/// `twhost diff BASE HEAD`: registry changes that would reset SwiftUI child state.
package enum DiffCommand {
    package static let scene = ValueOption(
        "--scene", placeholder: "FILE", repeatable: true,
        help: "List the surfaces of FILE (a scene, a .swift file or a folder) each finding affects.")
    package static let allow = ValueOption(
        "--allow", placeholder: "FILE", help: "Allowlist of accepted finding fingerprints, each with a reason.")
    package static let format = OutputFormat.option([.text, .json, .github, .sarif, .html], default: .text)

    package static let sides = Positionals.pair("BASE", "HEAD")
    package static let spec = CommandSpec(
        words: ["diff"],
        summary:
            "Report registry changes between two snapshots or plugin sets (identity, breaking, behavior, versions).",
        positionals: sides.spec,
        options: [
            scene, allow, format, PluginOptions.plugins, PluginOptions.pluginPath, PluginOptions.noDefaultPath,
            PluginOptions.allowWritable, PluginOptions.pluginTimeout, RegistryCommand.theme,
        ] + ConfigurationOptions.options,
        discussion: """
            BASE and HEAD are each a snapshot file written by `twhost registry -o FILE`, or a plugin
            set `plugins:material,motion@DIR` (loaded from DIR only, in a child process), or
            `plugins:material,motion` (the usual search path). Registrations are compared by plugin and
            name, and each plugin's version against what changed (version-not-bumped). Findings point
            at the registration's line in the HEAD snapshot (BASE for removals) or at the plugin's
            file, and list the --scene surfaces they affect. Identity, breaking and version-not-bumped
            findings exit 1 unless allowlisted; the others exit 0. See docs/CI.md. --format html
            writes the before/after page of `twhost preview` for the --scene surfaces: both sides must
            be plugin sets (a snapshot holds no plugin code to draw with). See docs/Preview.md.
            A side may also be Swift sources: `swift:PATH` (a .swift file or a folder) or `git:REV[:PATH]`
            (PATH, default `.`, at a revision of the repository twhost runs in, read from git without
            touching the work tree): its inline registrations, with the --plugins (or the configuration's)
            beside them. Findings then point at the registration's line in the HEAD sources (BASE for
            removals) and list the surfaces of each HEAD file they affect. A missing git, an unknown
            revision, a path outside the repository or a file that does not parse exits 2.
            """,
        readsSwift: { command in
            let arguments = command[sides]
            return SourceSide.isSourceSide(arguments.first) || SourceSide.isSourceSide(arguments.second)
                || command.all(scene).contains(where: SwiftInput.isSwiftInput)
        },
        run: { command throws(CLIError) in try run(command) })

    package static func run(_ command: ParsedCommand) throws(CLIError) -> Int32 {
        let arguments = command[sides]
        if command[format] == .html {
            guard [arguments.first, arguments.second].allSatisfy({ $0.hasPrefix("plugins:") }) else {
                throw .failedUsage(
                    "--format html draws surfaces with plugin code: BASE and HEAD must be plugin sets, plugins:a,b[@DIR]"
                )
            }
            guard !command.all(scene).isEmpty else { throw .failedUsage("--format html needs --scene FILE to draw") }
        }
        // What a plugin set's child twhost is told: whether to trust writable plugins, and how long a call may run.
        var loading = ["--plugin-timeout", String(try PluginOptions.timeout(command))]
        if command[PluginOptions.allowWritable] { loading.append("--allow-writable-plugins") }
        // Swift sources' sides share one plugin set, loaded here.
        var sourcePlugins: [LoadedPlugin]?
        var theme = Theme()
        if SourceSide.isSourceSide(arguments.first) || SourceSide.isSourceSide(arguments.second) {
            sourcePlugins = try PluginOptions.load(command.list(PluginOptions.plugins), command)
            theme = try ThemeInput.read(command.value(RegistryCommand.theme).map { [$0] } ?? [])[0].theme
        }
        func readSide(_ argument: String) throws(CLIError) -> DiffSide {
            if let plugins = sourcePlugins, SourceSide.isSourceSide(argument) {
                return try command.swiftFrontEnd().sourceSide(argument, plugins: plugins, theme: theme)
            }
            return try side(argument, loading: loading)
        }
        let base: DiffSide
        let head: DiffSide
        let probed = [arguments.first, arguments.second].contains { $0.hasPrefix("plugins:") }
        if sourcePlugins == nil, !probed {
            // Two snapshot files (megabytes of JSON each for a large registry): read at
            // once, HEAD on another thread; BASE's error, if any, is still the one reported.
            let other = SideReader(arguments.second, loading: loading)
            let first = Result { () throws(CLIError) in try side(arguments.first, loading: loading) }
            let second = other.wait()
            base = try first.get()
            head = try second.get()
        } else {
            base = try readSide(arguments.first)
            head = try readSide(arguments.second)
        }
        var scenes: [(label: String, scene: Scene)] = []
        for scenePath in command.all(scene) {
            // A scene file, or Swift sources (a .swift file or a folder): each Swift file is a scene,
            // with rules linked across the folder's files as `check` links them.
            guard SwiftInput.isSwiftInput(scenePath) else {
                scenes.append((scenePath, try SceneInput.read(scenePath)))
                continue
            }
            scenes += try command.swiftFrontEnd().scenes(scenePath)
        }
        var allowlist: Allowlist?
        if let allowPath = command.value(allow) {
            do {
                allowlist = try Allowlist.read(try FileIO.read(allowPath), file: allowPath)
            } catch let error as FileReadError {
                throw .failed(error.description)
            } catch let error as Allowlist.ReadError {
                throw .failed("\(allowPath): \(error.description)")
            } catch {
                throw .failed("\(allowPath): \(error)")
            }
        }
        let report: DiffReport
        do {
            report = try RegistryDiff.report(base: base, head: head, scenes: scenes, allowlist: allowlist)
        } catch {
            throw .failed(error.errors.map(\.description).joined(separator: "\nerror: "))
        }
        switch command[format] {
        case .json: Output.write(report.json.serialized() + "\n")
        case .github: Output.write(report.github)
        case .sarif: Output.write(report.sarif.serialized() + "\n")
        case .html:
            let scenes = command.all(scene)
            let before = try PreviewCommand.childCards(side: arguments.first, inputs: scenes, command: command)
            let after = try PreviewCommand.childCards(side: arguments.second, inputs: scenes, command: command)
            let changes = PreviewPage.changes(before: before, after: after)
            Output.write(
                PreviewPage.review(
                    changes, unchanged: after.count - changes.filter { $0.after != nil }.count,
                    title: "twhost diff — before/after", beforeLabel: arguments.first,
                    afterLabel: arguments.second, context: "\(report.findings.count) registry finding(s)",
                    // The sides are resolved for iOS (or each scene's platform); the menu offers the others.
                    platforms: RenderEnvironment.Platform.allCases.filter { $0 != .ios }))
        case .text, .markdown, .compact, .junit, .checkstyle, .codeclimate:
            Output.write(report.text(palette: SurfaceReport.Palette(enabled: Output.useColor)))
        }
        return report.blocking ? ExitCode.findings : ExitCode.success
    }

    /// A snapshot file read on a thread of its own (`DiffCommand.side`).
    package final class SideReader: @unchecked Sendable {
        // @unchecked: `result` is written once by the read, read after `group.wait()`.
        private var result: Result<DiffSide, CLIError> = .failure(.failed("not read"))
        private let group = DispatchGroup()

        init(_ argument: String, loading: [String]) {
            DispatchQueue.global().async(group: group) { [self] in
                result = Result { () throws(CLIError) in try DiffCommand.side(argument, loading: loading) }
            }
        }

        /// The side, once it is read.
        func wait() -> Result<DiffSide, CLIError> {
            group.wait()
            return result
        }
    }

    /// BASE or HEAD: a snapshot file, or `plugins:a,b[@DIR]` probed in a
    /// child process, with the files its findings point at.
    package static func side(_ argument: String, loading: [String]) throws(CLIError) -> DiffSide {
        let snapshot = try snapshot(argument, loading: loading)
        guard argument.hasPrefix("plugins:") else {
            return DiffSide(label: argument, snapshot: snapshot, origin: .file(argument))
        }
        let parts = argument.dropFirst("plugins:".count).split(
            separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let requests = parts[0].split(separator: ",").map(String.init)
        let folder = parts.count == 2 ? String(parts[1]) : nil
        let searchPath: PluginSearchPath
        if let folder {
            searchPath = PluginSearchPath(directories: [folder])
        } else {
            let env = getenv("TWHOST_PLUGIN_PATH").map { String(cString: $0) }
            searchPath = PluginSearchPath.standard(
                explicit: [], environment: env, executable: PluginSearchPath.currentExecutable())
        }
        // The child loaded each request from the same search path: a name is
        // its descriptor's name (the loader insists), a `.so` path is that
        // file, matched to the snapshot's plugins left over, in order.
        var paths: [(name: String, path: String)] = []
        var unnamed: [String] = []
        for request in requests {
            if request.hasSuffix(".so") {
                unnamed.append(request)
            } else if let path = searchPath.locate(request) {
                paths.append((request, path))
            }
        }
        for plugin in snapshot.plugins where !paths.contains(where: { $0.name == plugin.name }) && !unnamed.isEmpty {
            paths.append((plugin.name, unnamed.removeFirst()))
        }
        return DiffSide(label: argument, snapshot: snapshot, origin: .plugins(paths, folder: folder))
    }

    /// A snapshot file, or `plugins:a,b[@DIR]` probed in a child process.
    package static func snapshot(_ side: String, loading: [String]) throws(CLIError) -> RegistrySnapshot {
        if side.hasPrefix("plugins:") {
            let spec = side.dropFirst("plugins:".count)
            let parts = spec.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let names = String(parts[0])
            guard !names.isEmpty else { throw .failed("\(side): name the plugins: plugins:material,motion@DIR") }
            guard let exe = PluginSearchPath.currentExecutable() else {
                throw .failed("cannot find the twhost executable")
            }
            var argv = [exe, "registry", "--plugins", names, "--format", "json"] + loading
            if parts.count == 2 {
                guard !parts[1].isEmpty else { throw .failed("\(side): empty folder after '@'") }
                argv += ["--plugin-path", String(parts[1]), "--no-default-path"]
            }
            let result = Subprocess.run(argv, timeout: 120)
            if let failure = CLIError.child(result, side: side, doing: "loading the plugins") { throw failure }
            do {
                return try RegistrySnapshot.read(result.stdout, file: side)
            } catch {
                throw .failed("\(side): \(error.description)")
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(side)
        } catch {
            throw .failed("cannot read baseline: \(error.description)")
        }
        do {
            return try RegistrySnapshot.read(bytes, file: side)
        } catch {
            throw .failed("\(side): \(error.description)")
        }
    }
}
