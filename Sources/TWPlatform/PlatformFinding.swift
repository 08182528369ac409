import TWModel

/// Findings about a node's platform backing: each case owns its code, message
/// and hint.
enum PlatformFinding: DiagnosticKind {
    /// A lifecycle modifier name CocoaUI does not have: it observes nothing.
    case unknownLifecycle(name: String, suggestion: String?)

    var code: DiagnosticCode { .unknownLifecycle }

    var message: String {
        switch self {
        case .unknownLifecycle(let name, _):
            return
                "'\(name)' is not a lifecycle modifier (onViewWillAppear, onViewDidLoad, onViewWillDisappear, onViewDidDisappear): it observes nothing"
        }
    }

    var hint: String? {
        switch self {
        case .unknownLifecycle(_, let suggestion): return suggestion.map { "did you mean '\($0)'?" }
        }
    }
}
