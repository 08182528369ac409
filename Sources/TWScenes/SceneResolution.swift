import Synchronization
import TWGrammar
import TWLoading
import TWModel
import TWPlatform
import TWRegistry
import TWResolution
import TWSupport

/// One resolved surface of a scene: a node's `.tw`, its `.buttonStyle(.tw(…))`
/// and its `.twAnimation`.
public struct SurfaceRecord: Sendable {
    public var node: SceneNode
    /// The `.tw` surface, or the button style when the node has only that.
    public var surface: ResolvedSurface
    /// The button style, when the node has one.
    public var buttonStyle: ResolvedSurface?
    /// `.twAnimation`: animates the subtree without decorating it.
    public var twAnimation: ResolvedAnimation?
    /// `.textFieldStyle(.tw(…))`, `.toggleStyle(.tw(…))`, `.labelStyle(.tw(…))`.
    public var adapters: [AdapterSurface] = []
    /// The plugins in scope, in order.
    public var scopePlugins: [String]
    /// What the node becomes on the platform.
    public var backing: BackingReport
    /// Swift sources: the surface under every combination of its conditions
    /// (the first is `surface`, `buttonStyle` and `adapters` above); empty
    /// when the classes depend on nothing.
    public var combinations: [CombinationRecord] = []
    /// Findings about the node beyond its surfaces' own: the reader's (dynamic
    /// classes, identity lints), `identity-varies`, and what only another
    /// combination reports.
    public var findings: [Diagnostic] = []

    public var path: String { node.path }
    public var location: SourceLocation? { node.location }

    /// Whether every surface is decorated under every combination.
    public var decorated: Bool {
        guard combinations.allSatisfy({ $0.allSurfaces.allSatisfy(\.decorated) }), surface.decorated else {
            return false
        }
        // The rest of `allSurfaces`, without copying them.
        if node.tw != nil, let buttonStyle, !buttonStyle.decorated { return false }
        for (i, a) in adapters.enumerated() where !(i == 0 && node.tw == nil && buttonStyle == nil) {
            if !a.surface.decorated { return false }
        }
        return true
    }

    /// The surface and every other surface of the node (button style when the
    /// node also has `tw`, adapters), each once.
    public var allSurfaces: [ResolvedSurface] {
        var out = [surface]
        if node.tw != nil, let buttonStyle { out.append(buttonStyle) }
        for (i, a) in adapters.enumerated() where !(i == 0 && node.tw == nil && buttonStyle == nil) {
            out.append(a.surface)
        }
        return out
    }
}

/// A surface resolved under one combination of its conditions.
public struct CombinationRecord: Sendable {
    /// One value per condition of the node.
    public var values: [Bool]
    public var surface: ResolvedSurface
    public var buttonStyle: ResolvedSurface?
    public var adapters: [AdapterSurface]
    /// Whether `surface` is the `.tw` surface (else it is the button style, the
    /// first adapter or the animation, which are then not listed again).
    public var hasTW: Bool

    /// The surface, then the button style and adapters when they are separate surfaces.
    public var allSurfaces: [ResolvedSurface] {
        var out = [surface]
        if hasTW, let buttonStyle { out.append(buttonStyle) }
        for (i, a) in adapters.enumerated() where !(i == 0 && !hasTW && buttonStyle == nil) { out.append(a.surface) }
        return out
    }

    /// `expanded, !selected` for the node's conditions.
    public func label(_ conditions: [SurfaceCondition]) -> String {
        zip(conditions, values).map { c, value in
            if value { return c.text }
            let simple = c.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            return simple ? "!" + c.text : "!(\(c.text))"
        }.joined(separator: ", ")
    }
}

/// A control style adapter's resolution.
public struct AdapterSurface: Sendable {
    public var kind: StyleAdapter.Kind
    public var base: String?
    public var surface: ResolvedSurface
}

/// A node with `cocoa` or `lifecycle` entries but no styling: only its backing.
public struct BackingRecord: Sendable {
    public var node: SceneNode
    public var backing: BackingReport
    /// Findings about its `.cocoa` and lifecycle modifiers.
    public var diagnostics: [Diagnostic] { backing.diagnostics }
}

/// Why a scene cannot be resolved against the loaded plugins.
public enum SceneResolveError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownPlugin(name: String, path: String, line: Int, loaded: [String])

    public var description: String {
        switch self {
        case .unknownPlugin(let name, let path, let line, let loaded):
            let set = loaded.isEmpty ? "no plugins are loaded" : "loaded: \(loaded.joined(separator: ", "))"
            return
                "\(DiagnosticCode.unknownPlugin): \(path): plugin '\(name)' is not in the loaded set (\(set)) (line \(line))"
        }
    }
}

/// Counts over a scene's surfaces, kept while they stream past.
public struct SceneSummary: Equatable, Sendable {
    public var surfaces = 0
    public var decorated = 0
    public var errors = 0
    public var warnings = 0
    public var undecorated: Int { surfaces - decorated }
    public init() {}

    mutating func add(_ other: SceneSummary) {
        surfaces += other.surfaces
        decorated += other.decorated
        errors += other.errors
        warnings += other.warnings
    }

    mutating func add(_ record: SurfaceRecord) {
        surfaces += 1
        if record.decorated { decorated += 1 }
        func count(_ diagnostics: [Diagnostic]) {
            for d in diagnostics {
                if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
            }
        }
        // The surfaces of `allSurfaces`, without copying them.
        count(record.surface.diagnostics)
        if record.node.tw != nil, let button = record.buttonStyle { count(button.diagnostics) }
        for (i, a) in record.adapters.enumerated()
        where !(i == 0 && record.node.tw == nil && record.buttonStyle == nil) {
            count(a.surface.diagnostics)
        }
        count(record.findings)
    }
}

/// A resolved scene.
public struct SceneResolution: Sendable {
    public var plugins: [PluginInfo]
    /// Every surface, in document order (empty when they were streamed).
    public var surfaces: [SurfaceRecord]
    /// Scene-level findings: unknown fields, shadowed registrations.
    public var diagnostics: [Diagnostic]
    /// How many distinct scopes (plugin list and rules) were built.
    public var scopeCount: Int
    /// Nodes reported for their platform backing only.
    public var backingOnly: [BackingRecord] = []
    public var summary = SceneSummary()

    public init(
        plugins: [PluginInfo], surfaces: [SurfaceRecord], diagnostics: [Diagnostic], scopeCount: Int,
        backingOnly: [BackingRecord] = [], summary: SceneSummary = SceneSummary()
    ) {
        self.plugins = plugins
        self.surfaces = surfaces
        self.diagnostics = diagnostics
        self.scopeCount = scopeCount
        self.backingOnly = backingOnly
        self.summary = summary
    }

    public var decoratedCount: Int { summary.decorated }
    public var undecoratedCount: Int { summary.undecorated }
    public var errorCount: Int {
        summary.errors + (diagnostics + backingOnly.flatMap(\.diagnostics)).filter { $0.severity == .error }.count
    }
    public var warningCount: Int {
        summary.warnings + (diagnostics + backingOnly.flatMap(\.diagnostics)).filter { $0.severity == .warning }.count
    }
}

/// Scopes built while resolving one scene, kept for the next scenes of a run
/// (the files of a folder) that use the same plugins and rules. Thread-safe;
/// the answers never depend on it.
public final class SharedScopes: Sendable {
    private let scopes = Mutex<[SceneScopes.ScopeKey: ResolutionScope]>([:])
    private let environment: RenderEnvironment

    /// Scopes for scenes resolved in `environment` with one loaded plugin set.
    public init(environment: RenderEnvironment) { self.environment = environment }

    func scope(_ key: SceneScopes.ScopeKey, environment: RenderEnvironment) -> ResolutionScope? {
        guard environment == self.environment else { return nil }
        return scopes.withLock { $0[key] }
    }

    func keep(_ scope: ResolutionScope, for key: SceneScopes.ScopeKey, environment: RenderEnvironment) {
        guard environment == self.environment else { return }
        scopes.withLock { $0[key] = scope }
    }
}

/// Surface records kept from one resolution of a document to the next (an
/// editor's next change): a node's record is a function of the node's own
/// fields (not its children's: they are records of their own), its scope,
/// the plugins in it, the state, leniency and the environment, so a node
/// whose inputs are all equal to a kept one's gets that record, with the
/// node itself (its children) as it is now. Records not used in a pass are
/// dropped after the next one. One document, one thread.
public final class SurfaceMemo: @unchecked Sendable {
    struct Key {
        /// The node's fields without its children.
        var fields: SceneNode.Fields
        var scope: ResolutionScope
        var plugins: [String]
        var state: SurfaceState
        var lenient: Bool
        var environment: RenderEnvironment

        init(
            node: SceneNode, scope: ResolutionScope, plugins: [String], state: SurfaceState, lenient: Bool,
            environment: RenderEnvironment
        ) {
            fields = node.fields
            fields.children = []
            self.scope = scope
            self.plugins = plugins
            self.state = state
            self.lenient = lenient
            self.environment = environment
        }

        func same(_ other: Key) -> Bool {
            scope === other.scope && lenient == other.lenient && state == other.state && plugins == other.plugins
                && environment == other.environment && fields == other.fields
        }
    }

    private var kept = PassMemo<String, (Key, SurfaceRecord)>()

    public init() {}

    /// Starts a pass over a document's nodes.
    func startPass() { kept.startPass() }

    /// The record kept for a node with these inputs (by its path), if any,
    /// holding `node` itself: equal but for its children.
    func record(for key: Key, node: SceneNode) -> SurfaceRecord? {
        guard let (inputs, record) = kept.take(key.fields.path), inputs.same(key) else { return nil }
        var out = record
        out.node = node
        return out
    }

    func keep(_ record: SurfaceRecord, for key: Key) {
        var record = record
        record.node.children = []
        kept.keep((key, record), for: key.fields.path)
    }
}

/// Resolves every surface of a scene with plugin scopes per subtree
/// (R-RULES-2): each distinct scope's registry and rules are built once.
public enum SceneResolver {
    /// Plugin names a scene mentions, in first-mention order: what to load
    /// when the command line names none.
    public static func pluginNames(_ scene: Scene) -> [String] {
        var names: [String] = []
        func add(_ rules: SceneRules?) {
            for change in rules?.plugins ?? [] {
                if case .add(let name) = change, !names.contains(name) { names.append(name) }
            }
        }
        add(scene.rules)
        var stack = [scene.root]
        while let node = stack.popLast() {
            add(node.rules)
            stack.append(contentsOf: node.children.reversed())
        }
        return names
    }

    /// Fails when the scene names a plugin outside the loaded set; checked
    /// before any surface is resolved, so nothing is half-reported.
    public static func checkPlugins(_ scene: Scene, loaded: [String]) throws(SceneResolveError) {
        let known = Set(loaded)
        func check(_ rules: SceneRules?, _ path: String, _ line: Int) throws(SceneResolveError) {
            for change in rules?.plugins ?? [] where !known.contains(change.name) {
                throw .unknownPlugin(name: change.name, path: path + "/rules/plugins", line: line, loaded: loaded)
            }
        }
        try check(scene.rules, "", 1)
        var stack = [scene.root]
        while let node = stack.popLast() {
            try check(node.rules, node.jsonPath, node.line)
            stack.append(contentsOf: node.children.reversed())
        }
    }

    /// - Parameters:
    ///   - plugins: the loaded set, in order (the root scope unless the scene's root rules name one).
    ///   - state: states on for every surface, added to each node's own `state`.
    ///   - environment: the scene's environment after command-line overrides.
    ///   - shared: scopes shared with other scenes resolved with the same plugins and
    ///     environment (the files of one run): each distinct scope is built once.
    public static func resolve(
        _ scene: Scene, plugins loaded: [LoadedPlugin], state: SurfaceState = SurfaceState(), lenient: Bool = false,
        environment: RenderEnvironment? = nil, shared: SharedScopes? = nil, memo: SurfaceMemo? = nil,
        each: ((SurfaceRecord) -> Void)? = nil
    ) throws(SceneResolveError) -> SceneResolution {
        var scopes = SceneScopes(
            plugins: loaded, environment: environment ?? scene.environment, shared: shared)
        let rootContext = try scopes.rootContext(scene.rules)
        var surfaces: [SurfaceRecord] = []
        var backingOnly: [BackingRecord] = []
        var summary = SceneSummary()
        memo?.startPass()
        try scene.walk(rootContext) { node, inherited throws(SceneResolveError) in
            var context = try scopes.context(for: node, inherited: inherited)
            let nodeGroups = SurfaceState(state.active, explicit: state.explicit, groups: context.groups)
            switch visit(node, context: context, scopes: &scopes, state: nodeGroups, lenient: lenient, memo: memo) {
            case .surface(let record):
                summary.add(record)
                if let each { each(record) } else { surfaces.append(record) }
            case .backing(let record):
                scopes.diagnostics += node.findings
                if let record { backingOnly.append(record) }
            }
            if node.isStyled {
                let scope = context.scope ?? scopes.scope(for: context)
                context = SceneScopes.childContext(of: node, context: context, scope: scope, state: state)
            }
            return context
        }
        return SceneResolution(
            plugins: loaded.map(\.info), surfaces: surfaces, diagnostics: scopes.diagnostics,
            scopeCount: scopes.count, backingOnly: backingOnly, summary: summary)
    }

    /// `resolve(_:…jobs:render:write:)` with a report's parts as the extra
    /// (`twhost resolve`'s formats): called with that type here, in this
    /// module, the generic steps are specialised for it, so each surface's
    /// steps run as concrete code, not through the type's metadata looked up
    /// at run time (some 4 % of a scene's instructions).
    public static func resolveReport(
        _ stream: SceneStream, plugins loaded: [LoadedPlugin], state: SurfaceState = SurfaceState(),
        lenient: Bool = false, environment: RenderEnvironment? = nil, jobs: Int,
        render: @escaping @Sendable (SurfaceRecord, _ first: Bool, _ into: ByteWriter) -> CompactReport.Rendered?,
        write: (_ bytes: [UInt8], _ extras: [CompactReport.Rendered?]) -> Void
    ) throws(SceneStream.WalkError) -> SceneResolution {
        try resolve(
            stream, plugins: loaded, state: state, lenient: lenient, environment: environment, jobs: jobs,
            render: render, write: write)
    }

    /// A streamed scene (SPEC §8): each node resolved and handed to `each` as
    /// it is read, with only its ancestors' scopes held; the same records, in
    /// the same order, as `resolve(_:plugins:…)` on the whole scene.
    public static func resolve(
        _ stream: SceneStream, plugins loaded: [LoadedPlugin], state: SurfaceState = SurfaceState(),
        lenient: Bool = false, environment: RenderEnvironment? = nil, shared: SharedScopes? = nil,
        each: (SurfaceRecord) -> Void
    ) throws(SceneStream.WalkError) -> SceneResolution {
        return try resolve(
            stream, plugins: loaded, state: state, lenient: lenient, environment: environment, shared: shared,
            jobs: 1, render: { record, _, _ in record }, write: { _, records in records.forEach(each) })
    }

    /// A streamed scene resolved on `jobs` threads: styled nodes are taken in
    /// chunks, each chunk's surfaces resolved and rendered in parallel
    /// (`render` writes a surface's bytes into the writer it is given, with
    /// whether it is the first surface, and returns anything else to hand
    /// over), then written in input order — `write` gets the bytes of a run
    /// of surfaces and what `render` returned for each; the same output as
    /// one thread. Plugin code still runs one call at a time (`PluginSite.run`
    /// holds one lock for every call into a plugin, A-12); each distinct call
    /// is made once per scope (`SlotMemo`).
    public static func resolve<Extra: Sendable>(
        _ stream: SceneStream, plugins loaded: [LoadedPlugin], state: SurfaceState = SurfaceState(),
        lenient: Bool = false, environment: RenderEnvironment? = nil, shared: SharedScopes? = nil, jobs: Int,
        render: @escaping @Sendable (SurfaceRecord, _ first: Bool, _ into: ByteWriter) -> Extra,
        write: (_ bytes: [UInt8], _ extras: [Extra]) -> Void
    ) throws(SceneStream.WalkError) -> SceneResolution {
        var scopes = SceneScopes(plugins: loaded, environment: environment ?? stream.environment, shared: shared)
        let rootContext: SceneScopes.Context
        do {
            rootContext = try scopes.rootContext(stream.rules)
        } catch {
            throw .resolve(error)
        }
        // With plugins too, every job's thread resolves: plugin calls are
        // serialised by one lock, and the containment guarantees (exit(),
        // crashes, hangs and builders kept across calls reported with exit 2,
        // docs/Security.md) hold on any thread.
        var chunk = SurfaceChunk(jobs: jobs, state: state, lenient: lenient, environment: scopes.environment)
        var backingOnly: [BackingRecord] = []
        let render = SurfaceRendering(render)
        // With threads to resolve on, a plain node without children in a
        // scoped context is handed on unread: the thread that resolves it
        // reads it, and the walk goes on (SurfaceChunk.Entry).
        let handsOnLeaves = jobs > 1
        if handsOnLeaves { chunk.leafSource = (stream.bytes, stream.file) }
        try stream.walk(
            rootContext,
            visit: { node, inherited throws(SceneResolveError) in
                try chunkStep(
                    node, inherited: inherited, scopes: &scopes, chunk: &chunk, backingOnly: &backingOnly,
                    render: render, write: write)
            },
            handsOnLeaves: handsOnLeaves,
            leaf: { leaf, inherited in
                leafStep(leaf, inherited: inherited, chunk: &chunk, render: render, write: write)
            })
        chunk.flush(render: render, write: write)
        chunk.finish(write: write)
        return SceneResolution(
            plugins: loaded.map(\.info), surfaces: [], diagnostics: scopes.diagnostics, scopeCount: scopes.count,
            backingOnly: backingOnly, summary: chunk.summary)
    }

    /// Node step of a chunked resolution (a streamed scene, or scenes held
    /// whole in a `SurfaceBatch`): a styled node joins the chunk with its
    /// scope (the chunk resolved and written when full), an unstyled one gives
    /// its findings and, with `.cocoa` or lifecycle entries, a backing record.
    /// Returns the context of the node's children.
    static func chunkStep<Extra: Sendable>(
        _ node: SceneNode, inherited: SceneScopes.Context, scopes: inout SceneScopes, chunk: inout SurfaceChunk,
        backingOnly: inout [BackingRecord], render: SurfaceRendering<Extra>,
        write: (_ bytes: [UInt8], _ extras: [Extra]) -> Void
    ) throws(SceneResolveError) -> SceneScopes.Context {
        let context = try scopes.context(for: node, inherited: inherited)
        guard node.isStyled else {
            scopes.diagnostics += node.findings
            if !node.cocoa.isEmpty || !node.lifecycle.isEmpty {
                backingOnly.append(BackingRecord(node: node, backing: backing(node, environment: scopes.environment)))
            }
            return context
        }
        let scope = context.scope ?? scopes.scope(for: context)
        chunk.add(
            node, scope: scope, plugins: context.plugins, groups: context.groups,
            groupVariation: context.groupVariation)
        if chunk.isFull { chunk.flush(render: render, write: write) }
        return SceneScopes.childContext(of: node, context: context, scope: scope, state: chunk.state)
    }

    /// `chunkStep` of a plain node without children, unread: in a scoped
    /// context it is what `chunkStep` makes of it (its context is the one it
    /// inherits; a styled one joins the chunk, an unstyled one gives nothing),
    /// and true; false, for the walk to read it, outside one.
    static func leafStep<Extra: Sendable>(
        _ leaf: SceneStream.Leaf, inherited: SceneScopes.Context, chunk: inout SurfaceChunk,
        render: SurfaceRendering<Extra>, write: (_ bytes: [UInt8], _ extras: [Extra]) -> Void
    ) -> Bool {
        guard let scope = inherited.scope else { return false }
        guard leaf.styled else { return true }
        chunk.addLeaf(
            leaf, scope: scope, plugins: inherited.plugins, groups: inherited.groups,
            groupVariation: inherited.groupVariation)
        if chunk.isFull { chunk.flush(render: render, write: write) }
        return true
    }

    /// What a node becomes on the platform; a toggle adapter's base is the native style underneath.
    static func backing(_ node: SceneNode, environment: RenderEnvironment) -> BackingReport {
        let baseStyle = node.adapters.first { $0.kind == .toggleStyle }?.base
        return BackingResolver.resolve(
            view: node.type, style: node.style ?? baseStyle, cocoa: node.cocoa, lifecycle: node.lifecycle,
            environment: environment)
    }

    /// What one node of a scene gives: a surface record, or (unstyled) a
    /// backing record when it has `.cocoa` or lifecycle entries.
    enum Visit {
        case surface(SurfaceRecord)
        case backing(BackingRecord?)
    }

    /// Node step: the node's platform backing, and its surfaces under every
    /// combination of its conditions when it is styled.
    static func visit(
        _ node: SceneNode, context: SceneScopes.Context, scopes: inout SceneScopes, state: SurfaceState,
        lenient: Bool, memo: SurfaceMemo? = nil
    ) -> Visit {
        guard node.isStyled else {
            let hasBacking = !node.cocoa.isEmpty || !node.lifecycle.isEmpty
            guard hasBacking else { return .backing(nil) }
            return .backing(BackingRecord(node: node, backing: backing(node, environment: scopes.environment)))
        }
        let scope = context.scope ?? scopes.scope(for: context)
        let environment = scopes.environment
        // A node inside groups that depend on conditions is resolved under each
        // of them (`groupVariation`), which the memo's key does not hold.
        let memo = context.groupVariation == nil ? memo : nil
        // Made only for a memo: the key holds a copy of the node's fields.
        let key = memo.map { _ in
            SurfaceMemo.Key(
                node: node, scope: scope, plugins: context.plugins, state: state, lenient: lenient,
                environment: environment)
        }
        if let memo, let key, let kept = memo.record(for: key, node: node) { return .surface(kept) }
        let backing = backing(node, environment: environment)
        let made = record(
            node, scope: scope, plugins: context.plugins, backing: backing, state: state, lenient: lenient,
            groupVariation: context.groupVariation)
        if let memo, let key { memo.keep(made, for: key) }
        return .surface(made)
    }

    /// Surface record step: the node's first combination (its classes as
    /// written, every condition true), then each other combination, and the
    /// node's findings across them.
    static func record(
        _ node: SceneNode, scope: ResolutionScope, plugins: [String], backing: BackingReport, state: SurfaceState,
        lenient: Bool
    ) -> SurfaceRecord {
        if let tw = node.tw, node.conditions.isEmpty, node.buttonStyle == nil, node.twAnimation == nil,
            node.adapters.isEmpty, node.state.isEmpty
        {
            // Only `.tw`: the one combination's surface, without the combination records.
            let source = NativeSourceMethods.source(
                node.sourceKind, native: node.native, environment: scope.environment)
            // As `resolve` makes it.
            let nodeState = SurfaceState(state.active, explicit: state.explicit, groups: state.groups)
            // Made in place and moved into the record: a surface and a record
            // are tens of references, and a value returned from a helper and
            // then changed was copied and the original destroyed.
            var surface = SymbolicSurface.resolve(
                tw, source: source, state: nodeState, scope: scope, lenient: lenient, includeDefaults: true)
            locate(&surface.diagnostics, at: node)
            if !backing.diagnostics.isEmpty { surface.diagnostics += backing.diagnostics }
            return SurfaceRecord(
                node: node, surface: consume surface, buttonStyle: nil, twAnimation: nil, adapters: [],
                scopePlugins: plugins, backing: backing, findings: node.findings)
        }
        let records = ownCombinations(node).map {
            resolve($0, node: node, scope: scope, state: state, lenient: lenient)
        }
        return assemble(node, records, plugins: plugins, backing: backing)
    }

    /// The node's first combination (every condition true), then its others.
    static func ownCombinations(_ node: SceneNode) -> [SurfaceCombination] {
        var first = SurfaceCombination(values: node.conditions.map { _ in true })
        first.tw = node.tw
        first.buttonStyle = node.buttonStyle
        first.twAnimation = node.twAnimation
        first.adapters = node.adapters
        first.state = node.state
        return [first] + node.combinations
    }

    /// A record from the node's combinations, the first first.
    static func assemble(
        _ node: SceneNode, _ records: [(CombinationRecord, ResolvedAnimation?)], plugins: [String],
        backing: BackingReport
    ) -> SurfaceRecord {
        let (main, animation) = records[0]
        var surface = main.surface
        // Findings about the node's .cocoa and lifecycle modifiers are reported with it.
        surface.diagnostics += backing.diagnostics
        var record = SurfaceRecord(
            node: node, surface: surface, buttonStyle: main.buttonStyle, twAnimation: animation,
            adapters: main.adapters, scopePlugins: plugins, backing: backing)
        if !node.conditions.isEmpty { record.combinations = records.map(\.0) }
        record.findings = findings(node, records.map(\.0))
        return record
    }

    /// A node inside groups that depend on conditions: its own combinations
    /// under each combination of the groups' conditions, the groups' conditions
    /// added to its own. When no combination of the groups changes the node's
    /// surfaces from what they are under the first (every condition true), its
    /// record is the plain one.
    static func record(
        _ node: SceneNode, scope: ResolutionScope, plugins: [String], backing: BackingReport, state: SurfaceState,
        lenient: Bool, groupVariation: GroupVariation?
    ) -> SurfaceRecord {
        // Outside conditional groups (most nodes) the lists are not gathered.
        guard let groupVariation else {
            return record(node, scope: scope, plugins: plugins, backing: backing, state: state, lenient: lenient)
        }
        var lists = [node.tw, node.buttonStyle, node.twAnimation].compactMap { $0 } + node.adapters.map(\.classes)
        for c in node.combinations {
            lists += [c.tw, c.buttonStyle, c.twAnimation].compactMap { $0 } + c.adapters.map(\.classes)
        }
        guard SurfaceResolver.mayReadGroups(lists, scope: scope) else {
            return record(node, scope: scope, plugins: plugins, backing: backing, state: state, lenient: lenient)
        }
        let owns = ownCombinations(node)
        // Under the groups of the plain record: the context's, every group condition true.
        let plain = owns.map { resolve($0, node: node, scope: scope, state: state, lenient: lenient) }
        let all = node.conditions + groupVariation.conditionsBeside(node.conditions)
        var combinations: [(combination: SurfaceCombination, groups: GroupContext, own: Int)] = []
        for (k, own) in owns.enumerated() {
            for c in groupVariation.cases(agreeingWith: own.values, of: node.conditions, in: all) {
                var combination = own
                combination.values = c.values
                combinations.append((combination, c.groups, k))
            }
        }
        // In the order of a node's own combinations: the first condition varies slowest, true first.
        combinations.sort { a, b in
            for (x, y) in zip(a.combination.values, b.combination.values) where x != y { return x }
            return false
        }
        var records: [(CombinationRecord, ResolvedAnimation?)] = []
        var changes = false
        for (combination, groups, k) in combinations {
            if groups == state.groups {
                var same = plain[k]
                same.0.values = combination.values
                records.append(same)
                continue
            }
            let groupState = SurfaceState(state.active, explicit: state.explicit, groups: groups)
            let made = resolve(combination, node: node, scope: scope, state: groupState, lenient: lenient)
            if !Self.sameSurfaces(plain[k].0, made.0) { changes = true }
            records.append(made)
        }
        guard changes else {
            if node.conditions.isEmpty {
                return record(node, scope: scope, plugins: plugins, backing: backing, state: state, lenient: lenient)
            }
            return assemble(node, plain, plugins: plugins, backing: backing)
        }
        var varied = node
        varied.conditions = all
        varied.combinations = combinations.dropFirst().map(\.combination)
        return assemble(varied, records, plugins: plugins, backing: backing)
    }

    /// Whether two combinations resolve to the same surfaces.
    private static func sameSurfaces(_ a: CombinationRecord, _ b: CombinationRecord) -> Bool {
        a.allSurfaces == b.allSurfaces
    }

    /// One surface of a node, its findings placed at the node when they have no place of their own.
    static func located(
        _ classes: TWClasses, source: SurfaceSource, node: SceneNode, state: SurfaceState, scope: ResolutionScope,
        lenient: Bool, includeDefaults: Bool
    ) -> ResolvedSurface {
        var resolved = SymbolicSurface.resolve(
            classes, source: source, state: state, scope: scope, lenient: lenient, includeDefaults: includeDefaults)
        locate(&resolved.diagnostics, at: node)
        return resolved
    }

    /// Places the findings that have no place of their own at the node.
    static func locate(_ diagnostics: inout [Diagnostic], at node: SceneNode) {
        for i in diagnostics.indices where diagnostics[i].location == nil { diagnostics[i].location = node.location }
    }

    /// A node's surfaces under one combination of its classes and state.
    static func resolve(
        _ combination: SurfaceCombination, node: SceneNode, scope: ResolutionScope, state: SurfaceState, lenient: Bool
    ) -> (CombinationRecord, ResolvedAnimation?) {
        let nodeState = SurfaceState(
            combination.state.active.union(state.active), explicit: combination.state.explicit.union(state.explicit),
            groups: state.groups)
        func surface(_ classes: TWClasses, _ source: SurfaceSource, includeDefaults: Bool = true) -> ResolvedSurface {
            located(
                classes, source: source, node: node, state: nodeState, scope: scope, lenient: lenient,
                includeDefaults: includeDefaults)
        }
        // Native methods that return the source type keep it a source (R-TARGET-2).
        let source = NativeSourceMethods.source(node.sourceKind, native: node.native, environment: scope.environment)
        let main = combination.tw.map { surface($0, source) }
        let button = combination.buttonStyle.map { surface($0, SurfaceSource(.button)) }
        let adapters = combination.adapters.map { adapter in
            AdapterSurface(
                kind: adapter.kind, base: adapter.base, surface: surface(adapter.classes, SurfaceSource(.view)))
        }
        var animation: ResolvedAnimation?
        var animationSurface: ResolvedSurface?
        if let twAnimation = combination.twAnimation {
            // Animates the subtree without decorating it: no defaults, no slots used.
            var resolved = surface(twAnimation, SurfaceSource(.view, animationOnly: true), includeDefaults: false)
            resolved.diagnostics += SurfaceResolver.ignoredByAnimation(twAnimation, scope: scope).map { d in
                var d = d
                if d.location == nil { d.location = node.location }
                return d
            }
            animation = resolved.animation
            animationSurface = resolved
        }
        var chosen =
            main ?? button ?? adapters.first?.surface ?? animationSurface.map { animationOnly($0) }
            ?? animationOnly(surface(TWClasses(segments: []), SurfaceSource(.view), includeDefaults: false))
        if let animationSurface {
            // .twAnimation's findings are reported with the node, with or without a .tw.
            if main == nil && button == nil && adapters.isEmpty {
                chosen.diagnostics = animationSurface.diagnostics
            } else {
                chosen.diagnostics += animationSurface.diagnostics
            }
        }
        return (
            CombinationRecord(
                values: combination.values, surface: chosen, buttonStyle: button, adapters: adapters,
                hasTW: main != nil),
            animation
        )
    }

    /// The reader's findings, `identity-varies` where combinations disagree on
    /// structure, and findings only other combinations report.
    static func findings(_ node: SceneNode, _ combinations: [CombinationRecord]) -> [Diagnostic] {
        var out = node.findings
        guard combinations.count > 1 else { return out }
        let first = combinations[0]
        let reference = first.allSurfaces
        let kinds = surfaceNames(first)
        for k in reference.indices {
            // The combination closest to the first whose structure differs names the condition.
            var best: (combination: CombinationRecord, flips: [Int], why: String)?
            for combination in combinations.dropFirst() {
                let others = combination.allSurfaces
                guard k < others.count, let why = structuralDifference(reference[k], others[k]) else { continue }
                let flips = combination.values.indices.filter { combination.values[$0] != first.values[$0] }
                if best == nil || flips.count < (best?.flips.count ?? .max) { best = (combination, flips, why) }
            }
            guard let best else { continue }
            let names = best.flips.map { "`\(node.conditions[$0].text)`" }.joined(separator: " and ")
            let location = best.flips.first.flatMap { node.conditions[$0].location } ?? node.location
            out.append(
                SceneFinding.identityVaries(surface: kinds[k], conditions: names, difference: best.why)
                    .diagnostic(location: location))
        }
        // What only other combinations report (an unknown class in one branch).
        var seen = Set(reference.flatMap(\.diagnostics).map { "\($0.code)|\($0.message)" })
        for combination in combinations.dropFirst() {
            for d in combination.allSurfaces.flatMap(\.diagnostics) where seen.insert("\(d.code)|\(d.message)").inserted
            {
                out.append(d.qualified(when: combination.label(node.conditions)))
            }
        }
        return out
    }

    /// `.tw`, `.buttonStyle(.tw(…))`, `.textFieldStyle(.tw(…))` … in `allSurfaces` order.
    static func surfaceNames(_ record: CombinationRecord) -> [String] {
        var out: [String] = []
        if record.hasTW {
            out.append(".tw(…)")
            if record.buttonStyle != nil { out.append(".buttonStyle(.tw(…))") }
            out += record.adapters.map { ".\($0.kind.rawValue)(.tw(…))" }
        } else if record.buttonStyle != nil {
            out.append(".buttonStyle(.tw(…))")
            out += record.adapters.map { ".\($0.kind.rawValue)(.tw(…))" }
        } else if let first = record.adapters.first {
            out.append(".\(first.kind.rawValue)(.tw(…))")
            out += record.adapters.dropFirst().map { ".\($0.kind.rawValue)(.tw(…))" }
        } else {
            out.append(".twAnimation(…)")
        }
        return out
    }

    /// What differs in structure between two resolutions of one surface: a
    /// slot of the signature (R-ID-1), or the native button style, whose type
    /// SwiftUI keeps in the view's identity.
    static func structuralDifference(_ a: ResolvedSurface, _ b: ResolvedSurface) -> String? {
        if a.nativeButtonStyle != b.nativeButtonStyle {
            let x = a.nativeButtonStyle.map { ".\($0)" } ?? "a plain style"
            let y = b.nativeButtonStyle.map { ".\($0)" } ?? "a plain style"
            return "the native button style is \(x) in one branch and \(y) in the other (two different style types)"
        }
        guard a.signature != b.signature else { return nil }
        let x = a.signature.parts
        let y = b.signature.parts
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? x[i] : nil
            let r = i < y.count ? y[i] : nil
            guard l != r else { continue }
            switch (l, r) {
            case (.target(let one)?, .target(let other)?):
                return "the target is \(one) in one branch and \(other) in the other"
            case (.slot(let slot)?, _), (nil, .slot(let slot)?):
                return
                    "slot \(slot.name) (\(slot.phase?.rawValue ?? "")) returns \(Self.structure(l)) in one branch and \(Self.structure(r)) in the other"
            default:
                return "its chain differs at \((l ?? r)?.line ?? "")"
            }
        }
        return nil
    }

    /// What a part of a signature puts in the structure, in a structural difference.
    private static func structure(_ part: StructuralSignature.Part?) -> String {
        switch part {
        case nil: return "nothing"
        case .slot(let slot)?: return slot.structure
        case .builtinStyle?: return "builtin"
        case .target(let name)?: return "target:\(name)"
        case .animation?: return "animation"
        }
    }

    /// A `.twAnimation` with no `.tw`: no chain, only the animation.
    static func animationOnly(_ surface: ResolvedSurface) -> ResolvedSurface {
        var s = surface
        s.chain = []
        s.signature = .animationOnly
        s.matches = []
        s.winners = []
        return s
    }
}
