/// Every code a diagnostic can carry: the findings of resolution, scenes,
/// Swift sources and plugin loading that `resolve`, `check`, `explain` and
/// `registry` report. One list, in one place; docs/Diagnostics.md shows it
/// (a test compares the two), and `check --format sarif` publishes each
/// code's summary and help as its rule.
///
/// Each code has one severity; `--lenient` reports errors of skipped classes
/// as warnings (`Diagnostic.skipped()`).
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    // Classes: lookup and expansion (docs/Classes.md).
    case unknownClass = "unknown-class"
    case invalidClass = "invalid-class"
    case unknownVariant = "unknown-variant"
    case invalidArgument = "invalid-argument"
    case unsupportedTarget = "unsupported-target"
    case recipeCycle = "recipe-cycle"
    case recursiveUtility = "recursive-utility"
    case expansionLimit = "expansion-limit"
    // Registrations and plugins.
    case factoryFailed = "factory-failed"
    case unknownPlugin = "unknown-plugin"
    case pluginLoadFailed = "plugin-load-failed"
    case shadowedRegistration = "shadowed-registration"
    case builderKept = "builder-kept"
    // What SwiftUI would do with the surface.
    case variantNoEffect = "variant-no-effect"
    case unstableStructure = "unstable-structure"
    case nativeStyleFallback = "native-style-fallback"
    case notPainted = "not-painted"
    case unavailableAPI = "unavailable-api"
    case invalidPreset = "invalid-preset"
    case ignoredClass = "ignored-class"
    case unknownLifecycle = "unknown-lifecycle"
    case noEnclosingGroup = "no-enclosing-group"
    case textOnlyClass = "text-only-class"
    // Scenes and Swift sources (docs/Scenes.md, docs/SwiftSources.md).
    case unknownField = "unknown-field"
    case identityVaries = "identity-varies"
    case unstableRowID = "unstable-row-id"
    case branchResetsIdentity = "branch-resets-identity"
    case dynamicClasses = "dynamic-classes"
    case combinationsLimited = "combinations-limited"
    case viewDepthLimit = "view-depth-limit"
    case viewCycle = "view-cycle"
    case syntaxError = "syntax-error"
    case parseLimit = "parse-limit"
    case unreadable = "unreadable"
    case invalidScene = "invalid-scene"
    // Suppression comments (docs/CI.md, "Adopting twhost on an existing app").
    case unusedSuppression = "unused-suppression"
    // Classes of one literal that have no effect (`check`; fixed by `check --fix`).
    case overriddenClass = "overridden-class"
    case duplicateClass = "duplicate-class"

    /// The code as output writes it (`unknown-class`).
    public var description: String { rawValue }

    /// How serious a finding of this code is.
    public var severity: Diagnostic.Severity {
        switch self {
        case .unknownClass, .invalidClass, .unknownVariant, .invalidArgument, .unsupportedTarget, .recipeCycle,
            .recursiveUtility, .expansionLimit, .factoryFailed, .unknownPlugin, .pluginLoadFailed, .identityVaries,
            .syntaxError, .parseLimit, .unreadable, .invalidScene:
            return .error
        case .shadowedRegistration, .builderKept, .variantNoEffect, .unstableStructure, .nativeStyleFallback,
            .notPainted, .unavailableAPI, .invalidPreset, .ignoredClass, .unknownLifecycle, .unknownField,
            .unstableRowID, .branchResetsIdentity, .unusedSuppression, .overriddenClass, .duplicateClass,
            .textOnlyClass:
            return .warning
        case .dynamicClasses, .combinationsLimited, .viewDepthLimit, .viewCycle, .noEnclosingGroup:
            return .note
        }
    }

    /// One sentence: what the finding is.
    public var summary: String {
        switch self {
        case .unknownClass: return "A class that no recipe, registration, utility or built-in matches."
        case .invalidClass: return "Text that cannot be a class: it holds a control character."
        case .unknownVariant: return "A variant before ':' that twhost does not know."
        case .invalidArgument: return "A value, type or unit that the class does not accept."
        case .unsupportedTarget:
            return "A text, image or shape registration on a view that is not that native source."
        case .recipeCycle: return "Recipes that refer to each other in a cycle."
        case .recursiveUtility: return "A utility whose output expands the same utility again."
        case .expansionLimit: return "Classes that expand to more classes or levels than twhost allows."
        case .factoryFailed: return "A registration's factory described no valid modifier."
        case .unknownPlugin: return "A scene names a plugin outside the loaded set."
        case .pluginLoadFailed: return "A plugin could not be loaded."
        case .shadowedRegistration:
            return
                "A registration with the same name as one of an earlier plugin or of a plugin loaded for the app."
        case .builderKept:
            return "Plugin code used a builder, parser or theme handle after the call that received it returned."
        case .variantNoEffect: return "A variant that cannot apply to this surface."
        case .unstableStructure:
            return
                "A registration that returns a different structure on different paths, so toggling it resets child state."
        case .nativeStyleFallback: return "A native button style the platform or version does not have."
        case .notPainted: return "A background, border or shadow class on a natively styled button."
        case .unavailableAPI: return "A SwiftUI API that the platform version asked for does not have."
        case .invalidPreset: return "A plugin's animation preset sets parameters its curve does not take."
        case .ignoredClass: return "A class in .twAnimation(…) that does more than choose the animation."
        case .unknownLifecycle: return "A lifecycle modifier name that CocoaUI does not have."
        case .noEnclosingGroup:
            return "A group variant or shared element with no enclosing group marker in what twhost reads."
        case .textOnlyClass: return "A tracking class on a surface that is not a Text value itself: nothing is drawn."
        case .unknownField: return "A field of a scene file that twhost does not read."
        case .identityVaries:
            return
                "Classes whose conditions change the view's structure, so SwiftUI resets child state when they change."
        case .unstableRowID:
            return "A row or view identity from positions, class strings or a new UUID each render."
        case .branchResetsIdentity: return "An if/else whose branches are the same view with different classes."
        case .dynamicClasses: return "Classes or a value known only at run time, so not checked."
        case .combinationsLimited: return "Classes that depend on more conditions than twhost varies."
        case .viewDepthLimit:
            return
                "A view used inside more levels of views than twhost reads views inside each other, or view expressions nested deeper than it reads them (96)."
        case .viewCycle: return "Views that use each other in a cycle; a view's body is not read inside itself."
        case .syntaxError: return "A Swift file that does not parse (the parser's own diagnostic)."
        case .parseLimit:
            return
                "A Swift file whose bracket nesting or chain length the toolchain's parser cannot read in bounded time and stack (in a file with a string left open or malformed, the brackets inside its literals count too)."
        case .unreadable: return "A file or folder that cannot be read."
        case .invalidScene: return "A scene file that is not valid."
        case .unusedSuppression: return "A twhost:disable comment that suppresses no finding."
        case .overriddenClass:
            return "A class whose every property a later class of the same state in the literal sets again."
        case .duplicateClass: return "A class written twice in one literal."
        }
    }

    /// How to fix it.
    public var help: String {
        switch self {
        case .unknownClass:
            return "Fix the spelling (the message suggests the nearest known class), or register the class."
        case .invalidClass: return "Remove the control character: classes are printable text."
        case .unknownVariant:
            return
                "Use hover, focus, pressed, active, disabled, or group-hover, group-focus, group-active, group-disabled (with an optional /name)."
        case .invalidArgument: return "Give the argument the class expects; the message says which part failed."
        case .unsupportedTarget:
            return "Apply target-specific classes directly to the Text, Image or Shape, before .padding or .frame."
        case .recipeCycle:
            return "Break the cycle; to extend a built-in recipe, read its definition instead of naming it."
        case .recursiveUtility: return "Make the utility return classes that do not use its own prefix."
        case .expansionLimit: return "Simplify the recipes or utilities involved."
        case .factoryFailed: return "Run `twhost plugins check` on the plugin and fix the factory."
        case .unknownPlugin: return "Load the plugin with --plugins, or remove it from the scene's rules."
        case .pluginLoadFailed: return "Run `twhost plugins check` on it; the message names the file and field."
        case .shadowedRegistration:
            return "Rename one of them, or remove the one you do not want; the later one wins."
        case .builderKept:
            return "Keep no handle past the call that received it; `twhost plugins check` reports the plugin."
        case .variantNoEffect:
            return
                "pressed:/active: apply to plain buttons and to views with explicit TWState; remove the variant."
        case .unstableStructure:
            return "Change values, do not branch: return the same modifier with a neutral value when inactive."
        case .nativeStyleFallback:
            return "Nothing to do if the fallback is fine; otherwise choose a style the platform has."
        case .notPainted: return "Remove the class; the native style draws the button."
        case .unavailableAPI:
            return "Raise --os-version (the app's deployment target), or keep the older form twhost writes."
        case .invalidPreset: return "Fix the preset in the plugin; `twhost plugins check` reports it."
        case .ignoredClass: return "Move styling classes to .tw(…)."
        case .unknownLifecycle:
            return "Use onViewWillAppear, onViewDidLoad, onViewWillDisappear or onViewDidDisappear."
        case .noEnclosingGroup:
            return
                "Add `group` (or `group/name`) to an enclosing view's classes; when the group is in another file, give its state with --state."
        case .textOnlyClass: return "Write .tw(…) directly on the Text (before any other modifier)."
        case .unknownField: return "Fix the field's name (the message suggests one) or remove it."
        case .identityVaries:
            return
                "Keep one structure in every branch: switch values of the same registrations and styles, not native button styles or registrations that branch."
        case .unstableRowID:
            return "Identify rows by a stable model id: ForEach(items) with Identifiable items, or .id(item.id)."
        case .branchResetsIdentity:
            return "Keep one view and move the condition into its class string: .tw(condition ? \"a\" : \"b\")."
        case .dynamicClasses:
            return
                "Write the classes as literals, TWClasses constants or cn(…) in the same file to have them checked."
        case .combinationsLimited: return "Split the classes into fewer conditional fragments."
        case .viewDepthLimit:
            return
                "Use fewer levels of views inside views; the inner view's own body is still checked as a root. Name inner parts to flatten deep nesting."
        case .viewCycle:
            return "Nothing to do if the recursion ends at run time (a tree of rows); otherwise break the cycle."
        case .syntaxError: return "Fix the syntax; the file's surfaces are read once it parses."
        case .parseLimit:
            return
                "Nest at most 12 brackets without a brace between, and chain at most 2,000 calls; name inner values and views to flatten them; close the malformed string."
        case .unreadable: return "Check the path and its permissions."
        case .invalidScene: return "Fix the field the message names; see docs/Scenes.md."
        case .unusedSuppression: return "Remove the comment, or the rule it names that no longer occurs there."
        case .overriddenClass: return "Remove it: the later class wins. `twhost check --fix` removes it."
        case .duplicateClass: return "Remove the second one. `twhost check --fix` removes it."
        }
    }
}
