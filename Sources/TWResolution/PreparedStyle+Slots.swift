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

        /// Built-in styling runs in stages, each followed by the slots of its
        /// phase (R-ORDER-1/2): source slots, then per stage its entries and
        /// slots. `stages` holds each entry's stage, in application order.
        mutating func insertStyling(_ entries: [ChainEntry], stages: [ChainPhase]) {
            chain = Self.merge(slots: chain, styling: entries, stages: stages)
            StructuralSignature.insertBuiltinStyle(into: &signature)
        }

        /// The one order of a chain: the slots (in merged order, so grouped
        /// by phase) around the styling entries of each stage.
        static func merge(slots: [ChainEntry], styling: [ChainEntry], stages: [ChainPhase]) -> [ChainEntry] {
            var out: [ChainEntry] = []
            out.reserveCapacity(slots.count + styling.count)
            var s = 0
            while s < slots.count, slots[s].phase.stageIndex == nil {
                out.append(slots[s])
                s += 1
            }
            var e = 0
            for stage in ChainPhase.stylingStages {
                while e < styling.count, stages[e] == stage {
                    out.append(styling[e])
                    e += 1
                }
                while s < slots.count, slots[s].phase == stage {
                    out.append(slots[s])
                    s += 1
                }
            }
            // The registry sorts slots by phase (`PluginRegistry.chainOrder`) and the styling runs in
            // stage order, so nothing is left; were it not so, nothing is dropped either.
            assert(e == styling.count && s == slots.count, "slots and styling are in chain order")
            out += styling[e...]
            out += slots[s...]
            return out
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
