import TWLoading
import TWModel
import TWResolution
import TWScenes
import TWSupport

/// One input read and resolved: its surfaces, or why it could not be read.
public struct ScannedFile: Sendable {
    public var path: String
    /// The input's scene, when it could be read.
    public var scene: Scene?
    /// Its surfaces and scene-level findings, when it could be read.
    public var resolution: SceneResolution?
    /// Why it could not be read (syntax errors, an unreadable file), and
    /// reader warnings of scene files (unknown fields), with locations.
    public var diagnostics: [Diagnostic]
    /// Swift sources: per surface (by its node's location), where each class of its literals is written.
    var classSpans: [SourceLocation: [String: ClassSpan]] = [:]

    public var wasRead: Bool { resolution != nil }
}

/// Reads and resolves many inputs, each file on its own (files are
/// independent units), in parallel over the cores, results in input order —
/// byte-identical to a one-thread run.
public enum SourceScan {
    public struct Options: Sendable {
        public var state = SurfaceState()
        public var lenient = false
        /// Overrides of the scenes' environment (`--platform`, `--os-version`).
        public var platform: RenderEnvironment.Platform?
        public var osVersion: Int?
        /// `--color-scheme`: the appearance theme tokens resolve for.
        public var colorScheme: Theme.ColorScheme?
        /// Threads to use; nil for every core.
        public var jobs: Int?
        /// Whether to record where each class is written in Swift sources, for
        /// findings that point at a class (`check`, the language server);
        /// `resolve` reports findings at their surface and needs none.
        public var classSpans = true
        public init() {}

        /// The environment of Swift sources (which name none): the default with the overrides.
        public var sourceEnvironment: RenderEnvironment { environment(RenderEnvironment(), versionGiven: false) }

        /// `base` with the overrides applied: a platform given alone also
        /// brings that platform's default OS version, unless the input named one
        /// (as `twhost resolve` does for scene files).
        func environment(_ base: RenderEnvironment, versionGiven: Bool) -> RenderEnvironment {
            var environment = base
            if let platform {
                environment.platform = platform
                if !versionGiven { environment.osVersion = RenderEnvironment.defaultOSVersion(platform) }
            }
            if let osVersion { environment.osVersion = osVersion }
            if let colorScheme { environment.colorScheme = colorScheme }
            return environment
        }
    }

    /// The number of threads `jobs: nil` means.
    public static var defaultJobs: Int { Parallel.cores }

    public static func run(_ inputs: [SourceInput], plugins: [LoadedPlugin], options: Options) -> [ScannedFile] {
        let jobs = options.jobs ?? Parallel.cores
        let read = readAll(inputs, jobs: jobs, platform: options.platform, classSpans: options.classSpans)
        // 3. Each file resolved on its own, in parallel; Swift sources share their scopes.
        let environment = options.environment(RenderEnvironment(), versionGiven: false)
        let shared = SharedScopes(environment: environment)
        let files = read
        return Parallel.map(files.count, jobs: jobs) { i in
            resolve(files[i], plugins: plugins, options: options, shared: shared)
        }
    }

    /// Inputs read and checked against the loaded plugins, their surfaces
    /// not yet resolved (`resolve(_:plugins:options:into:)`): what can be
    /// said before a report's first byte.
    public struct Checked: Sendable {
        var files: [Read]
        /// Per file, whether its surfaces can be resolved (it was read and
        /// names no plugin outside the loaded set).
        var resolvable: [Bool]
        /// How many inputs there are.
        public var count: Int { files.count }
        /// Whether any input can be resolved.
        public var anyResolvable: Bool { resolvable.contains(true) }
        /// The findings of every input, in input order.
        public var diagnostics: [Diagnostic] { files.flatMap(\.diagnostics) }
    }

    /// Reads every input as `run` does (each file on its own, in parallel;
    /// rules linked across Swift files) and checks the plugins each names
    /// against `plugins`, resolving nothing.
    public static func check(_ inputs: [SourceInput], plugins: [LoadedPlugin], options: Options) -> Checked {
        var read = readAll(
            inputs, jobs: options.jobs ?? defaultJobs, platform: options.platform, classSpans: options.classSpans)
        let loaded = plugins.map(\.info.name)
        var resolvable: [Bool] = []
        for i in read.indices {
            guard let scene = read[i].scene else {
                resolvable.append(false)
                continue
            }
            do {
                try SceneResolver.checkPlugins(scene, loaded: loaded)
                resolvable.append(true)
            } catch {
                read[i].diagnostics.append(unknownPlugin(error, path: read[i].path))
                resolvable.append(false)
            }
        }
        return Checked(files: read, resolvable: resolvable)
    }

    /// Resolves the checked inputs' surfaces into `batch`, file after file in
    /// input order (written as its chunks fill: call `batch.finish()` after),
    /// holding no surface record. The files come back as `run` gives them,
    /// but for their surfaces and those surfaces' counts, which are the batch's.
    public static func resolve(
        _ checked: Checked, plugins: [LoadedPlugin], options: Options, into batch: SurfaceBatch
    ) -> [ScannedFile] {
        let shared = SharedScopes(environment: options.environment(RenderEnvironment(), versionGiven: false))
        var files: [ScannedFile] = []
        files.reserveCapacity(checked.files.count)
        for (read, resolvable) in zip(checked.files, checked.resolvable) {
            guard resolvable else {
                // Its findings say why (unreadable, or the plugin `check` found outside the set).
                files.append(ScannedFile(path: read.path, scene: read.scene, resolution: nil, diagnostics: read.diagnostics))
                continue
            }
            files.append(
                scanned(read, options: options) { scene, environment throws(SceneResolveError) in
                    try batch.resolve(
                        scene, plugins: plugins, environment: environment, shared: shared, pluginsChecked: true)
                })
        }
        return files
    }

    /// An input read, before resolution.
    struct Read: Sendable {
        var path: String
        var scene: Scene?
        var diagnostics: [Diagnostic]
        var swift: SwiftSourceFile?
    }

    /// Reads inputs into scenes without resolving them (for `diff --scene`),
    /// with rules linked across the Swift files as `run` links them.
    public static func read(_ inputs: [SourceInput], jobs: Int? = nil) -> [(
        scene: Scene?, path: String, diagnostics: [Diagnostic]
    )] {
        readAll(inputs, jobs: jobs ?? Parallel.cores).map { ($0.scene, $0.path, $0.diagnostics) }
    }

    /// Reads Swift files held in memory (a revision's files, read from git)
    /// into scenes without resolving them, each under the path given, with
    /// rules linked across them as `read(_:jobs:)` links files on disk.
    public static func read(swift documents: [(path: String, bytes: [UInt8])], jobs: Int? = nil) -> [(
        scene: Scene?, path: String, diagnostics: [Diagnostic]
    )] {
        let platform = RenderEnvironment().platform
        let read = Parallel.map(documents.count, jobs: jobs ?? Parallel.cores) { i -> Read in
            let file = SwiftSources.read(path: documents[i].path, bytes: documents[i].bytes, platform: platform)
            return Read(path: documents[i].path, scene: file.scene, diagnostics: file.diagnostics, swift: file)
        }
        var swift = read.compactMap(\.swift)
        SwiftSources.linkRules(&swift)
        return swift.map { ($0.scene, $0.path, $0.diagnostics) }
    }

    /// Reads one input into a scene on its own, without resolving it.
    public static func read(_ input: SourceInput) -> (scene: Scene?, path: String, diagnostics: [Diagnostic]) {
        let r = readInput(input)
        return (r.scene, r.path, r.diagnostics)
    }

    /// Reads and resolves one document held in memory (an editor's buffer)
    /// on its own, as `run` reads and resolves a file: a `.swift` path as Swift,
    /// anything else as a scene. `shared` keeps the scopes from one call to
    /// the next; make it with `sharedScopes(options)`.
    public static func run(
        document path: String, bytes: [UInt8], plugins: [LoadedPlugin], options: Options, shared: SharedScopes
    ) -> ScannedFile {
        run(
            document: path, bytes: bytes, swift: path.hasSuffix(".swift") ? SwiftDocument(bytes) : nil,
            plugins: plugins, options: options, shared: shared)
    }

    /// `run(document:bytes:…)` with the Swift document parsed already (`swift`, its bytes `bytes`);
    /// `memo` keeps the views and surface records of the document's last call for this one.
    public static func run(
        document path: String, bytes: [UInt8], swift document: SwiftDocument?, plugins: [LoadedPlugin],
        options: Options, shared: SharedScopes, memo: DocumentMemo? = nil
    ) -> ScannedFile {
        let read: Read
        if path.hasSuffix(".swift") {
            let file = SwiftSources.read(path: path, document: document ?? SwiftDocument(bytes), memo: memo)
            read = Read(path: path, scene: file.scene, diagnostics: file.diagnostics, swift: file)
        } else {
            read = readScene(path, bytes)
        }
        return resolve(read, plugins: plugins, options: options, shared: shared, memo: memo?.surfaces)
    }

    /// The scopes `run(document:)` shares between calls with the same options and plugins.
    public static func sharedScopes(_ options: Options) -> SharedScopes {
        SharedScopes(environment: options.environment(RenderEnvironment(), versionGiven: false))
    }

    static func readAll(
        _ inputs: [SourceInput], jobs: Int, platform: RenderEnvironment.Platform? = nil, classSpans: Bool = true
    ) -> [Read] {
        // 1. Each file read on its own, in parallel.
        var read = Parallel.map(inputs.count, jobs: jobs) { i in
            readInput(inputs[i], platform: platform, classSpans: classSpans)
        }
        // 2. Rules set where one file uses another file's view reach that view (cheap, in order).
        var swift = read.compactMap(\.swift)
        SwiftSources.linkRules(&swift)
        var next = 0
        for i in read.indices where read[i].swift != nil {
            read[i].swift = swift[next]
            read[i].scene = swift[next].scene
            next += 1
        }
        return read
    }

    /// `platform` decides `#if os(…)` in Swift sources (iOS when not given, as a scene's default).
    static func readInput(
        _ input: SourceInput, platform: RenderEnvironment.Platform? = nil, classSpans: Bool = true
    ) -> Read {
        switch input {
        case .unreadable(let path, let reason):
            return Read(path: path, scene: nil, diagnostics: [unreadable(path, reason)])
        case .swift(let path):
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(path)
            } catch {
                return Read(path: path, scene: nil, diagnostics: [unreadable(path, error.reason)])
            }
            let file = SwiftSources.read(
                path: path, bytes: bytes, platform: platform ?? RenderEnvironment().platform, classSpans: classSpans)
            return Read(path: path, scene: file.scene, diagnostics: file.diagnostics, swift: file)
        case .scene(let path):
            let display = path == "-" ? "<stdin>" : path
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(path)
            } catch {
                return Read(path: display, scene: nil, diagnostics: [unreadable(display, error.reason)])
            }
            return readScene(display, bytes)
        }
    }

    /// A scene file's bytes read into a scene, or why they could not be.
    static func readScene(_ display: String, _ bytes: [UInt8]) -> Read {
        var reader = SceneReader(file: display)
        do {
            let scene = try reader.read(bytes)
            let warnings = reader.warnings.map { w -> Diagnostic in
                var w = w
                if w.location == nil { w.location = SourceLocation(file: display, line: line(of: w), column: 1) }
                return w
            }
            return Read(path: display, scene: scene, diagnostics: warnings)
        } catch {
            let l: Int
            switch error {
            case .invalid(_, let line, _), .unsupportedVersion(_, let line): l = line
            case .notJSON(let e): l = e.line
            }
            return Read(
                path: display, scene: nil,
                diagnostics: [
                    SceneFinding.invalidScene(error).diagnostic(
                        location: SourceLocation(file: display, line: l, column: 1))
                ])
        }
    }

    static func resolve(
        _ read: Read, plugins: [LoadedPlugin], options: Options, shared: SharedScopes, memo: SurfaceMemo? = nil
    ) -> ScannedFile {
        scanned(read, options: options) { scene, environment throws(SceneResolveError) in
            try SceneResolver.checkPlugins(scene, loaded: plugins.map(\.info.name))
            return try SceneResolver.resolve(
                scene, plugins: plugins, state: options.state, lenient: options.lenient, environment: environment,
                shared: shared, memo: memo)
        }
    }

    /// A read input as a scanned file: its scene resolved by `resolve` in the
    /// scene's environment under the options' overrides, or, when it has no
    /// scene or names a plugin outside the loaded set, its findings with why.
    static func scanned(
        _ read: Read, options: Options,
        resolve: (Scene, RenderEnvironment) throws(SceneResolveError) -> SceneResolution
    ) -> ScannedFile {
        guard let scene = read.scene else {
            return ScannedFile(path: read.path, scene: nil, resolution: nil, diagnostics: read.diagnostics)
        }
        do {
            let resolution = try resolve(
                scene, options.environment(scene.environment, versionGiven: scene.osVersionGiven))
            var scanned = ScannedFile(
                path: read.path, scene: scene, resolution: resolution, diagnostics: read.diagnostics)
            scanned.classSpans = read.swift?.classSpans ?? [:]
            return scanned
        } catch {
            return ScannedFile(
                path: read.path, scene: scene, resolution: nil,
                diagnostics: read.diagnostics + [unknownPlugin(error, path: read.path)])
        }
    }

    /// A scene naming a plugin outside the loaded set, as a finding of its file.
    static func unknownPlugin(_ error: SceneResolveError, path: String) -> Diagnostic {
        SceneFinding.unknownPlugin(error).diagnostic(location: SourceLocation(file: path, line: 1, column: 1))
    }

    static func unreadable(_ path: String, _ reason: String) -> Diagnostic {
        SceneFinding.unreadable(path: path, reason: reason).diagnostic(
            location: SourceLocation(file: path, line: 1, column: 1))
    }

    /// `(line N)` at the end of a scene reader's message.
    static func line(of d: Diagnostic) -> Int {
        guard let open = d.message.ranges(of: "(line ").last else { return 1 }
        let digits = d.message[open.upperBound...].prefix { $0.isNumber }
        return Int(digits) ?? 1
    }
}
