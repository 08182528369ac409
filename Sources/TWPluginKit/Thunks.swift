import TWPluginAPI

/// One C function per ABI argument type. Each reads the registration's
/// context, runs its Swift closure and replays the result through the builder,
/// so any number of Swift registrations route through these few thunks.
/// They are `@convention(c)` closures, not exported symbols: the plugin's only
/// exported C symbol stays `tw_plugin_entry`.
enum Thunks {
    static func run(
        _ builder: UnsafeMutablePointer<tw_builder>?, _ context: UnsafeMutableRawPointer?, _ active: Bool,
        _ raw: RawArgument
    ) {
        guard let builder, let context else { return }
        let registration = Unmanaged<RegistrationContext>.fromOpaque(context).takeUnretainedValue()
        Emission.emit(registration.factory.run(active, raw), to: builder)
    }

    typealias NoArgument = @convention(c) (UnsafeMutablePointer<tw_builder>?, UnsafeMutableRawPointer?, Bool) -> Void
    typealias DoubleArgument =
        @convention(c) (UnsafeMutablePointer<tw_builder>?, UnsafeMutableRawPointer?, Bool, Double) -> Void
    typealias BoolArgument =
        @convention(c) (UnsafeMutablePointer<tw_builder>?, UnsafeMutableRawPointer?, Bool, Bool) -> Void
    typealias StringArgument =
        @convention(c) (UnsafeMutablePointer<tw_builder>?, UnsafeMutableRawPointer?, Bool, UnsafePointer<CChar>?) ->
        Void
    typealias ColorArgument =
        @convention(c) (UnsafeMutablePointer<tw_builder>?, UnsafeMutableRawPointer?, Bool, tw_color) -> Void
    typealias VectorArgument =
        @convention(c) (UnsafeMutablePointer<tw_builder>?, UnsafeMutableRawPointer?, Bool, tw_vector3) -> Void

    static let none: NoArgument = { b, c, active in run(b, c, active, .none) }
    static let double: DoubleArgument = { b, c, active, v in run(b, c, active, .double(v)) }
    static let bool: BoolArgument = { b, c, active, v in run(b, c, active, .bool(v)) }
    static let string: StringArgument = { b, c, active, v in
        run(b, c, active, .string(v.map { String(cString: $0) } ?? ""))
    }
    static let color: ColorArgument = { b, c, active, v in run(b, c, active, .color(v)) }
    static let vector: VectorArgument = { b, c, active, v in run(b, c, active, .vector(v)) }

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
        default: return nil
        }
    }

    static let parse: tw_parse_fn = { context, argument, theme, result in
        guard let context, let result else { return }
        let registration = Unmanaged<RegistrationContext>.fromOpaque(context).takeUnretainedValue()
        guard let parser = registration.parser else { return }
        let raw = argument.map { String(cString: $0) } ?? ""
        if let value = parser.run(raw, TWThemeReader(theme)) {
            value.report(to: result)
        } else {
            "cannot read '\(raw)'".withCString { result.pointee.api.pointee.reject(result, $0) }
        }
    }

    static let utility: tw_utility_fn = { context, argument, theme, result in
        guard let context, let result else { return }
        let utility = Unmanaged<UtilityBox>.fromOpaque(context).takeUnretainedValue()
        let raw = argument.map { String(cString: $0) } ?? ""
        if let style = utility.run(TWArgument(rawValue: raw), TWThemeReader(theme)) {
            style.classes.withCString { result.pointee.api.pointee.classes(result, $0) }
        } else {
            "cannot read '\(raw)'".withCString { result.pointee.api.pointee.reject(result, $0) }
        }
    }

    static let animation: tw_animation_fn = { context, seconds, out in
        guard let context, let out else { return }
        let preset = Unmanaged<AnimationBox>.fromOpaque(context).takeUnretainedValue()
        out.pointee = preset.run(seconds >= 0 ? seconds : nil).cValue
    }
}
