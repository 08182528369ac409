import TWResolution

@_implementationOnly import SwiftSyntax

/// Typed `TWStyle` values read as the classes they stand for: `.p(3)` is
/// `p-3`, `.border(.primary, width: 2)` is `border-[2] border-primary`,
/// `.focus(.border(.primary))` is `focus:border-primary`, `.primaryButton` is
/// `button-primary`. Spacing functions take spacing steps like the classes
/// they mirror; frame bounds take points (`.minH(48)` is `min-h-[48]`). A
/// function outside this table is reported as dynamic, never guessed.
enum StyleValues {
    static let variants: [String: String] = [
        "hover": "hover", "focus": "focus", "pressed": "pressed", "active": "active", "disabled": "disabled",
        "groupHover": "group-hover", "groupFocus": "group-focus",
    ]
    /// Functions whose argument is a spacing step (`.p(3)` → `p-3`).
    static let steps: [String: String] = [
        "p": "p", "px": "px", "py": "py", "pt": "pt", "pb": "pb", "pl": "pl", "pr": "pr", "ps": "ps", "pe": "pe",
        "padding": "p", "w": "w", "h": "h", "size": "size", "width": "w", "height": "h",
    ]
    /// Functions whose argument is points (`.minH(48)` → `min-h-[48]`).
    static let points: [String: String] = [
        "paddingPoints": "p", "minW": "min-w", "minH": "min-h", "maxW": "max-w", "maxH": "max-h",
        "minWidth": "min-w", "minHeight": "min-h", "maxWidth": "max-w", "maxHeight": "max-h", "blur": "blur",
        "cornerRadius": "rounded", "tracking": "tracking",
    ]
    /// Functions whose argument is a color: a theme name (`.accent`) or a `Color`.
    static let colors: [String: String] = [
        "bg": "bg", "background": "bg", "text": "text", "foreground": "text", "foregroundColor": "text", "tint": "tint",
        "borderColor": "border",
    ]
    /// Functions whose argument names a step (`.rounded(.md)` → `rounded-md`).
    static let named: [String: String] = [
        "rounded": "rounded", "shadow": "shadow", "font": "font", "fontWeight": "font", "weight": "font",
        "fontDesign": "font", "textSize": "text", "fontSize": "text", "controlSize": "control", "animate": "animate",
        "leading": "leading", "textAlign": "text",
    ]

    /// `TWStyle(a, b, …)` or the styles of `.tw(a, b, …)`.
    static func style(arguments: LabeledExprListSyntax, _ eval: Evaluator, _ scope: Scope) -> Value {
        .list(Array(arguments).filter { $0.label == nil }.map { value($0.expression, eval, scope) })
    }

    /// One style argument: a `TWStyle` member or call, or any other class expression.
    static func value(_ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope) -> Value {
        // `.hover(.focus(.hover(…)))` nests as deep as the input does.
        guard eval.enter() else { return eval.dynamic(expr, "styles nested deeper than twhost follows") }
        defer { eval.leave() }
        let e = eval.unwrap(expr)
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base?.sourceText == "TWStyle" {
            let name = m.declName.baseName.text
            if let recipe = BuiltinRecipes.swiftNames[name] { return .text(recipe) }
            if BuiltinRecipes.definitions[name] != nil || name == "card" { return .text(name) }
            return eval.dynamic(e, "the TWStyle value .\(name) is not in twhost's table")
        }
        if let c = e.as(FunctionCallExprSyntax.self), let style = call(c, eval, scope) { return style }
        return eval.value(e, scope)
    }

    /// `.p(3)`, `TWStyle.p(3)`, `.hover(.bg(.accent))`, `TWStyle.defaultStyle(for: "button-primary")`.
    static func call(_ c: FunctionCallExprSyntax, _ eval: Evaluator, _ scope: Scope) -> Value? {
        guard let callee = c.calledExpression.as(MemberAccessExprSyntax.self),
            callee.base == nil || callee.base?.sourceText == "TWStyle"
        else { return nil }
        let name = callee.declName.baseName.text
        let args = Array(c.arguments)
        let first = args.first?.expression
        if name == "defaultStyle", let arg = first, case .text(let recipe) = eval.value(arg, scope),
            let definition = BuiltinRecipes.definitions[recipe]
        {
            // Reading the built-in definition is not a reference by name, so no cycle (seed 002).
            return .text(definition)
        }
        if let variant = variants[name] {
            return prefix(variant, .list(args.map { value($0.expression, eval, scope) }))
        }
        guard let arg = first else {
            if name == "shadow" || name == "rounded" || name == "border" || name == "blur" { return .text(name) }
            return eval.dynamic(c, "the TWStyle value .\(name)() is not in twhost's table")
        }
        if let root = steps[name] { return .classes([.text(root + "-"), interpolation(arg, false, eval, scope)]) }
        if let root = points[name] {
            return .classes([.text(root + "-["), interpolation(arg, true, eval, scope), .text("]")])
        }
        if let root = colors[name] { return colorClass(root, arg, eval, scope) }
        if let root = named[name] {
            if let m = eval.unwrap(arg).as(MemberAccessExprSyntax.self), m.base == nil {
                return .text(root + "-" + kebab(m.declName.baseName.text))
            }
            return .classes([.text(root + "-["), interpolation(arg, true, eval, scope), .text("]")])
        }
        switch name {
        case "border":
            var parts: [Value] = []
            if let width = args.first(where: { $0.label?.text == "width" })?.expression {
                parts.append(.classes([.text("border-["), interpolation(width, true, eval, scope), .text("]")]))
            } else {
                parts.append(.text("border"))
            }
            if args.first?.label == nil { parts.append(colorClass("border", arg, eval, scope)) }
            return .list(parts)
        case "opacity", "scale", "rotate", "duration", "delay", "animation":
            let root = name == "animation" ? "animate" : name
            return .classes([.text(root + "-["), interpolation(arg, true, eval, scope), .text("]")])
        case "named", "recipe", "classes":
            return eval.value(arg, scope)
        default:
            return eval.dynamic(c, "the TWStyle value .\(name)(…) is not in twhost's table")
        }
    }

    /// A style function's argument in a class: a number known statically is
    /// written as the class's literal text (`border-[2]`), anything else passed as a value.
    static func interpolation(_ e: ExprSyntax, _ inBrackets: Bool, _ eval: Evaluator, _ scope: Scope) -> Value.Piece {
        let value = eval.value(e, scope)
        if case .number(let n) = value { return .text(InlineClosures._IRRenderer_format(n)) }
        return .interpolation(value, inBrackets: inBrackets, eval.source.location(e))
    }

    static func colorClass(_ root: String, _ arg: ExprSyntax, _ eval: Evaluator, _ scope: Scope) -> Value {
        if let m = eval.unwrap(arg).as(MemberAccessExprSyntax.self), m.base == nil {
            return .text(root + "-" + kebab(m.declName.baseName.text))
        }
        return .classes([.text(root + "-["), interpolation(arg, true, eval, scope), .text("]")])
    }

    /// `mutedForeground` → `muted-foreground`, `xl2` stays.
    static func kebab(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase {
                out += "-" + c.lowercased()
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// `variant:` in front of every class of a style.
    static func prefix(_ variant: String, _ value: Value) -> Value {
        switch value {
        case .text(let t):
            return .text(t.split(separator: " ").map { "\(variant):\($0)" }.joined(separator: " "))
        case .classes(let pieces): return .classes([.text(variant + ":")] + pieces)
        case .list(let items): return .list(items.map { prefix(variant, $0) })
        case .conditional(let c, let a, let b): return .conditional(c, prefix(variant, a), prefix(variant, b))
        default: return value
        }
    }
}
