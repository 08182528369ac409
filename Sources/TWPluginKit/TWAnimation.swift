import TWPluginAPI

/// A SwiftUI animation as the ABI carries it (`tw_animation`): a curve, the
/// parameters its SwiftUI function takes, and a delay.
///
/// Make one with the function named after the SwiftUI curve; each sets only
/// the parameters that curve's SwiftUI function takes, so every value renders
/// as code that compiles:
///
/// | kit | renders | SwiftUI declaration |
/// |---|---|---|
/// | `.default` | `.default` | `static var default: Animation` |
/// | `.linear`, `.easeIn`, `.easeOut`, `.easeInOut` | `.easeOut` | `static var easeOut: Animation` |
/// | `.easeOut(duration: 0.3)` (and the other three) | `.easeOut(duration: 0.3)` | `static func easeOut(duration: TimeInterval) -> Animation` |
/// | `.spring(duration: 0.5, bounce: 0.2)` | `.spring(duration: 0.5, bounce: 0.2)` | `static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0) -> Animation` |
/// | `.spring(response: 0.4, dampingFraction: 0.8)` | `.spring(response: 0.4, dampingFraction: 0.8)` | `static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation` |
/// | `.smooth`, `.snappy`, `.bouncy` (and with `duration:extraBounce:`) | `.snappy(duration: 0.3)` | `static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation` |
/// | `.delay(0.1)` on any of them | `.easeOut(duration: 0.3).delay(0.1)` | `func delay(_ delay: TimeInterval) -> Animation` |
///
/// A bounce is only carried when it is above 0: 0 is SwiftUI's own default
/// and is left out, and the ABI uses negative values for "not set".
///
/// ```swift
/// let presets: [String: TWAnimation] = [
///     "fade": TWAnimation { seconds in .easeOut(duration: seconds ?? 0.3) },
///     "pop": TWAnimation { _ in .bouncy(extraBounce: 0.2).delay(0.05) },
/// ]
/// ```
public struct TWAnimationValue: Sendable, Hashable {
    /// SwiftUI's animation curves (`TW_CURVE_*`).
    ///
    /// ```swift
    /// TWAnimationValue.easeOut(duration: 0.3).curve == .easeOut  // true
    /// ```
    public enum Curve: Sendable, Hashable, CaseIterable {
        /// `Animation.default` (`TW_CURVE_DEFAULT`).
        ///
        /// ```swift
        /// TWAnimationValue.default.curve  // .default
        /// ```
        case `default`
        /// `Animation.linear` (`TW_CURVE_LINEAR`).
        ///
        /// ```swift
        /// TWAnimationValue.linear(duration: 1).curve  // .linear
        /// ```
        case linear
        /// `Animation.easeIn` (`TW_CURVE_EASE_IN`).
        ///
        /// ```swift
        /// TWAnimationValue.easeIn(duration: 0.2).curve  // .easeIn
        /// ```
        case easeIn
        /// `Animation.easeOut` (`TW_CURVE_EASE_OUT`).
        ///
        /// ```swift
        /// TWAnimationValue.easeOut(duration: 0.2).curve  // .easeOut
        /// ```
        case easeOut
        /// `Animation.easeInOut` (`TW_CURVE_EASE_IN_OUT`).
        ///
        /// ```swift
        /// TWAnimationValue.easeInOut(duration: 0.2).curve  // .easeInOut
        /// ```
        case easeInOut
        /// `Animation.spring` (`TW_CURVE_SPRING`).
        ///
        /// ```swift
        /// TWAnimationValue.spring(duration: 0.5, bounce: 0.2).curve  // .spring
        /// ```
        case spring
        /// `Animation.smooth` (`TW_CURVE_SMOOTH`).
        ///
        /// ```swift
        /// TWAnimationValue.smooth(duration: 0.4).curve  // .smooth
        /// ```
        case smooth
        /// `Animation.snappy` (`TW_CURVE_SNAPPY`).
        ///
        /// ```swift
        /// TWAnimationValue.snappy(duration: 0.4).curve  // .snappy
        /// ```
        case snappy
        /// `Animation.bouncy` (`TW_CURVE_BOUNCY`).
        ///
        /// ```swift
        /// TWAnimationValue.bouncy(duration: 0.4).curve  // .bouncy
        /// ```
        case bouncy

        var code: Int32 {
            switch self {
            case .default: return TW_CURVE_DEFAULT
            case .linear: return TW_CURVE_LINEAR
            case .easeIn: return TW_CURVE_EASE_IN
            case .easeOut: return TW_CURVE_EASE_OUT
            case .easeInOut: return TW_CURVE_EASE_IN_OUT
            case .spring: return TW_CURVE_SPRING
            case .smooth: return TW_CURVE_SMOOTH
            case .snappy: return TW_CURVE_SNAPPY
            case .bouncy: return TW_CURVE_BOUNCY
            }
        }

        /// The name classes and `tw_animation` literals use (`easeOut`).
        var name: String {
            switch self {
            case .default: return "default"
            case .linear: return "linear"
            case .easeIn: return "easeIn"
            case .easeOut: return "easeOut"
            case .easeInOut: return "easeInOut"
            case .spring: return "spring"
            case .smooth: return "smooth"
            case .snappy: return "snappy"
            case .bouncy: return "bouncy"
            }
        }

        init(code: Int32) {
            self = Self.allCases.first { $0.code == code } ?? .default
        }
    }

    /// The curve.
    ///
    /// ```swift
    /// TWAnimationValue.snappy.curve  // .snappy
    /// ```
    public var curve: Curve
    /// Seconds, or nil for the curve's own default.
    ///
    /// ```swift
    /// TWAnimationValue.easeOut(duration: 0.3).duration  // 0.3
    /// ```
    public var duration: Double?
    /// The spring's response (the `response:dampingFraction:` family), or nil.
    ///
    /// ```swift
    /// TWAnimationValue.spring(response: 0.4, dampingFraction: 0.8).response  // 0.4
    /// ```
    public var response: Double?
    /// The spring's damping fraction (the `response:dampingFraction:` family), or nil.
    ///
    /// ```swift
    /// TWAnimationValue.spring(response: 0.4, dampingFraction: 0.8).dampingFraction  // 0.8
    /// ```
    public var dampingFraction: Double?
    /// The spring's bounce, or the extra bounce of `smooth`, `snappy` and `bouncy`; nil when not above 0.
    ///
    /// ```swift
    /// TWAnimationValue.bouncy(extraBounce: 0.2).bounce  // 0.2
    /// ```
    public var bounce: Double?
    /// Seconds before the animation starts (`.delay(_:)`); 0 for none.
    ///
    /// ```swift
    /// TWAnimationValue.snappy.delay(0.1).delay  // 0.1
    /// ```
    public var delay: Double

    init(
        curve: Curve, duration: Double? = nil, response: Double? = nil, dampingFraction: Double? = nil,
        bounce: Double? = nil, delay: Double = 0
    ) {
        self.curve = curve
        self.duration = duration
        self.response = response
        self.dampingFraction = dampingFraction
        self.bounce = bounce.flatMap { $0 > 0 ? $0 : nil }
        self.delay = delay
    }

    /// `Animation.default`.
    ///
    /// ```swift
    /// "settle": TWAnimation { _ in .default }
    /// ```
    public static let `default` = TWAnimationValue(curve: .default)
    /// `Animation.linear`, with its own duration.
    ///
    /// ```swift
    /// KitArgument.animation(nil, .linear)
    /// ```
    public static let linear = TWAnimationValue(curve: .linear)
    /// `Animation.easeIn`, with its own duration.
    ///
    /// ```swift
    /// KitArgument.animation(nil, .easeIn)
    /// ```
    public static let easeIn = TWAnimationValue(curve: .easeIn)
    /// `Animation.easeOut`, with its own duration.
    ///
    /// ```swift
    /// KitArgument.animation(nil, .easeOut)
    /// ```
    public static let easeOut = TWAnimationValue(curve: .easeOut)
    /// `Animation.easeInOut`, with its own duration.
    ///
    /// ```swift
    /// KitArgument.animation(nil, .easeInOut)
    /// ```
    public static let easeInOut = TWAnimationValue(curve: .easeInOut)
    /// `Animation.spring`, with its own response and damping.
    ///
    /// ```swift
    /// "spring": TWAnimation { _ in .spring }
    /// ```
    public static let spring = TWAnimationValue(curve: .spring)
    /// `Animation.smooth`, with its own duration.
    ///
    /// ```swift
    /// "calm": TWAnimation { _ in .smooth }
    /// ```
    public static let smooth = TWAnimationValue(curve: .smooth)
    /// `Animation.snappy`, with its own duration.
    ///
    /// ```swift
    /// "quick": TWAnimation { _ in .snappy }
    /// ```
    public static let snappy = TWAnimationValue(curve: .snappy)
    /// `Animation.bouncy`, with its own duration.
    ///
    /// ```swift
    /// "pop": TWAnimation { _ in .bouncy }
    /// ```
    public static let bouncy = TWAnimationValue(curve: .bouncy)

    /// `Animation.linear(duration:)`; nil keeps the curve's own duration.
    ///
    /// ```swift
    /// "steady": TWAnimation { seconds in .linear(duration: seconds ?? 1) }
    /// ```
    public static func linear(duration: Double?) -> TWAnimationValue {
        TWAnimationValue(curve: .linear, duration: duration)
    }
    /// `Animation.easeIn(duration:)`; nil keeps the curve's own duration.
    ///
    /// ```swift
    /// "enter": TWAnimation { seconds in .easeIn(duration: seconds ?? 0.2) }
    /// ```
    public static func easeIn(duration: Double?) -> TWAnimationValue {
        TWAnimationValue(curve: .easeIn, duration: duration)
    }
    /// `Animation.easeOut(duration:)`; nil keeps the curve's own duration.
    ///
    /// ```swift
    /// "fade": TWAnimation { seconds in .easeOut(duration: seconds ?? 0.3) }
    /// ```
    public static func easeOut(duration: Double?) -> TWAnimationValue {
        TWAnimationValue(curve: .easeOut, duration: duration)
    }
    /// `Animation.easeInOut(duration:)`; nil keeps the curve's own duration.
    ///
    /// ```swift
    /// "drift": TWAnimation { seconds in .easeInOut(duration: seconds ?? 0.8) }
    /// ```
    public static func easeInOut(duration: Double?) -> TWAnimationValue {
        TWAnimationValue(curve: .easeInOut, duration: duration)
    }
    /// `Animation.spring(duration:bounce:)`: the duration family of springs.
    ///
    /// ```swift
    /// "settle": TWAnimation { seconds in .spring(duration: seconds ?? 0.5, bounce: 0.15) }
    /// ```
    public static func spring(duration: Double?, bounce: Double = 0) -> TWAnimationValue {
        TWAnimationValue(curve: .spring, duration: duration, bounce: bounce)
    }
    /// `Animation.spring(response:dampingFraction:)`: the physical family of springs.
    ///
    /// ```swift
    /// "wobble": TWAnimation { _ in .spring(response: 0.4, dampingFraction: 0.6) }
    /// ```
    public static func spring(response: Double, dampingFraction: Double) -> TWAnimationValue {
        TWAnimationValue(curve: .spring, response: response, dampingFraction: dampingFraction)
    }
    /// `Animation.smooth(duration:extraBounce:)`; a nil duration keeps the curve's own.
    ///
    /// ```swift
    /// let motion = TWAnimation { .smooth(duration: $0) }
    /// ```
    public static func smooth(duration: Double? = nil, extraBounce: Double = 0) -> TWAnimationValue {
        TWAnimationValue(curve: .smooth, duration: duration, bounce: extraBounce)
    }
    /// `Animation.snappy(duration:extraBounce:)`; a nil duration keeps the curve's own.
    ///
    /// ```swift
    /// "quick": TWAnimation { .snappy(duration: $0, extraBounce: 0.1) }
    /// ```
    public static func snappy(duration: Double? = nil, extraBounce: Double = 0) -> TWAnimationValue {
        TWAnimationValue(curve: .snappy, duration: duration, bounce: extraBounce)
    }
    /// `Animation.bouncy(duration:extraBounce:)`; a nil duration keeps the curve's own.
    ///
    /// ```swift
    /// "pop": TWAnimation { .bouncy(duration: $0, extraBounce: 0.2) }
    /// ```
    public static func bouncy(duration: Double? = nil, extraBounce: Double = 0) -> TWAnimationValue {
        TWAnimationValue(curve: .bouncy, duration: duration, bounce: extraBounce)
    }

    /// The same animation started `seconds` later: `.delay(_:)`.
    ///
    /// ```swift
    /// "late": TWAnimation { seconds in .easeOut(duration: seconds ?? 0.3).delay(0.1) }
    /// ```
    public func delay(_ seconds: Double) -> TWAnimationValue {
        var copy = self
        copy.delay = seconds
        return copy
    }

    init(_ c: tw_animation) {
        func set(_ v: Double) -> Double? { v.isFinite && v >= 0 ? v : nil }
        self.init(
            curve: Curve(code: c.curve), duration: set(c.duration), response: set(c.response),
            dampingFraction: set(c.damping_fraction), bounce: c.bounce.isFinite && c.bounce > 0 ? c.bounce : nil,
            delay: c.delay.isFinite && c.delay > 0 ? c.delay : 0)
    }

    /// Negative fields mean "not set" (TWPluginAPI.h).
    var cValue: tw_animation {
        tw_animation(
            curve: curve.code, reserved: 0, duration: duration ?? -1, response: response ?? -1,
            damping_fraction: dampingFraction ?? -1, bounce: bounce ?? -1, delay: delay)
    }
}

/// An animation preset, used in classes as `animate-<name>`: a pure function
/// of the seconds that duration classes give (`duration-300` → 0.3), nil when
/// none was given.
///
/// ```swift
/// let plugin = TWPlugin(name: "motion", version: "1.0.0", animations: [
///     "settle": TWAnimation { seconds in .spring(duration: seconds ?? 0.5, bounce: 0.15) },
///     "calm": TWAnimation { .smooth(duration: $0) },
/// ])
/// ```
public struct TWAnimation: Sendable {
    let box: AnimationBox

    /// A preset from its function of the given seconds.
    ///
    /// ```swift
    /// let fade = TWAnimation { seconds in .easeOut(duration: seconds ?? 0.3) }
    /// ```
    public init(_ run: @escaping @Sendable (Double?) -> TWAnimationValue) { box = AnimationBox(run) }
}

final class AnimationBox: Sendable {
    let run: @Sendable (Double?) -> TWAnimationValue
    init(_ run: @escaping @Sendable (Double?) -> TWAnimationValue) { self.run = run }
}
