import TWGrammar
import TWModel
import TWResolution
import TWScenes
import TWSupport

/// The surfaces of a scene as a snapshot sees them: their scope, the names
/// their classes use, and their structural identity under that snapshot.
/// `twhost diff --scene` compares these before and after.
public struct SnapshotSurface: Equatable, Sendable {
    public var path: String
    public var scopePlugins: [String]
    /// Registration names, recipe names, utility prefixes and `animate-` presets used.
    public var usedNames: Set<String>
    public var identity: String
    /// Where the surface's node is written (JSON scene or Swift source).
    public var location: SourceLocation?
}

public enum SceneImpact {
    /// Every `.tw` and button surface of the scene, resolved structurally
    /// against the snapshot (no plugin code runs).
    public static func surfaces(_ scene: Scene, _ snapshot: RegistrySnapshot) -> [SnapshotSurface] {
        let all = snapshot.plugins.map(\.name)
        var rootPlugins = all
        var rootNamed: [String: RecipeDefinition] = [:]
        if let rules = scene.rules {
            if let changes = rules.plugins {
                rootPlugins = []
                for case .add(let name) in changes where !rootPlugins.contains(name) { rootPlugins.append(name) }
            }
            rootNamed = rules.rules.named
        }
        var out: [SnapshotSurface] = []
        var stack: [(SceneNode, [String], [String: RecipeDefinition])] = [(scene.root, rootPlugins, rootNamed)]
        while let (node, inheritedPlugins, inheritedNamed) = stack.popLast() {
            var plugins = inheritedPlugins
            var named = inheritedNamed
            if let rules = node.rules {
                if rules.replace {
                    // Swift sources' `.twRules(rules)` keeps the plugins loaded for the app.
                    if !rules.keepsPlugins { plugins = [] }
                    named = [:]
                }
                for change in rules.plugins ?? [] {
                    switch change {
                    case .add(let name): if !plugins.contains(name) { plugins.append(name) }
                    case .drop(let name): plugins.removeAll { $0 == name }
                    }
                }
                for (k, v) in rules.rules.named { named[k] = v }
                // Registrations written inline: the `.twRules` scope joins
                // the scope's plugins, last (it shadows them); a replacing
                // call leaves the enclosing calls' registrations behind.
                if let scope = SourceScopes.plugin(of: rules, in: snapshot) {
                    if rules.replace { plugins.removeAll(where: RegistrySnapshot.Scope.isScope) }
                    plugins.removeAll { $0 == scope }
                    plugins.append(scope)
                } else if rules.replace {
                    plugins.removeAll(where: RegistrySnapshot.Scope.isScope)
                }
            }
            for (classes, kind) in [(node.tw, node.sourceKind), (node.buttonStyle, SurfaceSource.Kind.button)] {
                guard let classes else { continue }
                let source =
                    kind == .button
                    ? SurfaceSource(.button)
                    : NativeSourceMethods.source(kind, native: node.native, environment: scene.environment)
                let used = usedNames(classes, snapshot: snapshot, named: named)
                out.append(
                    SnapshotSurface(
                        path: node.path + (kind == .button && node.tw != nil ? "#buttonStyle" : ""),
                        scopePlugins: plugins,
                        usedNames: used, identity: identity(source, plugins: plugins, used: used, snapshot: snapshot),
                        location: node.location))
            }
            for child in node.children.reversed() { stack.append((child, plugins, named)) }
        }
        return out
    }

    /// Names the classes use, expanding recipes (rules, snapshot, built-in).
    static func usedNames(_ classes: TWClasses, snapshot: RegistrySnapshot, named: [String: RecipeDefinition]) -> Set<
        String
    > {
        var used = Set<String>()
        var queue = ClassTokenizer.tokenize(classes)
        var expanded = Set<String>()
        while let token = queue.popLast() {
            guard case .success(let parsed) = ParsedClass.parse(token) else { continue }
            let name = parsed.root ?? parsed.body
            used.insert(name)
            if parsed.body.hasPrefix("animate-") { used.insert(String(parsed.body.dropFirst(8))) }
            guard parsed.argument == nil, expanded.count < 256, expanded.insert(name).inserted else { continue }
            if let recipe = named[name] {
                queue += ClassTokenizer.tokenize(recipe.classes)
                if let base = recipe.extends, let builtin = BuiltinRecipes.definitions[base] {
                    queue += ClassTokenizer.tokenize(builtin)
                }
            } else if let recipe = snapshot.entry(.recipe, name), let text = recipe.classes {
                queue += ClassTokenizer.tokenize(text)
            } else if let builtin = BuiltinRecipes.definitions[name] {
                queue += ClassTokenizer.tokenize(builtin)
            }
        }
        return used
    }

    /// The structural signature as `SurfaceResolver` builds it, from the
    /// snapshot's probed structures.
    static func identity(_ source: SurfaceSource, plugins: [String], used: Set<String>, snapshot: RegistrySnapshot)
        -> String
    {
        let inScope = Set(plugins)
        var parts: [StructuralSignature.Part] = [.target(source.targetName)]
        // One name, one registration: the plugin (or scope) latest in the list wins.
        var winner: [String: Int] = [:]
        for (i, plugin) in plugins.enumerated() where RegistrySnapshot.Scope.isScope(plugin) {
            for e in snapshot.modifiers where e.plugin == plugin { winner[e.name] = i }
        }
        for e in snapshot.modifiers where inScope.contains(e.plugin) {
            if let i = winner[e.name], plugins.firstIndex(of: e.plugin) != i { continue }
            guard let form = RegistrationForm(rawValue: e.form ?? "") else { continue }
            if let target = form.target {
                guard source.target == target else { continue }
                // Text and image transforms keep the source type: never in the signature (R-ID-1).
                if form.keepsSourceType { continue }
            }
            let structure = used.contains(e.name) ? e.activeStructure : e.inactiveStructure
            parts.append(
                .slot(
                    .init(phase: e.phase.flatMap(ChainPhase.init(rawValue:)), name: e.name, structure: structure ?? ""))
            )
        }
        StructuralSignature.insertBuiltinStyle(into: &parts)
        return StructuralSignature(parts).identity
    }

    /// Lists, per finding, the surfaces it affects: identity findings the
    /// surfaces whose identity changed and whose scope holds the registration
    /// (either plugin, for a registration that moved); breaking and behavior
    /// findings the surfaces whose classes use it; version findings the
    /// surfaces of the findings behind them.
    public static func annotate(
        _ findings: inout [DiffFinding], scene label: String, base: [SnapshotSurface], head: [SnapshotSurface]
    ) {
        let headByPath = Dictionary(head.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for i in findings.indices {
            let f = findings[i]
            guard let name = f.registrationName, let plugin = f.plugin else { continue }
            let plugins = [plugin] + (f.movedFrom.map { [$0] } ?? [])
            for b in base {
                guard let h = headByPath[b.path] else { continue }
                // A scope's finding: the surfaces of that scope's subtree, on either side.
                let inScope =
                    f.scope.map { b.scopePlugins.contains($0) || h.scopePlugins.contains($0) }
                    ?? plugins.contains { b.scopePlugins.contains($0) || h.scopePlugins.contains($0) }
                let affected: Bool
                switch f.category {
                case .identity: affected = inScope && b.identity != h.identity
                case .breaking, .behavior:
                    affected = inScope && (b.usedNames.contains(name) || h.usedNames.contains(name))
                case .compatible, .version, .input: affected = false
                }
                // A Swift source's paths name their file already (`File.swift:Type.body/0`).
                if affected {
                    let name = b.path.hasPrefix(label + ":") ? b.path : label + "#" + b.path
                    findings[i].surfaces.append(DiffFinding.Surface(name: name, location: h.location ?? b.location))
                }
            }
        }
        // A version finding affects what the findings behind it affect.
        for i in findings.indices where !findings[i].causes.isEmpty {
            let causes = Set(findings[i].causes)
            var seen = Set(findings[i].surfaces.map(\.name))
            for f in findings where causes.contains(f.fingerprint) {
                for s in f.surfaces where seen.insert(s.name).inserted { findings[i].surfaces.append(s) }
            }
        }
    }
}
