import TWPluginAPI

/// What a custom argument carries through the host (`tw_payload`): a tag the
/// plugin chooses, a number, and a text. The host copies the text when the
/// parser reports it and hands the payload back to the factory unchanged.
///
/// ```swift
/// let thin = TWPayload(tag: 1, number: 0.5, text: "thinMaterial")
/// ```
public struct TWPayload: Sendable, Hashable {
    /// A number the plugin chooses, such as a case index.
    ///
    /// ```swift
    /// TWPayload(tag: 2).tag  // 2
    /// ```
    public var tag: Int64
    /// A number the plugin chooses, such as an amount.
    ///
    /// ```swift
    /// TWPayload(number: 0.5).number  // 0.5
    /// ```
    public var number: Double
    /// A text the plugin chooses, or nil (at most 65,536 bytes, no NUL).
    ///
    /// ```swift
    /// TWPayload(text: "thinMaterial").text  // "thinMaterial"
    /// ```
    public var text: String?

    /// A payload; every field defaults to empty.
    ///
    /// ```swift
    /// TWPayload(tag: 1, number: 0.5, text: "thinMaterial")
    /// ```
    public init(tag: Int64 = 0, number: Double = 0, text: String? = nil) {
        self.tag = tag
        self.number = number
        self.text = text
    }

    init(_ c: tw_payload) {
        self.init(tag: c.tag, number: c.number, text: c.text.map { String(cString: $0) })
    }
}

/// A plugin's own argument type (`TW_ARG_CUSTOM`): read from the bracket text
/// by an `.argument` registration's `parse`, carried through the host as a
/// ``TWPayload``, and read back before the factory's closure runs. The C ABI
/// allows custom arguments on the argument form only, so the compiler only
/// accepts them in ``TWModifier/argument(default:order:phase:conflictKey:parse:_:)``.
///
/// Map every value to a payload and back without loss: the factory's closure
/// sees only what the payload carried.
///
/// ```swift
/// struct Frost: TWCustomArgument {
///     var material: Material
///     var opacity: Double
///
///     init(material: Material, opacity: Double) { (self.material, self.opacity) = (material, opacity) }
///     init?(payload: TWPayload) {
///         guard let text = payload.text, let material = Material(rawValue: text) else { return nil }
///         self.init(material: material, opacity: payload.number)
///     }
///     var payload: TWPayload { TWPayload(tag: 0, number: opacity, text: material.rawValue) }
/// }
///
/// "frost": .argument(default: "none", parse: { argument, _ in
///     argument.rawValue == "none" ? Frost(material: .regularMaterial, opacity: 0)
///         : Material(rawValue: argument.rawValue + "Material").map { Frost(material: $0, opacity: 1) }
/// }) { view, frost in
///     view.background { Capsule().fill(frost.material).opacity(frost.opacity) }
/// }
/// ```
public protocol TWCustomArgument: TWArgumentValue {
    /// The value as a payload.
    ///
    /// ```swift
    /// Frost(material: .thinMaterial, opacity: 1).payload.text  // "thinMaterial"
    /// ```
    var payload: TWPayload { get }
    /// Reads a payload this type made; nil if it is not one.
    ///
    /// ```swift
    /// Frost(payload: TWPayload(number: 1, text: "thinMaterial"))
    /// ```
    init?(payload: TWPayload)
}

extension TWCustomArgument {
    /// `TW_ARG_CUSTOM`.
    ///
    /// ```swift
    /// Frost.argumentType  // TW_ARG_CUSTOM
    /// ```
    public static var argumentType: Int32 { TW_ARG_CUSTOM }

    /// Reads the payload the host passed with ``init(payload:)``.
    ///
    /// ```swift
    /// Frost(raw: .payload(TWPayload(number: 1, text: "thinMaterial")))
    /// ```
    public init?(raw: RawArgument) {
        guard case .payload(let payload) = raw else { return nil }
        self.init(payload: payload)
    }

    /// Reports ``payload`` from the parser; the host copies its text.
    ///
    /// ```swift
    /// Frost(material: .thinMaterial, opacity: 1).report(to: result)
    /// ```
    public func report(to result: UnsafeMutablePointer<tw_parse_result>) {
        let payload = self.payload
        withOptionalCString(payload.text) { text in
            result.pointee.api.pointee.payload(result, tw_payload(tag: payload.tag, number: payload.number, text: text))
        }
    }
}

extension TWPayload: TWCustomArgument {
    /// The payload itself, for registrations that read the fields directly.
    ///
    /// ```swift
    /// "badge": .argument(default: "0", parse: { a, _ in a.number.map { TWPayload(number: $0) } }) { view, p in
    ///     view.opacity(p.number > 0 ? 1 : 0)
    /// }
    /// ```
    public var payload: TWPayload { self }
    /// The payload itself.
    ///
    /// ```swift
    /// TWPayload(payload: TWPayload(tag: 1))
    /// ```
    public init?(payload: TWPayload) { self = payload }
}
