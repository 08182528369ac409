import TWModel

/// What reading and resolving scenes finds about the scene itself — fields,
/// plugins, files, and structure that varies with conditions — each case
/// owning its code, part, message and hint.
public enum SceneFinding: DiagnosticKind {
    /// A field twhost does not read: `path/key`, on `line`.
    case unknownField(path: String, key: String, line: Int, suggestion: String?)
    /// A surface whose structure differs between combinations of its conditions.
    /// - Parameters:
    ///   - surface: `.tw(…)`, `.buttonStyle(.tw(…))` …
    ///   - conditions: the conditions that flip, quoted (`` `expanded` and `selected` ``).
    ///   - difference: what differs (`SceneResolver.structuralDifference`).
    case identityVaries(surface: String, conditions: String, difference: String)
    /// A scene file that does not read.
    case invalidScene(SceneError)
    /// A scene that names a plugin outside the loaded set.
    case unknownPlugin(SceneResolveError)
    /// A file or folder that cannot be read.
    case unreadable(path: String, reason: String)

    public var code: DiagnosticCode {
        switch self {
        case .unknownField: return .unknownField
        case .identityVaries: return .identityVaries
        case .invalidScene: return .invalidScene
        case .unknownPlugin: return .unknownPlugin
        case .unreadable: return .unreadable
        }
    }

    public var part: Diagnostic.Part? {
        if case .identityVaries = self { return .identity }
        return nil
    }

    public var message: String {
        switch self {
        case .unknownField(let path, let key, let line, _):
            return "\(path)/\(key): unknown field, ignored (line \(line))"
        case .identityVaries(let surface, let conditions, let difference):
            return
                "\(surface) changes structure with \(conditions): \(difference); SwiftUI resets the view's child state whenever \(conditions) changes"
        case .invalidScene(let error): return error.description
        case .unknownPlugin(let error): return error.description
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .unknownField(_, _, _, let suggestion): return suggestion.map { "did you mean '\($0)'?" }
        case .identityVaries:
            return
                "keep one structure in every branch: change classes of the same registrations and styles, and move a style switch out of the condition"
        case .invalidScene, .unknownPlugin, .unreadable: return nil
        }
    }
}
