/// A property that built-in utilities set (R-CONFLICT-2). Conflicts are per
/// property: `p-4` sets all four padding edges, `px-2` two of them.
public enum StyleProperty: String, Hashable, Sendable, CaseIterable, Comparable {
    // Declared in the fixed order the built-in styling applies them.
    case fontSize, fontWeight, fontDesign, italic
    case tracking, lineSpacing, textAlignment, lineLimit
    case foreground
    case paddingTop, paddingLeading, paddingBottom, paddingTrailing
    case width, height, minWidth, maxWidth, minHeight, maxHeight
    case background
    case borderWidth, borderColor
    case cornerRadius
    case shadow
    case opacity
    case blur
    case scale, rotation, offsetX, offsetY
    case tint, controlSize
    case nativeButtonStyle
    case animation, duration, delay

    public static func < (a: StyleProperty, b: StyleProperty) -> Bool { a.rank < b.rank }

    var rank: Int { StyleProperty.ranks[self] ?? 0 }
    private static let ranks: [StyleProperty: Int] = Dictionary(
        uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })

    /// The group name used in output: `padding` for all four edges, `frame`, `font` …
    public var group: String {
        switch self {
        case .fontSize, .fontWeight, .fontDesign: return "font"
        case .paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing: return "padding"
        case .width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight: return "frame"
        case .borderWidth, .borderColor: return "border"
        case .offsetX, .offsetY: return "offset"
        default: return rawValue
        }
    }

    /// Properties a native control draws itself: never painted over it (R-CTRL-1).
    public var paintsOverNativeControl: Bool {
        self == .background || self == .borderWidth || self == .borderColor || self == .shadow
    }
}

/// A value a built-in utility assigns.
public enum StyleValue: Hashable, Sendable {
    case points(Double)
    case number(Double)
    /// `w-full`: as wide as offered.
    case infinity
    case color(ColorValue)
    /// An enum member: a font weight, design, alignment, control size, style.
    case member(String)
    case shadow(ShadowToken)
    case animation(AnimationChoice)
    case seconds(Double)
    case none
}

/// What an `animate-*` class chose.
public enum AnimationChoice: Hashable, Sendable {
    /// A built-in curve (`animate-spring`), which takes duration classes.
    case curve(AnimationValue.Curve)
    /// A plugin preset, called with the duration in seconds.
    case preset(String, plugin: String)
    /// A native animation passed by interpolation: keeps its own timing.
    case native(AnimationValue)
    /// A preset factory passed by interpolation: takes duration classes.
    case factory(String)
    /// `animate-none`.
    case none
}

/// One property assignment of one class.
public struct StyleAssignment: Hashable, Sendable {
    public var property: StyleProperty
    public var value: StyleValue
    public init(_ property: StyleProperty, _ value: StyleValue) {
        self.property = property
        self.value = value
    }
}
