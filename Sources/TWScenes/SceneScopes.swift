import TWGrammar
import TWLoading
import TWModel
import TWRegistry
import TWResolution

/// Scope building for one scene (R-RULES-2): each node's rules applied to
/// its parent's context, and each distinct scope's registry and rules built
/// once (or taken from the run's `SharedScopes`).
struct SceneScopes {
    /// The plugins, rules and inline registrations in force at a node.
    ///
    /// Copy-on-write storage: every node of a scene gets its parent's context,
    /// and a copy is then one retain, not one per field of its rules.
    struct Context {
        private final class Storage {
            // Written only when uniquely referenced (`unique()`): no two
            // accesses can overlap, so no dynamic exclusivity checks.
            @exclusivity(unchecked) var plugins: [String]
            @exclusivity(unchecked) var rules: Rules
            @exclusivity(unchecked) var inline = InlineRegistrations()
            @exclusivity(unchecked) var scope: ResolutionScope?
            @exclusivity(unchecked) var groups = GroupContext()
            @exclusivity(unchecked) var groupVariation: GroupVariation?

            init(plugins: [String], rules: Rules) {
                self.plugins = plugins
                self.rules = rules
            }

            func copy() -> Storage {
                let copy = Storage(plugins: plugins, rules: rules)
                copy.inline = inline
                copy.scope = scope
                copy.groups = groups
                copy.groupVariation = groupVariation
                return copy
            }
        }

        private var storage: Storage

        init(plugins: [String], rules: Rules) {
            storage = Storage(plugins: plugins, rules: rules)
        }

        /// The storage, copied first if another context shares it.
        private mutating func unique() -> Storage {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }

        var plugins: [String] {
            get { storage.plugins }
            _modify { yield &unique().plugins }
        }
        var rules: Rules {
            get { storage.rules }
            _modify { yield &unique().rules }
        }
        /// Inline registrations in force (Swift sources).
        var inline: InlineRegistrations {
            get { storage.inline }
            _modify { yield &unique().inline }
        }
        /// The groups above the node (swiftcn's `group` markers), which drive its group variants.
        var groups: GroupContext {
            get { storage.groups }
            _modify { yield &unique().groups }
        }
        /// When the groups above depend on conditions: the groups under each
        /// combination of them (the first is `groups`).
        var groupVariation: GroupVariation? {
            get { storage.groupVariation }
            _modify { yield &unique().groupVariation }
        }
        /// Built when the context is first used; children without rules share it.
        var scope: ResolutionScope? {
            get { storage.scope }
            _modify { yield &unique().scope }
        }
    }

    struct ScopeKey: Hashable {
        var plugins: [String]
        var rules: Rules
        var inline: InlineRegistrations
    }

    struct RegistryKey: Hashable {
        var plugins: [String]
        var inline: InlineRegistrations
    }

    let environment: RenderEnvironment
    let byName: [String: LoadedPlugin]
    let loadedNames: [String]
    let shared: SharedScopes?
    /// Scene-level findings of the registries built (shadowed registrations), each once.
    var diagnostics: [Diagnostic] = []
    private var registries: [RegistryKey: PluginRegistry] = [:]
    private var scopes: [ScopeKey: ResolutionScope] = [:]

    init(plugins loaded: [LoadedPlugin], environment: RenderEnvironment, shared: SharedScopes?) {
        self.environment = environment
        self.shared = shared
        byName = Dictionary(loaded.map { ($0.info.name, $0) }, uniquingKeysWith: { first, _ in first })
        loadedNames = loaded.map(\.info.name)
    }

    /// How many distinct scopes were built or taken.
    var count: Int { scopes.count }

    /// Root context step: the loaded set with default rules, then the scene's
    /// root rules merged; a root `rules.plugins` names the root scope itself.
    func rootContext(_ rules: SceneRules?) throws(SceneResolveError) -> Context {
        var root = Context(plugins: loadedNames, rules: Rules())
        guard var explicit = rules else { return root }
        if explicit.plugins != nil { root.plugins = [] }
        explicit.replace = false
        root = try applying(explicit, to: root, path: "", line: 1)
        return root
    }

    /// A node's context: its rules applied to the inherited context, and the
    /// scope built when the rules changed it or none was built yet.
    mutating func context(for node: SceneNode, inherited: Context) throws(SceneResolveError) -> Context {
        // The common node: no rules of its own, under a context already scoped.
        if node.rules == nil && inherited.scope != nil { return inherited }
        var context = try applying(node.rules, to: inherited, path: node.jsonPath, line: node.line)
        if node.rules != nil || context.scope == nil {
            // Built once per distinct scope; children without rules share it.
            context.scope = scope(for: context)
        }
        return context
    }

    /// Group step: the context of a node's children, with the node's group
    /// when its classes mark one; its state, under the run's states, is the
    /// group's. A Swift source's node has one under each combination of its
    /// conditions: where they give different groups, the children get the
    /// groups of every combination (`groupVariation`). Static: it reads
    /// nothing of the scopes, and a method called on the walk's captured
    /// `SceneScopes` copied the whole value for every node.
    static func childContext(
        of node: SceneNode, context: Context, scope: ResolutionScope, state: SurfaceState
    ) -> Context {
        /// The groups above with the one these classes mark, or nil when they mark none.
        func marked(_ tw: TWClasses?, _ own: SurfaceState, above: GroupContext) -> GroupContext? {
            // Most class lists name no group: no state is built for them.
            guard let tw, SurfaceResolver.mayMarkGroup(tw, scope: scope) else { return nil }
            let nodeState = SurfaceState(
                own.active.union(state.active), explicit: own.explicit.union(state.explicit), groups: above)
            guard let name = SurfaceResolver.groupMarker(tw, scope: scope, state: nodeState) else { return nil }
            return above.adding(GroupContext.Scope(name: name, active: nodeState.ownStates))
        }
        func groups(_ tw: TWClasses?, _ own: SurfaceState, above: GroupContext) -> GroupContext {
            marked(tw, own, above: above) ?? above
        }
        var child = context
        // Written only when the node marks a group: a write copies the context's storage.
        if let marked = marked(node.tw, node.state, above: context.groups) { child.groups = marked }
        guard !node.conditions.isEmpty else {
            // No conditions of its own: the groups above, each with this node's group.
            guard let above = context.groupVariation, let tw = node.tw,
                SurfaceResolver.mayMarkGroup([tw], scope: scope)
            else { return child }
            let cases = above.cases.map { c in
                GroupVariation.Case(values: c.values, groups: groups(node.tw, node.state, above: c.groups))
            }
            child.groupVariation = GroupVariation(conditions: above.conditions, cases: cases).pruned()
            return child
        }
        let lists = ([node.tw] + node.combinations.map(\.tw)).compactMap { $0 }
        guard SurfaceResolver.mayMarkGroup(lists, scope: scope) else {
            // It marks no group in any combination: the groups above are the children's.
            return child
        }
        let above =
            context.groupVariation
            ?? GroupVariation(conditions: [], cases: [.init(values: [], groups: context.groups)])
        let added = node.conditions.filter { c in !above.conditions.contains { $0.text == c.text } }
        let all = above.conditions + added
        let own =
            [(node.conditions.map { _ in true }, node.tw, node.state)]
            + node.combinations.map { ($0.values, $0.tw, $0.state) }
        var cases: [GroupVariation.Case] = []
        for (values, tw, ownState) in own {
            for c in above.cases(agreeingWith: values, of: node.conditions, in: all) {
                cases.append(.init(values: c.values, groups: groups(tw, ownState, above: c.groups)))
            }
        }
        child.groupVariation = GroupVariation(conditions: all, cases: cases).pruned()
        return child
    }

    /// Rules step: `replace` starts from defaults (and from no plugins unless
    /// kept), otherwise the rules merge into the parent's; `+name`/`-name`
    /// add and drop plugins, each of which must be loaded.
    func applying(_ sceneRules: SceneRules?, to context: Context, path: String, line: Int)
        throws(SceneResolveError) -> Context
    {
        guard let sceneRules else { return context }
        var next = context
        if sceneRules.replace {
            next.rules = Rules().merging(sceneRules.rules, overrides: sceneRules.overrides)
            if !sceneRules.keepsPlugins { next.plugins = [] }
            next.inline = sceneRules.inline
        } else {
            next.rules = context.rules.merging(sceneRules.rules, overrides: sceneRules.overrides)
            next.inline = sceneRules.inline.merged(into: context.inline)
        }
        for change in sceneRules.plugins ?? [] {
            guard byName[change.name] != nil else {
                throw .unknownPlugin(name: change.name, path: path + "/rules/plugins", line: line, loaded: loadedNames)
            }
            switch change {
            case .add(let name): if !next.plugins.contains(name) { next.plugins.append(name) }
            case .drop(let name): next.plugins.removeAll { $0 == name }
            }
        }
        return next
    }

    /// Scope step: the context's scope, built once per distinct plugin list,
    /// rules and inline registrations; registries are shared between scopes
    /// that differ only in rules.
    mutating func scope(for context: Context) -> ResolutionScope {
        let key = ScopeKey(plugins: context.plugins, rules: context.rules, inline: context.inline)
        if let existing = scopes[key] { return existing }
        if let known = shared?.scope(key, environment: environment) {
            for d in known.registry.diagnostics where !diagnostics.contains(d) { diagnostics.append(d) }
            scopes[key] = known
            return known
        }
        let registryKey = RegistryKey(plugins: context.plugins, inline: context.inline)
        let registry: PluginRegistry
        if let known = registries[registryKey] {
            registry = known
        } else {
            registry = PluginRegistry(plugins: context.plugins.compactMap { byName[$0] }, inline: context.inline)
            for d in registry.diagnostics where !diagnostics.contains(d) { diagnostics.append(d) }
            registries[registryKey] = registry
        }
        let created = ResolutionScope(registry: registry, rules: context.rules, environment: environment)
        scopes[key] = created
        shared?.keep(created, for: key, environment: environment)
        return created
    }
}
