import TWModel

@_implementationOnly import SwiftSyntax

/// Swift expressions of the class system's value types, read statically:
/// `CGFloat(…)`, `Angle.degrees(…)`, `Color.indigo.opacity(0.15)`,
/// `Animation.spring(response: 0.4, dampingFraction: 0.8)`,
/// `TWAnimation { .smooth(duration: $0) }`. A known type with an unknown
/// value is a symbolic value of that type (`CGFloat(width)`).
enum TypedExpressions {
    /// SwiftUI's system colors (the theme has each by name).
    static let systemColors: Set<String> = [
        "black", "white", "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple",
        "pink", "brown", "gray", "clear",
    ]

    static func isType(_ text: String, _ name: String) -> Bool { text == name || text == "SwiftUI." + name }

    /// `CGFloat.zero`, `Angle.zero`, `Color.indigo`, `Animation.default`; with `impliedBase`,
    /// an implicit member (`.easeIn` passed where an `Animation` is declared) of that type.
    static func member(_ m: MemberAccessExprSyntax, _ eval: Evaluator, _ scope: Scope, impliedBase: String? = nil)
        -> Value?
    {
        guard let baseText = m.base?.sourceText ?? impliedBase else { return nil }
        let name = m.declName.baseName.text
        // `.nan` and `.infinity` are read as what they are, so a class that receives one is
        // refused (`invalid-argument`, "not a finite number") as swiftcn refuses it, never drawn
        // with a value that traps at run time.
        let nonFinite: Double? = name == "infinity" ? .infinity : name == "nan" || name == "signalingNaN" ? .nan : nil
        if isType(baseText, "CGFloat") {
            if name == "zero" { return .typed(.points(0)) }
            if let nonFinite { return .typed(.points(nonFinite)) }
        }
        if isType(baseText, "Angle"), name == "zero" { return .typed(.angle(0)) }
        if isType(baseText, "Double") || isType(baseText, "Float") {
            if name == "zero" { return .number(0) }
            if let nonFinite { return .number(nonFinite) }
        }
        if isType(baseText, "Color") {
            if systemColors.contains(name) { return .typed(.color(color(named: name))) }
            return eval.symbolic(m, .color)
        }
        if isType(baseText, "Animation") {
            if let animation = AnimationValue.member(name) { return .typed(.animation(animation)) }
            return eval.symbolic(m, .animation)
        }
        // A value's member: `accent.opacity` is a call; `item.color` is unknown here.
        return nil
    }

    static func color(named name: String) -> ColorValue {
        var c = Theme.standard.colors[name] ?? ColorValue(red: 0, green: 0, blue: 0, alpha: 1)
        c.name = name
        return c
    }

    /// The types an implicit member can be read in (`impliedBase`), by a declaration's type.
    static let impliedBases: Set<String> = ["Animation", "Color", "Angle", "CGFloat"]

    static func call(_ c: FunctionCallExprSyntax, _ eval: Evaluator, _ scope: Scope, impliedBase: String? = nil)
        -> Value?
    {
        let args = Array(c.arguments)
        func arg(_ label: String?) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        func number(_ e: ExprSyntax?, _ make: @escaping (Double) -> Value, type: ArgumentType) -> Value {
            guard let e else { return eval.symbolic(c, type) }
            return eval.value(e, scope).map { v in
                if case .number(let n) = v { return make(n) }
                if case .typed(let t) = v, let n = t.scalar { return make(n) }
                return eval.symbolic(c, type)
            }
        }
        if let callee = c.calledExpression.as(DeclReferenceExprSyntax.self) {
            switch callee.baseName.text {
            case "CGFloat": return number(args.first?.expression, { .typed(.points($0)) }, type: .points)
            case "Double", "Float", "Int": return number(args.first?.expression, { .number($0) }, type: .number)
            case "Angle":
                if let d = arg("degrees") { return number(d, { .typed(.angle($0)) }, type: .angle) }
                if let r = arg("radians") { return number(r, { .typed(.angle($0 * 180 / Double.pi)) }, type: .angle) }
                return eval.symbolic(c, .angle)
            case "Color":
                return colorInit(c, args, eval, scope)
            case "TWAnimation":
                return animationFactory(c, eval)
            case "Animation":
                // `Animation(MyCurve())`: a custom animation, known at run time.
                return eval.symbolic(c, .animation)
            case "CGSize", "CGPoint":
                // Two numbers known statically; otherwise the value is left to the general reading.
                let labels = callee.baseName.text == "CGSize" ? ("width", "height") : ("x", "y")
                func scalar(_ e: ExprSyntax?) -> Double? {
                    guard let e else { return nil }
                    switch eval.value(e, scope) {
                    case .number(let n): return n
                    case .typed(let t): return t.scalar
                    default: return nil
                    }
                }
                guard args.count == 2, let x = scalar(arg(labels.0)), let y = scalar(arg(labels.1)) else { return nil }
                return .pair(x, y, c.sourceText)
            default: return nil
            }
        }
        guard let callee = c.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = callee.declName.baseName.text
        let baseText = callee.base?.sourceText ?? impliedBase
        if baseText.map({ isType($0, "Angle") }) ?? true, name == "degrees" || name == "radians" {
            let scale = name == "degrees" ? 1 : 180 / Double.pi
            return number(args.first?.expression, { .typed(.angle($0 * scale)) }, type: .angle)
        }
        if let baseText, isType(baseText, "Animation") {
            return animation(name, args, c, eval, scope)
        }
        guard let base = callee.base else { return nil }
        let receiver = eval.value(base, scope)
        switch (receiver, name) {
        case (.typed(.color(let color)), "opacity"):
            return number(args.first?.expression, { .typed(.color(color.withOpacity($0))) }, type: .color)
        case (.typed(.animation(var a)), "delay"):
            return number(
                args.first?.expression,
                { d in
                    a.delay += d
                    return .typed(.animation(a))
                }, type: .animation)
        case (.typed(.animation), _): return eval.symbolic(c, .animation)
        case (.typed(.color), _): return eval.symbolic(c, .color)
        case (.symbolic(_, .color?, _), _): return eval.symbolic(c, .color)
        case (.symbolic(_, .animation?, _), _): return eval.symbolic(c, .animation)
        default: return nil
        }
    }

    /// `Color("brand")`, `Color(red:green:blue:opacity:)`.
    static func colorInit(_ c: FunctionCallExprSyntax, _ args: [LabeledExprSyntax], _ eval: Evaluator, _ scope: Scope)
        -> Value
    {
        if let first = args.first, first.label == nil, case .text(let name) = eval.value(first.expression, scope) {
            return .typed(.color(color(named: name)))
        }
        var components: [String: Double] = [:]
        for a in args {
            guard let label = a.label?.text else { continue }
            guard case .number(let n) = eval.value(a.expression, scope) else { return eval.symbolic(c, .color) }
            components[label] = n
        }
        guard let r = components["red"], let g = components["green"], let b = components["blue"] else {
            return eval.symbolic(c, .color)
        }
        return .typed(.color(ColorValue(red: r, green: g, blue: b, alpha: components["opacity"] ?? 1)))
    }

    /// `Animation.spring(response: 0.4, dampingFraction: 0.8)`, `.easeInOut(duration: 0.3)`.
    static func animation(
        _ name: String, _ args: [LabeledExprSyntax], _ c: FunctionCallExprSyntax, _ eval: Evaluator, _ scope: Scope
    ) -> Value {
        guard var a = AnimationValue.member(name) else { return eval.symbolic(c, .animation) }
        for arg in args {
            guard case .number(let n) = eval.value(arg.expression, scope), a.set(label: arg.label?.text, n) else {
                return eval.symbolic(c, .animation)
            }
        }
        return .typed(.animation(a))
    }

    /// `TWAnimation { .smooth(duration: $0) }`: a preset that takes the duration classes' seconds.
    static func animationFactory(_ c: FunctionCallExprSyntax, _ eval: Evaluator) -> Value {
        guard let closure = c.trailingClosure, let read = InlineClosures.animation(closure, eval) else {
            return eval.symbolic(c, .animation)
        }
        return .typed(.animationFactory(read.animation.curve.rawValue))
    }
}
