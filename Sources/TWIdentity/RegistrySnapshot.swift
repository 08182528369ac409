import TWModel
import TWRegistry
import TWSupport

/// A versioned description of every registration of a scope, in merged order,
/// with the probed structure of what each factory returns active and inactive:
/// the baseline `twhost diff` reads. Format: docs/CI.md.
///
/// Two snapshots are equal when their plugins and registrations are; where
/// each entry was written in a file (`positions`) and whether the file's
/// order contradicted its fields (`misorder`) do not count.
public struct RegistrySnapshot: Equatable, Sendable {
    /// The format version written for a snapshot with registrations written
    /// inline in Swift sources: version 2 added their `scope` and `location`
    /// (and lets one name appear once per scope). A snapshot without them is
    /// written as version 1, byte for byte as before. Readers accept both.
    /// The one-entry-per-line layout kept the version: the fields are the
    /// same, and pretty-printed files written before it read as they always did.
    public static let formatVersion = 2
    /// The version of a snapshot of plugins only.
    public static let pluginsOnlyVersion = 1

    /// The version this snapshot is written as.
    public var version: Int {
        entries.contains { $0.scope != nil } ? Self.formatVersion : Self.pluginsOnlyVersion
    }

    /// A `.twRules` call whose rules register inline (Swift sources): the
    /// view whose code makes it, and where the call is. Its registrations
    /// carry the plugin name `source@ID`.
    public struct Scope: Equatable, Sendable {
        /// The view's name, `#2`, `#3` … after it for its second, third …
        /// call (by file and line).
        public var id: String
        public var view: String
        public var file: String
        public var line: Int

        public init(id: String, view: String, file: String, line: Int) {
            self.id = id
            self.view = view
            self.file = file
            self.line = line
        }

        /// The plugin name of the scope's registrations: `source@CardView`.
        public var plugin: String { Self.prefix + id }
        static let prefix = InlineRegistrations.pluginName + "@"

        /// Whether a plugin name is a scope's (`source@…`).
        public static func isScope(_ plugin: String) -> Bool { plugin.hasPrefix(prefix) }
    }

    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case modifier, utility, recipe, animation

        /// Its place in `allCases`.
        var index: Int {
            switch self {
            case .modifier: return 0
            case .utility: return 1
            case .recipe: return 2
            case .animation: return 3
            }
        }
    }

    public struct Entry: Equatable, Sendable {
        public var name: String
        public var plugin: String
        public var kind: Kind
        // Modifiers.
        public var form: String?
        public var phase: String?
        public var order: Int?
        public var conflictKey: String?
        public var argumentType: String?
        public var defaultArgument: String?
        public var activeStructure: String?
        public var inactiveStructure: String?
        public var activeModifier: String?
        public var inactiveModifier: String?
        /// A factory call that failed while probing.
        public var probeError: String?
        /// Registrations written inline in Swift sources: the `.twRules`
        /// scope they belong to, and where each is written.
        public var scope: Scope?
        public var location: SourceLocation?
        // Recipes.
        public var classes: String?
        // Utilities and animations: what each probe produced.
        public var probes: [String]?

        public init(name: String, plugin: String, kind: Kind) {
            self.name = name
            self.plugin = plugin
            self.kind = kind
        }

        /// Whether the factory returns another structure inactive than active.
        public var unstable: Bool {
            kind == .modifier && activeStructure != nil && activeStructure != inactiveStructure
        }

        /// Whether every surface in scope keeps a slot for it, selected or
        /// not: general view forms and shape forms (R-TARGET-3). Text and
        /// image forms run only where their class is selected.
        public var holdsSlot: Bool {
            guard kind == .modifier, let form = form.flatMap(RegistrationForm.init(rawValue:)) else { return false }
            return form.target == nil || form.target == .shape
        }

        /// The key entries are unique by within a snapshot: `kind:name`, and
        /// `kind:name source@ID` for a scope's registration.
        public var key: String { kind.rawValue + ":" + Positions.key(name, plugin: plugin) }
    }

    /// Where an entry or plugin was written in the file a snapshot was read
    /// from (line and column of its opening brace).
    ///
    /// Entries are kept by kind and name, line and column packed in one
    /// integer: recording one costs a single hash of its name, and the same
    /// table tells a reader whether a `kind:name` key was seen before.
    public struct Positions: Sendable {
        /// The path every position is in.
        var file = ""
        /// By kind (`Kind.allCases` order), then by name: `line << 32 | column`.
        private var byKind: [[String: Int]] = Array(repeating: [:], count: Kind.allCases.count)
        /// By plugin name.
        public var plugins: [String: SourceLocation] = [:]

        public init() {}

        init(file: String) { self.file = file }

        /// The name positions are kept by: a scope's registration by name and
        /// scope, since one name may be registered once in each scope.
        static func key(_ name: String, plugin: String) -> String {
            Scope.isScope(plugin) ? name + " " + plugin : name
        }

        /// Records where an entry was written; false (and nothing recorded)
        /// when an entry of that kind and name was recorded before.
        mutating func record(_ kind: Kind, _ name: String, line: Int, column: Int) -> Bool {
            var fresh = false
            // One lookup: the slot is made with -1 when the name is new.
            func fill(_ slot: inout Int) {
                guard slot < 0 else { return }
                slot = line << 32 | column
                fresh = true
            }
            fill(&byKind[kind.index][name, default: -1])
            return fresh
        }

        /// Makes room for `count` modifiers.
        mutating func reserve(_ count: Int) { byKind[Kind.modifier.index].reserveCapacity(count) }

        /// Where the entry of that kind and name was written.
        public func entry(_ kind: Kind, _ name: String) -> SourceLocation? {
            byKind[kind.index][name].map { SourceLocation(file: file, line: $0 >> 32, column: $0 & 0xFFFF_FFFF) }
        }

        /// Every entry's position, by `Entry.key`.
        public var entries: [String: SourceLocation] {
            var all: [String: SourceLocation] = [:]
            for kind in Kind.allCases {
                for name in byKind[kind.index].keys {
                    all[kind.rawValue + ":" + name] = entry(kind, name)
                }
            }
            return all
        }
    }

    /// A file whose modifier registrations are not in merged order: the
    /// array lists `earlier` before `later`, whose fields put it first.
    public struct Misorder: Equatable, Sendable {
        public var earlier: String
        public var later: String
    }

    public struct Plugin: Equatable, Sendable {
        public var name: String
        public var version: String
        public var abi: String
    }

    public var plugins: [Plugin]
    /// Modifiers in merged order (phase, order, name), then utilities,
    /// recipes and presets by name.
    public var entries: [Entry]
    /// Filled by `read(_:file:)`; empty for a snapshot probed in this process.
    public var positions = Positions()
    /// Set by `read(_:file:)` when the file's array contradicted its fields.
    public var misorder: Misorder?

    public init(plugins: [Plugin], entries: [Entry]) {
        self.plugins = plugins
        self.entries = entries
    }

    public static func == (a: RegistrySnapshot, b: RegistrySnapshot) -> Bool {
        a.plugins == b.plugins && a.entries == b.entries
    }

    /// Canonical order: modifiers in merged order (R-ORDER-1: phase, then
    /// order, then name bytewise), then utilities, recipes and animation
    /// presets, each by name bytewise, as `twhost registry` writes them.
    public static func canonicalOrder(_ a: Entry, _ b: Entry) -> Bool {
        if a.kind != b.kind { return a.kind.index < b.kind.index }
        if a.kind == .modifier {
            // Neighbours mostly share a phase: equal text needs no parsing.
            if a.phase != b.phase {
                let pa = ChainPhase(rawValue: a.phase ?? "") ?? .effects
                let pb = ChainPhase(rawValue: b.phase ?? "") ?? .effects
                if pa != pb { return pa < pb }
            }
            if a.order != b.order { return (a.order ?? 0) < (b.order ?? 0) }
        }
        if a.name != b.name { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
        // One name in several `.twRules` scopes (version 2).
        return a.plugin.utf8.lexicographicallyPrecedes(b.plugin.utf8)
    }

    /// Probes every registration of the registry: factories called active and
    /// inactive with the default argument, utilities and presets with fixed probes.
    public init(registry: PluginRegistry, theme: Theme = Theme()) {
        plugins = registry.plugins.map {
            Plugin(name: $0.name, version: $0.version, abi: "\($0.abiMajor).\($0.abiMinor)")
        }
        entries = Self.probedEntries(of: registry, theme: theme)
    }

    /// The entries of a registry, probed; modifiers in merged order, then
    /// utilities, recipes and presets by name.
    static func probedEntries(of registry: PluginRegistry, theme: Theme) -> [Entry] {
        var entries: [Entry] = []
        for m in registry.modifiers {
            var entry = Entry(name: m.name, plugin: m.plugin, kind: .modifier)
            entry.form = m.form.rawValue
            entry.phase = m.phase.rawValue
            entry.order = m.order
            entry.conflictKey = m.conflictKey
            entry.argumentType = m.argumentType.rawValue
            entry.defaultArgument = m.defaultArgument
            var value: TypedValue?
            switch m.defaultValue(in: theme) {
            case .success(let v)?: value = v
            case .failure(let failure)?: entry.probeError = "default argument: \(failure.message)"
            case nil: value = nil
            }
            if entry.probeError == nil {
                switch (m.makeModifier(active: true, value: value), m.makeModifier(active: false, value: value)) {
                case (.success(let active), .success(let inactive)):
                    entry.activeStructure = active.structure
                    entry.inactiveStructure = inactive.structure
                    entry.activeModifier = active.swiftCode
                    entry.inactiveModifier = inactive.swiftCode
                case (.failure(let error), _), (_, .failure(let error)):
                    entry.probeError = error.description
                }
            }
            entries.append(entry)
        }
        for u in registry.utilities {
            var entry = Entry(name: u.prefix, plugin: u.plugin, kind: .utility)
            entry.probes = RegistryProbes.utilityArguments.map { argument in
                switch u.expand(argument, theme: theme) {
                case .success(let classes): return classes
                case .failure: return "(rejected)"
                }
            }
            entries.append(entry)
        }
        for r in registry.recipes {
            var entry = Entry(name: r.name, plugin: r.plugin, kind: .recipe)
            entry.classes = r.classes
            entries.append(entry)
        }
        for a in registry.animations {
            var entry = Entry(name: a.name, plugin: a.plugin, kind: .animation)
            entry.probes = RegistryProbes.animationSeconds.map { IRValue.animationCode(a.make(seconds: $0)) }
            entries.append(entry)
        }
        return entries
    }

    public var modifiers: [Entry] { entries.filter { $0.kind == .modifier } }

    public func entry(_ kind: Kind, _ name: String) -> Entry? { entries.first { $0.kind == kind && $0.name == name } }

    // MARK: JSON

    /// The file `twhost registry` writes: JSON with one plugin or
    /// registration per line, so that a finding can point at the line of
    /// its registration and a review shows one changed line per change.
    ///
    /// ```
    /// {
    ///   "twhostRegistry": 1,
    ///   "plugins": [
    ///     {"name": "motion", "version": "1.0.0", "abi": "1.0"}
    ///   ],
    ///   "registrations": [
    ///     {"name": "tilt", "plugin": "motion", "kind": "modifier", …}
    ///   ]
    /// }
    /// ```
    public var fileText: String {
        guard case .object(let members) = json else { return json.serialized() + "\n" }
        var lines = ["{"]
        for (i, (key, value)) in members.enumerated() {
            var quoted = ""
            JSONValue.quote(key, into: &quoted)
            let comma = i + 1 < members.count ? "," : ""
            if case .array(let items) = value, !items.isEmpty {
                lines.append("  \(quoted): [")
                for (j, item) in items.enumerated() {
                    lines.append("    " + item.serializedOnOneLine() + (j + 1 < items.count ? "," : ""))
                }
                lines.append("  ]" + comma)
            } else {
                lines.append("  \(quoted): " + value.serializedOnOneLine() + comma)
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            ("twhostRegistry", .number(Double(version))),
            (
                "plugins",
                .array(
                    plugins.map {
                        .object([
                            ("name", .string($0.name)), ("version", .string($0.version)), ("abi", .string($0.abi)),
                        ])
                    })
            ),
            (
                "registrations",
                .array(
                    entries.map { e in
                        var members: [(String, JSONValue)] = [
                            ("name", .string(e.name)), ("plugin", .string(e.plugin)),
                            ("kind", .string(e.kind.rawValue)),
                        ]
                        switch e.kind {
                        case .modifier:
                            members += [
                                ("form", optional(e.form)), ("phase", optional(e.phase)),
                                ("order", e.order.map { .number(Double($0)) } ?? .null),
                                ("conflictKey", optional(e.conflictKey)), ("argumentType", optional(e.argumentType)),
                                ("default", optional(e.defaultArgument)),
                                (
                                    "structure",
                                    .object([
                                        ("active", optional(e.activeStructure)),
                                        ("inactive", optional(e.inactiveStructure)),
                                    ])
                                ),
                                (
                                    "modifier",
                                    .object([
                                        ("active", optional(e.activeModifier)),
                                        ("inactive", optional(e.inactiveModifier)),
                                    ])
                                ),
                            ]
                            if let error = e.probeError { members.append(("probeError", .string(error))) }
                        case .recipe:
                            members.append(("classes", optional(e.classes)))
                        case .utility, .animation:
                            members.append(("probes", .array((e.probes ?? []).map(JSONValue.string))))
                        }
                        if let scope = e.scope {
                            members.append(
                                (
                                    "scope",
                                    .object([
                                        ("view", .string(scope.view)), ("file", .string(scope.file)),
                                        ("line", .number(Double(scope.line))),
                                    ])
                                ))
                        }
                        if let l = e.location {
                            members.append(
                                (
                                    "location",
                                    .object([
                                        ("file", .string(l.file)), ("line", .number(Double(l.line))),
                                        ("column", .number(Double(l.column))),
                                    ])
                                ))
                        }
                        return .object(members)
                    })
            ),
        ])
    }

    /// Why a snapshot file could not be read.
    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads a snapshot written by `twhost registry` (in any layout). The
    /// registrations come back in canonical order, recomputed from their
    /// fields: the array's order is never trusted, and when it contradicts
    /// the fields, `misorder` says where.
    /// - Parameters:
    ///   - file: the path that `positions` name (as the user gave it).
    /// - Complexity: one pass over the bytes for a file `twhost registry`
    ///   wrote; a file it would not write (other spacing is fine) is read
    ///   again as a JSON tree, whose reader owns every error message.
    public static func read(_ bytes: [UInt8], file: String = "") throws(ReadError) -> RegistrySnapshot {
        if let contents = SnapshotDecoder.decode(bytes, file: file) {
            return ordered(plugins: contents.plugins, entries: contents.entries, positions: contents.positions)
        }
        return try readTree(bytes, file: file)
    }

    /// `read` through a general JSON tree: every file, with every error.
    static func readTree(_ bytes: [UInt8], file: String) throws(ReadError) -> RegistrySnapshot {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ReadError(message: "not valid JSON: \(error.description)")
        }
        guard case .object(let top) = root.value else {
            throw ReadError(message: "not a twhost registry snapshot (expected an object)")
        }
        func field(_ members: [JSONMember], _ key: String) -> JSONNode? { members.first { $0.key == key }?.node }
        guard let versionNode = field(top, "twhostRegistry") else {
            throw ReadError(message: "not a twhost registry snapshot (no \"twhostRegistry\" version field)")
        }
        guard case .number(let version) = versionNode.value, version == version.rounded(), version >= 1 else {
            throw ReadError(message: "/twhostRegistry: expected a version number (line \(versionNode.line))")
        }
        guard version == Double(formatVersion) || version == Double(pluginsOnlyVersion) else {
            // Compared as a Double: a version such as 1e300 has no Int.
            throw ReadError(
                message:
                    "snapshot format version \(JSONValue.format(version)) is not supported: this twhost reads versions \(pluginsOnlyVersion) and \(formatVersion); regenerate it with this twhost's `twhost registry -o FILE`"
            )
        }
        func string(_ node: JSONNode?, _ path: String, optional: Bool = false) throws(ReadError) -> String? {
            guard let node else {
                if optional { return nil }
                throw ReadError(message: "\(path): missing")
            }
            switch node.value {
            case .string(let s): return s
            case .null where optional: return nil
            default: throw ReadError(message: "\(path): expected a string (line \(node.line))")
            }
        }
        var plugins: [Plugin] = []
        var positions = Positions(file: file)
        guard let pluginsNode = field(top, "plugins"), case .array(let pluginItems) = pluginsNode.value else {
            throw ReadError(message: "/plugins: expected an array")
        }
        for (i, item) in pluginItems.enumerated() {
            guard case .object(let m) = item.value else {
                throw ReadError(message: "/plugins/\(i): expected an object (line \(item.line))")
            }
            plugins.append(
                Plugin(
                    name: try string(field(m, "name"), "/plugins/\(i)/name") ?? "",
                    version: try string(field(m, "version"), "/plugins/\(i)/version") ?? "",
                    abi: try string(field(m, "abi"), "/plugins/\(i)/abi") ?? ""))
            if let name = plugins.last?.name, positions.plugins[name] == nil {
                positions.plugins[name] = SourceLocation(file: file, line: item.line, column: item.column)
            }
        }
        guard let regsNode = field(top, "registrations"), case .array(let items) = regsNode.value else {
            throw ReadError(message: "/registrations: expected an array")
        }
        var entries: [Entry] = []
        for (i, item) in items.enumerated() {
            let p = "/registrations/\(i)"
            guard case .object(let m) = item.value else {
                throw ReadError(message: "\(p): expected an object (line \(item.line))")
            }
            let name = try string(field(m, "name"), "\(p)/name") ?? ""
            let kindText = try string(field(m, "kind"), "\(p)/kind") ?? ""
            guard let kind = Kind(rawValue: kindText) else {
                throw ReadError(message: "\(p)/kind: unknown kind '\(kindText)' (line \(item.line))")
            }
            let plugin = try string(field(m, "plugin"), "\(p)/plugin") ?? ""
            // Keys are unique; where each was written doubles as the set of keys seen.
            guard
                positions.record(kind, Positions.key(name, plugin: plugin), line: item.line, column: item.column)
            else {
                throw ReadError(message: "\(p): \(kind.rawValue) '\(name)' appears twice (line \(item.line))")
            }
            var entry = Entry(name: name, plugin: plugin, kind: kind)
            if Scope.isScope(plugin) {
                guard version == Double(formatVersion) else {
                    throw ReadError(
                        message:
                            "\(p)/plugin: '\(plugin)' is a source scope, which version 1 has not (line \(item.line))")
                }
                func integer(_ node: JSONNode?, _ path: String) throws(ReadError) -> Int {
                    guard let node, case .number(let n) = node.value, n == n.rounded(), n >= 1, n <= Double(Int32.max)
                    else { throw ReadError(message: "\(path): expected a positive integer") }
                    return Int(n)
                }
                guard let scopeNode = field(m, "scope"), case .object(let sm) = scopeNode.value else {
                    throw ReadError(message: "\(p)/scope: expected an object (line \(item.line))")
                }
                entry.scope = Scope(
                    id: String(plugin.dropFirst(Scope.prefix.count)),
                    view: try string(field(sm, "view"), "\(p)/scope/view") ?? "",
                    file: try string(field(sm, "file"), "\(p)/scope/file") ?? "",
                    line: try integer(field(sm, "line"), "\(p)/scope/line"))
                guard let locationNode = field(m, "location"), case .object(let lm) = locationNode.value else {
                    throw ReadError(message: "\(p)/location: expected an object (line \(item.line))")
                }
                entry.location = SourceLocation(
                    file: try string(field(lm, "file"), "\(p)/location/file") ?? "",
                    line: try integer(field(lm, "line"), "\(p)/location/line"),
                    column: try integer(field(lm, "column"), "\(p)/location/column"))
            }
            switch kind {
            case .modifier:
                entry.form = try string(field(m, "form"), "\(p)/form")
                guard RegistrationForm(rawValue: entry.form ?? "") != nil else {
                    throw ReadError(message: "\(p)/form: unknown form")
                }
                entry.phase = try string(field(m, "phase"), "\(p)/phase")
                guard ChainPhase(registrationPhase: entry.phase ?? "") != nil else {
                    throw ReadError(message: "\(p)/phase: unknown phase")
                }
                guard let orderNode = field(m, "order"), case .number(let order) = orderNode.value,
                    order == order.rounded(),
                    abs(order) <= Double(Int32.max)
                else { throw ReadError(message: "\(p)/order: expected an integer") }
                entry.order = Int(order)
                entry.conflictKey = try string(field(m, "conflictKey"), "\(p)/conflictKey")
                entry.argumentType = try string(field(m, "argumentType"), "\(p)/argumentType")
                guard ArgumentType(rawValue: entry.argumentType ?? "") != nil else {
                    throw ReadError(message: "\(p)/argumentType: unknown type")
                }
                entry.defaultArgument = try string(field(m, "default"), "\(p)/default", optional: true)
                if let s = field(m, "structure"), case .object(let sm) = s.value {
                    entry.activeStructure = try string(field(sm, "active"), "\(p)/structure/active", optional: true)
                    entry.inactiveStructure = try string(
                        field(sm, "inactive"), "\(p)/structure/inactive", optional: true)
                } else {
                    throw ReadError(message: "\(p)/structure: expected an object")
                }
                if let s = field(m, "modifier"), case .object(let sm) = s.value {
                    entry.activeModifier = try string(field(sm, "active"), "\(p)/modifier/active", optional: true)
                    entry.inactiveModifier = try string(field(sm, "inactive"), "\(p)/modifier/inactive", optional: true)
                }
                entry.probeError = try string(field(m, "probeError"), "\(p)/probeError", optional: true)
            case .recipe:
                entry.classes = try string(field(m, "classes"), "\(p)/classes")
            case .utility, .animation:
                guard let probesNode = field(m, "probes"), case .array(let probeItems) = probesNode.value else {
                    throw ReadError(message: "\(p)/probes: expected an array")
                }
                var probes: [String] = []
                for (j, probe) in probeItems.enumerated() { probes.append(try string(probe, "\(p)/probes/\(j)") ?? "") }
                entry.probes = probes
            }
            entries.append(entry)
        }
        return ordered(plugins: plugins, entries: entries, positions: positions)
    }

    /// Whether no entry should come before the one listed before it: what
    /// `canonicalOrder` says of each pair of neighbours, with the fields read
    /// where they lie (passing whole entries would copy each one).
    private static func isCanonical(_ entries: [Entry]) -> Bool {
        for i in entries.indices.dropLast() {
            let (a, b) = (i, i + 1)
            let kind = entries[a].kind
            if kind != entries[b].kind {
                if entries[b].kind.index < kind.index { return false }
                continue
            }
            if kind == .modifier {
                if entries[a].phase != entries[b].phase {
                    if canonicalOrder(entries[b], entries[a]) { return false }
                    continue
                }
                if entries[a].order != entries[b].order {
                    if (entries[b].order ?? 0) < (entries[a].order ?? 0) { return false }
                    continue
                }
            }
            if entries[b].name.utf8.lexicographicallyPrecedes(entries[a].name.utf8) { return false }
            if entries[b].name == entries[a].name
                && entries[b].plugin.utf8.lexicographicallyPrecedes(entries[a].plugin.utf8)
            {
                return false
            }
        }
        return true
    }

    /// The snapshot of entries as a file listed them: in canonical order,
    /// with `misorder` set where the file's order contradicted their fields.
    private static func ordered(plugins: [Plugin], entries: [Entry], positions: Positions) -> RegistrySnapshot {
        // Files twhost wrote are already in canonical order: check before sorting.
        let canonical = isCanonical(entries)
        var snapshot = RegistrySnapshot(
            plugins: plugins, entries: canonical ? entries : entries.sorted(by: canonicalOrder))
        snapshot.positions = positions
        // The first neighbours (among modifiers, the only entries whose order
        // means something) that the array lists against their fields.
        let listed = canonical ? [] : entries.filter { $0.kind == .modifier }
        if let i = listed.indices.dropLast().first(where: { canonicalOrder(listed[$0 + 1], listed[$0]) }) {
            snapshot.misorder = Misorder(earlier: listed[i].name, later: listed[i + 1].name)
        }
        return snapshot
    }
}

extension IRValue {
    /// SwiftUI syntax for an animation value.
    public static func animationCode(_ animation: AnimationValue) -> String {
        animation.swiftCode
    }
}

extension RegistrySnapshot {
    /// One line a registration, in merged order.
    public var text: String {
        var lines: [String] = []
        for e in entries {
            switch e.kind {
            case .modifier:
                lines.append(
                    "modifier  \(e.phase ?? "-")  order \(e.order ?? 0)  \(e.name) (\(e.plugin))  \(e.form ?? "")"
                        + "  \(e.argumentType ?? "")  key \(e.conflictKey ?? "")  default \(e.defaultArgument ?? "-")\n"
                        + "          \(e.activeModifier ?? e.probeError ?? "")"
                        + (e.unstable
                            ? "\n          inactive: \(e.inactiveModifier ?? "")  [\(DiffRule.unstableStructure.id)]"
                            : ""))
            case .recipe: lines.append("recipe    \(e.name) (\(e.plugin))  \(e.classes ?? "")")
            case .utility:
                // A snapshot read from a file may carry fewer probes than twhost writes.
                let probes = e.probes ?? []
                let index = RegistryProbes.utilityArguments.firstIndex(of: "4") ?? 0
                let sample = index < probes.count ? "\(e.name)-[4] → \(probes[index])" : "(no probe for 4)"
                lines.append("utility   \(e.name)-[…] (\(e.plugin))  \(sample)")
            case .animation: lines.append("animation animate-\(e.name) (\(e.plugin))  \(e.probes?.first ?? "")")
            }
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}
