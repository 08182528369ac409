import TWHost
import TWSwiftSource

/// What the server resolves with: the keys of `.twhost.json`, read by the
/// loader `twhost check` uses (`LintConfiguration`), from the file or from
/// `initializationOptions` / `workspace/didChangeConfiguration` settings
/// (docs/Editors.md), so the editor and the command line can never read
/// them differently.
public struct ServerConfiguration: Equatable, Sendable {
    /// The keys as read; `file` is the `.twhost.json` they came from, empty for the client's settings.
    public var keys: LintConfiguration

    public init(_ keys: LintConfiguration = LintConfiguration(file: "")) { self.keys = keys }

    /// Plugins to load, in order (names or `.so` paths), as `--plugins`.
    public var plugins: [String] { keys.plugins ?? [] }
    /// Folders searched first, as `--plugin-path`: a file's are resolved against
    /// its folder, the client's are relative to the workspace root.
    public var pluginPaths: [String] { keys.pluginPaths ?? [] }
    public var platform: RenderEnvironment.Platform? { keys.platform }
    public var osVersion: Int? { keys.osVersion }
    /// The appearance theme tokens resolve for, as `--color-scheme`.
    public var colorScheme: Theme.ColorScheme? { keys.colorScheme }

    /// The client's settings, read as `.twhost.json` is; each wrong key is
    /// listed in `problems` (with "did you mean") and keeps its default.
    public static func read(_ node: JSONNode?, source: String, problems: inout [String]) -> ServerConfiguration {
        guard let node else { return ServerConfiguration() }
        var found: [ConfigurationError] = []
        let keys = LintConfiguration.read(node, source: source, problems: &found)
        problems += found.map(\.description)
        return ServerConfiguration(keys)
    }

    /// The environment documents resolve in.
    public var environment: RenderEnvironment {
        var environment = RenderEnvironment(platform: platform ?? .ios)
        if let v = osVersion { environment.osVersion = v }
        if let scheme = colorScheme { environment.colorScheme = scheme }
        return environment
    }

    /// The options `SourceScan` resolves documents with.
    public var scanOptions: SourceScan.Options {
        var options = SourceScan.Options()
        options.platform = platform
        options.osVersion = osVersion
        options.colorScheme = colorScheme
        options.jobs = 1
        return options
    }
}
