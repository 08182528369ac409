import TWLoading
import TWModel

/// Conflict selection: which class wins each built-in property and each
/// registration conflict key in a state (R-CONFLICT-1, R-STATE-1).
extension PreparedStyle {
    /// The class that sets a built-in property, and the value it sets.
    struct StyleWinner {
        var rank: SurfaceResolver.Rank
        var value: StyleValue
        var effect: ClassEffect
    }

    /// The class that selects a registration for a conflict key, and its argument.
    struct KeyWinner {
        var rank: SurfaceResolver.Rank
        var registration: ModifierRegistration
        var value: TypedValue?
        var effect: ClassEffect
    }

    /// The winners of one state.
    struct Winners {
        var style = PropertyTable<StyleWinner>()
        var keys: [String: KeyWinner] = [:]
    }

    /// Conflict selection step: among the effects whose conditions the state
    /// satisfies, the highest rank (variant precedence, then specificity, then
    /// the later class) wins each property and each conflict key.
    static func selectWinners(_ effects: [ClassEffect], state: SurfaceState) -> Winners {
        var winners = Winners()
        for effect in effects where state.satisfies(effect.conditions) {
            let r = SurfaceResolver.rank(effect)
            switch effect.kind {
            case .style(let assignments):
                for a in assignments
                where winners.style[a.property].map({ SurfaceResolver.beats(r, $0.rank) }) ?? true {
                    winners.style[a.property] = StyleWinner(rank: r, value: a.value, effect: effect)
                }
            case .registration(let registration, let value):
                let key = registration.conflictKey
                if winners.keys[key].map({ SurfaceResolver.beats(r, $0.rank) }) ?? true {
                    winners.keys[key] = KeyWinner(rank: r, registration: registration, value: value, effect: effect)
                }
            }
        }
        return winners
    }

    /// Kept-foreground step (swiftcn's `TWForegroundModifier`): a text color under a
    /// variant keeps the foreground modifier installed while the variant is inactive,
    /// with the hierarchical primary style (the parent's color), so the view's structure
    /// does not change with the state. The class that installs it is the first such one.
    static func keepForeground(_ style: inout PropertyTable<StyleWinner>, _ effects: [ClassEffect]) {
        guard style[.foreground] == nil, let effect = effects.first(where: setsForegroundUnderVariant) else { return }
        style[.foreground] = StyleWinner(rank: SurfaceResolver.rank(effect), value: .member("primary"), effect: effect)
    }

    /// Whether a class effect sets the text color under a variant (`hover:text-primary`).
    static func setsForegroundUnderVariant(_ effect: ClassEffect) -> Bool {
        guard !effect.conditions.isEmpty, case .style(let assignments) = effect.kind else { return false }
        return assignments.contains { $0.property == .foreground }
    }

    /// Not-painted step: native controls (any style but `plain`) draw their own
    /// background, border and shadow (R-CTRL-1); those winners are removed and
    /// each gets a warning.
    static func dropNotPainted(_ style: inout PropertyTable<StyleWinner>, nativeStyle: String?) -> [Diagnostic] {
        guard let nativeStyle, nativeStyle != "plain" else { return [] }
        var out: [Diagnostic] = []
        for property in StyleProperty.allCases where property.paintsOverNativeControl {
            guard let winner = style.removeValue(forKey: property) else { continue }
            out.append(
                SurfaceFinding.notPainted(
                    classText: winner.effect.classText, innerText: winner.effect.innerText, style: nativeStyle,
                    property: property
                ).diagnostic)
        }
        return out
    }

    /// For `explain`: the winner of each property in property order, then of
    /// each conflict key in byte order of the key.
    static func winnerDetails(_ winners: Winners) -> [Winner] {
        var out: [Winner] = []
        for property in StyleProperty.allCases {
            guard let w = winners.style[property] else { continue }
            out.append(
                Winner(
                    key: property.rawValue, className: w.effect.innerText,
                    conditions: w.effect.conditions.map(\.rawValue)))
        }
        for key in winners.keys.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let w = winners.keys[key] else { continue }
            out.append(
                Winner(
                    key: "conflict key \(key)", className: w.effect.innerText,
                    conditions: w.effect.conditions.map(\.rawValue)))
        }
        return out
    }
}
