import TWPluginAPI

/// A Swift type that a registration's argument can have: each maps to one ABI
/// argument type (`TW_ARG_*`), the C type the host passes to the factory.
///
/// | Swift | ABI type | class literal |
/// |---|---|---|
/// | `Double` | `TW_ARG_NUMBER` | `1.5` |
/// | ``Points`` | `TW_ARG_POINTS` | `8`, `8pt`, `8px` |
/// | ``Angle`` | `TW_ARG_ANGLE` | `8`, `8deg`, `0.5rad`, `0.25turn` |
/// | ``Seconds`` | `TW_ARG_SECONDS` | `0.2`, `0.2s`, `200ms` |
/// | `Bool` | `TW_ARG_BOOL` | `true`, `false` |
/// | `String` | `TW_ARG_STRING` | any text (`_` is a space) |
/// | ``Color`` | `TW_ARG_COLOR` | `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, theme names |
/// | ``TWVector`` | `TW_ARG_VECTOR` | `0,1,0` |
/// | ``TWAnimationValue`` | `TW_ARG_ANIMATION` | `default`, `easeOut`, `spring`, … |
/// | a ``TWCustomArgument`` | `TW_ARG_CUSTOM` | read by the registration's own `parse` |
///
/// The kit provides every conformance; conform your own types through
/// ``TWCustomArgument``, not to this protocol directly.
///
/// ```swift
/// "dim": .value(default: 1.0) { view, amount in view.opacity(amount) }  // Double: TW_ARG_NUMBER
/// ```
public protocol TWArgumentValue: Sendable {
    /// The ABI argument type, a `TW_ARG_*` code.
    ///
    /// ```swift
    /// Points.argumentType == TW_ARG_POINTS  // true
    /// ```
    static var argumentType: Int32 { get }
    /// Reads the value the host passed to a factory; nil when it is of another type.
    ///
    /// ```swift
    /// Double(raw: .double(2))  // 2
    /// ```
    init?(raw: RawArgument)
    /// Hands the value to the host from an argument-form parser.
    ///
    /// ```swift
    /// 2.0.report(to: result)  // result->api->number(result, 2)
    /// ```
    func report(to result: UnsafeMutablePointer<tw_parse_result>)
}

/// An argument type the host decodes from a class literal itself (`tilt-[8deg]`),
/// so it can be the argument of `.value`, `.textValue`, `.imageValue` and
/// `.shapeValue` registrations, whose default the host decodes when the plugin loads.
///
/// ```swift
/// "tilt": .value(default: Angle.zero, order: 10) { view, angle in
///     view.rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))
/// }
/// ```
public protocol TWLiteralArgument: TWArgumentValue, TWArgumentDecodable {
    /// The value as a class literal the host decodes: a registration's default.
    ///
    /// ```swift
    /// Angle.degrees(8).defaultText  // "8deg"
    /// ```
    var defaultText: String { get }
}

/// A type a parser or utility can read from a bracket argument with
/// ``TWArgument/value(as:)``: the kit's argument types read the host's
/// literal grammar; conform your own types to read them the same way.
///
/// ```swift
/// "tilt": .argument(default: "0", parse: { argument, _ in argument.value(as: Angle.self) }) { view, angle in
///     view.rotationEffect(angle)
/// }
/// ```
public protocol TWArgumentDecodable {
    /// Reads the argument, or returns nil to reject it.
    ///
    /// ```swift
    /// Points(argument: TWArgument(rawValue: "8px"))  // 8
    /// ```
    init?(argument: TWArgument)
}

/// An argument as it arrives from the host through the kit's C thunks.
///
/// ```swift
/// if case .double(let value) = raw { print(value) }
/// ```
public enum RawArgument: Sendable {
    /// No argument (view, text, image and shape forms).
    ///
    /// ```swift
    /// Double(raw: .none)  // nil
    /// ```
    case none
    /// `double`: numbers, points, degrees and seconds.
    ///
    /// ```swift
    /// Points(raw: .double(8))  // 8
    /// ```
    case double(Double)
    /// `bool`.
    ///
    /// ```swift
    /// Bool(raw: .bool(true))  // true
    /// ```
    case bool(Bool)
    /// `const char *`, copied.
    ///
    /// ```swift
    /// String(raw: .string("a b"))  // "a b"
    /// ```
    case string(String)
    /// `tw_color`.
    ///
    /// ```swift
    /// Color(raw: .color(tw_color(r: 1, g: 0, b: 0, a: 1)))
    /// ```
    case color(tw_color)
    /// `tw_vector3`.
    ///
    /// ```swift
    /// TWVector(raw: .vector(tw_vector3(x: 0, y: 1, z: 0)))
    /// ```
    case vector(tw_vector3)
    /// `tw_animation`, read into the kit's value.
    ///
    /// ```swift
    /// TWAnimationValue(raw: .animation(.snappy))
    /// ```
    case animation(TWAnimationValue)
    /// `tw_payload`, its text copied.
    ///
    /// ```swift
    /// TWPayload(raw: .payload(TWPayload(tag: 1, number: 0.5, text: "thin")))
    /// ```
    case payload(TWPayload)
}

extension Double: TWLiteralArgument {
    /// `TW_ARG_NUMBER`.
    ///
    /// ```swift
    /// Double.argumentType  // TW_ARG_NUMBER
    /// ```
    public static var argumentType: Int32 { TW_ARG_NUMBER }
    /// The number as the shortest text that reads back the same (`1`, `0.5`).
    ///
    /// ```swift
    /// 1.0.defaultText  // "1"
    /// ```
    public var defaultText: String { formatDefault(self) }
    /// The number the host passed.
    ///
    /// ```swift
    /// Double(raw: .double(0.5))  // 0.5
    /// ```
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self = v
    }
    /// Reads ``TWArgument/number``.
    ///
    /// ```swift
    /// Double(argument: TWArgument(rawValue: "1e3"))  // 1000
    /// ```
    public init?(argument: TWArgument) {
        guard let v = argument.number else { return nil }
        self = v
    }
    /// Reports the number.
    ///
    /// ```swift
    /// 0.5.report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, self)
    }
}

extension Points: TWLiteralArgument {
    /// `TW_ARG_POINTS`.
    ///
    /// ```swift
    /// Points.argumentType  // TW_ARG_POINTS
    /// ```
    public static var argumentType: Int32 { TW_ARG_POINTS }
    /// The length as a bare number of points (`8`).
    ///
    /// ```swift
    /// Points(8).defaultText  // "8"
    /// ```
    public var defaultText: String { formatDefault(value) }
    /// The length the host passed.
    ///
    /// ```swift
    /// Points(raw: .double(8))  // 8
    /// ```
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self.init(v)
    }
    /// Reads ``TWArgument/points``.
    ///
    /// ```swift
    /// Points(argument: TWArgument(rawValue: "12px"))  // 12
    /// ```
    public init?(argument: TWArgument) {
        guard let v = argument.points else { return nil }
        self.init(v)
    }
    /// Reports the length.
    ///
    /// ```swift
    /// Points(8).report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, value)
    }
}

extension Seconds: TWLiteralArgument {
    /// `TW_ARG_SECONDS`.
    ///
    /// ```swift
    /// Seconds.argumentType  // TW_ARG_SECONDS
    /// ```
    public static var argumentType: Int32 { TW_ARG_SECONDS }
    /// The duration as a bare number of seconds (`0.2`).
    ///
    /// ```swift
    /// Seconds(0.2).defaultText  // "0.2"
    /// ```
    public var defaultText: String { formatDefault(value) }
    /// The duration the host passed.
    ///
    /// ```swift
    /// Seconds(raw: .double(0.2))  // 0.2
    /// ```
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self.init(v)
    }
    /// Reads ``TWArgument/seconds``; a negative duration is rejected, as the host rejects it.
    ///
    /// ```swift
    /// Seconds(argument: TWArgument(rawValue: "200ms"))  // 0.2
    /// ```
    public init?(argument: TWArgument) {
        guard let v = argument.seconds, v >= 0 else { return nil }
        self.init(v)
    }
    /// Reports the duration.
    ///
    /// ```swift
    /// Seconds(0.2).report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, value)
    }
}

extension Angle: TWLiteralArgument {
    /// `TW_ARG_ANGLE`: the host passes degrees.
    ///
    /// ```swift
    /// Angle.argumentType  // TW_ARG_ANGLE
    /// ```
    public static var argumentType: Int32 { TW_ARG_ANGLE }
    /// The angle in degrees (`8deg`).
    ///
    /// ```swift
    /// Angle.zero.defaultText  // "0deg"
    /// ```
    public var defaultText: String { formatDefault(degrees) + "deg" }
    /// The angle the host passed, in degrees.
    ///
    /// ```swift
    /// Angle(raw: .double(8))  // .degrees(8)
    /// ```
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self = .degrees(v)
    }
    /// Reads ``TWArgument/degrees``.
    ///
    /// ```swift
    /// Angle(argument: TWArgument(rawValue: "0.25turn"))  // .degrees(90)
    /// ```
    public init?(argument: TWArgument) {
        guard let v = argument.degrees else { return nil }
        self = .degrees(v)
    }
    /// Reports the angle in degrees.
    ///
    /// ```swift
    /// Angle.degrees(8).report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, degrees)
    }
}

extension Bool: TWLiteralArgument {
    /// `TW_ARG_BOOL`.
    ///
    /// ```swift
    /// Bool.argumentType  // TW_ARG_BOOL
    /// ```
    public static var argumentType: Int32 { TW_ARG_BOOL }
    /// `true` or `false`.
    ///
    /// ```swift
    /// false.defaultText  // "false"
    /// ```
    public var defaultText: String { self ? "true" : "false" }
    /// The flag the host passed.
    ///
    /// ```swift
    /// Bool(raw: .bool(true))  // true
    /// ```
    public init?(raw: RawArgument) {
        guard case .bool(let v) = raw else { return nil }
        self = v
    }
    /// Reads `true` or `false`.
    ///
    /// ```swift
    /// Bool(argument: TWArgument(rawValue: "true"))  // true
    /// ```
    public init?(argument: TWArgument) {
        switch argument.rawValue {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
    /// Reports the flag.
    ///
    /// ```swift
    /// true.report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.boolean(result, self)
    }
}

extension String: TWLiteralArgument {
    /// `TW_ARG_STRING`.
    ///
    /// ```swift
    /// String.argumentType  // TW_ARG_STRING
    /// ```
    public static var argumentType: Int32 { TW_ARG_STRING }
    /// The text itself.
    ///
    /// ```swift
    /// "none".defaultText  // "none"
    /// ```
    public var defaultText: String { self }
    /// The text the host passed.
    ///
    /// ```swift
    /// String(raw: .string("a b"))  // "a b"
    /// ```
    public init?(raw: RawArgument) {
        guard case .string(let v) = raw else { return nil }
        self = v
    }
    /// The argument's text (``TWArgument/rawValue``).
    ///
    /// ```swift
    /// String(argument: TWArgument(rawValue: "a b"))  // "a b"
    /// ```
    public init?(argument: TWArgument) { self = argument.rawValue }
    /// Reports the text (the host copies it).
    ///
    /// ```swift
    /// "thin".report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        withCString { result.pointee.api.pointee.string(result, $0) }
    }
}

extension Color: TWLiteralArgument {
    /// `TW_ARG_COLOR`.
    ///
    /// ```swift
    /// Color.argumentType  // TW_ARG_COLOR
    /// ```
    public static var argumentType: Int32 { TW_ARG_COLOR }
    /// `#rrggbbaa`, each component rounded to a byte.
    ///
    /// ```swift
    /// Color.clear.defaultText  // "#00000000"
    /// ```
    public var defaultText: String {
        func hex(_ v: Double) -> String {
            let byte = Int((max(0, min(1, v)) * 255).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[byte / 16], digits[byte % 16]])
        }
        return "#" + hex(components.r) + hex(components.g) + hex(components.b) + hex(components.a)
    }
    /// The color the host passed (theme names already resolved).
    ///
    /// ```swift
    /// Color(raw: .color(tw_color(r: 1, g: 1, b: 1, a: 1)))  // .white
    /// ```
    public init?(raw: RawArgument) {
        guard case .color(let c) = raw else { return nil }
        self.init(components: c, name: nil)
    }
    /// Reads ``TWArgument/hexColor``; theme names need the theme: ``TWThemeReader/color(_:)``.
    ///
    /// ```swift
    /// Color(argument: TWArgument(rawValue: "#ff8000"))
    /// ```
    public init?(argument: TWArgument) {
        guard let color = argument.hexColor else { return nil }
        self = color
    }
    /// Reports the color.
    ///
    /// ```swift
    /// Color.white.report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.color(result, components)
    }
}

extension TWVector: TWLiteralArgument {
    /// `TW_ARG_VECTOR`.
    ///
    /// ```swift
    /// TWVector.argumentType  // TW_ARG_VECTOR
    /// ```
    public static var argumentType: Int32 { TW_ARG_VECTOR }
    /// `x,y,z`.
    ///
    /// ```swift
    /// TWVector(x: 0, y: 1, z: 0).defaultText  // "0,1,0"
    /// ```
    public var defaultText: String { [x, y, z].map(formatDefault).joined(separator: ",") }
    /// The vector the host passed.
    ///
    /// ```swift
    /// TWVector(raw: .vector(tw_vector3(x: 0, y: 1, z: 0)))
    /// ```
    public init?(raw: RawArgument) {
        guard case .vector(let v) = raw else { return nil }
        self.init(x: v.x, y: v.y, z: v.z)
    }
    /// Reads three numbers separated by commas (``TWArgument/components``).
    ///
    /// ```swift
    /// TWVector(argument: TWArgument(rawValue: "0,1,0"))
    /// ```
    public init?(argument: TWArgument) {
        guard let c = argument.components, c.count == 3 else { return nil }
        self.init(x: c[0], y: c[1], z: c[2])
    }
    /// Reports the vector.
    ///
    /// ```swift
    /// TWVector.zero.report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.vector(result, tw_vector3(x: x, y: y, z: z))
    }
}

extension TWAnimationValue: TWLiteralArgument {
    /// `TW_ARG_ANIMATION`.
    ///
    /// ```swift
    /// TWAnimationValue.argumentType  // TW_ARG_ANIMATION
    /// ```
    public static var argumentType: Int32 { TW_ARG_ANIMATION }
    /// The curve's name (`easeOut`). The host reads animation literals by
    /// curve, so a default keeps its curve only: give a curve without
    /// parameters as the default.
    ///
    /// ```swift
    /// TWAnimationValue.easeOut.defaultText  // "easeOut"
    /// ```
    public var defaultText: String { curve.name }
    /// The animation the host passed.
    ///
    /// ```swift
    /// TWAnimationValue(raw: .animation(.snappy))  // .snappy
    /// ```
    public init?(raw: RawArgument) {
        guard case .animation(let v) = raw else { return nil }
        self = v
    }
    /// Reads a curve name, as the host does (`easeOut`, `spring`, …).
    ///
    /// ```swift
    /// TWAnimationValue(argument: TWArgument(rawValue: "snappy"))  // .snappy
    /// ```
    public init?(argument: TWArgument) {
        guard let curve = Curve.allCases.first(where: { $0.name == argument.rawValue }) else { return nil }
        self.init(curve: curve)
    }
    /// Reports the animation.
    ///
    /// ```swift
    /// TWAnimationValue.easeOut(duration: 0.3).report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.animation(result, cValue)
    }
}

/// `0` rather than `0.0`: defaults read like the classes users write.
func formatDefault(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
}
