extension TypedValue {
    /// A short label for display; never parsed back.
    public var displayText: String {
        switch self {
        case .number(let v): return SwiftLiteral.number(v)
        case .points(let v): return SwiftLiteral.number(v) + "pt"
        case .angle(let v): return SwiftLiteral.number(v) + "deg"
        case .seconds(let v): return SwiftLiteral.number(v) + "s"
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return SwiftLiteral.string(s)
        case .color(let c): return SwiftLiteral.color(c)
        case .vector(let x, let y, let z):
            return "(\(SwiftLiteral.number(x)), \(SwiftLiteral.number(y)), \(SwiftLiteral.number(z)))"
        case .animation(let a): return a.swiftCode
        case .payload(let p): return "payload(\(p.tag))"
        case .animationFactory(let name): return "TWAnimation(\(name))"
        case .symbolic(let s): return s.text
        }
    }
}
