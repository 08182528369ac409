import TWModel
import TWRegistry
import TWScenes

/// The `.twRules` scopes of Swift sources that register inline, found in the
/// scenes the Swift source reader made, and the snapshot entries of their
/// registrations (plugin `source@ID`).
public enum SourceScopes {
    /// A scope and the registrations its rules write.
    struct Found {
        var view: String
        var call: SourceLocation
        var inline: InlineRegistrations
    }

    /// Every `.twRules` call with inline registrations, once each (a view
    /// used in several places, or a `.twRules(c ? a : b)`, is one call: the
    /// first rules read there are kept), with its scope: ids by view, then
    /// file and line.
    static func scopes(_ scenes: [Scene]) -> [(RegistrySnapshot.Scope, InlineRegistrations)] {
        var found: [Found] = []
        var seen = Set<SourceLocation>()
        for scene in scenes {
            var stack = [scene.root]
            while let node = stack.popLast() {
                if let rules = node.rules, !rules.inline.isEmpty, let call = rules.call ?? rules.location,
                    seen.insert(call).inserted
                {
                    found.append(Found(view: rules.view ?? "?", call: call, inline: rules.inline))
                }
                stack += node.children.reversed()
            }
        }
        found.sort {
            if $0.view != $1.view { return $0.view.utf8.lexicographicallyPrecedes($1.view.utf8) }
            if $0.call.file != $1.call.file { return $0.call.file.utf8.lexicographicallyPrecedes($1.call.file.utf8) }
            return ($0.call.line, $0.call.column) < ($1.call.line, $1.call.column)
        }
        var out: [(RegistrySnapshot.Scope, InlineRegistrations)] = []
        var count: [String: Int] = [:]
        for f in found {
            count[f.view, default: 0] += 1
            let n = count[f.view] ?? 1
            let id = n == 1 ? f.view : "\(f.view)#\(n)"
            out.append((RegistrySnapshot.Scope(id: id, view: f.view, file: f.call.file, line: f.call.line), f.inline))
        }
        return out
    }

    /// The scope of a node's rules in a snapshot, by where its call is.
    static func plugin(of rules: SceneRules, in snapshot: RegistrySnapshot) -> String? {
        guard !rules.inline.isEmpty, let call = rules.call ?? rules.location else { return nil }
        return snapshot.entries.first { $0.scope?.file == call.file && $0.scope?.line == call.line }?.plugin
    }
}

extension RegistrySnapshot {
    /// The plugins' registrations, probed, and beside them every registration
    /// written inline in the scenes of Swift sources, each probed as `resolve`
    /// reads it (the structure its closure returns, read statically), with
    /// its `.twRules` scope and location.
    public init(registry: PluginRegistry, scenes: [Scene], theme: Theme = Theme()) {
        self.init(registry: registry, theme: theme)
        for (scope, inline) in SourceScopes.scopes(scenes) {
            // The inline registrations alone, merged as any scope merges them.
            let own = PluginRegistry(plugins: [], inline: inline)
            let locations = Dictionary(
                inline.modifiers.map { ("modifier:" + $0.name, $0.location) }
                    + inline.utilities.map { ("utility:" + $0.prefix, $0.location) }
                    + inline.animations.map { ("animation:" + $0.name, $0.location) },
                uniquingKeysWith: { _, later in later })
            for var entry in Self.probedEntries(of: own, theme: theme) {
                entry.location = locations[entry.kind.rawValue + ":" + entry.name]
                entry.plugin = scope.plugin
                entry.scope = scope
                entries.append(entry)
            }
        }
        entries.sort(by: Self.canonicalOrder)
    }

    /// The plugins' registrations only (what a version 1 snapshot holds).
    var pluginEntries: [Entry] { entries.filter { $0.scope == nil } }

    /// The scopes of the snapshot's inline registrations, by id.
    var scopeIDs: [String] {
        var ids: [String] = []
        for e in entries { if let id = e.scope?.id, !ids.contains(id) { ids.append(id) } }
        return ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// What surfaces of one scope get: the plugins' registrations with the
    /// scope's own, which shadow a plugin's of the same kind and name.
    func merged(scope id: String) -> [Entry] {
        let own = entries.filter { $0.scope?.id == id }
        let names = Set(own.map { $0.kind.rawValue + ":" + $0.name })
        return (entries.filter { $0.scope == nil && !names.contains($0.key) } + own).sorted(by: Self.canonicalOrder)
    }
}
