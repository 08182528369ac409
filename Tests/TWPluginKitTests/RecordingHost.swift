import TWPluginAPI

@testable import TWPluginKit

/// A stand-in for the host's builder and parse-result callbacks that writes
/// down every call, so a test can drive a plugin's C entry points directly.
final class RecordingHost {
    var calls: [String] = []

    static func from(_ pointer: UnsafeMutableRawPointer?) -> RecordingHost {
        Unmanaged<RecordingHost>.fromOpaque(pointer!).takeUnretainedValue()  // tests set `host`
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "nil" }

    static func color(_ c: tw_color) -> String { "(\(c.r), \(c.g), \(c.b), \(c.a))" }

    static func animation(_ a: tw_animation) -> String {
        "curve \(a.curve) duration \(a.duration) response \(a.response) damping \(a.damping_fraction)"
            + " bounce \(a.bounce) delay \(a.delay)"
    }

    static let builderAPI = tw_builder_api(
        struct_size: UInt32(MemoryLayout<tw_builder_api>.size), reserved: 0,
        begin: { b, kind, label, name in
            from(b?.pointee.host).calls.append("begin \(kind) \(text(label)) \(text(name))")
        },
        end: { b in from(b?.pointee.host).calls.append("end") },
        number: { b, label, v in from(b?.pointee.host).calls.append("number \(text(label)) \(v)") },
        boolean: { b, label, v in from(b?.pointee.host).calls.append("boolean \(text(label)) \(v)") },
        string: { b, label, v in from(b?.pointee.host).calls.append("string \(text(label)) \(text(v))") },
        color: { b, label, v in from(b?.pointee.host).calls.append("color \(text(label)) \(color(v))") },
        member: { b, label, v in from(b?.pointee.host).calls.append("member \(text(label)) \(text(v))") },
        animation: { b, label, v in from(b?.pointee.host).calls.append("animation \(text(label)) \(animation(v))") },
        fail: { b, message in from(b?.pointee.host).calls.append("fail \(text(message))") })

    static let parseAPI = tw_parse_result_api(
        struct_size: UInt32(MemoryLayout<tw_parse_result_api>.size), reserved: 0,
        number: { r, v in from(r?.pointee.host).calls.append("number \(v)") },
        boolean: { r, v in from(r?.pointee.host).calls.append("boolean \(v)") },
        string: { r, v in from(r?.pointee.host).calls.append("string \(text(v))") },
        color: { r, v in from(r?.pointee.host).calls.append("color \(color(v))") },
        vector: { r, v in from(r?.pointee.host).calls.append("vector (\(v.x), \(v.y), \(v.z))") },
        animation: { r, v in from(r?.pointee.host).calls.append("animation \(animation(v))") },
        payload: { r, v in from(r?.pointee.host).calls.append("payload \(v.tag) \(v.number) \(text(v.text))") },
        reject: { r, reason in from(r?.pointee.host).calls.append("reject \(text(reason))") })

    /// Calls `body` with a builder whose callbacks record into this host.
    func withBuilder(_ body: (UnsafeMutablePointer<tw_builder>) -> Void) {
        withUnsafePointer(to: Self.builderAPI) { api in
            var builder = tw_builder(
                struct_size: UInt32(MemoryLayout<tw_builder>.size), reserved: 0, api: api,
                host: Unmanaged.passUnretained(self).toOpaque())
            withUnsafeMutablePointer(to: &builder) { body($0) }
        }
    }

    /// Calls `body` with a parse result whose callbacks record into this host.
    func withParseResult(_ body: (UnsafeMutablePointer<tw_parse_result>) -> Void) {
        withUnsafePointer(to: Self.parseAPI) { api in
            var result = tw_parse_result(
                struct_size: UInt32(MemoryLayout<tw_parse_result>.size), reserved: 0, api: api,
                host: Unmanaged.passUnretained(self).toOpaque())
            withUnsafeMutablePointer(to: &result) { body($0) }
        }
    }
}

/// A plugin's registrations as the C descriptor exports them.
struct ExportedRegistration: @unchecked Sendable {
    // @unchecked: points into a descriptor that is built once and never changes.
    var name: String
    var form: Int32
    var argumentType: Int32
    var defaultArgument: String?
    var registration: tw_modifier_registration

    static func all(of plugin: TWPlugin) -> [ExportedRegistration] {
        var error: UnsafePointer<CChar>?
        guard let descriptor = plugin.entry(hostMajor: 1, hostMinor: 0, error: &error)?.pointee else { return [] }
        return (0..<Int(descriptor.modifier_count)).map { index in
            let r = descriptor.modifiers[index]
            return ExportedRegistration(
                name: String(cString: r.name), form: r.form, argumentType: r.arg_type,
                defaultArgument: r.default_argument.map { String(cString: $0) }, registration: r)
        }
    }

    /// An argument in the C type a factory takes.
    enum CArgument: @unchecked Sendable {
        // @unchecked: plain C values; a payload's text is only read during a call.
        case none
        case double(Double)
        case bool(Bool)
        case string(String)
        case color(tw_color)
        case vector(tw_vector3)
        case animation(tw_animation)
        case payload(tw_payload)
    }

    typealias Builder = UnsafeMutablePointer<tw_builder>?
    typealias Context = UnsafeMutableRawPointer?

    /// Calls the factory through the C signature of its argument's type, as libffi would.
    func call(active: Bool, _ argument: CArgument = .none) -> [String] {
        let host = RecordingHost()
        let factory = registration.factory!  // every exported registration has one
        let context = registration.context
        host.withBuilder { b in
            switch argument {
            case .none:
                unsafeBitCast(factory, to: (@convention(c) (Builder, Context, Bool) -> Void).self)(b, context, active)
            case .double(let v):
                unsafeBitCast(factory, to: (@convention(c) (Builder, Context, Bool, Double) -> Void).self)(
                    b, context, active, v)
            case .bool(let v):
                unsafeBitCast(factory, to: (@convention(c) (Builder, Context, Bool, Bool) -> Void).self)(
                    b, context, active, v)
            case .string(let v):
                v.withCString {
                    unsafeBitCast(
                        factory, to: (@convention(c) (Builder, Context, Bool, UnsafePointer<CChar>?) -> Void).self)(
                            b, context, active, $0)
                }
            case .color(let v):
                unsafeBitCast(factory, to: (@convention(c) (Builder, Context, Bool, tw_color) -> Void).self)(
                    b, context, active, v)
            case .vector(let v):
                unsafeBitCast(factory, to: (@convention(c) (Builder, Context, Bool, tw_vector3) -> Void).self)(
                    b, context, active, v)
            case .animation(let v):
                unsafeBitCast(factory, to: (@convention(c) (Builder, Context, Bool, tw_animation) -> Void).self)(
                    b, context, active, v)
            case .payload(let v):
                unsafeBitCast(factory, to: (@convention(c) (Builder, Context, Bool, tw_payload) -> Void).self)(
                    b, context, active, v)
            }
        }
        return host.calls
    }

    /// Runs the registration's parser on `argument`.
    func parse(_ argument: String) -> [String] {
        let host = RecordingHost()
        host.withParseResult { result in
            argument.withCString { registration.parse?(registration.context, $0, nil, result) }
        }
        return host.calls
    }
}
