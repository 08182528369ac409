/// A scene file (version 1): what a view tree's styling needs (SPEC §6).
public struct Scene: Sendable {
    public var name: String?
    public var environment: RenderEnvironment
    /// Which environment fields the file set (the CLI may override the rest).
    public var rules: SceneRules?
    public var root: SceneNode
    /// The environment named an `osVersion`; else it is the platform's default,
    /// and `--platform` alone moves it to the new platform's default.
    public var osVersionGiven = false
}

/// Rules of a subtree, as written: only the fields present are applied.
public struct SceneRules: Hashable, Sendable {
    public var rules = Rules()
    public var overrides = RuleOverrides()
    /// `"replace": true` replaces the inherited rules instead of merging.
    public var replace = false
    /// The plugin scope: names, or `+name` / `-name` when merging.
    public var plugins: [PluginScopeChange]?
    public init() {}
}

/// One entry of `rules.plugins`.
public enum PluginScopeChange: Hashable, Sendable {
    case add(String)
    case drop(String)

    public var name: String {
        switch self {
        case .add(let n), .drop(let n): return n
        }
    }
}

/// A node of the view tree.
public struct SceneNode: Sendable {
    public var type: String
    public var id: String?
    /// `/0/2`: child indexes from the root ("/" for the root itself).
    public var path: String
    /// The JSON location, for messages: `/root/children/0`.
    public var jsonPath: String
    public var line: Int
    /// Where the node was written: its JSON object in a scene file, or its
    /// expression in a Swift source.
    public var location: SourceLocation?
    public var text: String?
    public var label: String?
    public var systemImage: String?
    public var style: String?
    public var native: [String] = []
    public var tw: TWClasses?
    public var buttonStyle: TWClasses?
    public var state = SurfaceState()
    public var rules: SceneRules?
    public var twAnimation: TWClasses?
    /// Control style adapters: `.textFieldStyle(.tw(…))`, `.toggleStyle(.tw(base:…))`, `.labelStyle(.tw(…))`.
    public var adapters: [StyleAdapter] = []
    public var cocoa: [CocoaRequest] = []
    public var lifecycle: [String] = []
    public var children: [SceneNode] = []

    /// The native source kind of this node's type.
    public var sourceKind: SurfaceSource.Kind {
        switch type {
        case "Text": return .text
        case "Image": return .image
        case "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "UnevenRoundedRectangle": return .shape
        default: return .view
        }
    }
}

/// A native control style adapter that decorates with the same engine.
public struct StyleAdapter: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case textFieldStyle, toggleStyle, labelStyle }
    public var kind: Kind
    /// `toggleStyle(.tw(base: .switch))`: the native style kept underneath.
    public var base: String?
    public var classes: TWClasses
}

/// A `.cocoa` customization on a node: the default type or a named one.
public struct CocoaRequest: Hashable, Sendable {
    /// nil for `{"default": true}`.
    public var typeName: String?
}

/// Why a scene could not be read. Every case carries the JSON path and line.
public enum SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    case notJSON(JSONParseError)
    case invalid(path: String, line: Int, message: String)
    case unsupportedVersion(Int, line: Int)

    public var description: String {
        switch self {
        case .notJSON(let e): return "not valid JSON: \(e.description)"
        case .invalid(let path, let line, let message): return "\(path.isEmpty ? "/" : path): \(message) (line \(line))"
        case .unsupportedVersion(let v, let line):
            return "/scene: version \(v) is not supported; this twhost reads scene version 1 (line \(line))"
        }
    }
}
