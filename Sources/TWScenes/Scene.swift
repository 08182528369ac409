import TWGrammar
import TWModel
import TWPlatform
import TWResolution
import TWSupport

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

    public init(name: String?, environment: RenderEnvironment, rules: SceneRules?, root: SceneNode) {
        self.name = name
        self.environment = environment
        self.rules = rules
        self.root = root
    }
}

/// Rules of a subtree, as written: only the fields present are applied.
public struct SceneRules: Hashable, Sendable {
    public var rules = Rules()
    public var overrides = RuleOverrides()
    /// `"replace": true` replaces the inherited rules instead of merging.
    public var replace = false
    /// The plugin scope: names, or `+name` / `-name` when merging.
    public var plugins: [PluginScopeChange]?
    /// Registrations written inline in a Swift source (`TWGlobalRules(modifiers:
    /// utilities: animations:)`). Replaced or merged with the rules.
    public var inline = InlineRegistrations()
    /// A replacing `.twRules(rules)` in a Swift source keeps the plugins loaded
    /// for the app: Swift code cannot name plugins, so they stay in scope
    /// everywhere. A JSON `"replace": true` drops them unless it names some.
    public var keepsPlugins = false
    /// Where the rules were written (Swift sources).
    public var location: SourceLocation?
    /// Swift sources: the view (type) whose code makes the `.twRules` call,
    /// and where the call's name is (`twRules` in `VStack { … }.twRules(…)`).
    public var view: String?
    public var call: SourceLocation?
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
///
/// A value with copy-on-write storage: nodes are handed from the reader to
/// the resolving threads and into every record, and a copy of this many
/// fields would otherwise retain each of them.
public struct SceneNode: Sendable {
    private final class Storage: @unchecked Sendable {
        // @unchecked: a storage shared by two nodes is never written (every
        // setter copies it first, `unique()`), so threads only read it; and
        // for the same reason no two accesses to a field can overlap, so the
        // fields go without dynamic exclusivity checks.
        @exclusivity(unchecked) var type: String
        @exclusivity(unchecked) var id: String?
        @exclusivity(unchecked) var path: String
        @exclusivity(unchecked) var jsonPath: String
        @exclusivity(unchecked) var line: Int
        @exclusivity(unchecked) var location: SourceLocation?
        @exclusivity(unchecked) var text: String?
        @exclusivity(unchecked) var label: String?
        @exclusivity(unchecked) var systemImage: String?
        @exclusivity(unchecked) var style: String?
        @exclusivity(unchecked) var native: [String] = []
        @exclusivity(unchecked) var tw: TWClasses?
        @exclusivity(unchecked) var buttonStyle: TWClasses?
        @exclusivity(unchecked) var state: SurfaceState = SurfaceState()
        @exclusivity(unchecked) var rules: SceneRules?
        @exclusivity(unchecked) var twAnimation: TWClasses?
        @exclusivity(unchecked) var adapters: [StyleAdapter] = []
        @exclusivity(unchecked) var cocoa: [CocoaRequest] = []
        @exclusivity(unchecked) var lifecycle: [String] = []
        @exclusivity(unchecked) var children: [SceneNode] = []
        @exclusivity(unchecked) var conditions: [SurfaceCondition] = []
        @exclusivity(unchecked) var combinations: [SurfaceCombination] = []
        @exclusivity(unchecked) var findings: [Diagnostic] = []

        init(type: String, path: String, jsonPath: String, line: Int) {
            self.type = type
            self.path = path
            self.jsonPath = jsonPath
            self.line = line
        }

        func copy() -> Storage {
            let copy = Storage(type: type, path: path, jsonPath: jsonPath, line: line)
            copy.id = id
            copy.location = location
            copy.text = text
            copy.label = label
            copy.systemImage = systemImage
            copy.style = style
            copy.native = native
            copy.tw = tw
            copy.buttonStyle = buttonStyle
            copy.state = state
            copy.rules = rules
            copy.twAnimation = twAnimation
            copy.adapters = adapters
            copy.cocoa = cocoa
            copy.lifecycle = lifecycle
            copy.children = children
            copy.conditions = conditions
            copy.combinations = combinations
            copy.findings = findings
            return copy
        }
    }

    private var storage: Storage

    /// The storage, copied first if another node shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public var type: String {
        get { storage.type }
        _modify { yield &unique().type }
    }
    public var id: String? {
        get { storage.id }
        _modify { yield &unique().id }
    }
    /// `/0/2`: child indexes from the root ("/" for the root itself).
    public var path: String {
        get { storage.path }
        _modify { yield &unique().path }
    }
    /// The JSON location, for messages: `/root/children/0`.
    public var jsonPath: String {
        get { storage.jsonPath }
        _modify { yield &unique().jsonPath }
    }
    public var line: Int {
        get { storage.line }
        _modify { yield &unique().line }
    }
    /// Where the node was written: its JSON object in a scene file, or its
    /// expression in a Swift source.
    public var location: SourceLocation? {
        get { storage.location }
        _modify { yield &unique().location }
    }
    public var text: String? {
        get { storage.text }
        _modify { yield &unique().text }
    }
    public var label: String? {
        get { storage.label }
        _modify { yield &unique().label }
    }
    public var systemImage: String? {
        get { storage.systemImage }
        _modify { yield &unique().systemImage }
    }
    public var style: String? {
        get { storage.style }
        _modify { yield &unique().style }
    }
    public var native: [String] {
        get { storage.native }
        _modify { yield &unique().native }
    }
    public var tw: TWClasses? {
        get { storage.tw }
        _modify { yield &unique().tw }
    }
    public var buttonStyle: TWClasses? {
        get { storage.buttonStyle }
        _modify { yield &unique().buttonStyle }
    }
    public var state: SurfaceState {
        get { storage.state }
        _modify { yield &unique().state }
    }
    public var rules: SceneRules? {
        get { storage.rules }
        _modify { yield &unique().rules }
    }
    public var twAnimation: TWClasses? {
        get { storage.twAnimation }
        _modify { yield &unique().twAnimation }
    }
    /// Control style adapters: `.textFieldStyle(.tw(…))`, `.toggleStyle(.tw(base:…))`, `.labelStyle(.tw(…))`.
    public var adapters: [StyleAdapter] {
        get { storage.adapters }
        _modify { yield &unique().adapters }
    }
    public var cocoa: [CocoaRequest] {
        get { storage.cocoa }
        _modify { yield &unique().cocoa }
    }
    public var lifecycle: [String] {
        get { storage.lifecycle }
        _modify { yield &unique().lifecycle }
    }
    public var children: [SceneNode] {
        get { storage.children }
        _modify { yield &unique().children }
    }
    /// Swift sources: the conditions the node's classes or state depend on
    /// (`expanded` in `expanded ? "a" : "b"`), in order of first use. The
    /// node's own `tw`, `buttonStyle`, `twAnimation`, `adapters` and `state`
    /// are the combination where every condition is true.
    public var conditions: [SurfaceCondition] {
        get { storage.conditions }
        _modify { yield &unique().conditions }
    }
    /// The node's classes and state under each other combination, in order.
    public var combinations: [SurfaceCombination] {
        get { storage.combinations }
        _modify { yield &unique().combinations }
    }
    /// What the reader found here: classes known only at run time, identity
    /// lints. Reported with the node's surface (or on their own when it has none).
    public var findings: [Diagnostic] {
        get { storage.findings }
        _modify { yield &unique().findings }
    }

    /// Whether the node applies any styling surface (under some combination).
    public var isStyled: Bool {
        tw != nil || buttonStyle != nil || twAnimation != nil || !adapters.isEmpty
            || combinations.contains {
                $0.tw != nil || $0.buttonStyle != nil || $0.twAnimation != nil || !$0.adapters.isEmpty
            }
    }

    /// A node with only its type and where it is; the rest is filled by the reader.
    public init(type: String, path: String, jsonPath: String, line: Int, location: SourceLocation?) {
        storage = Storage(type: type, path: path, jsonPath: jsonPath, line: line)
        storage.location = location
    }

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

/// Something a surface's classes depend on at run time.
public struct SurfaceCondition: Hashable, Sendable {
    /// The Swift condition as written (`expanded`, `item.isSelected`).
    public var text: String
    public var location: SourceLocation?
    public init(text: String, location: SourceLocation?) {
        self.text = text
        self.location = location
    }
}

/// A node's classes and state when its conditions take `values`.
public struct SurfaceCombination: Sendable {
    /// One value per condition, in the node's `conditions` order.
    public var values: [Bool]
    public var tw: TWClasses?
    public var buttonStyle: TWClasses?
    public var twAnimation: TWClasses?
    public var adapters: [StyleAdapter] = []
    public var state = SurfaceState()
    public init(values: [Bool]) { self.values = values }
}

/// A native control style adapter that decorates with the same engine.
public struct StyleAdapter: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case textFieldStyle, toggleStyle, labelStyle }
    public var kind: Kind
    /// `toggleStyle(.tw(base: .switch))`: the native style kept underneath.
    public var base: String?
    public var classes: TWClasses
    public init(kind: Kind, base: String?, classes: TWClasses) {
        self.kind = kind
        self.base = base
        self.classes = classes
    }
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
