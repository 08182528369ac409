import TWModel

/// What state variants can reach on a surface (R-STATE-2, revised): a
/// button's native style is chosen by base classes only, and `pressed:`
/// applies only where something supplies a pressed state.
enum VariantReach {
    /// The native button style the base classes choose, and the effects
    /// without the style classes that variants tried to add.
    ///
    /// Seed 003: hover and focus variants "never change the native style";
    /// Apple owns the press, hover, focus and disabled appearance. So a
    /// variant's `style-*` (`hover:button-outline`, `disabled:button-ghost`)
    /// is a `variant-no-effect` warning on a button, whatever the state, and
    /// the rest of the recipe (its label classes) still applies.
    static func nativeStyle(
        _ effects: inout [ClassEffect], source: SurfaceSource, diagnostics: inout [Diagnostic]
    ) -> String? {
        var style: String?
        var rank: SurfaceResolver.Rank?
        for effect in effects where effect.conditions.isEmpty {
            guard case .style(let assignments) = effect.kind else { continue }
            for a in assignments where a.property == .nativeButtonStyle {
                if case .member(let chosen) = a.value,
                    rank.map({ SurfaceResolver.beats(SurfaceResolver.rank(effect), $0) }) ?? true
                {
                    style = chosen
                    rank = SurfaceResolver.rank(effect)
                }
            }
        }
        guard source.kind == .button else { return nil }
        // Most surfaces have no variant style class: leave their effects as they are.
        let isVariantStyle = { (effect: ClassEffect) -> Bool in
            guard !effect.conditions.isEmpty, case .style(let assignments) = effect.kind else { return false }
            return assignments.contains { $0.property == .nativeButtonStyle }
        }
        guard effects.contains(where: isVariantStyle) else { return style }
        var warned = Set<String>()
        var kept: [ClassEffect] = []
        kept.reserveCapacity(effects.count)
        for effect in effects {
            guard isVariantStyle(effect), case .style(let assignments) = effect.kind else {
                kept.append(effect)
                continue
            }
            if warned.insert(effect.classText).inserted {
                diagnostics.append(
                    SurfaceFinding.variantChangesNativeStyle(
                        classText: effect.classText, innerText: effect.innerText, kept: style
                    ).diagnostic)
            }
            let rest = assignments.filter { $0.property != .nativeButtonStyle }
            if !rest.isEmpty {
                kept.append(
                    ClassEffect(
                        kind: .style(rest), classText: effect.classText, innerText: effect.innerText,
                        conditions: effect.conditions, index: effect.index))
            }
        }
        effects = kept
        return style
    }

    /// Drops `pressed:`/`active:` effects where nothing supplies a pressed
    /// state, with a `variant-no-effect` warning per class: SwiftUI gives
    /// plain buttons (`ButtonStyle.Configuration.isPressed`) one, a native
    /// style keeps its own, and a general view has one only when the caller
    /// passes it (`TWState(isPressed:)`, a scene node's `state`).
    static func dropUnreachablePressed(
        _ effects: inout [ClassEffect], source: SurfaceSource, nativeStyle: String?, state: SurfaceState,
        diagnostics: inout [Diagnostic]
    ) {
        let reachable: Bool
        if source.kind == .button {
            reachable = nativeStyle == nil || nativeStyle == "plain"
        } else {
            reachable = state.supplies(.pressed)
        }
        guard !reachable else { return }
        var warned = Set<String>()
        effects.removeAll { effect in
            guard effect.conditions.contains(.pressed) else { return false }
            if warned.insert(effect.classText).inserted {
                let finding: SurfaceFinding =
                    source.kind == .button
                    ? .pressedOnNativeStyle(classText: effect.classText, innerText: effect.innerText)
                    : .pressedWithoutState(classText: effect.classText, innerText: effect.innerText)
                diagnostics.append(finding.diagnostic)
            }
            return true
        }
    }
}
