import TWModel

/// What merging a scope's plugins finds (R-RULES-2): each case owns its code,
/// message and hint.
enum RegistryFinding: DiagnosticKind {
    /// Two registrations of one kind share a name; the later one wins.
    /// - Parameters:
    ///   - kind: modifier, utility, recipe or animation.
    ///   - winner: the registration that wins: its plugin, or where it is written inline.
    ///   - loser: the one it shadows.
    case shadowed(kind: String, name: String, winner: Origin, loser: Origin)

    /// Where a registration comes from.
    enum Origin {
        case plugin(String)
        case inline(SourceLocation)
    }

    var code: DiagnosticCode { .shadowedRegistration }

    var message: String {
        switch self {
        case .shadowed(let kind, let name, let winner, let loser):
            let who: String
            switch winner {
            case .plugin(let plugin): who = "of plugin '\(plugin)'"
            case .inline: who = "registered inline"
            }
            let whom: String
            switch loser {
            case .plugin(let plugin): whom = "the one of plugin '\(plugin)'"
            case .inline(let location): whom = "the one registered inline at \(location)"
            }
            return "\(kind) '\(name)' \(who) shadows \(whom)"
        }
    }
}
