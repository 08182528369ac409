/// How a modifier registration is selected and what its factory receives (R-FORM).
public enum RegistrationForm: String, Sendable, CaseIterable, Codable {
    case view, value, argument, text, image, shape, textValue, imageValue, shapeValue

    /// Exact-tag forms take no argument: `frosted`, `resize`.
    public var isExactTag: Bool { self == .view || self == .text || self == .image || self == .shape }

    /// Text and image forms transform the source into its own type (`Text` →
    /// `Text`, `Image` → `Image`), so they run only when selected and leave
    /// SwiftUI's structure as it was (R-TARGET-3, R-ID-1). Shape forms
    /// return `AnyShape` and keep a slot.
    public var keepsSourceType: Bool {
        switch self {
        case .text, .textValue, .image, .imageValue: return true
        default: return false
        }
    }

    /// The native source a target form needs, or nil for general view forms.
    public var target: SourceTarget? {
        switch self {
        case .text, .textValue: return .text
        case .image, .imageValue: return .image
        case .shape, .shapeValue: return .shape
        case .view, .value, .argument: return nil
        }
    }
}

/// The native source kinds that target registrations act on (R-TARGET-1).
public enum SourceTarget: String, Sendable, Codable {
    case text, image, shape
}

/// Where a slot sits in a surface's chain (R-ORDER-1).
public enum ChainPhase: String, Sendable, Codable, Comparable {
    case source, content, style, effects

    var rank: Int {
        switch self {
        case .source: return 0
        case .content: return 1
        case .style: return 2
        case .effects: return 3
        }
    }

    public static func < (lhs: ChainPhase, rhs: ChainPhase) -> Bool { lhs.rank < rhs.rank }
}

/// The closed set of argument types a factory can receive.
public enum ArgumentType: String, Sendable, CaseIterable, Codable {
    case none, number, points, angle, seconds, bool, string, color, vector, animation, custom
}
