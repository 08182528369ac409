/// What each diagnostic code means and how to fix it: the rule table that
/// `twhost check` publishes (SARIF `rules`, `--format json`), one entry per code
/// that resolution and the Swift source reader report.
public enum DiagnosticCatalog {
    public struct Entry: Sendable {
        public var code: String
        /// One sentence: what the finding is.
        public var summary: String
        /// How to fix it.
        public var help: String
    }

    public static let entries: [Entry] = [
        Entry(
            code: "unknown-class", summary: "A class that no recipe, registration, utility or built-in matches.",
            help: "Fix the spelling (the message suggests the nearest known class), or register the class."),
        Entry(
            code: "unknown-variant", summary: "A variant before ':' that twhost does not know.",
            help: "Use hover, focus, pressed, active, disabled, group-hover or group-focus."),
        Entry(
            code: "invalid-argument", summary: "A value, type or unit that the class does not accept.",
            help: "Give the argument the class expects; the message says which part failed."),
        Entry(
            code: "unsupported-target",
            summary: "A text, image or shape registration on a view that is not that native source.",
            help: "Apply target-specific classes directly to the Text, Image or Shape, before .padding or .frame."),
        Entry(
            code: "recipe-cycle", summary: "Recipes that refer to each other in a cycle.",
            help: "Break the cycle; to extend a built-in recipe, read its definition instead of naming it."),
        Entry(
            code: "recursive-utility", summary: "A utility whose output expands the same utility again.",
            help: "Make the utility return classes that do not use its own prefix."),
        Entry(
            code: "expansion-limit", summary: "Classes that expand to more classes or levels than twhost allows.",
            help: "Simplify the recipes or utilities involved."),
        Entry(
            code: "factory-failed", summary: "A registration's factory described no valid modifier.",
            help: "Run `twhost plugins check` on the plugin and fix the factory."),
        Entry(
            code: "unknown-plugin", summary: "A scene names a plugin outside the loaded set.",
            help: "Load the plugin with --plugins, or remove it from the scene's rules."),
        Entry(
            code: "plugin-load-failed", summary: "A plugin could not be loaded.",
            help: "Run `twhost plugins check` on it; the message names the file and field."),
        Entry(
            code: "shadowed-registration",
            summary: "A registration with the same name as one of an earlier plugin or of a plugin loaded for the app.",
            help: "Rename one of them, or remove the one you do not want; the later one wins."),
        Entry(
            code: "variant-no-effect", summary: "A variant that cannot apply to this surface.",
            help: "pressed:/active: apply to plain buttons and to views with explicit TWState; remove the variant."),
        Entry(
            code: "unstable-structure",
            summary:
                "A registration that returns a different structure on different paths, so toggling it resets child state.",
            help: "Change values, do not branch: return the same modifier with a neutral value when inactive."),
        Entry(
            code: "native-style-fallback", summary: "A native button style the platform or version does not have.",
            help: "Nothing to do if the fallback is fine; otherwise choose a style the platform has."),
        Entry(
            code: "not-painted", summary: "A background, border or shadow class on a natively styled button.",
            help: "Remove the class; the native style draws the button."),
        Entry(
            code: "unknown-field", summary: "A field of a scene file that twhost does not read.",
            help: "Fix the field's name (the message suggests one) or remove it."),
        Entry(
            code: "identity-varies",
            summary:
                "Classes whose conditions change the view's structure, so SwiftUI resets child state when they change.",
            help:
                "Keep one structure in every branch: switch values of the same registrations and styles, not native button styles or registrations that branch."
        ),
        Entry(
            code: "unstable-row-id",
            summary: "A row or view identity from positions, class strings or a new UUID each render.",
            help: "Identify rows by a stable model id: ForEach(items) with Identifiable items, or .id(item.id)."),
        Entry(
            code: "branch-resets-identity",
            summary: "An if/else whose branches are the same view with different classes.",
            help: "Keep one view and move the condition into its class string: .tw(condition ? \"a\" : \"b\")."),
        Entry(
            code: "dynamic-classes", summary: "Classes or a value known only at run time, so not checked.",
            help: "Write the classes as literals, TWClasses constants or cn(…) in the same file to have them checked."),
        Entry(
            code: "combinations-limited", summary: "Classes that depend on more conditions than twhost varies.",
            help: "Split the classes into fewer conditional fragments."),
        Entry(
            code: "syntax-error", summary: "A Swift file that does not parse (the parser's own diagnostic).",
            help: "Fix the syntax; the file's surfaces are read once it parses."),
        Entry(
            code: "parse-limit",
            summary: "A Swift file whose bracket nesting the toolchain's parser cannot read in bounded time.",
            help:
                "Nest at most 12 brackets without a brace between; name inner values with let to flatten deep literals."
        ),
        Entry(
            code: "unreadable", summary: "A file or folder that cannot be read.",
            help: "Check the path and its permissions."),
        Entry(
            code: "invalid-scene", summary: "A scene file that is not valid.",
            help: "Fix the field the message names; see docs/Scenes.md."),
    ]

    /// The entry for a code; codes outside the table get a generic one.
    public static func entry(_ code: String) -> Entry {
        entries.first { $0.code == code }
            ?? Entry(
                code: code, summary: "twhost finding \(code).",
                help: "See the message; docs/Classes.md and docs/SwiftSources.md describe the codes.")
    }
}
