import TWLoading
import TWModel

/// Slot filling: one chain entry per registration of the scope that applies
/// to the source, active when its class won the conflict key (R-SLOT-1).
extension PreparedStyle {
    /// The plugin slots of a surface and its structural signature so far.
    struct SlotChain {
        var chain: [ChainEntry] = []
        /// The target, then one part per slot that is part of the structure (R-ID-1).
        /// Text and image transforms return the source's own type (`Text` → `Text`),
        /// so selecting or dropping one never changes SwiftUI's structure: they are
        /// not in the signature (R-ID-1, revised).
        var signature: [StructuralSignature.Part]
        /// Registrations whose structure differs active and inactive (R-ID-3).
        var unstable: [String] = []

        /// Built-in styling sits after content slots and before effects
        /// (R-ORDER-1/2), in the chain and in the signature.
        mutating func insertStyling(_ entries: [ChainEntry]) {
            let firstEffects = chain.firstIndex { $0.phase == .effects } ?? chain.count
            chain.insert(contentsOf: entries, at: firstEffects)
            StructuralSignature.insertBuiltinStyle(into: &signature)
        }
    }

    /// Slot filling step: each registration of the scope that applies to the
    /// source, in merged order, active with the winner's argument or inactive
    /// with its default; its signature line unless it keeps the source's type.
    static func fillSlots(
        _ keys: [String: KeyWinner], source: SurfaceSource, scope: ResolutionScope, decorated: Bool,
        diagnostics: inout [Diagnostic]
    ) -> SlotChain {
        var slots = SlotChain(signature: [.target(source.targetName)])
        let selectedTargets = Set(keys.values.map(\.registration.name))
        for registration in scope.registry.modifiers {
            guard takesSlot(registration, source: source, selectedTargets: selectedTargets) else { continue }
            let winner = keys[registration.conflictKey]
            let active = decorated && winner?.registration.name == registration.name
            let slot =
                active
                ? scope.slots.active(registration, value: winner?.value, className: winner?.effect.classText)
                : scope.slots.inactive(registration, theme: scope.rules.theme)
            diagnostics += slot.diagnostics
            slots.chain.append(slot.entry)
            if !registration.form.keepsSourceType {
                // An inline registration's instability is reported once, where it is written.
                if registration.isUnstable && registration.location == nil { slots.unstable.append(registration.name) }
                slots.signature.append(.slot(slot.line))
            }
        }
        return slots
    }

    /// Whether a registration has a slot on this source: target registrations
    /// only on their target, text and image ones only when selected while shapes
    /// keep a slot (R-TARGET-3); a wrapped button style takes no general slots.
    static func takesSlot(_ registration: ModifierRegistration, source: SurfaceSource, selectedTargets: Set<String>)
        -> Bool
    {
        if let target = registration.form.target {
            guard source.target == target else { return false }
            return target == .shape || selectedTargets.contains(registration.name)
        }
        return !(source.kind == .button && source.wrapped)
    }
}
