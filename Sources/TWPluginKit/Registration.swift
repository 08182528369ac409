import TWPluginAPI

/// Where a general view registration sits around built-in styling.
public enum TWPhase: Sendable {
    case content, effects
    var code: Int32 { self == .content ? TW_PHASE_CONTENT : TW_PHASE_EFFECTS }
}

/// A Swift value that can be a registration's argument: maps to one ABI type.
public protocol TWArgumentValue: Sendable {
    static var argumentType: Int32 { get }
    /// The default argument as text the host can decode.
    var defaultText: String { get }
    init?(raw: RawArgument)
    /// For argument-form parsers: how to report the value.
    func report(to result: UnsafeMutablePointer<tw_parse_result>)
}

/// An argument as it arrives from the host through one of the C thunks.
public enum RawArgument: Sendable {
    case none
    case double(Double)
    case bool(Bool)
    case string(String)
    case color(tw_color)
    case vector(tw_vector3)
}

extension Double: TWArgumentValue {
    public static var argumentType: Int32 { TW_ARG_NUMBER }
    public var defaultText: String { formatDefault(self) }
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self = v
    }
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, self)
    }
}

extension Points: TWArgumentValue {
    public static var argumentType: Int32 { TW_ARG_POINTS }
    public var defaultText: String { formatDefault(value) }
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self.init(v)
    }
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, value)
    }
}

extension Seconds: TWArgumentValue {
    public static var argumentType: Int32 { TW_ARG_SECONDS }
    public var defaultText: String { formatDefault(value) }
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self.init(v)
    }
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, value)
    }
}

extension Angle: TWArgumentValue {
    public static var argumentType: Int32 { TW_ARG_ANGLE }
    public var defaultText: String { formatDefault(degrees) + "deg" }
    public init?(raw: RawArgument) {
        guard case .double(let v) = raw else { return nil }
        self = .degrees(v)
    }
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.number(result, degrees)
    }
}

extension Bool: TWArgumentValue {
    public static var argumentType: Int32 { TW_ARG_BOOL }
    public var defaultText: String { self ? "true" : "false" }
    public init?(raw: RawArgument) {
        guard case .bool(let v) = raw else { return nil }
        self = v
    }
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.boolean(result, self)
    }
}

extension String: TWArgumentValue {
    public static var argumentType: Int32 { TW_ARG_STRING }
    public var defaultText: String { self }
    public init?(raw: RawArgument) {
        guard case .string(let v) = raw else { return nil }
        self = v
    }
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        withCString { result.pointee.api.pointee.string(result, $0) }
    }
}

extension Color: TWArgumentValue {
    public static var argumentType: Int32 { TW_ARG_COLOR }
    public var defaultText: String {
        func hex(_ v: Double) -> String {
            let byte = Int((max(0, min(1, v)) * 255).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[byte / 16], digits[byte % 16]])
        }
        return "#" + hex(components.r) + hex(components.g) + hex(components.b) + hex(components.a)
    }
    public init?(raw: RawArgument) {
        guard case .color(let c) = raw else { return nil }
        self.init(components: c, name: nil)
    }
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        result.pointee.api.pointee.color(result, components)
    }
}

extension tw_vector3: @unchecked @retroactive Sendable {}

/// A modifier registration in the seeds' shape:
/// `.view { view, active in … }`, `.value(default:order:phase:) { view, value in … }`,
/// `.argument(default:conflictKey:parse:) { view, value in … }`, `.text`, `.textValue(default:)` …
public struct TWModifier: Sendable {
    let form: Int32
    let phase: Int32
    let order: Int32
    let argumentType: Int32
    let conflictKey: String?
    let defaultArgument: String?
    let factory: FactoryBox
    let parser: ParserBox?

    public static func view(
        order: Int = 0, phase: TWPhase = .effects, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_VIEW, order: order, phase: phase, conflictKey: conflictKey, body)
    }

    public static func text(
        order: Int = 0, conflictKey: String? = nil, _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_TEXT, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    public static func image(
        order: Int = 0, conflictKey: String? = nil, _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_IMAGE, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    public static func shape(
        order: Int = 0, conflictKey: String? = nil, _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_SHAPE, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    public static func value<T: TWArgumentValue>(
        default defaultValue: T, order: Int = 0, phase: TWPhase = .effects, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(TW_FORM_VALUE, defaultValue, order: order, phase: phase, conflictKey: conflictKey, parser: nil, body)
    }

    public static func textValue<T: TWArgumentValue>(
        default defaultValue: T, order: Int = 0, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(
            TW_FORM_TEXT_VALUE, defaultValue, order: order, phase: .effects, conflictKey: conflictKey, parser: nil, body
        )
    }

    public static func imageValue<T: TWArgumentValue>(
        default defaultValue: T, order: Int = 0, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(
            TW_FORM_IMAGE_VALUE, defaultValue, order: order, phase: .effects, conflictKey: conflictKey, parser: nil,
            body)
    }

    public static func shapeValue<T: TWArgumentValue>(
        default defaultValue: T, order: Int = 0, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(
            TW_FORM_SHAPE_VALUE, defaultValue, order: order, phase: .effects, conflictKey: conflictKey, parser: nil,
            body)
    }

    /// An argument read by the plugin's own parser. The default is raw text
    /// that the parser must accept.
    public static func argument<T: TWArgumentValue>(
        default defaultArgument: String, order: Int = 0, phase: TWPhase = .effects, conflictKey: String? = nil,
        parse: @escaping @Sendable (TWArgument, TWThemeReader) -> T?,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        let parser = ParserBox { raw, theme in parse(TWArgument(rawValue: raw), theme).map { $0 as any TWArgumentValue }
        }
        let factory = FactoryBox { active, raw in
            guard let value = T(raw: raw) else { return NativeView() }
            return body(NativeView(), value)
        }
        return TWModifier(
            form: TW_FORM_ARGUMENT, phase: phase.code, order: Int32(clamping: order), argumentType: T.argumentType,
            conflictKey: conflictKey, defaultArgument: defaultArgument, factory: factory, parser: parser)
    }

    private static func exact(
        _ form: Int32, order: Int, phase: TWPhase, conflictKey: String?,
        _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        TWModifier(
            form: form, phase: phase.code, order: Int32(clamping: order), argumentType: TW_ARG_NONE,
            conflictKey: conflictKey, defaultArgument: nil,
            factory: FactoryBox { active, _ in body(NativeView(), active) },
            parser: nil)
    }

    private static func typed<T: TWArgumentValue>(
        _ form: Int32, _ defaultValue: T, order: Int, phase: TWPhase, conflictKey: String?, parser: ParserBox?,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        let factory = FactoryBox { _, raw in
            // The host passes the class's value when active and the default when
            // inactive, so the factory never branches on `active` itself.
            guard let value = T(raw: raw) else { return NativeView() }
            return body(NativeView(), value)
        }
        return TWModifier(
            form: form, phase: phase.code, order: Int32(clamping: order), argumentType: T.argumentType,
            conflictKey: conflictKey, defaultArgument: defaultValue.defaultText, factory: factory, parser: parser)
    }
}

/// Holds a factory closure; its address is the registration's context.
final class FactoryBox: Sendable {
    let run: @Sendable (Bool, RawArgument) -> NativeView
    init(_ run: @escaping @Sendable (Bool, RawArgument) -> NativeView) { self.run = run }
}

/// Holds a parser closure; reached through the factory box's sibling context.
final class ParserBox: Sendable {
    let run: @Sendable (String, TWThemeReader) -> (any TWArgumentValue)?
    init(_ run: @escaping @Sendable (String, TWThemeReader) -> (any TWArgumentValue)?) { self.run = run }
}

/// The context a registration hands the host: its factory and parser.
final class RegistrationContext: Sendable {
    let factory: FactoryBox
    let parser: ParserBox?
    init(factory: FactoryBox, parser: ParserBox?) {
        self.factory = factory
        self.parser = parser
    }
}

/// `0` rather than `0.0`: defaults read like the classes users write.
func formatDefault(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
}
