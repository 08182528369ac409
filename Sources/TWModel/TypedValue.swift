/// An sRGB color with components in 0…1.
///
/// A color that came from a theme name keeps the name, so that output reads
/// `Color("primary")` or `.indigo` rather than raw components.
public struct ColorValue: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public var name: String?
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1, name: String? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = name
    }
    /// The same color with its alpha multiplied, for `/N` opacity modifiers.
    public func withOpacity(_ factor: Double) -> ColorValue {
        ColorValue(red: red, green: green, blue: blue, alpha: alpha * factor, name: name)
    }
}

/// A native animation: a curve with optional timing, as SwiftUI's `Animation`.
public struct AnimationValue: Hashable, Sendable {
    public enum Curve: String, Sendable, CaseIterable {
        case `default`, linear, easeIn, easeOut, easeInOut, spring, smooth, snappy, bouncy
    }
    public var curve: Curve
    /// Seconds; nil uses the curve's own default.
    public var duration: Double?
    public var response: Double?
    public var dampingFraction: Double?
    public var bounce: Double?
    /// Seconds of delay, added by `delay-*` classes.
    public var delay: Double
    /// A spring written `interactiveSpring(…)`: the same families of
    /// parameters as `spring`, with its own defaults (SwiftUI's
    /// `interactiveSpring(response: = 0.15, dampingFraction: = 0.86, blendDuration: = 0.25)`
    /// and `interactiveSpring(duration: = 0.15, extraBounce: = 0, blendDuration: = 0.25)`).
    /// A plugin receives it as a spring: the ABI has no such curve.
    public var interactive = false
    /// A spring's `blendDuration:` as written; nil leaves SwiftUI's default.
    public var blendDuration: Double?

    public init(
        curve: Curve, duration: Double? = nil, response: Double? = nil,
        dampingFraction: Double? = nil, bounce: Double? = nil, delay: Double = 0
    ) {
        self.curve = curve
        self.duration = duration
        self.response = response
        self.dampingFraction = dampingFraction
        self.bounce = bounce
        self.delay = delay
    }
}

/// A plugin-defined payload produced by an argument-form parser.
public struct PayloadValue: Hashable, Sendable {
    public var tag: Int64
    public var number: Double
    public var text: String?
    public init(tag: Int64, number: Double, text: String?) {
        self.tag = tag
        self.number = number
        self.text = text
    }
}

/// A value inside brackets that is known only at run time: a Swift
/// expression read from a source file (`angle` in `tilt-[\(angle)]`). Its type
/// comes from the source where the source says (`Angle.degrees(…)`,
/// `CGFloat(…)`, a declaration's annotation), else from the registration that
/// receives it; nil until one of them does.
public struct SymbolicValue: Hashable, Sendable {
    /// The expression's Swift text, as written.
    public var text: String
    public var type: ArgumentType?
    public init(text: String, type: ArgumentType?) {
        self.text = text
        self.type = type
    }
}

/// A value of one of the ABI's argument types, as a factory receives it.
public enum TypedValue: Hashable, Sendable {
    case number(Double)
    case points(Double)
    /// Degrees.
    case angle(Double)
    case seconds(Double)
    case bool(Bool)
    case string(String)
    case color(ColorValue)
    case vector(Double, Double, Double)
    case animation(AnimationValue)
    case payload(PayloadValue)
    /// A preset factory that receives the duration classes' seconds
    /// (`{"animationFactory": "smooth"}`); resolved to `.animation` before any call.
    case animationFactory(String)
    /// A value known only at run time (Swift sources). Resolution stands a
    /// probe value of its type in for it and shows the expression in the chain.
    case symbolic(SymbolicValue)

    /// The argument type this value carries.
    public var type: ArgumentType {
        switch self {
        case .number: return .number
        case .points: return .points
        case .angle: return .angle
        case .seconds: return .seconds
        case .bool: return .bool
        case .string: return .string
        case .color: return .color
        case .vector: return .vector
        case .animation: return .animation
        case .payload: return .custom
        case .animationFactory: return .animation
        case .symbolic(let s): return s.type ?? .custom
        }
    }

    /// The scalar inside number-like values, if any.
    public var scalar: Double? {
        switch self {
        case .number(let v), .points(let v), .angle(let v), .seconds(let v): return v
        default: return nil
        }
    }
}
