import TWModel

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
    case scale, scaleY, rotation, offsetX, offsetY
    case tint, controlSize
    case nativeButtonStyle
    case animation, duration, delay
    /// swiftcn's semantic surfaces (`surface-floating`, `surface-solid`),
    /// glass's interactive feedback (`glass-interactive`) and its tint
    /// (`glass-tint-*`), drawn with the background.
    case surface, glassInteractive, glassTint
    /// swiftcn's `group` and `group/name` markers: the surface publishes its
    /// state to its subtree and draws nothing (`.member(name)`, `""` unnamed).
    case groupMarker
    /// swiftcn's shared-element classes: `shared-[id]` (with `/group`) sets
    /// the id and the group together; `shared-frame|position|size` the
    /// matched properties; `shared-source|follower` whether it is the source.
    case sharedID, sharedGroup, sharedProperties, sharedSource

    public static func < (a: StyleProperty, b: StyleProperty) -> Bool { a.rank < b.rank }

    var rank: Int { ordinal }
    static let count = allCases.count

    /// The declaration position, without hashing: tables index arrays with it.
    var ordinal: Int {
        switch self {
        case .fontSize: return 0
        case .fontWeight: return 1
        case .fontDesign: return 2
        case .italic: return 3
        case .tracking: return 4
        case .lineSpacing: return 5
        case .textAlignment: return 6
        case .lineLimit: return 7
        case .foreground: return 8
        case .paddingTop: return 9
        case .paddingLeading: return 10
        case .paddingBottom: return 11
        case .paddingTrailing: return 12
        case .width: return 13
        case .height: return 14
        case .minWidth: return 15
        case .maxWidth: return 16
        case .minHeight: return 17
        case .maxHeight: return 18
        case .background: return 19
        case .borderWidth: return 20
        case .borderColor: return 21
        case .cornerRadius: return 22
        case .shadow: return 23
        case .opacity: return 24
        case .blur: return 25
        case .scale: return 26
        case .scaleY: return 27
        case .rotation: return 28
        case .offsetX: return 29
        case .offsetY: return 30
        case .tint: return 31
        case .controlSize: return 32
        case .nativeButtonStyle: return 33
        case .animation: return 34
        case .duration: return 35
        case .delay: return 36
        case .surface: return 37
        case .glassInteractive: return 38
        case .glassTint: return 39
        case .groupMarker: return 40
        case .sharedID: return 41
        case .sharedGroup: return 42
        case .sharedProperties: return 43
        case .sharedSource: return 44
        }
    }

    /// The group name used in output: `padding` for all four edges, `frame`, `font` …
    public var group: String {
        switch self {
        case .fontSize, .fontWeight, .fontDesign: return "font"
        case .paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing: return "padding"
        case .width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight: return "frame"
        case .borderWidth, .borderColor: return "border"
        case .offsetX, .offsetY: return "offset"
        case .scaleY: return "scale"
        case .glassInteractive, .glassTint: return "surface"
        case .groupMarker: return "group"
        case .sharedID, .sharedGroup, .sharedProperties, .sharedSource: return "shared"
        default: return rawValue
        }
    }

    /// The properties of group markers and shared elements, which depend on
    /// the enclosing groups.
    public var isGroupProperty: Bool {
        switch self {
        case .groupMarker, .sharedID, .sharedGroup, .sharedProperties, .sharedSource: return true
        default: return false
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

/// A map from style properties to values, stored in an array by ordinal:
/// no hashing on the resolution path.
struct PropertyTable<Value> {
    private var slots: [Value?] = Array(repeating: nil, count: StyleProperty.count)

    subscript(_ property: StyleProperty) -> Value? {
        get { slots[property.ordinal] }
        set { slots[property.ordinal] = newValue }
    }

    @discardableResult
    mutating func removeValue(forKey property: StyleProperty) -> Value? {
        let old = slots[property.ordinal]
        slots[property.ordinal] = nil
        return old
    }
}
