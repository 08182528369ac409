import TWModel
import TWSupport

/// The registration findings of `RegistryDiff`, one constructor per rule: the
/// sentence of why and the before/after lines of each rule are made here.
extension DiffFinding {
    typealias Entry = RegistrySnapshot.Entry

    static func subject(_ e: Entry) -> Subject { .registration(kind: e.kind, name: e.name, plugin: e.plugin) }

    /// The classes that select a registration: `frosted`, `tilt-[angle]`,
    /// `surface-[…]`, `animate-settle`.
    static func classText(_ e: Entry) -> String {
        switch e.kind {
        case .modifier:
            if let form = e.form.flatMap(RegistrationForm.init(rawValue:)), form.isExactTag { return e.name }
            return "\(e.name)-[\(e.argumentType ?? "…")]"
        case .utility: return "\(e.name)-[…]"
        case .recipe: return e.name
        case .animation: return "animate-\(e.name)"
        }
    }

    static func formText(_ e: Entry) -> String {
        "\(e.form ?? "?") \(e.argumentType ?? "?") (\(classText(e)))"
    }

    static func phaseText(_ phase: String?) -> String? {
        switch phase {
        case "source": return "source (on the native Text, Image or Shape)"
        case "content": return "content (after the built-in text attributes, before padding and frames)"
        case "layout": return "layout (after padding and frames, before the background)"
        case "decoration": return "decoration (after the background, border and shadow, before the effects)"
        case "effects": return "effects (after the built-in styling)"
        default: return phase
        }
    }

    static func slotRemoved(_ b: Entry, position: String) -> DiffFinding {
        var f = DiffFinding(
            .slotRemoved, subject(b),
            why:
                "every surface in scope loses this slot, so its modifier chain changes structure and resets child state",
            changes: [
                .init(field: "slot", before: position, after: nil),
                .init(field: "inactive", before: b.inactiveModifier ?? b.probeError, after: nil),
            ])
        f.side = .base
        return f
    }

    static func registrationRemoved(_ b: Entry) -> DiffFinding {
        var f = DiffFinding(
            .registrationRemoved, subject(b),
            why:
                "classes that use '\(classText(b))' resolved before and are now unknown, leaving their surfaces undecorated",
            changes: [.init(field: b.kind == .modifier ? "classes" : "class", before: classText(b), after: nil)])
        f.side = .base
        return f
    }

    static func slotAdded(_ h: Entry, position: String) -> DiffFinding {
        DiffFinding(
            .slotAdded, subject(h),
            why: "every surface in scope gains a slot, so its modifier chain changes structure and resets child state",
            changes: [
                .init(field: "slot", before: nil, after: position),
                .init(field: "inactive", before: nil, after: h.inactiveModifier ?? h.probeError),
            ])
    }

    static func registrationAdded(_ h: Entry) -> DiffFinding {
        let why: String
        var changes: [Change] = [
            .init(field: h.kind == .modifier ? "classes" : "class", before: nil, after: classText(h))
        ]
        switch h.kind {
        case .modifier:
            why = "a \(h.form ?? "") registration runs only where its class is selected, so no existing surface changes"
            changes.append(.init(field: "active", before: nil, after: h.activeModifier ?? h.probeError))
        case .recipe:
            why = "a new recipe changes no existing class"
            changes.append(.init(field: "expands to", before: nil, after: h.classes))
        case .utility, .animation:
            why = "a new \(h.kind == .utility ? "utility" : "animation preset") changes no existing class"
        }
        return DiffFinding(.registrationAdded, subject(h), why: why, changes: changes)
    }

    static func unstableStructure(_ h: Entry) -> DiffFinding {
        DiffFinding(
            .unstableStructure, subject(h),
            why: "the factory returns another structure inactive than active, so toggling its class resets child state",
            changes: [
                .init(
                    field: "structure", before: h.activeModifier ?? h.activeStructure,
                    after: h.inactiveModifier ?? h.inactiveStructure ?? "(no modifier)",
                    contrast: ("active", "inactive"))
            ])
    }

    static func registrationMoved(_ b: Entry, _ h: Entry) -> DiffFinding {
        let slot = b.holdsSlot || h.holdsSlot
        var why =
            slot
            ? "surfaces whose scope loads '\(b.plugin)' without '\(h.plugin)' lose this slot and those that load '\(h.plugin)' without '\(b.plugin)' gain it, so their child state resets"
            : "classes that use '\(classText(b))' stop resolving where '\(b.plugin)' is loaded without '\(h.plugin)'"
        if b.scope != nil || h.scope != nil {
            // Swift sources: the subtrees of `.twRules` calls, or a plugin's scope.
            func owner(_ e: Entry) -> String {
                e.scope.map { "the .twRules of \($0.view) (\($0.file):\($0.line))" } ?? "plugin '\(e.plugin)'"
            }
            why =
                slot
                ? "the surfaces under \(owner(b)) lose this slot and those under \(owner(h)) gain it, so their child state resets"
                : "classes that use '\(classText(b))' now resolve to \(owner(h)) instead of \(owner(b))"
        }
        var f = DiffFinding(
            .registrationMoved, subject(h), why: why,
            changes: [.init(field: "plugin", before: b.plugin, after: h.plugin)],
            category: slot ? .identity : .breaking,
            hint: b.scope != nil || h.scope != nil
                ? "keep it where it was registered, or register it once in the rules of a view that holds both subtrees"
                : nil)
        f.movedFrom = b.plugin
        return f
    }

    static func argumentTypeChanged(_ b: Entry, _ h: Entry) -> DiffFinding {
        DiffFinding(
            .argumentTypeChanged, subject(h),
            why:
                "classes written for the old form or argument type no longer parse, leaving their surfaces undecorated",
            changes: [.init(field: "form", before: formText(b), after: formText(h))])
    }

    static func phaseChanged(_ b: Entry, _ h: Entry) -> DiffFinding {
        DiffFinding(
            .phaseChanged, subject(h),
            why: "the slot moves across the built-in styling, so every surface in scope resets child state",
            changes: [.init(field: "phase", before: phaseText(b.phase), after: phaseText(h.phase))])
    }

    static func probeFailed(_ h: Entry) -> DiffFinding {
        DiffFinding(
            .probeFailed, subject(h),
            why:
                "the factory fails with its default argument, so every surface that gets its slot reports an error (factory-failed, or invalid-argument for an invalid default) and is left undecorated",
            changes: [.init(field: "probe", before: nil, after: h.probeError)])
    }

    static func structureChanged(_ h: Entry, _ changes: [Change]) -> DiffFinding {
        let which = changes.map(\.field).joined(separator: " and ")
        return DiffFinding(
            .structureChanged, subject(h),
            why:
                "the factory returns another modifier structure (\(which)), so every surface in scope resets child state",
            changes: changes)
    }

    static func defaultChanged(_ b: Entry, _ h: Entry) -> DiffFinding {
        var changes: [Change] = []
        if b.defaultArgument != h.defaultArgument {
            changes.append(
                .init(field: "default", before: b.defaultArgument ?? "none", after: h.defaultArgument ?? "none"))
        }
        changes.append(.init(field: "inactive", before: b.inactiveModifier, after: h.inactiveModifier))
        return DiffFinding(
            .defaultChanged, subject(h),
            why: "surfaces without the class now apply another inactive modifier (same structure)", changes: changes)
    }

    static func conflictKeyChanged(_ b: Entry, _ h: Entry) -> DiffFinding {
        DiffFinding(
            .conflictKeyChanged, subject(h),
            why: "which classes compete for this slot's value changes, so some surfaces pick another winner",
            changes: [.init(field: "conflict key", before: b.conflictKey, after: h.conflictKey)])
    }

    static func slotReordered(_ h: Entry, before: String, after: String) -> DiffFinding {
        DiffFinding(
            .slotReordered, subject(h),
            why: "the slot moves in the merged chain order, so every surface in scope resets child state",
            changes: [.init(field: "slot", before: before, after: after)])
    }

    static func orderChanged(_ b: Entry, _ h: Entry) -> DiffFinding {
        DiffFinding(
            .orderChanged, subject(h), why: "the order number changed but the merged chain order is the same",
            changes: [.init(field: "order", before: "\(b.order ?? 0)", after: "\(h.order ?? 0)")])
    }

    /// A recipe, utility or preset that expands differently: the first probe
    /// (or the classes) that differs.
    static func expansionChanged(_ b: Entry, _ h: Entry) -> DiffFinding {
        let rule: DiffRule =
            b.kind == .recipe ? .recipeChanged : b.kind == .utility ? .utilityChanged : .animationChanged
        var change = Change(field: "expands to", before: b.classes, after: h.classes)
        if b.kind != .recipe {
            let pa = b.probes ?? []
            let pb = h.probes ?? []
            for i in 0..<max(pa.count, pb.count) where (i < pa.count ? pa[i] : nil) != (i < pb.count ? pb[i] : nil) {
                change = Change(
                    field: probeLabel(b, i), before: i < pa.count ? pa[i] : nil, after: i < pb.count ? pb[i] : nil)
                break
            }
        }
        return DiffFinding(
            rule, subject(h), why: "surfaces that use '\(classText(b))' get different styling or motion",
            changes: [change])
    }

    /// `surface-[4]`, `animate-settle (0.25 s)`: which probe a value came from.
    static func probeLabel(_ e: Entry, _ i: Int) -> String {
        switch e.kind {
        case .utility:
            let probes = RegistryProbes.utilityArguments
            return i < probes.count ? "\(e.name)-[\(probes[i])]" : "probe \(i + 1)"
        case .animation:
            let probes = RegistryProbes.animationSeconds
            guard i < probes.count else { return "probe \(i + 1)" }
            return "animate-\(e.name) (" + (probes[i].map { "\(JSONValue.format($0)) s" } ?? "no duration") + ")"
        case .modifier, .recipe: return "probe \(i + 1)"
        }
    }
}
