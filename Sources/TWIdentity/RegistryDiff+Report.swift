import TWScenes

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
            f.location = side.location(ofEntry: .modifier, misorder.earlier, plugin: nil) ?? side.wholeFile
            findings.append(f)
        }
        for (label, scene) in scenes {
            SceneImpact.annotate(
                &findings, scene: label, base: SceneImpact.surfaces(scene, base.snapshot),
                head: SceneImpact.surfaces(scene, head.snapshot))
        }
        // Swift sources on both sides: each HEAD file's surfaces against the
        // same file's in BASE.
        for (label, scene) in head.scenes {
            guard let before = base.scenes.first(where: { $0.label == label })?.scene else { continue }
            SceneImpact.annotate(
                &findings, scene: label, base: SceneImpact.surfaces(before, base.snapshot),
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
                // A removal's plugin is the BASE one; a move's BASE plugin is the old one.
                let secondPlugin = findings[i].side == .base ? plugin : findings[i].movedFrom ?? plugin
                findings[i].location =
                    first.location(ofEntry: kind, name, plugin: plugin)
                    ?? second.location(ofEntry: kind, name, plugin: secondPlugin)
                    ?? first.wholeFile
            case .plugin(let name, _):
                findings[i].location = head.location(ofPlugin: name) ?? base.location(ofPlugin: name) ?? head.wholeFile
            case .snapshot, .allowlistEntry:
                findings[i].location = first.wholeFile
            }
        }
        // A move between `.twRules` scopes (or between a plugin and one)
        // points at HEAD and relates where it was in BASE.
        for i in findings.indices where findings[i].rule == .registrationMoved && findings[i].involvesScope {
            guard case .registration(let kind, let name, _) = findings[i].subject, let from = findings[i].movedFrom,
                let before = base.location(ofEntry: kind, name, plugin: from)
            else { continue }
            findings[i].related = [DiffFinding.Related(location: before, note: "before: in \(from)")]
        }
        let byFingerprint = Dictionary(findings.map { ($0.fingerprint, $0.location) }, uniquingKeysWith: { a, _ in a })
        for i in findings.indices where !findings[i].causes.isEmpty {
            findings[i].related = findings[i].causes.compactMap { cause in
                (byFingerprint[cause] ?? nil).map { DiffFinding.Related(location: $0, note: cause) }
            }
        }
    }
}

/// The malformed fingerprints of an allowlist (`twhost diff` exits 2).
public struct AllowlistErrors: Error, Equatable, Sendable {
    public var errors: [Allowlist.ReadError]
}
