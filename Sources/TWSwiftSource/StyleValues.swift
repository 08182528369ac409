import TWResolution

@_implementationOnly import SwiftSyntax

/// Typed `TWStyle` values read as the classes they stand for, with swiftcn's
/// meanings and units (its `Sources/SwiftCN/Utilities.swift`, `Style.swift`
/// and `Tokens.swift`): padding functions take spacing steps (`.p(3)` is
/// `p-3`), lengths take points (`.w(100)` is `w-[100]`, `.minH(48)`
/// `min-h-[48]`, `.radius(6)` `rounded-[6]`), `.duration` and `.delay` take
/// seconds (`.duration(0.3)` is `duration-300`, the classes' milliseconds),
/// tokens name a theme value (`.bg(.accent)` `bg-accent`, `.text(.xxxl)`
/// `text-3xl`, `.rounded(.md)` `rounded-md`), and `Color` values go in
/// brackets (`.bgColor(.indigo)` `bg-[\(Color.indigo)]`). A variant
/// (`.focus(…)`) prefixes every class of its styles. A function outside this
/// table is reported as dynamic, never guessed.
enum StyleValues {
    static let variants: [String: String] = [
        "hover": "hover", "focus": "focus", "pressed": "pressed", "active": "active", "disabled": "disabled",
        "groupHover": "group-hover", "groupFocus": "group-focus",
    ]
    /// Functions whose argument is a spacing step (`.p(3)` → `p-3`).
    static let steps: [String: String] = [
        "p": "p", "px": "px", "py": "py", "pt": "pt", "pb": "pb", "pl": "pl", "pr": "pr", "ps": "ps", "pe": "pe",
        "padding": "p", "size": "size",
    ]
    /// Functions whose argument is points (`.minH(48)` → `min-h-[48]`, `.w(100)` → `w-[100]`).
    static let points: [String: String] = [
        "paddingPoints": "p", "w": "w", "h": "h", "width": "w", "height": "h", "minW": "min-w", "minH": "min-h",
        "maxW": "max-w", "maxH": "max-h", "minWidth": "min-w", "minHeight": "min-h", "maxWidth": "max-w",
        "maxHeight": "max-h", "blur": "blur", "cornerRadius": "rounded", "radius": "rounded", "tracking": "tracking",
        "lineSpacing": "line-spacing", "fontSize": "text",
    ]
    /// Functions whose argument is a color token (`.accent`, `TWColor("brand")`) or a `Color`.
    static let colors: [String: String] = [
        "bg": "bg", "background": "bg", "fg": "text", "foreground": "text", "foregroundColor": "text", "tint": "tint",
        "glassTint": "glass-tint",
    ]
    /// Functions whose argument is a SwiftUI `Color`, in brackets (`.bgColor(.indigo)` → `bg-[\(Color.indigo)]`).
    static let colorValues: [String: String] = [
        "fgColor": "text", "bgColor": "bg", "tintColor": "tint", "glassTintColor": "glass-tint",
    ]
    /// Functions whose argument names a step (`.rounded(.md)` → `rounded-md`).
    static let named: [String: String] = [
        "rounded": "rounded", "shadow": "shadow", "fontWeight": "font", "weight": "font",
        "fontDesign": "font", "textSize": "text", "controlSize": "control", "animate": "animate",
        "animation": "animate", "leading": "leading", "textAlign": "text", "textAlignment": "text", "bezel": "bezel",
    ]
    /// swiftcn's `TWText` sizes and the classes that name them (`.xxxl` is `text-3xl`).
    static let textSizes: [String: String] = [
        "xs": "xs", "sm": "sm", "base": "base", "lg": "lg", "xl": "xl", "xxl": "2xl", "xxxl": "3xl",
    ]
    /// swiftcn's `TWStyle` properties without arguments and the classes they stand for.
    static let properties: [String: String] = [
        "fullWidth": "w-full", "surfaceFloating": "surface-floating", "surfaceSolid": "surface-solid",
        "glass": "glass", "glassProminent": "glass-prominent", "glassInteractive": "glass-interactive",
    ]

    /// Whether an expression is typed `TWStyle` values only (`.w(84)`,
    /// `TWStyle(.p(3), .hover(.opacity(0.4)))`), without classes written as
    /// text (`"w-[84]"`, `.classes(…)`): swiftcn applies typed values as
    /// properties, never as classes looked up again.
    static func isTyped(_ expr: ExprSyntax, _ eval: Evaluator) -> Bool {
        let e = eval.unwrap(expr)
        if let m = e.as(MemberAccessExprSyntax.self) { return m.base == nil || m.base?.sourceText == "TWStyle" }
        guard let c = e.as(FunctionCallExprSyntax.self) else { return false }
        if c.calledExpression.sourceText == "TWStyle" { return c.arguments.allSatisfy { isTyped($0.expression, eval) } }
        guard let callee = c.calledExpression.as(MemberAccessExprSyntax.self),
            callee.base == nil || callee.base?.sourceText == "TWStyle"
        else { return false }
        let name = callee.declName.baseName.text
        switch name {
        case "named", "recipe", "classes", "parse", "defaultStyle": return false
        default:
            if variants[name] != nil { return c.arguments.allSatisfy { isTyped($0.expression, eval) } }
            return true
        }
    }

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
            if let classes = properties[name] { return .text(classes) }
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
        if name == "font" {
            // swiftcn's `.font(_ font: Font)` sets a SwiftUI `Font`, which no class names.
            return eval.dynamic(c, "TWStyle.font(_:) sets a SwiftUI Font, which twhost's classes do not name")
        }
        if let root = steps[name] { return .classes([.text(root + "-"), interpolation(arg, false, eval, scope)]) }
        if let root = points[name] {
            return .classes([.text(root + "-["), interpolation(arg, true, eval, scope), .text("]")])
        }
        if name == "text" {
            // `.text(.xxxl)`: a `TWText` size; `.text(.primary)` the older color form.
            if let m = eval.unwrap(arg).as(MemberAccessExprSyntax.self), m.base == nil,
                let size = textSizes[m.declName.baseName.text]
            {
                return .text("text-" + size)
            }
            return colorClass("text", arg, eval, scope)
        }
        if let root = colors[name] { return colorClass(root, arg, eval, scope) }
        if let root = colorValues[name] {
            return .classes([.text(root + "-["), colorInterpolation(arg, eval, scope), .text("]")])
        }
        if name == "duration" || name == "delay" {
            // Seconds in the typed API; the classes count milliseconds.
            if case .number(let seconds) = eval.value(arg, scope) {
                return .text(name + "-" + InlineClosures._IRRenderer_format((seconds * 1000).rounded()))
            }
            return eval.dynamic(c, "a duration in seconds known at run time")
        }
        if name == "offset" || (name == "scale" && args.count == 2) {
            // `.offset(x: 4, y: -2)` → `offset-[4,-2]`.
            guard let x = args.first(where: { $0.label?.text == "x" })?.expression,
                let y = args.first(where: { $0.label?.text == "y" })?.expression
            else { return eval.dynamic(c, "the TWStyle value .\(name)(…) is not in twhost's table") }
            return .classes([
                .text(name + "-["), interpolation(x, true, eval, scope), .text(","),
                interpolation(y, true, eval, scope),
                .text("]"),
            ])
        }
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
        case "borderColor":
            // `.borderColor(.indigo, width: 2)`: a `Color`, one point wide unless given.
            var parts: [Value] = []
            if let width = args.first(where: { $0.label?.text == "width" })?.expression {
                parts.append(.classes([.text("border-["), interpolation(width, true, eval, scope), .text("]")]))
            } else {
                parts.append(.text("border"))
            }
            parts.append(.classes([.text("border-["), colorInterpolation(arg, eval, scope), .text("]")]))
            return .list(parts)
        case "opacity", "scale", "rotate":
            return .classes([.text(name + "-["), interpolation(arg, true, eval, scope), .text("]")])
        case "named", "recipe", "classes", "parse":
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
        let e = eval.unwrap(arg)
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base?.sourceText == "TWColor" {
            return .text(root + "-" + kebab(m.declName.baseName.text))
        }
        // A custom token (`TWColor("brand")`), or a name bound to a token (`let brand = TWColor("brand")`).
        if !e.is(MemberAccessExprSyntax.self), let token = RulesReader.colorToken(e, eval, scope) {
            return .text(root + "-" + token)
        }
        return .classes([.text(root + "-["), interpolation(arg, true, eval, scope), .text("]")])
    }

    /// A `Color` in brackets: `.indigo` as `Color.indigo`.
    static func colorInterpolation(_ arg: ExprSyntax, _ eval: Evaluator, _ scope: Scope) -> Value.Piece {
        if let m = eval.unwrap(arg).as(MemberAccessExprSyntax.self), m.base == nil,
            TypedExpressions.systemColors.contains(m.declName.baseName.text)
        {
            let color = Value.typed(.color(TypedExpressions.color(named: m.declName.baseName.text)))
            return .interpolation(color, inBrackets: true, eval.source.location(arg))
        }
        return interpolation(arg, true, eval, scope)
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
