import CFFI
import TWModel
@_exported import TWPluginAPI

/// Calls one registration's factory through libffi.
///
/// The `ffi_cif` is prepared once, when the registration is loaded; a call
/// only fills a stack buffer of argument pointers and runs `ffi_call`.
/// The factory signature is
/// `void f(tw_builder *, void *context, bool active [, ARG value])`.
package final class FactoryInvoker: @unchecked Sendable {
    // @unchecked: the cif and argument-type array are written once in init and
    // only read afterwards; libffi's ffi_call does not modify a prepared cif.
    private let cif: UnsafeMutablePointer<ffi_cif>
    /// The parameter types the cif points at; freed with it.
    private let parameterTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    private let function: tw_factory_fn
    /// The plugin's factory pointer, for benchmarks that compare a direct call.
    package var rawFunction: tw_factory_fn { function }
    private let context: UnsafeMutableRawPointer?
    package let argumentType: ArgumentType
    /// The registration, for messages about a crash, exit or hang in the factory.
    let site: PluginSite

    /// Prepares the call interface, or returns nil when libffi refuses it.
    init?(function: tw_factory_fn, context: UnsafeMutableRawPointer?, argumentType: ArgumentType, site: PluginSite) {
        self.function = function
        self.context = context
        self.argumentType = argumentType
        self.site = site
        var parameters: [UnsafeMutablePointer<ffi_type>?] = [
            twffi_type_pointer(), twffi_type_pointer(), twffi_type_uint8(),
        ]
        if let extra = FFITypes.type(for: argumentType) { parameters.append(extra) }
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: parameters.count)
        types.initialize(from: parameters, count: parameters.count)
        parameterTypes = types
        cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        cif.initialize(to: ffi_cif())
        let status = ffi_prep_cif(cif, twffi_default_abi(), UInt32(parameters.count), twffi_type_void(), types)
        guard status.rawValue == UInt32(twffi_ok()) else { return nil }
    }

    /// A registration rejected after its cif was prepared (an invalid default)
    /// drops its invoker: the cif and its parameter array go with it. The
    /// element types are libffi's own or `FFITypes`' shared structs, never freed.
    deinit {
        cif.deinitialize(count: 1)
        cif.deallocate()
        parameterTypes.deallocate()
    }

    /// Runs the factory and returns the modifiers it described.
    /// - Parameters:
    ///   - active: whether the registration's class is present.
    ///   - value: the argument; must match `argumentType` (nil for `none`).
    package func call(active: Bool, value: TypedValue?) -> Result<ModifierIR, FactoryCallError> {
        let recorder = IRRecorder()
        let failure: FactoryCallError? = withExtendedLifetime(recorder) {
            HandleSlots.withHandle(
                .builder, api: UnsafeRawPointer(HostCallbacks.builderAPI),
                payload: Unmanaged.passUnretained(recorder).toOpaque(), site: site
            ) { handle in
                site.run(active ? .factoryActive : .factoryInactive) {
                    dispatch(handle.assumingMemoryBound(to: tw_builder.self), active: active, value: value)
                }
            }
        }
        let result = recorder.finish()
        if let failure { return .failure(failure) }
        return result
    }

    /// Calls the factory with a builder the caller owns; used by benchmarks to
    /// measure dispatch alone.
    package func rawCall(builder: UnsafeMutablePointer<tw_builder>, active: Bool, value: TypedValue?) {
        _ = dispatch(builder, active: active, value: value)
    }

    private func dispatch(_ builder: UnsafeMutablePointer<tw_builder>, active: Bool, value: TypedValue?)
        -> FactoryCallError?
    {
        switch argumentType {
        case .none:
            return invoke(builder, active, UnsafeMutablePointer<UInt8>?.none)
        case .number, .points, .angle, .seconds:
            guard var scalar = value?.scalar else { return mismatch(value) }
            return invoke(builder, active, &scalar)
        case .bool:
            guard case .bool(let flag) = value else { return mismatch(value) }
            var byte: UInt8 = flag ? 1 : 0
            return invoke(builder, active, &byte)
        case .string:
            guard case .string(let text) = value else { return mismatch(value) }
            return text.withCString { pointer in
                var argument: UnsafePointer<CChar>? = pointer
                return invoke(builder, active, &argument)
            }
        case .color:
            guard case .color(let color) = value else { return mismatch(value) }
            var argument = color.cValue
            return invoke(builder, active, &argument)
        case .vector:
            guard case .vector(let x, let y, let z) = value else { return mismatch(value) }
            var argument = tw_vector3(x: x, y: y, z: z)
            return invoke(builder, active, &argument)
        case .animation:
            guard case .animation(let animation) = value else { return mismatch(value) }
            var argument = animation.cValue
            return invoke(builder, active, &argument)
        case .custom:
            guard case .payload(let payload) = value else { return mismatch(value) }
            return withOptionalCString(payload.text) { text in
                var argument = tw_payload(tag: payload.tag, number: payload.number, text: text)
                return invoke(builder, active, &argument)
            }
        }
    }

    private func mismatch(_ value: TypedValue?) -> FactoryCallError {
        guard let value else { return .missingArgument }
        return .argumentTypeMismatch(expected: argumentType, got: value.type)
    }

    /// The arguments of one call, laid out on the stack in one frame.
    private struct CallFrame<Argument> {
        var builder: UnsafeMutablePointer<tw_builder>?
        var context: UnsafeMutableRawPointer?
        var active: UInt8
        var argument: Argument
        var returnSlot: UInt64 = 0
    }

    @inline(__always)
    private func invoke<Argument>(
        _ builder: UnsafeMutablePointer<tw_builder>, _ active: Bool, _ argument: UnsafeMutablePointer<Argument>?
    ) -> FactoryCallError? {
        if let argument {
            var frame = CallFrame(
                builder: builder, context: context, active: active ? 1 : 0, argument: argument.pointee)
            call(&frame, hasArgument: true)
        } else {
            var frame = CallFrame(builder: builder, context: context, active: active ? 1 : 0, argument: UInt8(0))
            call(&frame, hasArgument: false)
        }
        return nil
    }

    @inline(__always)
    private func call<Argument>(_ frame: inout CallFrame<Argument>, hasArgument: Bool) {
        withUnsafeMutablePointer(to: &frame) { f in
            let base = UnsafeMutableRawPointer(f)
            // Offsets are fixed per Argument type; the compiler folds them.
            let builderOffset = MemoryLayout<CallFrame<Argument>>.offset(of: \.builder) ?? 0
            let contextOffset = MemoryLayout<CallFrame<Argument>>.offset(of: \.context) ?? 0
            let activeOffset = MemoryLayout<CallFrame<Argument>>.offset(of: \.active) ?? 0
            let argumentOffset = MemoryLayout<CallFrame<Argument>>.offset(of: \.argument) ?? 0
            let returnOffset = MemoryLayout<CallFrame<Argument>>.offset(of: \.returnSlot) ?? 0
            var values:
                (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) =
                    (
                        base + builderOffset, base + contextOffset, base + activeOffset,
                        hasArgument ? base + argumentOffset : nil
                    )
            withUnsafeMutableBytes(of: &values) { raw in
                ffi_call(
                    cif, function, base + returnOffset,
                    raw.baseAddress?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self))
            }
        }
    }
}

func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
