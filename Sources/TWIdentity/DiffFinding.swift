import TWModel
import TWSupport

/// One finding of `twhost diff`: a rule, what it is about, what changed
/// (before and after, field by field), where it points, and the stable
/// fingerprint an allowlist names it by.
public struct DiffFinding: Equatable, Sendable {
    public enum Category: String, Equatable, Sendable, CaseIterable {
        /// Surfaces in scope reset child state.
        case identity
        /// Classes that resolved before now fail.
        case breaking
        /// Same structure, different values or expansions.
        case behavior
        /// Nothing a user of the classes would notice.
        case compatible
        /// The plugin's version does not say what changed.
        case version
        /// The snapshot or allowlist files themselves.
        case input

        /// The order findings are printed in.
        var rank: Int {
            switch self {
            case .identity: return 0
            case .breaking: return 1
            case .behavior: return 2
            case .compatible: return 3
            case .version: return 4
            case .input: return 5
            }
        }
    }

    /// What a finding is about.
    public enum Subject: Equatable, Sendable {
        /// A registration, by kind, name and (head) plugin.
        case registration(kind: RegistrySnapshot.Kind, name: String, plugin: String)
        /// A plugin and its head version.
        case plugin(name: String, version: String)
        /// An entry of the allowlist, by the fingerprint it names.
        case allowlistEntry(fingerprint: String)
        /// The BASE or HEAD snapshot as a whole.
        case snapshot(Side)
    }

    /// One field that differs. `before`/`after` are nil where the side has
    /// nothing (an addition, a removal).
    public struct Change: Equatable, Sendable {
        /// What the lines show: `phase`, `active`, `inactive`, `order`, `plugin`…
        public var field: String
        public var before: String?
        public var after: String?
        /// Labels for two values of one side instead of before and after
        /// (`unstable-structure`: the active and the inactive modifier).
        public var contrast: (String, String)?
        public init(field: String, before: String?, after: String?, contrast: (String, String)? = nil) {
            self.field = field
            self.before = before
            self.after = after
            self.contrast = contrast
        }

        /// The first token where long values part, to mark it.
        public var difference: TokenDifference? {
            guard let before, let after else { return nil }
            return TokenDifference(before, after)
        }

        public static func == (a: Change, b: Change) -> Bool {
            a.field == b.field && a.before == b.before && a.after == b.after && a.contrast?.0 == b.contrast?.0
                && a.contrast?.1 == b.contrast?.1
        }
    }

    /// Another place a finding involves, and what is there.
    public struct Related: Equatable, Sendable {
        public var location: FindingLocation
        public var note: String
    }

    /// A scene surface a finding affects (`diff --scene`).
    public struct Surface: Equatable, Sendable {
        /// `scene.json#/0/1`: the scene as given and the surface's path.
        public var name: String
        /// Where the surface is written, when the scene reader knows it.
        public var location: SourceLocation?
    }

    public var rule: DiffRule
    public var category: Category
    public var subject: Subject
    /// One sentence: why this matters.
    public var why: String
    public var hint: String
    public var changes: [Change]
    /// Where the finding points: the registration's entry in the HEAD
    /// snapshot (BASE for removals) or the plugin's file; filled from each `DiffSide` when the report is made.
    public var location: FindingLocation?
    /// Other places, each with what is there: for version findings the
    /// findings that need the bump, for a duplicate allowlist entry the first.
    public var related: [Related] = []
    /// Scene surfaces affected (with `--scene`).
    public var surfaces: [Surface] = []
    /// For version findings: the fingerprints of the findings behind it.
    public var causes: [String] = []
    /// For `registration-moved`: the plugin it moved from.
    public var movedFrom: String?
    /// Swift sources: the `.twRules` scope (`source@ID`) whose chain the
    /// finding was found in, when the registration is one it writes or once
    /// wrote (a plugin's it starts or stops shadowing is the app's change).
    public var scope: String?
    /// Which side the finding's registration is read from.
    public var side: Side = .head
    /// The allowlist's reason, when the fingerprint is allowed.
    public var allowedBecause: String?

    /// The snapshot a registration finding points into.
    public enum Side: String, Sendable, Equatable { case base, head }

    public init(
        _ rule: DiffRule, _ subject: Subject, why: String, changes: [Change] = [], category: Category? = nil,
        hint: String? = nil
    ) {
        self.rule = rule
        self.category = category ?? rule.category
        self.subject = subject
        self.why = why
        self.hint = hint ?? rule.hint
        self.changes = changes
    }

    /// `rule/plugin/registration` (for version findings `rule/plugin/version`):
    /// stable across runs and machines.
    public var fingerprint: String {
        switch subject {
        case .registration(_, let name, let plugin): return "\(rule.id)/\(plugin)/\(name)"
        case .plugin(let name, let version): return "\(rule.id)/\(name)/\(version)"
        case .allowlistEntry(let fingerprint): return "\(rule.id)/\(fingerprint)"
        case .snapshot(let side): return "\(rule.id)/\(side.rawValue)"
        }
    }

    public var level: SARIF.Level {
        if allowedBecause != nil && rule.level != .note { return .note }
        return rule.level
    }

    public var blocking: Bool { rule.level == .error && allowedBecause == nil }

    /// "modifier beta (versioned)", "plugin versioned 1.0.0", "allowlist entry 'x/y/z'".
    public var subjectText: String {
        switch subject {
        case .registration(let kind, let name, let plugin): return "\(kind.rawValue) \(name) (\(plugin))"
        case .plugin(let name, let version): return "plugin \(name) \(version)"
        case .allowlistEntry(let fingerprint): return "allowlist entry '\(fingerprint)'"
        case .snapshot(let side): return "\(side.rawValue) snapshot"
        }
    }

    public var registrationName: String? {
        if case .registration(_, let name, _) = subject { return name }
        return nil
    }

    /// The plugin a registration or version finding is about.
    public var plugin: String? {
        switch subject {
        case .registration(_, _, let plugin): return plugin
        case .plugin(let name, _): return name
        case .allowlistEntry, .snapshot: return nil
        }
    }

    /// Whether a registration finding is about a registration written
    /// inline in Swift sources (or one that moved to or from one).
    var involvesScope: Bool {
        scope != nil || RegistrySnapshot.Scope.isScope(plugin ?? "")
            || RegistrySnapshot.Scope.isScope(movedFrom ?? "")
    }

    /// The first change's values: JSON's `before` and `after`.
    public var before: String? { changes.first?.before }
    public var after: String? { changes.first?.after }

    /// Equal findings compare every field but the location, which depends on
    /// how a side was given (file or plugin folder), not on what changed.
    public static func == (a: DiffFinding, b: DiffFinding) -> Bool {
        a.rule == b.rule && a.category == b.category && a.subject == b.subject && a.why == b.why && a.hint == b.hint
            && a.changes == b.changes && a.surfaces == b.surfaces && a.causes == b.causes && a.movedFrom == b.movedFrom
            && a.allowedBecause == b.allowedBecause
    }

    /// Category, then name bytewise, then rule id, then plugin: a stable order.
    static func printOrder(_ a: DiffFinding, _ b: DiffFinding) -> Bool {
        if a.category.rank != b.category.rank { return a.category.rank < b.category.rank }
        let an = a.registrationName ?? a.subjectText
        let bn = b.registrationName ?? b.subjectText
        if an != bn { return an.utf8.lexicographicallyPrecedes(bn.utf8) }
        if a.rule != b.rule { return a.rule.id.utf8.lexicographicallyPrecedes(b.rule.id.utf8) }
        return (a.plugin ?? "").utf8.lexicographicallyPrecedes((b.plugin ?? "").utf8)
    }
}

/// Where a finding points: a line of a snapshot, allowlist or scene, or a
/// whole file (a plugin's `.so`, which has no lines).
public enum FindingLocation: Equatable, Sendable, CustomStringConvertible {
    case line(SourceLocation)
    case file(String)

    public var file: String {
        switch self {
        case .line(let location): return location.file
        case .file(let path): return path
        }
    }

    public var line: Int? {
        if case .line(let location) = self { return location.line }
        return nil
    }

    public var description: String {
        switch self {
        case .line(let location): return "\(location.file):\(location.line)"
        case .file(let path): return path
        }
    }

    func sarif(message: String? = nil) -> SARIF.Location {
        switch self {
        case .line(let location): return SARIF.Location(location, message: message)
        case .file(let path): return SARIF.Location(file: path, message: message)
        }
    }
}
