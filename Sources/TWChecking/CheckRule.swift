/// Every rule of `twhost plugins check`: its id, severity and what it checks
/// (docs/PluginAuthoring.md explains each with a bad and a fixed example;
/// docs/Diagnostics.md lists them beside the other codes).
package enum CheckRule: String, Sendable, CaseIterable, CustomStringConvertible {
    case loadFailed = "load-failed"
    case nameMismatch = "name-mismatch"
    case pluginCrashed = "plugin-crashed"
    case factoryCrashed = "factory-crashed"
    case parserCrashed = "parser-crashed"
    case pluginHung = "plugin-hung"
    case pluginExited = "plugin-exited"
    case builderKept = "builder-kept"
    case factoryFailed = "factory-failed"
    case unstableStructure = "unstable-structure"
    case notNeutral = "not-neutral"
    case neutralityUnknown = "neutrality-unknown"
    case invalidDefault = "invalid-default"
    case nondeterministic = "nondeterministic"
    case invalidPreset = "invalid-preset"
    case parserAcceptsGarbage = "parser-accepts-garbage"
    case shadowsBuiltin = "shadows-builtin"

    /// The id as output writes it (`factory-crashed`).
    package var description: String { rawValue }

    package var severity: CheckFinding.Severity {
        switch self {
        case .loadFailed, .nameMismatch, .pluginCrashed, .factoryCrashed, .parserCrashed, .pluginHung, .pluginExited,
            .builderKept, .factoryFailed, .unstableStructure, .notNeutral, .invalidDefault, .nondeterministic,
            .invalidPreset:
            return .error
        case .neutralityUnknown: return .note
        case .parserAcceptsGarbage, .shadowsBuiltin: return .warning
        }
    }

    /// What the rule checks: the rule's description in SARIF output.
    package var summary: String {
        switch self {
        case .loadFailed:
            return "The plugin loads and its descriptor passes validation."
        case .nameMismatch:
            return "The descriptor's name is the stem of the plugin's file (lib<name>.so), so it can be loaded by name."
        case .pluginCrashed:
            return "Loading the plugin does not crash the process."
        case .factoryCrashed:
            return "No factory or preset crashes, for its default or any argument of the sweep; the class is named."
        case .parserCrashed:
            return
                "No parser or utility crashes, for any argument of the sweep or the hostile corpus; the class is named."
        case .pluginHung:
            return "Loading and every call finish within the time limit."
        case .pluginExited:
            return "The plugin never ends the process itself."
        case .builderKept:
            return "The plugin uses a builder (or any handle) only during the call that received it, on that thread."
        case .factoryFailed:
            return "Every factory runs without builder misuse, for its default and every argument."
        case .unstableStructure:
            return "Factories return the same structure active and inactive, and for every argument."
        case .notNeutral:
            return "Inactive general view and shape modifiers leave the view unchanged."
        case .neutralityUnknown:
            return "An inactive modifier twhost cannot judge as neutral."
        case .invalidDefault:
            return "Defaults are valid in the themes in force (the default theme, or each --theme)."
        case .nondeterministic:
            return "Factories, parsers and utilities give the same output for the same input."
        case .invalidPreset:
            return "Animation presets set only the parameters their SwiftUI curve takes, so their rendering compiles."
        case .parserAcceptsGarbage:
            return "Parsers and utilities reject malformed arguments."
        case .shadowsBuiltin:
            return "A registration name shadows a built-in class or recipe; the registration wins over it."
        }
    }
}
