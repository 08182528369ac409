import TWSupport

/// Every rule `twhost diff` reports, with the text that explains it: its
/// category, its level, a one-line description, a full description and the
/// hint printed with each finding. The ids are stable (they are part of every
/// fingerprint and allowlist); docs/CI.md lists them.
public enum DiffRule: String, Sendable, Equatable, CaseIterable {
    // Identity: surfaces in scope reset child state.
    case slotAdded = "slot-added"
    case slotRemoved = "slot-removed"
    case slotReordered = "slot-reordered"
    case phaseChanged = "phase-changed"
    case structureChanged = "structure-changed"
    case unstableStructure = "unstable-structure"
    case registrationMoved = "registration-moved"
    // Breaking: classes that resolved before now fail.
    case argumentTypeChanged = "argument-type-changed"
    case registrationRemoved = "registration-removed"
    case probeFailed = "probe-failed"
    // Versions (cargo-semver-checks' rule for plugins).
    case versionNotBumped = "version-not-bumped"
    case minorVersionNotBumped = "minor-version-not-bumped"
    case versionDecreased = "version-decreased"
    case versionChanged = "version-changed"
    // Behavior: same structure, other values or expansions.
    case defaultChanged = "default-changed"
    case conflictKeyChanged = "conflict-key-changed"
    case recipeChanged = "recipe-changed"
    case utilityChanged = "utility-changed"
    case animationChanged = "animation-changed"
    // Compatible: nothing a user of the classes would notice.
    case orderChanged = "order-changed"
    case registrationAdded = "registration-added"
    // The inputs themselves.
    case snapshotNotCanonical = "snapshot-not-canonical"
    case staleAllowlist = "stale-allowlist"
    case duplicateAllowlist = "duplicate-allowlist"

    public var id: String { rawValue }

    /// The category findings of this rule usually have (`registration-moved`
    /// is breaking instead of identity for registrations that hold no slot).
    public var category: DiffFinding.Category {
        switch self {
        case .slotAdded, .slotRemoved, .slotReordered, .phaseChanged, .structureChanged, .unstableStructure,
            .registrationMoved:
            return .identity
        case .argumentTypeChanged, .registrationRemoved, .probeFailed: return .breaking
        case .versionNotBumped, .minorVersionNotBumped, .versionDecreased, .versionChanged: return .version
        case .defaultChanged, .conflictKeyChanged, .recipeChanged, .utilityChanged, .animationChanged: return .behavior
        case .orderChanged, .registrationAdded: return .compatible
        case .snapshotNotCanonical, .staleAllowlist, .duplicateAllowlist: return .input
        }
    }

    /// Error findings block (exit 1) unless allowlisted; warnings and notes never do.
    public var level: SARIF.Level {
        switch category {
        case .identity, .breaking: return .error
        case .version: return self == .versionNotBumped ? .error : self == .versionChanged ? .note : .warning
        case .behavior, .input: return .warning
        case .compatible: return .note
        }
    }

    /// Whether an allowlist entry may name findings of this rule. Findings
    /// about the inputs are fixed in the inputs, not accepted.
    public var allowable: Bool { category != .input }

    /// One line: what happened.
    public var summary: String {
        switch self {
        case .slotAdded: return "A registration adds a slot to every surface in scope."
        case .slotRemoved: return "A registration's slot is gone from every surface in scope."
        case .slotReordered: return "A slot moved in the merged chain order."
        case .phaseChanged: return "A slot moved across the built-in styling."
        case .structureChanged: return "A factory returns another modifier structure."
        case .unstableStructure: return "A factory returns another structure inactive than active."
        case .registrationMoved: return "A registration moved to another plugin."
        case .argumentTypeChanged: return "A registration's form or argument type changed."
        case .registrationRemoved: return "A registration that classes may use is gone."
        case .probeFailed: return "A factory fails when twhost probes it."
        case .versionNotBumped: return "Identity or breaking changes without a major version bump."
        case .minorVersionNotBumped: return "Behavior changes without a minor version bump."
        case .versionDecreased: return "A plugin's version went down."
        case .versionChanged: return "A plugin's version changed."
        case .defaultChanged: return "What surfaces without the class get changed."
        case .conflictKeyChanged: return "A registration's conflict key changed."
        case .recipeChanged: return "A recipe expands to other classes."
        case .utilityChanged: return "A utility expands its probes differently."
        case .animationChanged: return "An animation preset produces other animations."
        case .orderChanged: return "An order number changed without moving the slot."
        case .registrationAdded: return "A registration that changes no existing surface."
        case .snapshotNotCanonical: return "A snapshot's registrations are not in merged order."
        case .staleAllowlist: return "An allowlist entry matches no finding."
        case .duplicateAllowlist: return "An allowlist names one fingerprint twice."
        }
    }

    /// A paragraph: when the rule fires and why it matters.
    public var explanation: String {
        switch self {
        case .slotAdded:
            return
                "Every explicit .tw surface keeps a slot for each general view or shape registration in its scope, even when its class is absent. A new one adds a modifier to every such surface, so SwiftUI sees another view type and resets child state (text being edited, scroll positions, focus)."
        case .slotRemoved:
            return
                "A general view or shape registration disappeared: every surface in its scope loses that slot, which changes its modifier chain's structure and resets child state."
        case .slotReordered:
            return
                "Slots are applied in merged order (phase, order, name). A registration that moves past another one changes the chain's structure on every surface in scope. Judged on the merged order, never on the numbers alone, and never masked by a rename: the registration named is the one that moved."
        case .phaseChanged:
            return
                "A slot moved to another phase (content, layout, decoration or effects: after another stage of the built-in styling), so every surface in scope gets another chain structure."
        case .structureChanged:
            return
                "The factory returns other modifiers, labels, argument types or nesting (active or inactive). SwiftUI's type-erased chain then has another structure, and child state resets on every surface in scope."
        case .unstableStructure:
            return
                "The factory returns another structure when its class is absent (inactive) than when present (active), so toggling the class resets child state."
        case .registrationMoved:
            return
                "Registrations are compared by plugin as well as name. A slot that moves to another plugin appears on surfaces whose scope loads the new plugin and disappears from those that load only the old one, resetting their child state; a class-only registration (text, image, recipe, utility, preset) stops resolving where only the old plugin is loaded."
        case .argumentTypeChanged:
            return
                "The registration's form or argument type changed, so classes written for the old one no longer parse and leave their surfaces undecorated."
        case .registrationRemoved:
            return
                "A modifier, recipe, utility or animation preset is gone: classes that used it resolved before and are now unknown, leaving their surfaces undecorated."
        case .probeFailed:
            return
                "twhost calls every factory active and inactive with its default argument. This one fails (builder misuse, an invalid default), so every surface that gets its slot reports an error: factory-failed, or invalid-argument for a default the theme cannot decode."
        case .versionNotBumped:
            return
                "A plugin with identity or breaking findings must raise its major version (for 0.x versions, its minor version; for 0.0.x, any part), the way cargo-semver-checks judges Rust APIs, so that apps see from the version that state may reset or classes may break."
        case .minorVersionNotBumped:
            return
                "A plugin with behavior findings (defaults, conflict keys, recipes, utilities, presets) should raise at least its minor version (for 0.x, its patch version)."
        case .versionDecreased:
            return
                "A plugin's version is lower than in the baseline (semantic-version precedence); releases only go up."
        case .versionChanged:
            return
                "A plugin's version changed and is enough for its findings (or it went down, which version-decreased reports): a note, so that a version-only release never reads as no difference."
        case .defaultChanged:
            return
                "The inactive modifier changed while its structure stayed: surfaces without the class now apply another value. A default whose spelling changed but whose modifier did not (none → off, both .blur(radius: 0)) is not reported."
        case .conflictKeyChanged:
            return
                "Another set of registrations now competes for the slot's value, so surfaces with classes of both may pick another winner."
        case .recipeChanged: return "A recipe expands to other classes, so surfaces that use it get other styling."
        case .utilityChanged:
            return "A utility expands its probe arguments (0 1 2 4 8 16 full x) to other classes."
        case .animationChanged: return "An animation preset returns other animations for its probe durations."
        case .orderChanged:
            return "An order number changed, but the merged order of the registrations did not: no surface changes."
        case .registrationAdded:
            return
                "A text or image registration (which runs only where its class is selected), a recipe, a utility or an animation preset appeared: no existing surface changes."
        case .snapshotNotCanonical:
            return
                "A snapshot written by twhost lists modifier registrations in merged order (phase, order, name). This one does not (edited by hand, or a merge resolved by hand): twhost recomputes the order from the fields and trusts them over the array."
        case .staleAllowlist:
            return "An allowlist entry matches no finding of this diff, so the allowlist is out of date."
        case .duplicateAllowlist:
            return "An allowlist lists one fingerprint twice; the first entry's reason is the one that applies."
        }
    }

    /// What to do about a finding of this rule.
    public var hint: String {
        switch self {
        case .slotAdded: return "scope new registrations to the subtree that needs them (rules.plugins)"
        case .slotRemoved:
            return "keep the registration (with a neutral default) until the surfaces that used it are migrated"
        case .slotReordered:
            return "keep the merged order (phase, order, name); pick an order number between its neighbours"
        case .phaseChanged:
            return "keep the phase; to apply it elsewhere, add a registration under a new name and retire the old one"
        case .structureChanged: return "keep the returned modifiers and their nesting; change only values"
        case .unstableStructure: return "change values, do not branch: return the same modifier with a neutral value"
        case .registrationMoved:
            return "keep it in its plugin, or load both plugins together wherever either is scoped"
        case .argumentTypeChanged:
            return "keep the old form and type; add the new one under a new name and migrate classes to it"
        case .registrationRemoved:
            return "keep it (deprecated) until no class uses it, and release the removal as a major version"
        case .probeFailed:
            return "run `twhost plugins check` on the plugin: it names the failing call and the rule it breaks"
        case .versionNotBumped: return "release the plugin with the next major version (for 0.x, the next minor)"
        case .minorVersionNotBumped:
            return "release the plugin with at least the next minor version (for 0.x, the next patch)"
        case .versionDecreased: return "release with a version above the baseline's; never reuse or lower one"
        case .versionChanged: return "nothing to do: the new version covers the findings"
        case .defaultChanged:
            return "keep the neutral default; if the change is intended, tell app teams in the release notes"
        case .conflictKeyChanged: return "keep the conflict key, or document which classes now compete"
        case .recipeChanged: return "if intended, mention the new expansion in the release notes"
        case .utilityChanged: return "if intended, mention the new expansion in the release notes"
        case .animationChanged: return "if intended, mention the new timing in the release notes"
        case .orderChanged: return "nothing to do: the merged order is the same"
        case .registrationAdded: return "nothing to do: no existing surface changes"
        case .snapshotNotCanonical:
            return "regenerate the snapshot with `twhost registry -o FILE` instead of editing or merging it by hand"
        case .staleAllowlist: return "remove the entry from the allowlist"
        case .duplicateAllowlist: return "keep one entry per fingerprint"
        }
    }
}
