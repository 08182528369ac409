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

    /// Every node, a parent before its children and children in order (the
    /// order of the report), each visited with the context its parent's visit
    /// returned — as `SceneStream.walk` visits a streamed scene. A stack, not
    /// recursion: a chain of a thousand `.tw` calls nests a thousand nodes.
    func walk<Context>(
        _ context: Context, visit: (SceneNode, Context) throws(SceneResolveError) -> Context
    ) throws(SceneResolveError) {
        var stack: [(SceneNode, Context)] = [(root, context)]
        while let (node, inherited) = stack.popLast() {
            let inner = try visit(node, inherited)
            for child in node.children.reversed() { stack.append((child, inner)) }
        }
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
/// fields would otherwise retain each of them. Its fields are `Fields`, read
/// and written as the node's own (`node.tw`, `node.children.append(…)`).
@dynamicMemberLookup
public struct SceneNode: Equatable, Sendable {
    /// Every field of a node, the one list of them: the readers fill one and
    /// make the node from it.
    public struct Fields: Equatable, Sendable {
        public var type: String
        /// `/0/2`: child indexes from the root ("/" for the root itself).
        public var path: String
        /// The JSON location, for messages: `/root/children/0`.
        public var jsonPath: String
        public var line: Int
        /// Where the node was written: its JSON object in a scene file, or its
        /// expression in a Swift source.
        ///
        /// Spelled out: a `T?` variable starts as nil, so the initializer's
        /// assignment is a second write, after which the optimizer built the
        /// fields twice and copied one (each string and array retained, the
        /// other destroyed) for every node made; without that default the
        /// assignment initializes it.
        // swift-format-ignore: UseShorthandTypeNames
        public var location: Optional<SourceLocation>
        public var text: String?
        public var native: [String] = []
        public var tw: TWClasses?
        public var buttonStyle: TWClasses?
        public var state = SurfaceState()
        /// Rules set on this node. Most nodes set none: held in a box of
        /// their own (8 bytes here, not the 248 of the rules in place).
        public var rules: SceneRules? {
            get { boxedRules?.rules }
            set { boxedRules = newValue.map(Rules.init) }
        }
        @usableFromInline var boxedRules: Rules?
        /// The fields below, which most nodes leave empty, out of line: a
        /// node that sets none of them holds a nil pointer (8 bytes here, not
        /// the 104 of them in place; a chain of a thousand `.tw` calls is a
        /// thousand nodes).
        @usableFromInline var seldom: Seldom?
        public var id: String? {
            get { seldom?.fields.id }
            set { setSeldom(\.id, newValue) }
        }
        public var label: String? {
            get { seldom?.fields.label }
            set { setSeldom(\.label, newValue) }
        }
        public var systemImage: String? {
            get { seldom?.fields.systemImage }
            set { setSeldom(\.systemImage, newValue) }
        }
        public var style: String? {
            get { seldom?.fields.style }
            set { setSeldom(\.style, newValue) }
        }
        public var twAnimation: TWClasses? {
            get { seldom?.fields.twAnimation }
            set { setSeldom(\.twAnimation, newValue) }
        }
        /// Control style adapters: `.textFieldStyle(.tw(…))`, `.toggleStyle(.tw(base:…))`, `.labelStyle(.tw(…))`.
        public var adapters: [StyleAdapter] {
            get { seldom?.fields.adapters ?? [] }
            set { setSeldom(\.adapters, newValue) }
        }
        public var cocoa: [CocoaRequest] {
            get { seldom?.fields.cocoa ?? [] }
            set { setSeldom(\.cocoa, newValue) }
        }
        public var lifecycle: [String] {
            get { seldom?.fields.lifecycle ?? [] }
            set { setSeldom(\.lifecycle, newValue) }
        }
        public var children: [SceneNode] = []
        /// Swift sources: the conditions the node's classes or state depend on
        /// (`expanded` in `expanded ? "a" : "b"`), in order of first use. The
        /// node's own `tw`, `buttonStyle`, `twAnimation`, `adapters` and `state`
        /// are the combination where every condition is true.
        public var conditions: [SurfaceCondition] = []
        /// The node's classes and state under each other combination, in order.
        public var combinations: [SurfaceCombination] = []
        /// What the reader found here: classes known only at run time, identity
        /// lints. Reported with the node's surface (or on their own when it has none).
        public var findings: [Diagnostic] = []

        /// Only a node's type and where it is; the rest is filled by the reader.
        public init(type: String, path: String, jsonPath: String, line: Int, location: SourceLocation?) {
            self.type = type
            self.path = path
            self.jsonPath = jsonPath
            self.line = line
            self.location = location
        }

        /// Whether these fields, given `node`'s place in the tree (path and
        /// JSON path) and its children, are `node`'s: everything a node's
        /// surface record is made from (its location included) is then the
        /// same, so the two nodes get the same record.
        mutating func sameButForPlace(_ node: SceneNode) -> Bool {
            path = node.path
            jsonPath = node.box.fields.jsonPath
            children = node.children
            return self == node.box.fields
        }

        private mutating func setSeldom<Value>(_ field: WritableKeyPath<SeldomFields, Value>, _ value: Value) {
            var fields = seldom?.fields ?? SeldomFields()
            fields[keyPath: field] = value
            seldom = fields == SeldomFields() ? nil : .some(fields)
        }
    }

    /// The fields of a node most nodes leave empty.
    @usableFromInline
    struct SeldomFields: Equatable, Sendable {
        var id: String?
        var label: String?
        var systemImage: String?
        var style: String?
        var twAnimation: TWClasses?
        var adapters: [StyleAdapter] = []
        var cocoa: [CocoaRequest] = []
        var lifecycle: [String] = []
    }

    /// Those fields out of line; a node with all of them empty holds none
    /// (so two nodes with equal fields compare equal whichever way they got them).
    @usableFromInline
    enum Seldom: Equatable, Sendable {
        indirect case some(SeldomFields)
        var fields: SeldomFields {
            switch self {
            case .some(let fields): fields
            }
        }
    }

    /// A node's rules out of line: a node without them holds a nil pointer.
    @usableFromInline
    enum Rules: Equatable, Sendable {
        indirect case some(SceneRules)
        init(_ rules: SceneRules) { self = .some(rules) }
        var rules: SceneRules {
            switch self {
            case .some(let rules): rules
            }
        }
    }

    // Inlinable, so a reader in another module reaches a field through its
    // key path in place instead of copying the whole `Fields` and applying a
    // generic key path at run time.
    @usableFromInline
    final class Box: @unchecked Sendable {
        // @unchecked: a box shared by two nodes is never written (`fields`
        // copies it first), so threads only read it; and for the same reason
        // no two accesses to it can overlap, so it goes without dynamic
        // exclusivity checks.
        @usableFromInline @exclusivity(unchecked) var fields: Fields
        @usableFromInline init(_ fields: consuming Fields) { self.fields = fields }
        // Made in place: passed in as a `Fields`, they would be copied into the box.
        init(type: String, path: String, jsonPath: String, line: Int, location: SourceLocation?) {
            fields = Fields(type: type, path: path, jsonPath: jsonPath, line: line, location: location)
        }
    }

    @usableFromInline var box: Box

    /// A node of these fields, moved into its box (not copied).
    public init(_ fields: consuming Fields) { box = Box(fields) }

    /// Two nodes are equal when every field is, their subtrees included; a
    /// node and its copy are equal without comparing.
    public static func == (a: SceneNode, b: SceneNode) -> Bool { a.box === b.box || a.box.fields == b.box.fields }

    /// A node with only its type and where it is.
    public init(type: String, path: String, jsonPath: String, line: Int, location: SourceLocation?) {
        box = Box(type: type, path: path, jsonPath: jsonPath, line: line, location: location)
    }

    /// The node's fields; written, the box is copied first if another node shares it.
    @inlinable
    public var fields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    // The fields every walk of a tree reads, as members of their own: a key
    // path applied per read costs more than the read (the others go through
    // the subscript below).
    @inlinable public var type: String {
        _read { yield box.fields.type }
        _modify { yield &fields.type }
    }
    @inlinable public var path: String {
        _read { yield box.fields.path }
        _modify { yield &fields.path }
    }
    @inlinable public var children: [SceneNode] {
        _read { yield box.fields.children }
        _modify { yield &fields.children }
    }
    @inlinable public var rules: SceneRules? {
        _read { yield box.fields.rules }
        _modify { yield &fields.rules }
    }
    // The fields held out of line, read in place too: through a key path, a
    // computed field is read from a copy of the whole `Fields`.
    @inlinable public var id: String? {
        get { box.fields.id }
        set { fields.id = newValue }
    }
    @inlinable public var label: String? {
        get { box.fields.label }
        set { fields.label = newValue }
    }
    @inlinable public var systemImage: String? {
        get { box.fields.systemImage }
        set { fields.systemImage = newValue }
    }
    @inlinable public var style: String? {
        get { box.fields.style }
        set { fields.style = newValue }
    }
    @inlinable public var twAnimation: TWClasses? {
        get { box.fields.twAnimation }
        set { fields.twAnimation = newValue }
    }
    @inlinable public var adapters: [StyleAdapter] {
        get { box.fields.adapters }
        set { fields.adapters = newValue }
    }
    @inlinable public var cocoa: [CocoaRequest] {
        get { box.fields.cocoa }
        set { fields.cocoa = newValue }
    }
    @inlinable public var lifecycle: [String] {
        get { box.fields.lifecycle }
        set { fields.lifecycle = newValue }
    }

    @inlinable
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        _read { yield box.fields[keyPath: field] }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields[keyPath: field]
        }
    }

    /// Whether the node applies any styling surface (under some combination).
    public var isStyled: Bool {
        // Read in place: a copy of `Fields` would retain each of its fields.
        box.fields.tw != nil || box.fields.buttonStyle != nil || box.fields.twAnimation != nil
            || !box.fields.adapters.isEmpty
            || box.fields.combinations.contains {
                $0.tw != nil || $0.buttonStyle != nil || $0.twAnimation != nil || !$0.adapters.isEmpty
            }
    }

    /// The native source kind of this node's type.
    public var sourceKind: SurfaceSource.Kind {
        switch box.fields.type {
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
public struct SurfaceCombination: Equatable, Sendable {
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
public struct StyleAdapter: Equatable, Sendable {
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
