import TWModel
import TWSupport

/// A state variant (G-6).
public enum Variant: String, Hashable, Sendable, CaseIterable {
    case hover, focus, pressed, disabled, groupHover = "group-hover", groupFocus = "group-focus"

    /// `active:` is the same as `pressed:`.
    public init?(name: String) {
        if name == "active" {
            self = .pressed
        } else {
            self.init(rawValue: name)
        }
    }

    /// R-STATE-1: hover < focus < pressed < disabled.
    var precedence: Int {
        switch self {
        case .hover, .groupHover: return 1
        case .focus, .groupFocus: return 2
        case .pressed: return 3
        case .disabled: return 4
        }
    }

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

    public static let names = ["active", "disabled", "focus", "group-focus", "group-hover", "hover", "pressed"]
}

/// The states a surface is in when it is resolved.
public struct SurfaceState: Hashable, Sendable {
    public var active: Set<Variant>
    /// The states the caller supplies itself, on or off — the seeds'
    /// `TWState(isPressed: pressed)`, a scene node's `"state": {"pressed": false}`.
    /// A general view has a pressed state only when it is given (R-STATE-2).
    /// Every active state counts as given.
    public var explicit: Set<Variant>

    public init(_ active: Set<Variant> = [], explicit: Set<Variant> = []) {
        self.active = active
        self.explicit = explicit.union(active)
    }

    /// Whether the caller supplies this state (on or off).
    public func supplies(_ variant: Variant) -> Bool { explicit.contains(variant) }

    public func satisfies(_ conditions: [Variant]) -> Bool { conditions.allSatisfy { active.contains($0) } }

    /// `hover,focus` (also `groupHover`, `group-hover`, `active`).
    public static func parse(_ list: String) -> Result<SurfaceState, ArgumentDecoder.Failure> {
        var active: Set<Variant> = []
        for raw in list.split(separator: ",") {
            let name = raw.trimmingCharacters(in: " ")
            let normalized = name == "groupHover" ? "group-hover" : name == "groupFocus" ? "group-focus" : name
            guard let variant = Variant(name: normalized) else {
                let hint = Suggestion.nearest(to: normalized, in: Variant.names).map { "; did you mean '\($0)'?" } ?? ""
                return .failure(ArgumentDecoder.Failure(message: "unknown state '\(name)'\(hint)"))
            }
            active.insert(variant)
        }
        return .success(SurfaceState(active))
    }

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
