/// A semantic version (semver.org 2.0): `MAJOR.MINOR.PATCH`, an optional
/// `-pre.release` and an ignored `+build`.
public struct SemanticVersion: Equatable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    public var prerelease: [String]

    /// Nil for anything else ("1.0", "v1.0.0", "01.2.3").
    public init?(_ text: String) {
        let withoutBuild = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutBuild.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3 else { return nil }
        var values: [Int] = []
        for n in numbers {
            // Decimal digits without leading zeros, and small enough for an Int.
            guard !n.isEmpty, n.count <= 9, n.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), n == "0" || !n.hasPrefix("0"),
                let value = Int(n)
            else { return nil }
            values.append(value)
        }
        (major, minor, patch) = (values[0], values[1], values[2])
        prerelease = []
        if parts.count == 2 {
            prerelease = parts[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard prerelease.allSatisfy({ !$0.isEmpty }) else { return nil }
        }
    }

    init(_ major: Int, _ minor: Int, _ patch: Int) {
        (self.major, self.minor, self.patch, self.prerelease) = (major, minor, patch, [])
    }

    public var description: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
    }

    /// Precedence (semver §11): numbers, then a pre-release below its release,
    /// then pre-release identifiers (numeric below alphanumeric).
    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) {
            return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
        }
        if a.prerelease.isEmpty || b.prerelease.isEmpty { return !a.prerelease.isEmpty && b.prerelease.isEmpty }
        for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
            switch (Int(x), Int(y)) {
            case (let i?, let j?): return i < j
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return x.utf8.lexicographicallyPrecedes(y.utf8)
            }
        }
        return a.prerelease.count < b.prerelease.count
    }

    /// The version a breaking release after this one needs at least, as
    /// Cargo reads semver: the first non-zero part is the major one
    /// (1.4.2 → 2.0.0, 0.3.1 → 0.4.0, 0.0.5 → 0.0.6).
    public var nextMajor: SemanticVersion {
        if major > 0 { return SemanticVersion(major + 1, 0, 0) }
        if minor > 0 { return SemanticVersion(0, minor + 1, 0) }
        return SemanticVersion(0, 0, patch + 1)
    }

    /// The version a feature release after this one needs at least
    /// (1.4.2 → 1.5.0, 0.3.1 → 0.3.2, 0.0.5 → 0.0.6).
    public var nextMinor: SemanticVersion {
        if major > 0 { return SemanticVersion(major, minor + 1, 0) }
        return SemanticVersion(0, minor, patch + 1)
    }

    /// Whether this version's numbers reach `bound` (a pre-release counts:
    /// 2.0.0-rc.1 is a breaking release after 1.4.0).
    func numbersReach(_ bound: SemanticVersion) -> Bool {
        (major, minor, patch) >= (bound.major, bound.minor, bound.patch)
    }
}

/// `version-not-bumped`, `minor-version-not-bumped` and `version-decreased`:
/// whether each plugin's version says what its findings did, as
/// cargo-semver-checks does for Rust APIs. Identity and breaking findings need
/// a major bump, behavior findings a minor one; allowlisted findings count
/// too (an allowlist accepts a change, it does not make it compatible).
public enum VersionCheck {
    enum Need: Int, Comparable {
        case minor, major
        static func < (a: Need, b: Need) -> Bool { a.rawValue < b.rawValue }
    }

    /// Version findings for the plugins present on both sides.
    public static func findings(base: RegistrySnapshot, head: RegistrySnapshot, for findings: [DiffFinding])
        -> [DiffFinding]
    {
        var out: [DiffFinding] = []
        for plugin in head.plugins {
            guard let before = base.plugins.first(where: { $0.name == plugin.name }) else { continue }
            out += versionFindings(before: before, after: plugin, causes: causes(of: plugin.name, in: findings))
        }
        return out
    }

    /// The findings of one plugin (or moved from it) that need a release, and which.
    static func causes(of plugin: String, in findings: [DiffFinding]) -> [(DiffFinding, Need)] {
        var causes: [(DiffFinding, Need)] = []
        // An app's inline registration that starts or stops shadowing a
        // plugin's is the app's change, not the plugin's release.
        for f in findings where (f.plugin == plugin || f.movedFrom == plugin) && !f.involvesScope {
            switch f.category {
            case .identity, .breaking: causes.append((f, .major))
            case .behavior: causes.append((f, .minor))
            case .version, .compatible, .input: continue
            }
        }
        return causes
    }

    /// One plugin's version against its causes: decreased, not bumped enough, or changed and covering them.
    static func versionFindings(
        before: RegistrySnapshot.Plugin, after plugin: RegistrySnapshot.Plugin, causes: [(DiffFinding, Need)]
    ) -> [DiffFinding] {
        var out: [DiffFinding] = []
        let old = SemanticVersion(before.version)
        let new = SemanticVersion(plugin.version)
        let decreased = old.flatMap { o in new.map { $0 < o } } ?? false
        if decreased {
            out.append(
                DiffFinding(
                    .versionDecreased, .plugin(name: plugin.name, version: plugin.version),
                    why: "'\(plugin.name)' went from \(before.version) down to \(plugin.version)",
                    changes: [.init(field: "version", before: before.version, after: plugin.version)]))
        }
        var covered = true
        for need in [Need.major, .minor] {
            let these = causes.filter { $0.1 == need }.map(\.0)
            guard !these.isEmpty else { continue }
            // A major bump also covers behavior changes.
            if need == .minor && causes.contains(where: { $0.1 == .major }) { continue }
            guard let finding = notBumped(need, these, before: before, after: plugin) else { continue }
            covered = false
            out.append(finding)
        }
        if covered && before.version != plugin.version && !decreased {
            var f = DiffFinding(
                .versionChanged, .plugin(name: plugin.name, version: plugin.version),
                why:
                    causes.isEmpty
                    ? "'\(plugin.name)' went from \(before.version) to \(plugin.version) without a registration change"
                    : "'\(plugin.name)' went from \(before.version) to \(plugin.version), enough for its \(causes.count) finding(s)",
                changes: [.init(field: "version", before: before.version, after: plugin.version)])
            f.causes = causes.map(\.0.fingerprint).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            out.append(f)
        }
        return out
    }

    /// `version-not-bumped` or `minor-version-not-bumped` when the new version
    /// does not reach the release `need` asks for; nil when it does.
    static func notBumped(
        _ need: Need, _ these: [DiffFinding], before: RegistrySnapshot.Plugin, after plugin: RegistrySnapshot.Plugin
    ) -> DiffFinding? {
        let old = SemanticVersion(before.version)
        let new = SemanticVersion(plugin.version)
        let bumped: Bool
        var release = need == .major ? "a breaking release" : "a feature release"
        var hint: String?
        if let old, let new {
            let bound = need == .major ? old.nextMajor : old.nextMinor
            bumped = new.numbersReach(bound)
            release += " (\(bound) or later)"
            hint = "release '\(plugin.name)' as \(bound) or later"
        } else {
            // Versions that are not semver are judged only for equality.
            bumped = before.version != plugin.version
        }
        guard !bumped else { return nil }
        let fingerprints = these.map(\.fingerprint).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let kinds = need == .major ? "identity or breaking" : "behavior"
        var f = DiffFinding(
            need == .major ? .versionNotBumped : .minorVersionNotBumped,
            .plugin(name: plugin.name, version: plugin.version),
            why:
                "\(these.count) \(kinds) finding(s) in '\(plugin.name)' need \(release), but it went from \(before.version) to \(plugin.version)",
            changes: [.init(field: "version", before: before.version, after: plugin.version)], hint: hint)
        f.causes = fingerprints
        return f
    }
}
