import TWModel
import TWResolution
import TWScenes

@_implementationOnly import SwiftSyntax

/// `.twTheme(TWTheme(…))` read statically (swiftcn's `Sources/SwiftCN/Theme.swift`):
/// its spacing unit, colors and radii become the subtree's theme, so a
/// custom token (`TWColor("brand")`) resolves there. A color keeps its light
/// and dark values (`TWAdaptiveColor(light:dark:)`), so the token resolves
/// for the color scheme checked, as a theme file's does. Typography and
/// shadows are not read (a note says so).
extension RulesReader {
    mutating func theme(_ call: FunctionCallExprSyntax, _ scope: Scope) -> SceneRules {
        var rules = SceneRules()
        rules.location = eval.source.location(call)
        guard let argument = call.arguments.first?.expression else { return rules }
        guard let (themeCall, themeScope) = Self.themeCall(argument, scope, eval, depth: 0) else {
            findings.append(
                SourceFinding.rulesNotRead(what: "the theme `\(argument.sourceText)`").diagnostic(
                    at: eval.source.location(argument)))
            return rules
        }
        for a in themeCall.arguments {
            switch a.label?.text {
            case "spacingUnit":
                if case .number(let unit) = eval.value(a.expression, themeScope) {
                    rules.rules.theme.spacingUnit = unit
                    rules.overrides.theme.spacingUnit = true
                } else {
                    notRead("the theme's spacing unit", a.expression)
                }
            case "colors":
                guard let dict = a.expression.as(DictionaryExprSyntax.self) else {
                    notRead("the theme's colors", a.expression)
                    continue
                }
                guard case .elements(let elements) = dict.content else { continue }  // `[:]`
                for e in elements {
                    guard let name = Self.colorToken(e.key, eval, themeScope),
                        let (light, dark) = Self.schemeColors(e.value, eval, themeScope)
                    else {
                        notRead("the theme color `\(e.key.sourceText)`", e.value)
                        continue
                    }
                    // The token's own name (`mutedForeground` for `muted-foreground`), as a theme file sets it.
                    let token = Theme.canonicalColorName(name)
                    rules.rules.theme.colors[token] = light
                    rules.rules.theme.darkColors[token] = dark
                    rules.overrides.theme.colors.insert(token)
                }
            case "radii":
                guard let dict = a.expression.as(DictionaryExprSyntax.self) else {
                    notRead("the theme's radii", a.expression)
                    continue
                }
                guard case .elements(let elements) = dict.content else { continue }
                for e in elements {
                    guard let m = eval.unwrap(e.key).as(MemberAccessExprSyntax.self),
                        case .number(let points) = eval.value(e.value, themeScope)
                    else {
                        notRead("the theme radius `\(e.key.sourceText)`", e.value)
                        continue
                    }
                    let name = m.declName.baseName.text
                    rules.rules.theme.radii[name] = points
                    rules.overrides.theme.radii.insert(name)
                }
            case let label?:
                notRead("the theme's \(label)", a.expression)
            case nil:
                notRead("the theme argument", a.expression)
            }
        }
        return rules
    }

    private mutating func notRead(_ what: String, _ at: ExprSyntax) {
        findings.append(SourceFinding.rulesNotRead(what: what).diagnostic(at: eval.source.location(at)))
    }

    /// `TWTheme(…)`, `.init(…)`, or a constant of the file holding one.
    static func themeCall(_ expr: ExprSyntax, _ scope: Scope, _ eval: Evaluator, depth: Int)
        -> (FunctionCallExprSyntax, Scope)?
    {
        guard depth < 8 else { return nil }
        let e = eval.unwrap(expr)
        if let c = e.as(FunctionCallExprSyntax.self) {
            let callee = c.calledExpression.sourceText
            return callee == "TWTheme" || callee == ".init" || callee == "TWTheme.init" ? (c, scope) : nil
        }
        var member: FileIndex.Member?
        if let d = e.as(DeclReferenceExprSyntax.self) {
            if case .expression(let bound, let boundScope)? = scope.find(d.baseName.text) {
                eval.index.log?.noteDeclared()
                return themeCall(bound, boundScope, eval, depth: depth + 1)
            }
            member = eval.index.lookup(d.baseName.text, from: scope.owner)
        } else if let m = e.as(MemberAccessExprSyntax.self) {
            let base = m.base?.sourceText ?? "TWTheme"
            member =
                base == "self"
                ? eval.index.lookup(m.declName.baseName.text, from: scope.owner)
                : eval.index.lookup(m.declName.baseName.text, inType: base, from: scope.owner)
        }
        guard let member, let initializer = member.binding?.initializer else { return nil }
        return themeCall(initializer.value, Scope(owner: member.owner), eval, depth: depth + 1)
    }

    /// A `TWColor` as a theme name: `.mutedForeground` is swiftcn's token `mutedForeground`;
    /// `TWColor("brand")`, a `static let brand = TWColor("brand")` of the file, and a local
    /// `let brand = TWColor("brand")` or constant property named `brand`, are `brand`.
    static func colorToken(_ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope, depth: Int = 0) -> String? {
        // `static let a = TWColor.b; static let b = TWColor.a` ends here.
        guard depth < 8 else { return nil }
        let e = eval.unwrap(expr)
        if let c = e.as(FunctionCallExprSyntax.self),
            ["TWColor", ".init", "Self", "TWColor.init"].contains(c.calledExpression.sourceText),
            let arg = c.arguments.first?.expression, case .text(let name) = eval.value(arg, scope)
        {
            return name
        }
        // A name for one: `let brand = TWColor("brand")` in the body, or a constant property of the view.
        if let d = e.as(DeclReferenceExprSyntax.self) {
            let name = d.baseName.text
            if let binding = scope.find(name) {
                guard case .expression(let bound, let boundScope) = binding else { return nil }
                return colorToken(bound, eval, boundScope, depth: depth + 1)
            }
            guard let member = eval.index.lookup(name, from: scope.owner), member.isLet || member.isStatic,
                member.function == nil, member.wrapper == nil, let initializer = member.binding?.initializer
            else { return nil }
            return colorToken(initializer.value, eval, Scope(owner: member.owner), depth: depth + 1)
        }
        guard let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base?.sourceText == "TWColor" else {
            return nil
        }
        let name = m.declName.baseName.text
        if let custom = eval.index.lookup(name, inType: "TWColor", from: scope.owner),
            let initializer = custom.binding?.initializer
        {
            return colorToken(initializer.value, eval, Scope(owner: custom.owner), depth: depth + 1)
        }
        // swiftcn's own tokens keep their spelling (`onPrimary`); another name is its kebab form.
        if Theme.defaultDarkColors[name] != nil { return name }
        return StyleValues.kebab(name)
    }

    /// A theme color's light and dark values: `TWAdaptiveColor(light:dark:)`'s two, or one
    /// color for both schemes (`TWAdaptiveColor(.mint)`, a plain `Color`; its dark value is nil,
    /// as a theme file's single color is).
    static func schemeColors(_ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope)
        -> (light: ColorValue, dark: ColorValue?)?
    {
        let e = eval.unwrap(expr)
        guard let c = e.as(FunctionCallExprSyntax.self),
            ["TWAdaptiveColor", ".init", "TWAdaptiveColor.init"].contains(c.calledExpression.sourceText)
        else { return color(e, eval, scope).map { ($0, nil) } }
        let light = c.arguments.first { $0.label?.text == "light" }
        let dark = c.arguments.first { $0.label?.text == "dark" }
        if let light, let dark {
            guard let l = color(light.expression, eval, scope), let d = color(dark.expression, eval, scope) else {
                return nil
            }
            return (l, d)
        }
        guard light == nil, dark == nil, c.arguments.count == 1, let only = c.arguments.first?.expression else {
            return nil
        }
        return color(only, eval, scope).map { ($0, nil) }
    }

    /// A `Color`: a system color by its implicit member (`.mint`), or a typed color value.
    static func color(_ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope) -> ColorValue? {
        if let m = eval.unwrap(expr).as(MemberAccessExprSyntax.self), m.base == nil,
            TypedExpressions.systemColors.contains(m.declName.baseName.text)
        {
            return TypedExpressions.color(named: m.declName.baseName.text)
        }
        if case .typed(.color(let c)) = eval.value(expr, scope) { return c }
        return nil
    }
}
