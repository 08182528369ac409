import TWModel

/// Findings about a node's platform backing, each owning its code, severity
/// and message text.
enum PlatformFinding {
    /// A lifecycle modifier name CocoaUI does not have: it observes nothing.
    case unknownLifecycle(name: String, suggestion: String?)

    var diagnostic: Diagnostic {
        switch self {
        case .unknownLifecycle(let name, let suggestion):
            return Diagnostic(
                .warning, "unknown-lifecycle",
                "'\(name)' is not a lifecycle modifier (onViewWillAppear, onViewDidLoad, onViewWillDisappear, onViewDidDisappear): it observes nothing",
                className: nil, part: nil, hint: suggestion.map { "did you mean '\($0)'?" })
        }
    }
}
