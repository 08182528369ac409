import TWPluginAPI

/// Where a general view registration sits around built-in styling: `.content`
/// inside it (a `padding` that the background includes), `.effects` outside
/// it (the default).
///
/// ```swift
/// "inset": .value(default: Points.zero, phase: .content) { view, amount in view.padding(amount) }
/// ```
public enum TWPhase: Sendable {
    /// Inside built-in styling (`TW_PHASE_CONTENT`).
    ///
    /// ```swift
    /// "inset": .value(default: Points.zero, phase: .content) { view, amount in view.padding(amount) }
    /// ```
    case content
    /// Outside built-in styling (`TW_PHASE_EFFECTS`), the default.
    ///
    /// ```swift
    /// "glow": .view(phase: .effects) { view, active in view.shadow(color: .white.opacity(active ? 0.8 : 0), radius: 8) }
    /// ```
    case effects

    var code: Int32 { self == .content ? TW_PHASE_CONTENT : TW_PHASE_EFFECTS }
}

/// A modifier registration in the seeds' shape. Every form of the C ABI
/// (`TW_FORM_*`) has a function here:
///
/// | form | function | factory receives |
/// |---|---|---|
/// | exact tag on any view | ``view(order:phase:conflictKey:_:)`` | `active` |
/// | typed bracket argument | ``value(default:order:phase:conflictKey:_:)`` | the value (the default when absent) |
/// | argument read by your parser | ``argument(default:order:phase:conflictKey:parse:_:)`` | what `parse` returned |
/// | exact tag on Text / Image / Shape | ``text(order:conflictKey:_:)``, ``image(order:conflictKey:_:)``, ``shape(order:conflictKey:_:)`` | `active` |
/// | typed argument on Text / Image / Shape | ``textValue(default:order:conflictKey:_:)``, ``imageValue(default:order:conflictKey:_:)``, ``shapeValue(default:order:conflictKey:_:)`` | the value |
///
/// Factories are pure: the same input gives the same output, and when the
/// class is absent they describe the **neutral** modifier with the **same
/// structure** (change values, never branch on `active`).
///
/// ```swift
/// let plugin = TWPlugin(name: "hello", version: "0.1.0", modifiers: [
///     "glow": .view { view, active in view.shadow(color: .white.opacity(active ? 0.8 : 0), radius: 8) },
///     "lift": .value(default: Points.zero) { view, amount in view.offset(y: Points(-amount.value)) },
/// ])
/// ```
public struct TWModifier: Sendable {
    let form: Int32
    let phase: Int32
    let order: Int32
    let argumentType: Int32
    let conflictKey: String?
    let defaultArgument: String?
    let factory: FactoryBox
    let parser: ParserBox?

    /// An exact tag on any view (`frosted`); `active` is false when the class is absent.
    ///
    /// ```swift
    /// "frosted": .view(conflictKey: "material") { view, active in
    ///     view.background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(active ? 1 : 0) }
    /// }
    /// ```
    /// - Parameters:
    ///   - order: lower orders apply first within the phase; equal orders go by name.
    ///   - phase: inside (`.content`) or outside (`.effects`) built-in styling.
    ///   - conflictKey: registrations with the same key select one winner (default: the name).
    ///   - body: describes the modifier, neutral when `active` is false.
    public static func view(
        order: Int = 0, phase: TWPhase = .effects, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_VIEW, order: order, phase: phase, conflictKey: conflictKey, body)
    }

    /// An exact tag on a native `Text` (runs only when selected, with `active` true).
    ///
    /// ```swift
    /// "shout": .text { text, _ in text.modifier("textCase", .member(nil, "uppercase")) }
    /// ```
    public static func text(
        order: Int = 0, conflictKey: String? = nil, _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_TEXT, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    /// An exact tag on a native `Image` (runs only when selected, with `active` true).
    ///
    /// ```swift
    /// "resize": .image { image, _ in image.resizable() }
    /// ```
    public static func image(
        order: Int = 0, conflictKey: String? = nil, _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_IMAGE, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    /// An exact tag on a native shape; its inactive slot stays on every shape, so
    /// it must be neutral when `active` is false.
    ///
    /// ```swift
    /// "half": .shape { shape, active in shape.trim(from: 0, to: active ? 0.5 : 1) }
    /// ```
    public static func shape(
        order: Int = 0, conflictKey: String? = nil, _ body: @escaping @Sendable (NativeView, Bool) -> NativeView
    ) -> TWModifier {
        exact(TW_FORM_SHAPE, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    /// A typed bracket argument the host decodes (`tilt-[8deg]`); when the class
    /// is absent the factory gets `default`, which must be neutral.
    ///
    /// ```swift
    /// "tilt": .value(default: Angle.zero, order: 10) { view, angle in
    ///     view.rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))
    /// }
    /// ```
    /// - Parameters:
    ///   - defaultValue: the value when the class is absent; written as a class literal the host decodes at load.
    ///   - order: lower orders apply first within the phase; equal orders go by name.
    ///   - phase: inside (`.content`) or outside (`.effects`) built-in styling.
    ///   - conflictKey: registrations with the same key select one winner (default: the name).
    ///   - body: describes the modifier for a value.
    public static func value<T: TWLiteralArgument>(
        default defaultValue: T, order: Int = 0, phase: TWPhase = .effects, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(TW_FORM_VALUE, defaultValue, order: order, phase: phase, conflictKey: conflictKey, body)
    }

    /// A typed bracket argument on a native `Text` (`kern-[1.5]`).
    ///
    /// ```swift
    /// "kern": .textValue(default: Points.zero) { text, points in text.kerning(points) }
    /// ```
    public static func textValue<T: TWLiteralArgument>(
        default defaultValue: T, order: Int = 0, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(TW_FORM_TEXT_VALUE, defaultValue, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    /// A typed bracket argument on a native `Image`.
    ///
    /// ```swift
    /// "fade": .imageValue(default: 1.0) { image, amount in image.opacity(amount) }
    /// ```
    public static func imageValue<T: TWLiteralArgument>(
        default defaultValue: T, order: Int = 0, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(TW_FORM_IMAGE_VALUE, defaultValue, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    /// A typed bracket argument on a native shape (`trim-[0.7]`); the default is
    /// used on every shape where the class is absent, so it must be neutral.
    ///
    /// ```swift
    /// "trim": .shapeValue(default: 1.0) { shape, end in shape.trim(from: 0, to: end) }
    /// ```
    public static func shapeValue<T: TWLiteralArgument>(
        default defaultValue: T, order: Int = 0, conflictKey: String? = nil,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        typed(TW_FORM_SHAPE_VALUE, defaultValue, order: order, phase: .effects, conflictKey: conflictKey, body)
    }

    /// A bracket argument read by the plugin's own `parse` (`material-[thin]`).
    ///
    /// The default is raw text that goes through the same `parse` when the
    /// plugin loads: the value it returns is what inactive slots use, so it
    /// must be accepted and neutral. `parse` returns nil to reject an
    /// argument, or throws ``TWRejection`` to say why. `T` may be any kit
    /// argument type or your own ``TWCustomArgument``.
    ///
    /// ```swift
    /// "tilt": .argument(default: "0", conflictKey: "orientation", parse: { argument, _ in argument.degrees }) {
    ///     view, degrees in view.rotation3DEffect(.degrees(degrees), axis: (x: 0, y: 1, z: 0))
    /// }
    /// ```
    /// - Parameters:
    ///   - defaultArgument: bracket text for the inactive value, read by `parse`.
    ///   - order: lower orders apply first within the phase; equal orders go by name.
    ///   - phase: inside (`.content`) or outside (`.effects`) built-in styling.
    ///   - conflictKey: registrations with the same key select one winner (default: the name).
    ///   - parse: reads an argument with the theme in force; nil or a thrown ``TWRejection`` rejects it.
    ///   - body: describes the modifier for a parsed value.
    public static func argument<T: TWArgumentValue>(
        default defaultArgument: String, order: Int = 0, phase: TWPhase = .effects, conflictKey: String? = nil,
        parse: @escaping @Sendable (TWArgument, TWThemeReader) throws -> T?,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        let parser = ParserBox { raw, theme in
            try parse(TWArgument(rawValue: raw), theme).map { $0 as any TWArgumentValue }
        }
        return TWModifier(
            form: TW_FORM_ARGUMENT, phase: phase.code, order: Int32(clamping: order), argumentType: T.argumentType,
            conflictKey: conflictKey, defaultArgument: defaultArgument, factory: factory(T.self, body), parser: parser)
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

    private static func typed<T: TWLiteralArgument>(
        _ form: Int32, _ defaultValue: T, order: Int, phase: TWPhase, conflictKey: String?,
        _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> TWModifier {
        TWModifier(
            form: form, phase: phase.code, order: Int32(clamping: order), argumentType: T.argumentType,
            conflictKey: conflictKey, defaultArgument: defaultValue.defaultText, factory: factory(T.self, body),
            parser: nil)
    }

    /// The host passes the class's value when active and the default when
    /// inactive, so a typed factory never branches on `active` itself.
    private static func factory<T: TWArgumentValue>(
        _ type: T.Type, _ body: @escaping @Sendable (NativeView, T) -> NativeView
    ) -> FactoryBox {
        FactoryBox { _, raw in
            guard let value = T(raw: raw) else { return nil }
            return body(NativeView(), value)
        }
    }
}

/// Holds a factory closure; nil means the host passed a value of another type.
final class FactoryBox: Sendable {
    let run: @Sendable (Bool, RawArgument) -> NativeView?
    init(_ run: @escaping @Sendable (Bool, RawArgument) -> NativeView?) { self.run = run }
}

/// Holds a parser closure; reached through the registration's context.
final class ParserBox: Sendable {
    let run: @Sendable (String, TWThemeReader) throws -> (any TWArgumentValue)?
    init(_ run: @escaping @Sendable (String, TWThemeReader) throws -> (any TWArgumentValue)?) { self.run = run }
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
