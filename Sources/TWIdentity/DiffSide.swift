import TWScenes

/// One side of `twhost diff` (BASE or HEAD): its snapshot and where it came
/// from, so that findings can point at a file a CI system can show.
public struct DiffSide: Sendable {
    public enum Origin: Sendable {
        /// A snapshot file: findings point at their entry's line.
        case file(String)
        /// A plugin set probed in a child process: findings point at the
        /// plugin's `.so` (name → path, in the set's order); `folder` is the
        /// `@DIR` given, if any, for a plugin whose file was not found.
        case plugins([(name: String, path: String)], folder: String?)
        /// Swift sources (`swift:PATH`, `git:REV:PATH`) with plugins loaded
        /// here: inline registrations point at their line in the sources,
        /// the plugins' at the plugin's `.so`.
        case sources([(name: String, path: String)])
    }

    /// The argument as given (`base.json`, `plugins:motion@build`).
    public var label: String
    public var snapshot: RegistrySnapshot
    public var origin: Origin
    /// Swift sources: each file's scene, as read on this side, by its path;
    /// `twhost diff` lists the surfaces each finding affects from them.
    public var scenes: [(label: String, scene: Scene)] = []

    public init(label: String, snapshot: RegistrySnapshot, origin: Origin) {
        self.label = label
        self.snapshot = snapshot
        self.origin = origin
    }

    /// A registration's entry line, or its plugin's file.
    func location(ofEntry kind: RegistrySnapshot.Kind, _ name: String, plugin: String?) -> FindingLocation? {
        switch origin {
        case .file:
            return snapshot.positions.entry(kind, RegistrySnapshot.Positions.key(name, plugin: plugin ?? ""))
                .map(FindingLocation.line)
        case .plugins(let paths, _):
            return plugin.flatMap { name in paths.first { $0.name == name }.map { .file($0.path) } }
        case .sources(let paths):
            if let plugin, RegistrySnapshot.Scope.isScope(plugin) {
                let entry = snapshot.entries.first { $0.kind == kind && $0.name == name && $0.plugin == plugin }
                return entry?.location.map(FindingLocation.line)
            }
            return plugin.flatMap { name in paths.first { $0.name == name }.map { .file($0.path) } }
        }
    }

    /// A plugin's entry line in the snapshot's `plugins`, or its file.
    func location(ofPlugin name: String) -> FindingLocation? {
        switch origin {
        case .file: return snapshot.positions.plugins[name].map(FindingLocation.line)
        case .plugins(let paths, _), .sources(let paths): return paths.first { $0.name == name }.map { .file($0.path) }
        }
    }

    /// The file itself, when nothing more precise is known.
    var wholeFile: FindingLocation {
        switch origin {
        case .file(let path): return .file(path)
        case .plugins(let paths, let folder): return .file(folder ?? paths.first?.path ?? label)
        case .sources: return .file(label)
        }
    }
}
