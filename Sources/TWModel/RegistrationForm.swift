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

/// Where a slot sits in a surface's chain (R-ORDER-1). The built-in styling
/// runs in four stages, each followed by the slots of its phase: `content`
/// (font, text methods, foreground), `layout` (shared element, padding,
/// frames), `decoration` (background, border, corners, shadow) and
/// `effects` (opacity, blur, scale, rotation, offset, tint, control size).
/// `source` slots (target registrations) come first; `style` marks the
/// built-in entries themselves.
public enum ChainPhase: String, Sendable, Codable, Comparable {
    case source, content, layout, decoration, style, effects

    /// The phases a registration can name, in chain order: one owner for
    /// readers of snapshots, scenes and Swift sources.
    public static let registrationPhases: [ChainPhase] = [.source, .content, .layout, .decoration, .effects]

    /// A phase a registration can name, from its spelling (`style` is not one).
    public init?(registrationPhase text: String) {
        guard let phase = ChainPhase(rawValue: text), phase != .style else { return nil }
        self = phase
    }

    /// The stages of the built-in styling, in application order; each is
    /// followed by the slots of the same phase.
    public static let stylingStages: [ChainPhase] = [.content, .layout, .decoration, .effects]

    /// The position among `stylingStages` (nil for `source` and `style`).
    public var stageIndex: Int? {
        switch self {
        case .content: return 0
        case .layout: return 1
        case .decoration: return 2
        case .effects: return 3
        case .source, .style: return nil
        }
    }

    var rank: Int {
        switch self {
        case .source: return 0
        case .content: return 1
        case .layout: return 2
        case .decoration: return 3
        case .style: return 4
        case .effects: return 5
        }
    }

    public static func < (lhs: ChainPhase, rhs: ChainPhase) -> Bool { lhs.rank < rhs.rank }
}

/// The closed set of argument types a factory can receive.
public enum ArgumentType: String, Sendable, CaseIterable, Codable {
    case none, number, points, angle, seconds, bool, string, color, vector, animation, custom
}
