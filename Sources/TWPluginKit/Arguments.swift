import TWPluginAPI

/// A bracket argument as a parser or utility sees it, with the seeds' helpers.
public struct TWArgument: Sendable, Hashable {
    /// The argument text, `_` already turned into spaces.
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A plain finite decimal number: digits, an optional fraction and
    /// exponent, an optional leading `-` (`8`, `-0.5`, `.5`, `1e3`). The
    /// host reads numbers in classes with the same grammar (SPEC §9), so
    /// `+4`, `0x4`, `inf` or `4.` are rejected here as they are there.
    public var number: Double? { Self.decimal(rawValue) }
    /// Points: a number, `Npt` or `Npx`.
    public var points: Double? { scaled(["": 1, "pt": 1, "px": 1]) }
    /// Degrees: a number, `Ndeg`, `Nrad` or `Nturn`.
    public var degrees: Double? { scaled(["": 1, "deg": 1, "rad": 180 / Double.pi, "turn": 360]) }
    /// Seconds: a number of seconds, `Ns` or `Nms`.
    public var seconds: Double? { scaled(["": 1, "s": 1, "ms": 0.001]) }
    /// Numbers separated by commas.
    public var components: [Double]? {
        let parts = rawValue.split(separator: ",").map { TWArgument(rawValue: String($0).filter { $0 != " " }).number }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// The host's `DecimalNumber` grammar; this module cannot import the
    /// host, and a test checks both read the same corpus the same way.
    static func decimal(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let whole = digits()
        var fraction = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            fraction = digits()
            guard fraction > 0 else { return nil }
        }
        guard whole + fraction > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == bytes.count, let value = Double(text), value.isFinite else { return nil }
        return value == 0 ? 0 : value
    }

    /// A number followed by a unit of lowercase letters, read as the host
    /// reads `[12px]`: the unit is the trailing run of letters.
    private func scaled(_ units: [String: Double]) -> Double? {
        var unitStart = rawValue.endIndex
        while unitStart > rawValue.startIndex,
            let byte = rawValue[rawValue.index(before: unitStart)].asciiValue, byte >= 0x61, byte <= 0x7A
        {
            unitStart = rawValue.index(before: unitStart)
        }
        guard let factor = units[String(rawValue[unitStart...])],
            let v = Self.decimal(String(rawValue[..<unitStart]))
        else { return nil }
        let scaled = v * factor
        return scaled.isFinite ? scaled : nil
    }
}

/// Read access to the theme in force while a parser or utility runs.
public struct TWThemeReader: @unchecked Sendable {
    // @unchecked: wraps the host's theme pointer, valid during the call only.
    let theme: UnsafePointer<tw_theme>?
    init(_ theme: UnsafePointer<tw_theme>?) { self.theme = theme }

    /// Points for a spacing step (`space(4)` is 16 in the default theme).
    public func space(_ steps: Double) -> Double {
        number(scale: "spacing", key: steps == steps.rounded() ? String(Int(steps)) : String(steps)) ?? .nan
    }
    /// A value of a theme scale ("spacing", "radius", "font-size", "shadow", "opacity").
    public func number(scale: String, key: String) -> Double? {
        guard let theme, let api = theme.pointee.api?.pointee else { return nil }
        var out = 0.0
        let found = scale.withCString { s in key.withCString { k in api.number(theme, s, k, &out) } }
        return found ? out : nil
    }
    /// A theme color by name.
    public func color(_ name: String) -> Color? {
        guard let theme, let api = theme.pointee.api?.pointee else { return nil }
        var out = tw_color(r: 0, g: 0, b: 0, a: 0)
        let found = name.withCString { api.color(theme, $0, &out) }
        return found ? Color(components: out, name: name) : nil
    }
}

/// What a utility returns: built-in styling as classes with exact values.
public struct TWStyle: Sendable, Hashable {
    public let classes: String
    public init(classes: String) { self.classes = classes }
    public init(_ parts: TWStyle...) { classes = parts.map(\.classes).joined(separator: " ") }

    public static func paddingPoints(_ points: Double) -> TWStyle { TWStyle(classes: "p-[\(format(points))]") }
    public static func rotate(_ degrees: Double) -> TWStyle { TWStyle(classes: "rotate-[\(format(degrees))deg]") }
    public static func rounded(_ points: Double) -> TWStyle { TWStyle(classes: "rounded-[\(format(points))]") }
    public static func opacity(_ percent: Double) -> TWStyle { TWStyle(classes: "opacity-[\(format(percent))%]") }
    public static func shadow(_ step: String) -> TWStyle { TWStyle(classes: "shadow-\(step)") }
    public static func background(_ colorName: String) -> TWStyle { TWStyle(classes: "bg-\(colorName)") }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}

/// A bracket-prefix utility: `TWUtility { argument, theme in … }`; nil rejects.
public struct TWUtility: Sendable {
    let box: UtilityBox
    public init(_ run: @escaping @Sendable (TWArgument, TWThemeReader) -> TWStyle?) { box = UtilityBox(run) }
}

final class UtilityBox: Sendable {
    let run: @Sendable (TWArgument, TWThemeReader) -> TWStyle?
    init(_ run: @escaping @Sendable (TWArgument, TWThemeReader) -> TWStyle?) { self.run = run }
}

/// An animation value a preset returns.
public struct TWAnimationValue: Sendable {
    var curve: Int32
    var duration: Double = -1
    var response: Double = -1
    var dampingFraction: Double = -1
    var bounce: Double = 0

    public static func spring(duration: Double, bounce: Double = 0) -> TWAnimationValue {
        TWAnimationValue(curve: TW_CURVE_SPRING, duration: duration, bounce: bounce)
    }
    public static func spring(response: Double, dampingFraction: Double) -> TWAnimationValue {
        TWAnimationValue(curve: TW_CURVE_SPRING, response: response, dampingFraction: dampingFraction)
    }
    public static func smooth(duration: Double) -> TWAnimationValue {
        TWAnimationValue(curve: TW_CURVE_SMOOTH, duration: duration)
    }
    public static func easeInOut(duration: Double) -> TWAnimationValue {
        TWAnimationValue(curve: TW_CURVE_EASE_IN_OUT, duration: duration)
    }
    public static func linear(duration: Double) -> TWAnimationValue {
        TWAnimationValue(curve: TW_CURVE_LINEAR, duration: duration)
    }
    public static let `default` = TWAnimationValue(curve: TW_CURVE_DEFAULT)

    var cValue: tw_animation {
        tw_animation(
            curve: curve, reserved: 0, duration: duration, response: response, damping_fraction: dampingFraction,
            bounce: bounce, delay: 0)
    }
}

/// An animation preset: `TWAnimation { seconds in .spring(duration: seconds ?? 0.5, bounce: 0.15) }`.
/// `seconds` is nil when no duration class was given.
public struct TWAnimation: Sendable {
    let box: AnimationBox
    public init(_ run: @escaping @Sendable (Double?) -> TWAnimationValue) { box = AnimationBox(run) }
}

final class AnimationBox: Sendable {
    let run: @Sendable (Double?) -> TWAnimationValue
    init(_ run: @escaping @Sendable (Double?) -> TWAnimationValue) { self.run = run }
}
