import Synchronization
import TWModel
import TWPluginAPI
import TWSupport

/// The C function tables the host hands plugins. Each table is allocated once
/// and never freed or written again, so sharing it across threads is safe.
/// Callbacks on handles reach their payload only through `HandleSlots`, which
/// ignores (and counts) a handle used after its call.
enum HostCallbacks {
    // FFI boundary: these pointers are initialised once (Swift globals are
    // initialised lazily and exactly once) and only read afterwards.
    nonisolated(unsafe) static let builderAPI: UnsafeMutablePointer<tw_builder_api> = {
        ABIMemory.permanent(
            tw_builder_api(
                struct_size: UInt32(MemoryLayout<tw_builder_api>.size), reserved: 0,
                begin: { builder, kind, label, name in
                    guard let recorder = recorder(builder) else { return }
                    guard let label = optionalString(label, recorder), let name = optionalString(name, recorder) else {
                        return
                    }
                    recorder.begin(kind: kind, label: label.value, name: name.value)
                },
                end: { builder in recorder(builder)?.end() },
                number: { builder, label, value in
                    guard let recorder = recorder(builder), let label = optionalString(label, recorder) else { return }
                    recorder.argument(label: label.value, .number(value))
                },
                boolean: { builder, label, value in
                    guard let recorder = recorder(builder), let label = optionalString(label, recorder) else { return }
                    recorder.argument(label: label.value, .bool(value))
                },
                string: { builder, label, value in
                    guard let recorder = recorder(builder), let label = optionalString(label, recorder) else { return }
                    switch copyPluginString(value, allowEmpty: true) {
                    case .success(let text): recorder.argument(label: label.value, .string(text))
                    case .failure(let problem): recorder.fail("string argument \(problem.reason)")
                    }
                },
                color: { builder, label, value in
                    guard let recorder = recorder(builder), let label = optionalString(label, recorder) else { return }
                    recorder.argument(label: label.value, .color(ColorValue(value)))
                },
                member: { builder, label, value in
                    guard let recorder = recorder(builder), let label = optionalString(label, recorder) else { return }
                    switch copyPluginString(value, limit: 256) {
                    case .success(let text): recorder.argument(label: label.value, .member(text))
                    case .failure(let problem): recorder.fail("member argument \(problem.reason)")
                    }
                },
                animation: { builder, label, value in
                    guard let recorder = recorder(builder), let label = optionalString(label, recorder) else { return }
                    guard value.reserved == 0 else {
                        return recorder.fail("animation argument: reserved is \(value.reserved); it must be zero")
                    }
                    recorder.argument(label: label.value, .animation(AnimationValue(value)))
                },
                fail: { builder, message in
                    recorder(builder)?.fail(copyMessage(message) ?? "factory failed without a message")
                }), byteCount: MemoryLayout<tw_builder_api>.size)
    }()

    nonisolated(unsafe) static let parseResultAPI: UnsafeMutablePointer<tw_parse_result_api> = {
        ABIMemory.permanent(
            tw_parse_result_api(
                struct_size: UInt32(MemoryLayout<tw_parse_result_api>.size), reserved: 0,
                number: { result, value in parseSink(result)?.set(.number(value)) },
                boolean: { result, value in parseSink(result)?.set(.bool(value)) },
                string: { result, value in
                    guard let sink = parseSink(result) else { return }
                    switch copyPluginString(value, allowEmpty: true) {
                    case .success(let text): sink.set(.string(text))
                    case .failure(let problem): sink.reject("parser's string \(problem.reason)")
                    }
                },
                color: { result, value in parseSink(result)?.set(.color(ColorValue(value))) },
                vector: { result, value in parseSink(result)?.set(.vector(value.x, value.y, value.z)) },
                animation: { result, value in
                    guard let sink = parseSink(result) else { return }
                    guard value.reserved == 0 else {
                        return sink.reject("the parser's animation has reserved \(value.reserved); it must be zero")
                    }
                    sink.set(.animation(AnimationValue(value)))
                },
                payload: { result, value in
                    guard let sink = parseSink(result) else { return }
                    var text: String?
                    if value.text != nil {
                        switch copyPluginString(value.text, allowEmpty: true) {
                        case .success(let copied): text = copied
                        case .failure(let problem): return sink.reject("payload text \(problem.reason)")
                        }
                    }
                    sink.set(.payload(PayloadValue(tag: value.tag, number: value.number, text: text)))
                },
                reject: { result, reason in
                    parseSink(result)?.reject(copyMessage(reason) ?? "rejected")
                }), byteCount: MemoryLayout<tw_parse_result_api>.size)
    }()

    nonisolated(unsafe) static let utilityResultAPI: UnsafeMutablePointer<tw_utility_result_api> = {
        ABIMemory.permanent(
            tw_utility_result_api(
                struct_size: UInt32(MemoryLayout<tw_utility_result_api>.size), reserved: 0,
                classes: { result, classes in
                    guard let sink = utilitySink(result) else { return }
                    switch copyPluginString(classes, allowEmpty: false) {
                    case .success(let text): sink.set(text)
                    case .failure(let problem): sink.reject("utility output \(problem.reason)")
                    }
                },
                reject: { result, reason in
                    utilitySink(result)?.reject(copyMessage(reason) ?? "rejected")
                }), byteCount: MemoryLayout<tw_utility_result_api>.size)
    }()

    nonisolated(unsafe) static let themeAPI: UnsafeMutablePointer<tw_theme_api> = {
        ABIMemory.permanent(
            tw_theme_api(
                struct_size: UInt32(MemoryLayout<tw_theme_api>.size), reserved: 0,
                number: { theme, scale, key, out in
                    guard let host = HandleSlots.payload(theme, .theme), let out,
                        case .success(let scale) = copyPluginString(scale, limit: 64),
                        case .success(let key) = copyPluginString(key, limit: 256)
                    else { return false }
                    let box = Unmanaged<ThemeBox>.fromOpaque(host).takeUnretainedValue()
                    guard let value = box.theme.number(scale: scale, key: key) else {
                        box.missed("\(scale).\(key)")
                        return false
                    }
                    out.pointee = value
                    return true
                },
                color: { theme, name, out in
                    guard let host = HandleSlots.payload(theme, .theme), let out,
                        case .success(let name) = copyPluginString(name, limit: 256)
                    else { return false }
                    let box = Unmanaged<ThemeBox>.fromOpaque(host).takeUnretainedValue()
                    guard let color = box.theme.color(named: name) else {
                        box.missed("colors.\(ArgumentDecoder.themeColorName(name) ?? name)")
                        return false
                    }
                    out.pointee = tw_color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
                    return true
                }), byteCount: MemoryLayout<tw_theme_api>.size)
    }()

    /// A host table of its own for one plugin (A-9): `log` receives it back,
    /// and its `host_data` says which plugin is calling. Never freed.
    static func hostTable(for label: String) -> (table: UnsafePointer<tw_host_api>, identity: PluginIdentity) {
        let identity = PluginIdentity(label)
        let table = ABIMemory.permanent(
            tw_host_api(
                struct_size: UInt32(MemoryLayout<tw_host_api>.size),
                abi_major: UInt16(TW_ABI_MAJOR), abi_minor: UInt16(TW_ABI_MINOR),
                host_version: hostVersionCString,
                host_data: UnsafeRawPointer(Unmanaged.passRetained(identity).toOpaque()),  // kept for the process
                log: { host, level, message in
                    let who = host?.pointee.host_data.map {
                        Unmanaged<PluginIdentity>.fromOpaque($0).takeUnretainedValue().name.withLock { $0 }
                    }
                    let text = (copyMessage(message) ?? "").escapingControlCharacters
                    let severity = level >= TW_LOG_ERROR ? "error" : level == TW_LOG_WARNING ? "warning" : "note"
                    StandardError.write("\(severity): plugin '\(who ?? "(unknown)")': \(text)\n")
                }), byteCount: MemoryLayout<tw_host_api>.size)
        return (UnsafePointer(table), identity)
    }

    nonisolated(unsafe) static let hostVersionCString: UnsafePointer<CChar> = {
        let bytes = Array(TWHostVersion.string.utf8CString)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(buffer)
    }()

    private static func recorder(_ builder: UnsafeMutablePointer<tw_builder>?) -> IRRecorder? {
        guard let host = HandleSlots.payload(builder, .builder) else { return nil }
        let recorder = Unmanaged<IRRecorder>.fromOpaque(host).takeUnretainedValue()
        return recorder.closed ? nil : recorder
    }

    private static func parseSink(_ result: UnsafeMutablePointer<tw_parse_result>?) -> ParseSink? {
        guard let host = HandleSlots.payload(result, .parseResult) else { return nil }
        let sink = Unmanaged<ParseSink>.fromOpaque(host).takeUnretainedValue()
        return sink.closed ? nil : sink
    }

    private static func utilitySink(_ result: UnsafeMutablePointer<tw_utility_result>?) -> UtilitySink? {
        guard let host = HandleSlots.payload(result, .utilityResult) else { return nil }
        let sink = Unmanaged<UtilitySink>.fromOpaque(host).takeUnretainedValue()
        return sink.closed ? nil : sink
    }

    /// A label: NULL is "no label"; anything else must be a valid string.
    private struct Label { var value: String? }
    private static func optionalString(_ pointer: UnsafePointer<CChar>?, _ recorder: IRRecorder) -> Label? {
        guard pointer != nil else { return Label(value: nil) }
        switch copyPluginString(pointer, limit: 256) {
        case .success(let text): return Label(value: text)
        case .failure(let problem):
            recorder.fail("label or name \(problem.reason)")
            return nil
        }
    }
}

/// Collects what a parser reports.
final class ParseSink {
    private(set) var value: TypedValue?
    private(set) var rejection: String?
    private(set) var closed = false
    func set(_ value: TypedValue) {
        if self.value == nil && rejection == nil {
            self.value = value
        } else if rejection == nil {
            rejection = "parser reported more than one value"
        }
    }
    func reject(_ reason: String) { if rejection == nil { rejection = reason } }
    func close() { closed = true }
}

/// Collects what a utility reports.
final class UtilitySink {
    private(set) var classes: String?
    private(set) var rejection: String?
    private(set) var closed = false
    func set(_ classes: String) {
        if self.classes == nil && rejection == nil {
            self.classes = classes
        } else if rejection == nil {
            rejection = "utility reported more than one result"
        }
    }
    func reject(_ reason: String) { if rejection == nil { rejection = reason } }
    func close() { closed = true }
}

/// Which plugin a host table belongs to: the requested name while loading,
/// the descriptor's name once it is validated.
final class PluginIdentity: Sendable {
    let name: Mutex<String>
    init(_ name: String) { self.name = Mutex(name) }
}

/// Keeps a theme alive while a plugin reads it, and notes the entries the
/// plugin asked for and the theme lacks: a parser that rejects its default
/// after such a lookup has a default that names a theme entry, which another
/// theme may have (docs/PluginAuthoring.md, "Defaults and themes").
final class ThemeBox {
    let theme: Theme
    /// The first entry looked up and missing (`colors.brand`, `radius.huge`).
    /// Only the thread of the call that received the handle reaches it.
    private(set) var firstMiss: String?
    init(_ theme: Theme) { self.theme = theme }
    func missed(_ entry: String) { if firstMiss == nil { firstMiss = entry } }
}

extension ColorValue {
    init(_ c: tw_color) { self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a) }
    var cValue: tw_color { tw_color(r: red, g: green, b: blue, a: alpha) }
}

extension AnimationValue {
    init(_ a: tw_animation) {
        let curve: Curve
        switch a.curve {
        case TW_CURVE_LINEAR: curve = .linear
        case TW_CURVE_EASE_IN: curve = .easeIn
        case TW_CURVE_EASE_OUT: curve = .easeOut
        case TW_CURVE_EASE_IN_OUT: curve = .easeInOut
        case TW_CURVE_SPRING: curve = .spring
        case TW_CURVE_SMOOTH: curve = .smooth
        case TW_CURVE_SNAPPY: curve = .snappy
        case TW_CURVE_BOUNCY: curve = .bouncy
        default: curve = .default
        }
        func optional(_ v: Double) -> Double? { v.isFinite && v >= 0 ? v : nil }
        self.init(
            curve: curve, duration: optional(a.duration), response: optional(a.response),
            // A negative bounce means "not set" (TWPluginAPI.h), and 0 is SwiftUI's own default.
            dampingFraction: optional(a.damping_fraction), bounce: a.bounce.isFinite && a.bounce > 0 ? a.bounce : nil,
            delay: a.delay.isFinite && a.delay > 0 ? a.delay : 0)
    }

    var cValue: tw_animation {
        let code: Int32
        switch curve {
        case .default: code = TW_CURVE_DEFAULT
        case .linear: code = TW_CURVE_LINEAR
        case .easeIn: code = TW_CURVE_EASE_IN
        case .easeOut: code = TW_CURVE_EASE_OUT
        case .easeInOut: code = TW_CURVE_EASE_IN_OUT
        case .spring: code = TW_CURVE_SPRING
        case .smooth: code = TW_CURVE_SMOOTH
        case .snappy: code = TW_CURVE_SNAPPY
        case .bouncy: code = TW_CURVE_BOUNCY
        }
        return tw_animation(
            curve: code, reserved: 0, duration: duration ?? -1, response: response ?? -1,
            damping_fraction: dampingFraction ?? -1, bounce: bounce ?? 0, delay: delay)
    }
}
