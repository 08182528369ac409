import TWPluginAPI

/// One C function per C type a factory's argument can have. Each reads the
/// registration's context, runs its Swift closure and replays the result
/// through the builder, so any number of Swift registrations route through
/// these few thunks. They are `@convention(c)` closures, not exported
/// symbols: the plugin's only exported C symbol stays `tw_plugin_entry`.
enum Thunks {
    static func run(
        _ builder: UnsafeMutablePointer<tw_builder>?, _ context: UnsafeMutableRawPointer?, _ active: Bool,
        _ raw: RawArgument
    ) {
        guard let builder, let context, let api = builder.pointee.api?.pointee else { return }
        let registration = Unmanaged<RegistrationContext>.fromOpaque(context).takeUnretainedValue()
        guard let view = registration.factory.run(active, raw) else {
            // Only a host that passes another type than the registration declared gets here.
            "the host passed an argument of another type than this registration declares".withCString {
                api.fail(builder, $0)
            }
            return
        }
        Emission.emit(view, to: builder)
    }

    typealias Builder = UnsafeMutablePointer<tw_builder>?
    typealias Context = UnsafeMutableRawPointer?
    typealias NoArgument = @convention(c) (Builder, Context, Bool) -> Void
    typealias DoubleArgument = @convention(c) (Builder, Context, Bool, Double) -> Void
    typealias BoolArgument = @convention(c) (Builder, Context, Bool, Bool) -> Void
    typealias StringArgument = @convention(c) (Builder, Context, Bool, UnsafePointer<CChar>?) -> Void
    typealias ColorArgument = @convention(c) (Builder, Context, Bool, tw_color) -> Void
    typealias VectorArgument = @convention(c) (Builder, Context, Bool, tw_vector3) -> Void
    typealias AnimationArgument = @convention(c) (Builder, Context, Bool, tw_animation) -> Void
    typealias PayloadArgument = @convention(c) (Builder, Context, Bool, tw_payload) -> Void

    static let none: NoArgument = { b, c, active in run(b, c, active, .none) }
    static let double: DoubleArgument = { b, c, active, v in run(b, c, active, .double(v)) }
    static let bool: BoolArgument = { b, c, active, v in run(b, c, active, .bool(v)) }
    static let string: StringArgument = { b, c, active, v in
        run(b, c, active, .string(v.map { String(cString: $0) } ?? ""))
    }
    static let color: ColorArgument = { b, c, active, v in run(b, c, active, .color(v)) }
    static let vector: VectorArgument = { b, c, active, v in run(b, c, active, .vector(v)) }
    static let animation: AnimationArgument = { b, c, active, v in
        run(b, c, active, .animation(TWAnimationValue(v)))
    }
    static let payload: PayloadArgument = { b, c, active, v in run(b, c, active, .payload(TWPayload(v))) }

    /// The thunk for an argument type, as the ABI's untyped function pointer.
    static func factory(for type: Int32) -> tw_factory_fn? {
        switch type {
        case TW_ARG_NONE: return unsafeBitCast(none, to: tw_factory_fn.self)
        case TW_ARG_NUMBER, TW_ARG_POINTS, TW_ARG_ANGLE, TW_ARG_SECONDS:
            return unsafeBitCast(double, to: tw_factory_fn.self)
        case TW_ARG_BOOL: return unsafeBitCast(bool, to: tw_factory_fn.self)
        case TW_ARG_STRING: return unsafeBitCast(string, to: tw_factory_fn.self)
        case TW_ARG_COLOR: return unsafeBitCast(color, to: tw_factory_fn.self)
        case TW_ARG_VECTOR: return unsafeBitCast(vector, to: tw_factory_fn.self)
        case TW_ARG_ANIMATION: return unsafeBitCast(animation, to: tw_factory_fn.self)
        case TW_ARG_CUSTOM: return unsafeBitCast(payload, to: tw_factory_fn.self)
        default: return nil
        }
    }

    static let parse: tw_parse_fn = { context, argument, theme, result in
        guard let context, let result else { return }
        let registration = Unmanaged<RegistrationContext>.fromOpaque(context).takeUnretainedValue()
        guard let parser = registration.parser else { return }
        let raw = argument.map { String(cString: $0) } ?? ""
        switch Result(catching: { try parser.run(raw, TWThemeReader(theme)) }) {
        case .success(let value?): value.report(to: result)
        case .success(nil): reject(result, "cannot read '\(raw)'")
        case .failure(let error): reject(result, String(describing: error))
        }
    }

    static let utility: tw_utility_fn = { context, argument, theme, result in
        guard let context, let result else { return }
        let utility = Unmanaged<UtilityBox>.fromOpaque(context).takeUnretainedValue()
        let raw = argument.map { String(cString: $0) } ?? ""
        switch Result(catching: { try utility.run(TWArgument(rawValue: raw), TWThemeReader(theme)) }) {
        case .success(let style?): style.classes.withCString { result.pointee.api.pointee.classes(result, $0) }
        case .success(nil): "cannot read '\(raw)'".withCString { result.pointee.api.pointee.reject(result, $0) }
        case .failure(let error):
            String(describing: error).withCString { result.pointee.api.pointee.reject(result, $0) }
        }
    }

    private static func reject(_ result: UnsafeMutablePointer<tw_parse_result>, _ reason: String) {
        reason.withCString { result.pointee.api.pointee.reject(result, $0) }
    }

    static let animationPreset: tw_animation_fn = { context, seconds, out in
        guard let context, let out else { return }
        let preset = Unmanaged<AnimationBox>.fromOpaque(context).takeUnretainedValue()
        out.pointee = preset.run(seconds >= 0 ? seconds : nil).cValue
    }
}
