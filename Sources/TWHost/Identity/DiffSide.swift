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
    }

    /// The argument as given (`base.json`, `plugins:motion@build`).
    public var label: String
    public var snapshot: RegistrySnapshot
    public var origin: Origin

    public init(label: String, snapshot: RegistrySnapshot, origin: Origin) {
        self.label = label
        self.snapshot = snapshot
        self.origin = origin
    }

    /// A registration's entry line, or its plugin's file.
    func location(ofEntry key: String, plugin: String?) -> FindingLocation? {
        switch origin {
        case .file:
            return snapshot.positions.entries[key].map(FindingLocation.line)
        case .plugins(let paths, _):
            return plugin.flatMap { name in paths.first { $0.name == name }.map { .file($0.path) } }
        }
    }

    /// A plugin's entry line in the snapshot's `plugins`, or its file.
    func location(ofPlugin name: String) -> FindingLocation? {
        switch origin {
        case .file: return snapshot.positions.plugins[name].map(FindingLocation.line)
        case .plugins(let paths, _): return paths.first { $0.name == name }.map { .file($0.path) }
        }
    }

    /// The file itself, when nothing more precise is known.
    var wholeFile: FindingLocation {
        switch origin {
        case .file(let path): return .file(path)
        case .plugins(let paths, let folder): return .file(folder ?? paths.first?.path ?? label)
        }
    }
}

extension RegistryDiff {
    /// Everything `twhost diff` reports for two sides: registration findings,
    /// version findings, input findings (snapshots out of merged order, the
    /// allowlist's stale and duplicate entries), each with the surfaces of
    /// `scenes` it affects and a location, in print order.
    /// - Throws: the allowlist's malformed fingerprints, all of them.
    public static func report(
        base: DiffSide, head: DiffSide, scenes: [(label: String, scene: Scene)] = [], allowlist: Allowlist? = nil
    ) throws(AllowlistErrors) -> DiffReport {
        var findings = compare(base.snapshot, head.snapshot)
        findings += VersionCheck.findings(base: base.snapshot, head: head.snapshot, for: findings)
        for (side, which) in [(base, DiffFinding.Side.base), (head, .head)] {
            guard case .file(let path) = side.origin, let misorder = side.snapshot.misorder else { continue }
            var f = DiffFinding(
                .snapshotNotCanonical, .snapshot(which),
                why:
                    "\(path) lists '\(misorder.earlier)' before '\(misorder.later)', but their phase, order and name put '\(misorder.later)' first; twhost trusts the fields",
                changes: [
                    .init(
                        field: "order", before: "\(misorder.earlier), \(misorder.later)",
                        after: "\(misorder.later), \(misorder.earlier)", contrast: ("listed", "merged"))
                ])
            f.side = which
            f.location = side.location(ofEntry: "modifier:" + misorder.earlier, plugin: nil) ?? side.wholeFile
            findings.append(f)
        }
        for (label, scene) in scenes {
            SceneImpact.annotate(
                &findings, scene: label, base: SceneImpact.surfaces(scene, base.snapshot),
                head: SceneImpact.surfaces(scene, head.snapshot))
        }
        if let allowlist {
            let errors = allowlist.validate(against: findings)
            guard errors.isEmpty else { throw AllowlistErrors(errors: errors) }
            findings += allowlist.apply(to: &findings)
        }
        locate(&findings, base: base, head: head)
        return DiffReport(
            baseLabel: base.label, headLabel: head.label, findings: findings.sorted(by: DiffFinding.printOrder))
    }

    /// Points every finding that has no location yet: a registration at its
    /// entry in HEAD (BASE for removals) or its plugin's file; a version
    /// finding at the plugin in HEAD, with the findings behind it as related
    /// locations.
    static func locate(_ findings: inout [DiffFinding], base: DiffSide, head: DiffSide) {
        for i in findings.indices where findings[i].location == nil {
            let (first, second) = findings[i].side == .base ? (base, head) : (head, base)
            switch findings[i].subject {
            case .registration(let kind, let name, let plugin):
                let key = kind.rawValue + ":" + name
                // A removal's plugin is the BASE one; a move's BASE plugin is the old one.
                let secondPlugin = findings[i].side == .base ? plugin : findings[i].movedFrom ?? plugin
                findings[i].location =
                    first.location(ofEntry: key, plugin: plugin) ?? second.location(ofEntry: key, plugin: secondPlugin)
                    ?? first.wholeFile
            case .plugin(let name, _):
                findings[i].location = head.location(ofPlugin: name) ?? base.location(ofPlugin: name) ?? head.wholeFile
            case .snapshot, .allowlistEntry:
                findings[i].location = first.wholeFile
            }
        }
        let byFingerprint = Dictionary(findings.map { ($0.fingerprint, $0.location) }, uniquingKeysWith: { a, _ in a })
        for i in findings.indices where !findings[i].causes.isEmpty {
            findings[i].related = findings[i].causes.compactMap { byFingerprint[$0] ?? nil }
        }
    }
}

/// The malformed fingerprints of an allowlist (`twhost diff` exits 2).
public struct AllowlistErrors: Error, Equatable, Sendable {
    public var errors: [Allowlist.ReadError]
}
