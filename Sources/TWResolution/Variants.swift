import TWModel
import TWSupport

/// A state variant (G-6): the surface's own state (`hover:`) or an enclosing
/// group's (`group-hover:`, `group-hover/hero:`), as swiftcn's class parser
/// reads them.
public struct Variant: Hashable, Sendable {
    /// The state a variant tests.
    public enum State: Int, Hashable, Sendable, CaseIterable {
        case hover = 1, focus, pressed, disabled

        /// The name after `group-` or alone: `active` is read as `pressed`.
        var name: String {
            switch self {
            case .hover: return "hover"
            case .focus: return "focus"
            case .pressed: return "pressed"
            case .disabled: return "disabled"
            }
        }
    }

    public var state: State
    /// nil: the surface's own state. `""`: the nearest enclosing group's
    /// (`group-hover:`). A name: the nearest enclosing group of that name
    /// (`group-hover/hero:`).
    public var group: String?

    public init(_ state: State, group: String? = nil) {
        self.state = state
        self.group = group
    }

    public static let hover = Variant(.hover)
    public static let focus = Variant(.focus)
    public static let pressed = Variant(.pressed)
    public static let disabled = Variant(.disabled)
    public static let groupHover = Variant(.hover, group: "")
    public static let groupFocus = Variant(.focus, group: "")
    public static let groupPressed = Variant(.pressed, group: "")
    public static let groupDisabled = Variant(.disabled, group: "")

    /// Whether the state is an enclosing group's.
    public var isGroup: Bool { group != nil }

    /// `active:` is the same as `pressed:`, `group-active` as `group-pressed`;
    /// a group variant may name its group after `/` (letters, digits, `-`,
    /// `_`, `.`, as swiftcn's identifiers).
    public init?(name: String) {
        var base = Substring(name)
        var group: String?
        if base.hasPrefix("group-") {
            base = base.dropFirst(6)
            group = ""
            if let slash = base.firstIndex(of: "/") {
                let label = String(base[base.index(after: slash)...])
                guard GroupName.isValid(label) else { return nil }
                group = label
                base = base[..<slash]
            }
        }
        switch base {
        case "hover": self.init(.hover, group: group)
        case "focus": self.init(.focus, group: group)
        case "pressed", "active": self.init(.pressed, group: group)
        case "disabled": self.init(.disabled, group: group)
        default: return nil
        }
    }

    /// The canonical name: `hover`, `group-pressed`, `group-hover/hero`.
    public var rawValue: String {
        guard let group else { return state.name }
        return group.isEmpty ? "group-" + state.name : "group-\(state.name)/\(group)"
    }

    /// R-STATE-1: hover < focus < pressed < disabled; a group variant ranks
    /// as its state does (swiftcn's `TWRule.priority` counts both alike).
    var precedence: Int { state.rawValue }

    /// The precedence of a class's conditions: its highest variant's, 0 with none.
    static func precedence(of conditions: [Variant]) -> Int {
        var precedence = 0
        for condition in conditions { precedence = max(precedence, condition.precedence) }
        return precedence
    }

    /// R-CONFLICT-1's order in one `Int64`, for the fast paths' fixed arrays:
    /// the conditions' precedence (bits 40 and up), then their number
    /// (specificity, bits 32–39); the declaration index fills bits 0–31
    /// (`packedRank(_:index:)`).
    static func packedRank(of conditions: [Variant]) -> Int64 {
        Int64(precedence(of: conditions)) << 40 | Int64(conditions.count) << 32
    }

    /// A packed rank with its effect's declaration index.
    @inline(__always)
    static func packedRank(_ rank: Int64, index: Int64) -> Int64 { rank | index }

    public static let names = [
        "active", "disabled", "focus", "group-active", "group-disabled", "group-focus", "group-hover",
        "group-pressed", "hover", "pressed",
    ]
}

/// A group's name (`group/hero`, `group-hover/hero:`, `shared-[id]/hero`):
/// ASCII letters, digits, `-`, `_` and `.`, as swiftcn's class parser accepts.
public enum GroupName {
    public static func isValid(_ name: some StringProtocol) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D
                    || b == 0x5F || b == 0x2E
            }
    }
}

/// The groups enclosing a surface: the views above it whose classes hold a
/// `group` or `group/name` marker, outermost first, each with its state.
/// swiftcn publishes each group's state to its subtree, never to itself.
public struct GroupContext: Hashable, Sendable {
    public struct Scope: Hashable, Sendable {
        /// `""` for `group`, else the name after `group/`.
        public var name: String
        public var active: Set<Variant.State>
        public init(name: String, active: Set<Variant.State>) {
            self.name = name
            self.active = active
        }
    }

    public var scopes: [Scope]

    public init(_ scopes: [Scope] = []) { self.scopes = scopes }

    /// The group a variant or shared element refers to: the nearest one for
    /// `""` (whatever its name), else the nearest of that name.
    public func scope(named name: String) -> Scope? {
        name.isEmpty ? scopes.last : scopes.last { $0.name == name }
    }

    /// This context with one more, innermost, group.
    public func adding(_ scope: Scope) -> GroupContext {
        var copy = self
        copy.scopes.append(scope)
        return copy
    }
}

/// The states a surface is in when it is resolved.
public struct SurfaceState: Hashable, Sendable {
    public var active: Set<Variant>
    /// The states the caller supplies itself, on or off — the seeds'
    /// `TWState(isPressed: pressed)`, a scene node's `"state": {"pressed": false}`.
    /// A general view has a pressed state only when it is given (R-STATE-2).
    /// Every active state counts as given.
    public var explicit: Set<Variant>
    /// The enclosing groups, which drive `group-*` variants. A group state
    /// given explicitly (`--state groupHover`) stands for an enclosing group
    /// outside what is read.
    public var groups: GroupContext

    public init(_ active: Set<Variant> = [], explicit: Set<Variant> = [], groups: GroupContext = GroupContext()) {
        self.active = active
        // (A union of empty sets still costs a set's work; most surfaces have no states.)
        self.explicit = active.isEmpty ? explicit : explicit.union(active)
        self.groups = groups
    }

    /// Whether this is `SurfaceState()`: no state on or given, no groups
    /// (without building one to compare with).
    public var isEmpty: Bool { active.isEmpty && explicit.isEmpty && groups.scopes.isEmpty }

    /// Whether the caller supplies this state (on or off); a group state is
    /// also supplied by an enclosing group it refers to.
    public func supplies(_ variant: Variant) -> Bool {
        if explicit.contains(variant) { return true }
        guard let group = variant.group else { return false }
        return groups.scope(named: group) != nil
    }

    public func satisfies(_ conditions: [Variant]) -> Bool {
        conditions.allSatisfy { v in
            if active.contains(v) { return true }
            guard let group = v.group, let scope = groups.scope(named: group) else { return false }
            return scope.active.contains(v.state)
        }
    }

    /// The own states that are on, as a group's state for its subtree.
    public var ownStates: Set<Variant.State> {
        var out: Set<Variant.State> = []
        for v in active where v.group == nil { out.insert(v.state) }
        return out
    }

    /// `hover,focus` (also `groupHover`, `group-hover`, `active`).
    public static func parse(_ list: String) -> Result<SurfaceState, ArgumentDecoder.Failure> {
        var active: Set<Variant> = []
        for raw in list.split(separator: ",") {
            let name = raw.trimmingCharacters(in: " ")
            let normalized = Self.camelGroupNames[name] ?? name
            guard let variant = Variant(name: normalized) else {
                let hint = Suggestion.nearest(to: normalized, in: Variant.names).map { "; did you mean '\($0)'?" } ?? ""
                return .failure(ArgumentDecoder.Failure(message: "unknown state '\(name)'\(hint)"))
            }
            active.insert(variant)
        }
        return .success(SurfaceState(active))
    }

    /// The scene and command-line spellings of the unnamed group states.
    static let camelGroupNames = [
        "groupHover": "group-hover", "groupFocus": "group-focus", "groupPressed": "group-pressed",
        "groupActive": "group-pressed", "groupDisabled": "group-disabled",
    ]

    /// Canonical text, bytewise order.
    public var description: String {
        active.map(\.rawValue).sorted().joined(separator: ",")
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
