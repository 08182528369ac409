import TWHost

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
        /// Threads to use; nil for every core.
        public var jobs: Int?
        public init() {}
    }

    /// The number of threads `jobs: nil` means.
    public static var defaultJobs: Int { Parallel.cores }

    public static func run(_ inputs: [SourceInput], plugins: [LoadedPlugin], options: Options) -> [ScannedFile] {
        // Swift sources all start from the same environment: their scopes are shared.
        var environment = RenderEnvironment()
        if let platform = options.platform { environment.platform = platform }
        if let version = options.osVersion { environment.osVersion = version }
        let shared = SharedScopes(environment: environment)
        return Parallel.map(inputs.count, jobs: options.jobs ?? Parallel.cores) { i in
            scan(inputs[i], plugins: plugins, options: options, shared: shared)
        }
    }

    /// Reads one input into a scene without resolving it (for `diff --scene`).
    public static func read(_ input: SourceInput) -> (scene: Scene?, path: String, diagnostics: [Diagnostic]) {
        switch input {
        case .unreadable(let path, let reason):
            return (nil, path, [unreadable(path, reason)])
        case .swift(let path):
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(path)
            } catch {
                return (nil, path, [unreadable(path, error.reason)])
            }
            let file = SwiftSources.read(path: path, bytes: bytes)
            return (file.scene, path, file.diagnostics)
        case .scene(let path):
            let display = path == "-" ? "<stdin>" : path
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(path)
            } catch {
                return (nil, display, [unreadable(display, error.reason)])
            }
            var reader = SceneReader(file: display)
            do {
                let scene = try reader.read(bytes)
                let warnings = reader.warnings.map { w -> Diagnostic in
                    var w = w
                    if w.location == nil { w.location = SourceLocation(file: display, line: line(of: w), column: 1) }
                    return w
                }
                return (scene, display, warnings)
            } catch {
                let l: Int
                switch error {
                case .invalid(_, let line, _), .unsupportedVersion(_, let line): l = line
                case .notJSON(let e): l = e.line
                }
                return (
                    nil, display,
                    [
                        Diagnostic(
                            .error, "invalid-scene", error.description,
                            location: SourceLocation(file: display, line: l, column: 1))
                    ]
                )
            }
        }
    }

    static func scan(_ input: SourceInput, plugins: [LoadedPlugin], options: Options, shared: SharedScopes)
        -> ScannedFile
    {
        let (scene, path, diagnostics) = read(input)
        guard let scene else { return ScannedFile(path: path, scene: nil, resolution: nil, diagnostics: diagnostics) }
        var environment = scene.environment
        if let platform = options.platform { environment.platform = platform }
        if let version = options.osVersion { environment.osVersion = version }
        do {
            try SceneResolver.checkPlugins(scene, loaded: plugins.map(\.info.name))
            let resolution = try SceneResolver.resolve(
                scene, plugins: plugins, state: options.state, lenient: options.lenient, environment: environment,
                shared: shared)
            return ScannedFile(path: path, scene: scene, resolution: resolution, diagnostics: diagnostics)
        } catch {
            let d = Diagnostic(
                .error, "unknown-plugin", error.description, location: SourceLocation(file: path, line: 1, column: 1))
            return ScannedFile(path: path, scene: scene, resolution: nil, diagnostics: diagnostics + [d])
        }
    }

    static func unreadable(_ path: String, _ reason: String) -> Diagnostic {
        Diagnostic(
            .error, "unreadable", "cannot read \(path): \(reason)",
            location: SourceLocation(file: path, line: 1, column: 1))
    }

    /// `(line N)` at the end of a scene reader's message.
    static func line(of d: Diagnostic) -> Int {
        guard let open = d.message.ranges(of: "(line ").last else { return 1 }
        let digits = d.message[open.upperBound...].prefix { $0.isNumber }
        return Int(digits) ?? 1
    }
}
