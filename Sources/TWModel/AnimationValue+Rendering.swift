extension AnimationValue {
    /// The parameters each curve's SwiftUI function takes, from Apple's
    /// declarations (all iOS 13, macOS 10.15, tvOS 13):
    ///
    /// | curve | SwiftUI |
    /// |---|---|
    /// | default | `static var default: Animation` — no parameters |
    /// | linear, easeIn, easeOut, easeInOut | `static var easeOut`, `static func easeOut(duration: TimeInterval)` |
    /// | spring | `spring(duration: = 0.5, bounce: = 0, blendDuration:)` or `spring(response: = 0.5, dampingFraction: = 0.825, blendDuration:)` — one family or the other |
    /// | spring, `interactive` | `interactiveSpring(duration: = 0.15, extraBounce: = 0, blendDuration: = 0.25)` or `interactiveSpring(response: = 0.15, dampingFraction: = 0.86, blendDuration: = 0.25)`, `static var interactiveSpring` |
    /// | smooth, snappy, bouncy | `smooth(duration: = 0.5, extraBounce: = 0)` (bounce is the *extra* bounce) |
    ///
    /// Every curve takes `.delay(_:)`.
    public enum Parameter: String, Sendable, CaseIterable {
        case duration, response, dampingFraction, bounce
    }

    /// The animation an `Animation` member names (`.spring`, `.interactiveSpring`,
    /// `.smooth(…)`'s `smooth`), nothing set; nil for one twhost does not model.
    public static func member(_ name: String) -> AnimationValue? {
        if name == "interactiveSpring" {
            var spring = AnimationValue(curve: .spring)
            spring.interactive = true
            return spring
        }
        return Curve(rawValue: name).map { AnimationValue(curve: $0) }
    }

    /// Sets the parameter of a SwiftUI label (`duration:`, `response:`,
    /// `dampingFraction:`, `bounce:`/`extraBounce:`, a spring's
    /// `blendDuration:`); false for a label twhost does not read.
    public mutating func set(label: String?, _ value: Double) -> Bool {
        switch label {
        case "duration": duration = value
        case "response": response = value
        case "dampingFraction": dampingFraction = value
        case "bounce", "extraBounce": bounce = value
        case "blendDuration": if curve == .spring { blendDuration = value }
        default: return false
        }
        return true
    }

    /// The SwiftUI function's name: the curve's, `interactiveSpring` for an interactive spring.
    private var swiftName: String { curve == .spring && interactive ? "interactiveSpring" : curve.rawValue }

    /// The parameters that are set.
    var setParameters: [Parameter] {
        var out: [Parameter] = []
        if duration != nil { out.append(.duration) }
        if response != nil { out.append(.response) }
        if dampingFraction != nil { out.append(.dampingFraction) }
        if bounce != nil { out.append(.bounce) }
        return out
    }

    /// Parameters that are set but that the curve's SwiftUI function does not
    /// take: the rendering leaves them out, `plugins check` reports them as
    /// `invalid-preset` and `resolve` warns.
    public var invalidParameters: [Parameter] {
        let taken: [Parameter]
        switch curve {
        case .default: taken = []
        case .linear, .easeIn, .easeOut, .easeInOut: taken = [.duration]
        case .smooth, .snappy, .bouncy: taken = [.duration, .bounce]
        case .spring:
            // The duration family wins when both are set: duration classes set the duration.
            taken = duration != nil || bounce != nil ? [.duration, .bounce] : [.response, .dampingFraction]
        }
        return setParameters.filter { !taken.contains($0) }
    }

    /// The SwiftUI function a curve's parameters are checked against, for messages.
    public var functionName: String {
        switch curve {
        case .default: return ".default"
        case .linear, .easeIn, .easeOut, .easeInOut: return ".\(curve.rawValue)(duration:)"
        case .smooth, .snappy, .bouncy: return ".\(curve.rawValue)(duration:extraBounce:)"
        case .spring:
            let bounceLabel = interactive ? "extraBounce" : "bounce"
            return duration != nil || bounce != nil
                ? ".\(swiftName)(duration:\(bounceLabel):)" : ".\(swiftName)(response:dampingFraction:)"
        }
    }

    /// SwiftUI code with only the parameters the curve takes, in its labels.
    package var swiftCode: String {
        let invalid = invalidParameters
        var args: [String] = []
        func add(_ p: Parameter, _ label: String, _ value: Double?) {
            guard let value, !invalid.contains(p) else { return }
            args.append("\(label): \(SwiftLiteral.number(value))")
        }
        add(.duration, "duration", duration)
        add(.response, "response", response)
        add(.dampingFraction, "dampingFraction", dampingFraction)
        switch curve {
        case .smooth, .snappy, .bouncy: add(.bounce, "extraBounce", bounce)
        case .spring where interactive: add(.bounce, "extraBounce", bounce)
        default: add(.bounce, "bounce", bounce)
        }
        if curve == .spring, let blendDuration { args.append("blendDuration: \(SwiftLiteral.number(blendDuration))") }
        var s = "." + swiftName
        if !args.isEmpty { s += "(" + args.joined(separator: ", ") + ")" }
        if delay != 0 { s += ".delay(\(SwiftLiteral.number(delay)))" }
        return s
    }

    /// "bounce 0.2", for messages.
    package func describe(_ parameter: Parameter) -> String {
        let value: Double?
        switch parameter {
        case .duration: value = duration
        case .response: value = response
        case .dampingFraction: value = dampingFraction
        case .bounce: value = bounce
        }
        return "\(parameter.rawValue) \(value.map(SwiftLiteral.number) ?? "")"
    }
}
