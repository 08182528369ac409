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

    public var path: String { node.path }

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
            return "unknown-plugin: \(path): plugin '\(name)' is not in the loaded set (\(set)) (line \(line))"
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

    mutating func add(_ record: SurfaceRecord) {
        let all = record.allSurfaces
        surfaces += 1
        if all.allSatisfy(\.decorated) { decorated += 1 }
        errors += all.reduce(0) { $0 + $1.errors }
        warnings += all.reduce(0) { $0 + $1.warnings }
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

    public var decoratedCount: Int { summary.decorated }
    public var undecoratedCount: Int { summary.undecorated }
    public var errorCount: Int {
        summary.errors + (diagnostics + backingOnly.flatMap(\.diagnostics)).filter { $0.severity == .error }.count
    }
    public var warningCount: Int {
        summary.warnings + (diagnostics + backingOnly.flatMap(\.diagnostics)).filter { $0.severity == .warning }.count
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

    struct Context {
        var plugins: [String]
        var rules: Rules
        /// Built when the context is first used; children without rules share it.
        var scope: ResolutionScope?
    }

    struct ScopeKey: Hashable {
        var plugins: [String]
        var rules: Rules
    }

    /// - Parameters:
    ///   - plugins: the loaded set, in order (the root scope unless the scene's root rules name one).
    ///   - state: states on for every surface, added to each node's own `state`.
    ///   - environment: the scene's environment after command-line overrides.
    public static func resolve(
        _ scene: Scene, plugins loaded: [LoadedPlugin], state: SurfaceState = SurfaceState(), lenient: Bool = false,
        environment: RenderEnvironment? = nil, each: ((SurfaceRecord) -> Void)? = nil
    ) throws(SceneResolveError) -> SceneResolution {
        let environment = environment ?? scene.environment
        let byName = Dictionary(loaded.map { ($0.info.name, $0) }, uniquingKeysWith: { first, _ in first })
        let loadedNames = loaded.map(\.info.name)
        var diagnostics: [Diagnostic] = []
        var registries: [[String]: PluginRegistry] = [:]
        var scopes: [ScopeKey: ResolutionScope] = [:]

        func apply(_ sceneRules: SceneRules?, to context: Context, path: String, line: Int) throws(SceneResolveError)
            -> Context
        {
            guard let sceneRules else { return context }
            var next = context
            if sceneRules.replace {
                next.rules = Rules().merging(sceneRules.rules, overrides: sceneRules.overrides)
                next.plugins = []
            } else {
                next.rules = context.rules.merging(sceneRules.rules, overrides: sceneRules.overrides)
            }
            for change in sceneRules.plugins ?? [] {
                guard byName[change.name] != nil else {
                    throw .unknownPlugin(
                        name: change.name, path: path + "/rules/plugins", line: line, loaded: loadedNames)
                }
                switch change {
                case .add(let name): if !next.plugins.contains(name) { next.plugins.append(name) }
                case .drop(let name): next.plugins.removeAll { $0 == name }
                }
            }
            return next
        }

        func scope(for context: Context) -> ResolutionScope {
            let key = ScopeKey(plugins: context.plugins, rules: context.rules)
            if let existing = scopes[key] { return existing }
            let registry: PluginRegistry
            if let known = registries[context.plugins] {
                registry = known
            } else {
                registry = PluginRegistry(plugins: context.plugins.compactMap { byName[$0] })
                for d in registry.diagnostics where !diagnostics.contains(d) { diagnostics.append(d) }
                registries[context.plugins] = registry
            }
            let created = ResolutionScope(registry: registry, rules: context.rules, environment: environment)
            scopes[key] = created
            return created
        }

        var rootContext = Context(plugins: loadedNames, rules: Rules())
        if let rootRules = scene.rules {
            var explicit = rootRules
            if explicit.plugins != nil {
                // The root's rules.plugins names the root scope.
                rootContext.plugins = []
            }
            explicit.replace = false
            rootContext = try apply(explicit, to: rootContext, path: "", line: 1)
        }
        var surfaces: [SurfaceRecord] = []
        var backingOnly: [BackingRecord] = []
        var summary = SceneSummary()
        var stack: [(SceneNode, Context)] = [(scene.root, rootContext)]
        while let (node, inherited) = stack.popLast() {
            var context = try apply(node.rules, to: inherited, path: node.jsonPath, line: node.line)
            if node.rules != nil || context.scope == nil {
                // Built once per distinct scope; children without rules share it.
                context.scope = scope(for: context)
            }
            // A toggle adapter's base is the native style underneath.
            let baseStyle = node.adapters.first { $0.kind == .toggleStyle }?.base
            let backing = BackingResolver.resolve(
                view: node.type, style: node.style ?? baseStyle, cocoa: node.cocoa, lifecycle: node.lifecycle,
                environment: environment)
            let styled = node.tw != nil || node.buttonStyle != nil || node.twAnimation != nil || !node.adapters.isEmpty
            if styled {
                let scope = context.scope ?? scope(for: context)
                let nodeState = SurfaceState(
                    node.state.active.union(state.active), explicit: node.state.explicit.union(state.explicit))
                var main: ResolvedSurface?
                var button: ResolvedSurface?
                if let tw = node.tw {
                    // Native methods that return the source type keep it a source (R-TARGET-2).
                    let source = NativeSourceMethods.source(
                        node.sourceKind, native: node.native, environment: environment)
                    main = SurfaceResolver.resolve(
                        tw, source: source, state: nodeState, scope: scope, lenient: lenient, details: false)
                }
                if let buttonStyle = node.buttonStyle {
                    button = SurfaceResolver.resolve(
                        buttonStyle, source: SurfaceSource(.button), state: nodeState, scope: scope, lenient: lenient,
                        details: false)
                }
                let adapters = node.adapters.map { adapter in
                    AdapterSurface(
                        kind: adapter.kind, base: adapter.base,
                        surface: SurfaceResolver.resolve(
                            adapter.classes, source: SurfaceSource(.view), state: nodeState, scope: scope,
                            lenient: lenient, details: false))
                }
                var animation: ResolvedAnimation?
                var animationSurface: ResolvedSurface?
                if let twAnimation = node.twAnimation {
                    // Animates the subtree without decorating it: no defaults, no slots used.
                    var resolved = SurfaceResolver.resolve(
                        twAnimation, source: SurfaceSource(.view), state: nodeState, scope: scope, lenient: lenient,
                        includeDefaults: false, details: false)
                    resolved.diagnostics += SurfaceResolver.ignoredByAnimation(twAnimation, scope: scope)
                    animation = resolved.animation
                    animationSurface = resolved
                }
                if var surface = main ?? button ?? adapters.first?.surface
                    ?? animationSurface.map({ animationOnly($0) })
                {
                    if let animationSurface {
                        // .twAnimation's findings are reported with the node, with or without a .tw.
                        if main == nil && button == nil && adapters.isEmpty {
                            surface.diagnostics = animationSurface.diagnostics
                        } else {
                            surface.diagnostics += animationSurface.diagnostics
                        }
                    }
                    // Findings about the node's .cocoa and lifecycle modifiers are reported with it.
                    surface.diagnostics += backing.diagnostics
                    let record = SurfaceRecord(
                        node: node, surface: surface, buttonStyle: button, twAnimation: animation, adapters: adapters,
                        scopePlugins: context.plugins, backing: backing)
                    summary.add(record)
                    if let each { each(record) } else { surfaces.append(record) }
                }
            } else if !node.cocoa.isEmpty || !node.lifecycle.isEmpty {
                backingOnly.append(BackingRecord(node: node, backing: backing))
            }
            for child in node.children.reversed() { stack.append((child, context)) }
        }
        return SceneResolution(
            plugins: loaded.map(\.info), surfaces: surfaces, diagnostics: diagnostics, scopeCount: scopes.count,
            backingOnly: backingOnly, summary: summary)
    }

    /// A `.twAnimation` with no `.tw`: no chain, only the animation.
    static func animationOnly(_ surface: ResolvedSurface) -> ResolvedSurface {
        var s = surface
        s.chain = []
        s.signature = "animation"
        s.identity = SHA256.hex("animation")
        s.matches = []
        s.winners = []
        return s
    }
}
