import TWGrammar
import TWModel
import TWSupport

@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// Reads the closures of inline registrations statically: what a modifier's
/// closure does to its first parameter (as a template with holes for the
/// value and `active`), how a `TWUtility` reads and returns, and which
/// animation a `TWAnimation` makes. Nothing runs.
enum InlineClosures {
    /// The closure's parameter names (`$0`, `$1` for shorthand closures).
    static func parameters(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: return list.map(\.name.text)
        case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return ["$0", "$1", "$2"]
        @unknown default: return ["$0", "$1", "$2"]
        }
    }

    static let forms: [String: RegistrationForm] = [
        "view": .view, "value": .value, "argument": .argument, "text": .text, "image": .image, "shape": .shape,
        "textValue": .textValue, "imageValue": .imageValue, "shapeValue": .shapeValue,
    ]

    /// `.value(default: 0.0, order: 10) { view, d in … }` registered as `name`.
    static func modifier(
        name: String, _ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope, findings: inout [Diagnostic]
    ) -> InlineModifier? {
        let at = eval.source.location(expr)
        // `CNUtilities.tint`, `CNLoadingUtilities.spin`: swiftcn's own utility, registered by the app.
        if let utility = LibraryUtilities.members[eval.unwrap(expr).sourceText] {
            return LibraryUtilities.modifier(named: name, utility, at: at)
        }
        guard let call = eval.unwrap(expr).as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            let form = callee.declName.baseName.text == "modifier" ? .view : forms[callee.declName.baseName.text]
        else {
            findings.append(SourceFinding.rulesNotRead(what: "the registration of '\(name)'").diagnostic(at: at))
            return nil
        }
        let args = Array(call.arguments)
        func arg(_ label: String) -> ExprSyntax? { args.first { $0.label?.text == label }?.expression }
        let closure =
            call.trailingClosure
            ?? args.last(where: { $0.label == nil || $0.label?.text == "factory" })?.expression.as(
                ClosureExprSyntax.self)
        guard let closure else {
            findings.append(SourceFinding.rulesNotRead(what: "the factory of '\(name)'").diagnostic(at: at))
            return nil
        }
        var order = 0
        if let o = arg("order"), case .number(let n) = eval.value(o, scope), let i = Int(exactly: n) { order = i }
        var phase = ChainPhase.effects
        if let p = arg("phase") {
            // swiftcn's `TWModifierPhase`: `.content`, `.layout`, `.decoration`, `.effects`.
            guard let member = p.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                let named = ChainPhase(registrationPhase: member), named != .source
            else {
                findings.append(SourceFinding.rulesNotRead(what: "the phase of '\(name)'").diagnostic(at: at))
                return nil
            }
            phase = named
        }
        var conflictKey = name
        if let k = arg("conflictKey"), case .text(let key) = eval.value(k, scope) { conflictKey = key }
        let native = NativeFactory(name: name, closure: closure, eval: eval, scope: scope)
        if callee.declName.baseName.text == "modifier" {
            // `.modifier { active, theme in Shift(distance: active ? 40 : 0) }`: an exact tag
            // whose factory makes one native modifier for both states.
            let made = native.modifierFactory()
            if case .failure(let why) = made { findings.append(native.opaqueNote(why, at: at)) }
            return InlineModifier(
                name: name, form: .view, phase: phase, order: order, conflictKey: conflictKey, argumentType: .none,
                defaultArgument: nil, template: native.template(made), unstableReason: nil, location: at)
        }
        if form == .argument, arg("parse") == nil, let d = arg("default"),
            case .text(let inactive) = eval.value(d, scope)
        {
            // `.argument(default: "0") { argument, theme in argument.degrees.map { Tilt(degrees: $0) } }`:
            // the closure reads the argument with a helper and makes a native modifier, or
            // rejects it (nil); the default argument must be accepted too.
            let made = native.argumentFactory()
            if case .failure(let why) = made { findings.append(native.opaqueNote(why, at: at)) }
            let type = (try? made.get())?.type ?? .string
            return InlineModifier(
                name: name, form: .argument, phase: phase, order: order, conflictKey: conflictKey, argumentType: type,
                defaultArgument: inactive, template: native.template(made.map(\.body)), unstableReason: nil,
                location: at)
        }
        var type = ArgumentType.none
        var defaultText: String?
        var payload: String?
        var computed = false
        if !form.isExactTag {
            let defaultValue = arg("default").map { eval.value($0, scope) }
            (type, defaultText) = typeAndText(defaultValue)
            if type == .none, let d = arg("default"), let typeName = payloadType(d, eval, scope) {
                // `.value(default: Payload(amount: 1))`: a type of the app's, passed natively.
                type = .custom
                payload = typeName
            }
            if form == .argument, let parse = arg("parse")?.as(ClosureExprSyntax.self) {
                type = parserType(parse) ?? (type == .none ? .string : type)
                computed = !parsesPlainly(parse)
            }
            if type == .none { type = .number }
            if defaultText == nil, type != .custom { defaultText = type == .string ? "" : "0" }
        }
        let params = parameters(closure)
        var reader = TemplateReader(
            view: params.first ?? "$0", second: params.count > 1 ? params[1] : "$1",
            secondIsActive: form.isExactTag, eval: eval, scope: Scope(owner: scope.owner, parent: scope))
        reader.payload = payload
        reader.computedValue = computed
        let body = reader.body(closure.statements)
        let template = InlineModifierTemplate(body: body)
        var unstable = reader.unstable
        if unstable == nil, case .whenActive = body {
            let value = defaultText.flatMap { try? ArgumentDecoder.decode($0, as: type, theme: .standard).get() }
            let a = template.instantiate(active: true, value: value).structure
            let b = template.instantiate(active: false, value: value).structure
            if a != b { unstable = reader.activeBranchText ?? "it branches on active" }
        }
        // Text and image registrations run only when selected: their branches reset nothing (R-TARGET-3).
        if form.target == .text || form.target == .image { unstable = nil }
        if let unstable {
            findings.append(
                SourceFinding.unstableStructure(name: "'\(name)'", reason: unstable).diagnostic(
                    at: eval.source.location(closure), className: name))
        }
        return InlineModifier(
            name: name, form: form, phase: form.target == nil ? phase : .source, order: order, conflictKey: conflictKey,
            argumentType: type, defaultArgument: defaultText, template: template, unstableReason: unstable,
            location: at)
    }

    /// The type named by a default such as `Payload(amount: 1, label: "")`:
    /// an initializer of a type the reader does not know (a type of the app's).
    static func payloadType(_ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope) -> String? {
        guard let call = eval.unwrap(expr).as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            type.startsUppercase
        else { return nil }
        switch eval.value(expr, scope) {
        case .typed, .number, .text, .bool: return nil
        default: return type
        }
    }

    /// A default value's argument type and its text as a class argument.
    static func typeAndText(_ value: Value?) -> (ArgumentType, String?) {
        switch value {
        case .number(let n)?: return (.number, _IRRenderer_format(n))
        case .typed(.points(let n))?: return (.points, _IRRenderer_format(n))
        case .typed(.angle(let n))?: return (.angle, _IRRenderer_format(n))
        case .typed(.seconds(let n))?: return (.seconds, _IRRenderer_format(n))
        case .typed(.color(let c))?:
            if let name = c.name, c.alpha == 1 { return (.color, name) }
            return (.color, hex(c))
        case .typed(.animation(let a))?: return (.animation, a.curve.rawValue)
        case .text(let s)?: return (.string, s)
        case .bool(let b)?: return (.bool, b ? "true" : "false")
        case .symbolic(_, let t?, _)?: return (t, nil)
        default: return (.none, nil)
        }
    }

    static func _IRRenderer_format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    static func hex(_ c: ColorValue) -> String {
        func byte(_ v: Double) -> String {
            let b = Int((max(0, min(1, v)) * 255).rounded())
            let s = String(b, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + byte(c.alpha)
    }

    /// Whether a `parse:` closure passes a helper's value as it is
    /// (`{ argument, _ in argument.degrees }`), rather than computing another.
    static func parsesPlainly(_ closure: ClosureExprSyntax) -> Bool {
        let argument = parameters(closure).first ?? "$0"
        let items = Array(closure.statements)
        guard items.count == 1, let item = items.first else { return false }
        let expr =
            item.item.as(ExprSyntax.self)
            ?? item.item.as(StmtSyntax.self)?.as(ReturnStmtSyntax.self)?.expression
            ?? item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self)?.expression
        guard let m = expr?.as(MemberAccessExprSyntax.self), m.base?.sourceText == argument else { return false }
        return helperType(m.declName.baseName.text) != nil
    }

    /// What an argument parser reads: `argument.degrees` is an angle.
    static func parserType(_ closure: ClosureExprSyntax) -> ArgumentType? {
        let text = closure.statements.sourceText
        let params = parameters(closure)
        let argument = params.first ?? "$0"
        let helpers: [(String, ArgumentType)] = [
            ("degrees", .angle), ("points", .points), ("seconds", .seconds), ("number", .number),
            ("hexColor", .color), ("components", .vector), ("rawValue", .string),
        ]
        for (helper, type) in helpers where text.contains("\(argument).\(helper)") { return type }
        return nil
    }

    // MARK: utilities

    /// `TWUtility { argument, theme in guard let d = argument.degrees else { return nil }; return .rotate(d) }`,
    /// or a closure that ignores its argument (`{ _, _ in .w(21) }`). Any other
    /// closure is an opaque utility: its classes are accepted, and one note says why.
    static func utility(
        prefix: String, _ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope, findings: inout [Diagnostic]
    ) -> InlineUtility {
        let at = eval.source.location(expr)
        var result = InlineUtility(prefix: prefix, argumentType: nil, output: nil, location: at)
        guard let call = eval.unwrap(expr).as(FunctionCallExprSyntax.self), let closure = call.trailingClosure else {
            findings.append(SourceFinding.rulesNotRead(what: "the utility '\(prefix)'").diagnostic(at: at))
            return result
        }
        func opaque(_ why: String) -> InlineUtility {
            findings.append(
                SourceFinding.opaqueRegistration(
                    what: "the utility '\(prefix)'", why: why,
                    shows: "what they add is not shown in the chain or checked"
                ).diagnostic(at: at, className: prefix))
            var out = InlineUtility(prefix: prefix, argumentType: .string, output: "", location: at)
            out.opaque = true
            return out
        }
        let params = parameters(closure)
        let argument = params.first ?? "$0"
        let theme = params.count > 1 ? params[1] : "$1"
        var bound: String?
        var returned: ExprSyntax?
        var statements = 0
        for item in closure.statements {
            statements += 1
            if let guardStmt = item.item.as(StmtSyntax.self)?.as(GuardStmtSyntax.self) {
                for element in guardStmt.conditions {
                    switch element.condition {
                    case .optionalBinding(let b):
                        guard let initializer = b.initializer?.value.as(MemberAccessExprSyntax.self),
                            initializer.base?.sourceText == argument
                        else {
                            if let c = b.initializer?.value.as(FunctionCallExprSyntax.self),
                                c.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "value"
                            {
                                let type = c.arguments.first?.expression.sourceText ?? ""
                                let name = type.hasSuffix(".self") ? String(type.dropLast(5)) : type
                                return opaque("it reads the argument as `\(name)`, a type of the app's")
                            }
                            continue
                        }
                        bound = b.pattern.sourceText
                        result.argumentType = helperType(initializer.declName.baseName.text)
                    case .expression(let e):
                        // `units >= 0`: a lower bound.
                        let parts = e.sourceText.split(separator: " ").map(String.init)
                        if parts.count == 3, parts[0] == bound, parts[1] == ">=" || parts[1] == ">",
                            let n = Double(parts[2])
                        {
                            result.minimum = n
                        }
                    default: break
                    }
                }
            }
            if let r = item.item.as(StmtSyntax.self)?.as(ReturnStmtSyntax.self) { returned = r.expression }
            if let e = item.item.as(ExprSyntax.self) { returned = e }
            if let e = item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self) {
                if let sw = e.expression.as(SwitchExprSyntax.self) {
                    return opaque("it switches on `\(sw.subject.sourceText)`")
                }
                returned = e.expression
            }
        }
        let readsArgument = closure.statements.sourceText.contains(argument) && argument != "_"
        guard let returned else { return opaque("it returns no `TWStyle` twhost reads") }
        if let sw = returned.as(SwitchExprSyntax.self) { return opaque("it switches on `\(sw.subject.sourceText)`") }
        if bound == nil, statements == 1, !readsArgument {
            // `{ _, _ in .w(21) }`: the same styles for every argument.
            var combinator = Combinator([:])
            guard let classes = combinator.classes(StyleValues.value(returned, eval, scope)), combinator.notes.isEmpty
            else { return opaque("it returns `\(returned.sourceText)`") }
            result.argumentType = .string
            result.output = outputText(classes)
            result.typedOutput = StyleValues.isTyped(returned, eval)
            return result
        }
        guard let bound, result.argumentType != nil else {
            return opaque("it does not read the argument as `guard let x = \(argument).<helper> else { return nil }`")
        }
        // `theme.space(x)` is x spacing steps: the host multiplies by the theme's unit.
        var text = returned.sourceText
        for pattern in ["\(theme).space(CGFloat(\(bound)))", "\(theme).space(\(bound))"] where text.contains(pattern) {
            text = text.replacing(pattern, with: bound)
            result.spacing = true
        }
        // `degrees * 2`: the value scaled, when every use of it is scaled alike.
        let scaled = Self.scaled(text, bound)
        if let (factor, rewritten) = scaled {
            result.scale = factor
            text = rewritten
        }
        let reparsed = Parser.parse(source: "_ = " + text)
        guard let statement = reparsed.statements.first?.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self),
            let expression = statement.elements.last
        else { return opaque("it returns `\(returned.sourceText)`") }
        let local = Scope(owner: scope.owner, parent: scope)
        local.bind(bound, .value(.symbolic(InlineUtility.hole, result.argumentType, at)))
        var combinator = Combinator([:])
        guard let classes = combinator.classes(StyleValues.value(expression, eval, local)), combinator.notes.isEmpty
        else { return opaque("it returns `\(returned.sourceText)`") }
        result.output = outputText(classes)
        result.typedOutput = StyleValues.isTyped(returned, eval)
        return result
    }

    /// `x * 2` for every use of `x` in `text`: the factor, and the text with
    /// `x` alone; nil when `x` is never scaled so, or not always alike.
    static func scaled(_ text: String, _ name: String) -> (Double, String)? {
        let chars = Array(text)
        let word = Array(name)
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var out = ""
        var factors: Set<Double> = []
        var uses = 0
        var scaledUses = 0
        var i = 0
        while i < chars.count {
            let end = i + word.count
            guard end <= chars.count, Array(chars[i..<end]) == word,
                i == 0 || !(isWord(chars[i - 1]) || chars[i - 1] == "."),
                end == chars.count || !isWord(chars[end])
            else {
                out.append(chars[i])
                i += 1
                continue
            }
            uses += 1
            out += name
            i = end
            var j = end
            while j < chars.count, chars[j] == " " { j += 1 }
            guard j < chars.count, chars[j] == "*" else { continue }
            j += 1
            while j < chars.count, chars[j] == " " { j += 1 }
            var digits = ""
            while j < chars.count, chars[j].isNumber || chars[j] == "." {
                digits.append(chars[j])
                j += 1
            }
            guard let factor = Double(digits), j == chars.count || !isWord(chars[j]) else { continue }
            factors.insert(factor)
            scaledUses += 1
            i = j
        }
        guard factors.count == 1, let factor = factors.first, scaledUses == uses else { return nil }
        return (factor, out)
    }

    static func helperType(_ helper: String) -> ArgumentType? {
        switch helper {
        case "degrees": return .angle
        case "number": return .number
        case "points": return .points
        case "seconds": return .seconds
        case "hexColor": return .color
        case "rawValue": return .string
        default: return nil
        }
    }

    /// Classes as text, with the hole where the argument goes.
    static func outputText(_ classes: TWClasses) -> String {
        var out = ""
        for segment in classes.segments {
            switch segment {
            case .text(let t): out += t
            case .value(.symbolic(let s)) where s.text == InlineUtility.hole: out += InlineUtility.hole
            case .value(let v): out += v.displayText
            case .fragment(let f): out += outputText(f)
            }
        }
        return out
    }

    // MARK: animations

    /// `TWAnimation { seconds in .spring(duration: seconds ?? 0.5, bounce: 0.15) }`.
    static func animation(_ closure: ClosureExprSyntax, _ eval: Evaluator)
        -> (animation: AnimationValue, usesSeconds: Bool, defaultDuration: Double?)?
    {
        let seconds = parameters(closure).first ?? "$0"
        var expr: ExprSyntax?
        for item in closure.statements {
            if let r = item.item.as(StmtSyntax.self)?.as(ReturnStmtSyntax.self) { expr = r.expression }
            if let e = item.item.as(ExprSyntax.self) { expr = e }
            if let e = item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self) { expr = e.expression }
        }
        guard let expr = expr.map(eval.unwrap) else { return nil }
        var name: String?
        var args: [LabeledExprSyntax] = []
        if let m = expr.as(MemberAccessExprSyntax.self) {
            name = m.declName.baseName.text
        } else if let c = expr.as(FunctionCallExprSyntax.self),
            let m = c.calledExpression.as(MemberAccessExprSyntax.self)
        {
            name = m.declName.baseName.text
            args = Array(c.arguments)
        }
        guard let name, var animation = AnimationValue.member(name) else { return nil }
        var usesSeconds = false
        var defaultDuration: Double?
        for arg in args {
            let text = arg.expression.sourceText
            if arg.label?.text == "duration", text == seconds || text.hasPrefix(seconds + " ??") {
                usesSeconds = true
                if let fallback = text.split(separator: "?").last.flatMap({ Double($0.trimmingCharacters()) }) {
                    defaultDuration = fallback
                }
                continue
            }
            guard let n = Double(text), animation.set(label: arg.label?.text, n) else { return nil }
        }
        return (animation, usesSeconds, defaultDuration)
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

/// Turns an inline modifier's closure into a template: the calls it makes on
/// its first parameter, with the value and `active` left as holes.
struct TemplateReader {
    typealias T = InlineModifierTemplate
    let view: String
    let second: String
    let secondIsActive: Bool
    let eval: Evaluator
    let scope: Scope
    var locals: [String: T.Value] = [:]
    /// The app's payload type the value parameter has (`.value(default: Payload(…))`), if any:
    /// what the closure reads from it (`payload.amount`) is computed by the app.
    var payload: String?
    /// Whether the value parameter is a helper's plain number (`argument.degrees`
    /// is a `Double`): it is then passed as that number, not as a typed angle.
    var scalarValue = false
    /// Whether the value parameter is what the app's `parse:` closure computes
    /// (`argument.points.map { $0 * theme.spacingUnit }`): never shown as the argument.
    var computedValue = false
    /// Closures and calls nested so far; past `Evaluator.maxDepth` the rest is kept as source text.
    var depth = 0
    /// Why the closure's structure depends on something other than values, if it does.
    var unstable: String?
    /// The text of the first branch on `active`, for messages.
    var activeBranchText: String?

    init(view: String, second: String, secondIsActive: Bool, eval: Evaluator, scope: Scope) {
        self.view = view
        self.second = second
        self.secondIsActive = secondIsActive
        self.eval = eval
        self.scope = scope
    }

    mutating func body(_ items: CodeBlockItemListSyntax) -> T.Body {
        body(Array(items)[...])
    }

    /// Statements in order; an `if` that returns without an `else`, or a `guard`,
    /// branches between its block and the statements after it.
    mutating func body(_ items: ArraySlice<CodeBlockItemSyntax>) -> T.Body {
        // Each `if … return` or `guard` reads the statements after it one level deeper.
        guard depth < Evaluator.maxDepth else { return .chain([]) }
        depth += 1
        defer { depth -= 1 }
        var result: T.Body = .chain([])
        for (offset, item) in zip(items.indices, items) {
            let rest = items[(offset + 1)...]
            if let i = Self.ifStatement(item), i.elseBody == nil, Self.returns(i.body.statements) {
                let yes = body(i.body.statements)
                let no = body(rest)
                return branch(i.conditions, yes, no, text: "if \(i.conditions.sourceText) { return … }")
            }
            if let g = item.item.as(StmtSyntax.self)?.as(GuardStmtSyntax.self) {
                let no = body(g.body.statements)
                let yes = body(rest)
                return branch(g.conditions, yes, no, text: "guard \(g.conditions.sourceText) else { … }")
            }
            switch item.item {
            case .decl(let d):
                guard let v = d.as(VariableDeclSyntax.self) else { continue }
                for binding in v.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let initializer = binding.initializer
                    {
                        locals[name] = value(initializer.value)
                    }
                }
            case .stmt(let s):
                if let r = s.as(ReturnStmtSyntax.self), let e = r.expression { return body(e) }
                if let e = s.as(ExpressionStmtSyntax.self) { result = body(e.expression) }
            case .expr(let e):
                result = body(e)
            @unknown default: break
            }
        }
        return result
    }

    func isActive(_ e: ExprSyntax) -> Bool? {
        let text = eval.unwrap(e).sourceText
        guard secondIsActive else { return nil }
        if text == second { return true }
        if text == "!" + second || text == "!\(second)" { return false }
        return nil
    }

    mutating func body(_ expr: ExprSyntax) -> T.Body {
        guard depth < Evaluator.maxDepth else { return .chain([]) }
        depth += 1
        defer { depth -= 1 }
        let e = eval.unwrap(expr)
        if let c = e.as(FunctionCallExprSyntax.self), c.calledExpression.sourceText == "AnyShape",
            let inner = c.arguments.first?.expression
        {
            return body(inner)
        }
        if let s = e.as(SequenceExprSyntax.self),
            let i = s.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = s.elements[i].as(UnresolvedTernaryExprSyntax.self)
        {
            let condition = Array(s.elements[..<i])
            let rest = Array(s.elements[s.elements.index(after: i)...])
            guard let elseExpr = rest.count == 1 ? rest.first : nil else { return body(ternary.thenExpression) }
            if condition.count == 1, let positive = isActive(condition[0]) {
                if activeBranchText == nil { activeBranchText = e.sourceText }
                let yes = body(ternary.thenExpression)
                let no = body(elseExpr)
                return positive ? .whenActive(yes, no) : .whenActive(no, yes)
            }
            let yes = body(ternary.thenExpression)
            let no = body(elseExpr)
            if yes != no && unstable == nil { unstable = "`\(e.sourceText)`" }
            return yes
        }
        if let c = e.as(FunctionCallExprSyntax.self), c.calledExpression.sourceText == "AnyView",
            let inner = c.arguments.first?.expression
        {
            // Type erasure keeps the outer type, not the content's: SwiftUI still
            // replaces the subtree when the erased content's type changes.
            return body(inner)
        }
        if let i = e.as(IfExprSyntax.self) {
            let yes = body(i.body.statements)
            var no: T.Body = .chain([])
            switch i.elseBody {
            case .codeBlock(let block)?: no = body(block.statements)
            case .ifExpr(let next)?: no = body(ExprSyntax(next))
            default: break
            }
            return branch(i.conditions, yes, no, text: "if \(i.conditions.sourceText) { … } else { … }")
        }
        if let sw = e.as(SwitchExprSyntax.self) {
            let cases = sw.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.map { body($0.statements) }
            if let first = cases.first, cases.contains(where: { $0 != first }), unstable == nil {
                unstable = "`switch \(sw.subject.sourceText) { … }`"
            }
            return cases.first ?? .chain([])
        }
        return .chain(chain(e))
    }

    /// Two paths under `conditions`: on `active`, a template of both; on
    /// anything else, unstable when they differ.
    mutating func branch(_ conditions: ConditionElementListSyntax, _ yes: T.Body, _ no: T.Body, text: String) -> T.Body
    {
        if conditions.count == 1, case .expression(let c) = conditions.first?.condition, let positive = isActive(c) {
            if activeBranchText == nil { activeBranchText = text }
            return positive ? .whenActive(yes, no) : .whenActive(no, yes)
        }
        if yes != no && unstable == nil { unstable = "`\(text)`" }
        return yes
    }

    static func ifStatement(_ item: CodeBlockItemSyntax) -> IfExprSyntax? {
        if let e = item.item.as(ExprSyntax.self) { return e.as(IfExprSyntax.self) }
        return item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
    }

    /// Whether a block ends in `return`.
    static func returns(_ items: CodeBlockItemListSyntax) -> Bool {
        items.last?.item.as(StmtSyntax.self)?.is(ReturnStmtSyntax.self) ?? false
    }

    /// `view.a(…).b(…)`: the calls made on the first parameter, in order.
    mutating func chain(_ expr: ExprSyntax) -> [T.Node] {
        var calls: [(String, FunctionCallExprSyntax?)] = []
        var e = eval.unwrap(expr)
        var base: [T.Node] = []
        while true {
            if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
                let b = m.base
            {
                calls.append((m.declName.baseName.text, c))
                e = eval.unwrap(b)
            } else if let m = e.as(MemberAccessExprSyntax.self), let b = m.base, m.declName.baseName.text == "value" {
                e = eval.unwrap(b)
            } else {
                break
            }
        }
        let baseText = e.sourceText
        if baseText != view {
            if let c = e.as(FunctionCallExprSyntax.self) {
                base = [T.Node(kind: .view, name: c.calledExpression.sourceText, arguments: arguments(c))]
            } else {
                base = [T.Node(kind: .view, name: baseText, arguments: [])]
            }
        }
        return base
            + calls.reversed().map { name, call in
                T.Node(kind: .modifier, name: name, arguments: call.map { arguments($0) } ?? [])
            }
    }

    mutating func arguments(_ c: FunctionCallExprSyntax) -> [T.Argument] {
        var out = c.arguments.map { T.Argument($0.label?.text, value($0.expression)) }
        if let trailing = c.trailingClosure { out.append(T.Argument(nil, content(trailing))) }
        for extra in c.additionalTrailingClosures {
            out.append(T.Argument(extra.label.text, content(extra.closure)))
        }
        return out
    }

    mutating func content(_ closure: ClosureExprSyntax) -> T.Value {
        guard depth < Evaluator.maxDepth else { return .source(closure.sourceText) }
        depth += 1
        defer { depth -= 1 }
        var nodes: [T.Node] = []
        for item in closure.statements {
            var expr = item.item.as(ExprSyntax.self)
            if let s = item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self) { expr = s.expression }
            guard let e = expr else { continue }
            if e.is(IfExprSyntax.self) || e.is(SwitchExprSyntax.self) {
                // `Group { if active { … } }`: a view builder's branch is content of another type on each path.
                if unstable == nil {
                    let head =
                        e.as(IfExprSyntax.self).map { "if \($0.conditions.sourceText)" }
                        ?? e.as(SwitchExprSyntax.self).map { "switch \($0.subject.sourceText)" } ?? ""
                    unstable = "`\(head) { … }` in a view closure"
                }
                continue
            }
            nodes += chain(e)
        }
        return .content(nodes)
    }

    mutating func value(_ expr: ExprSyntax) -> T.Value {
        let e = eval.unwrap(expr)
        let text = e.sourceText
        guard depth < Evaluator.maxDepth else { return .source(text) }
        depth += 1
        defer { depth -= 1 }
        if let d = e.as(DeclReferenceExprSyntax.self) {
            let name = d.baseName.text
            if name == second {
                if secondIsActive { return .whenActive(.fixed(.bool(true)), .fixed(.bool(false))) }
                if computedValue {
                    // swiftcn calls `parse:` only for a selected class; inactive, the slot gets the default
                    // (NativeUtility.swift, `argument(default:parse:)`).
                    return .whenActive(.source("/* \(name): computed by the app's parse: closure */"), .argument)
                }
                return scalarValue ? .scalarArgument : .argument
            }
            if let local = locals[name] { return local }
        }
        if let m = e.as(MemberAccessExprSyntax.self) {
            if m.base?.sourceText == second, !secondIsActive {
                guard let payload else { return .argument }
                return .source("/* \(text): computed by the app from the \(payload) */")
            }
            if m.base == nil {
                let name = m.declName.baseName.text
                if TypedExpressions.systemColors.contains(name) {
                    return .fixed(.color(TypedExpressions.color(named: name)))
                }
                return .fixed(.member(name))
            }
        }
        if let p = e.as(PrefixOperatorExprSyntax.self) {
            if p.operator.text == "!", let positive = isActive(p.expression) {
                return .whenActive(.fixed(.bool(!positive)), .fixed(.bool(positive)))
            }
            if p.operator.text == "-" {
                return .arithmetic(.multiply, .fixed(.number(-1)), value(p.expression), text: text)
            }
        }
        if let s = e.as(SequenceExprSyntax.self) { return sequence(Array(s.elements), text) }
        if let t = e.as(TupleExprSyntax.self) {
            return .tuple(t.elements.map { T.Argument($0.label?.text, value($0.expression)) })
        }
        if let c = e.as(FunctionCallExprSyntax.self) {
            if let m = c.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = m.declName.baseName.text
                let baseText = m.base?.sourceText
                if baseText == nil || baseText == "Angle" || baseText == "Font" || baseText == "Edge.Set" {
                    return .call(name, arguments(c))
                }
                // `.black.opacity(active ? 0.8 : 0)`: a color computed per path.
                if name == "opacity", let base = m.base, case .fixed(.color(let color)) = value(base),
                    let factor = c.arguments.first?.expression
                {
                    return scaled(color, value(factor), text: text)
                }
            }
        }
        if let closure = e.as(ClosureExprSyntax.self) { return content(closure) }
        // `Double(amount)`, `CGFloat(amount)`: a conversion between floating-point types keeps the value.
        if let c = e.as(FunctionCallExprSyntax.self),
            let type = c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["Double", "CGFloat", "Float"].contains(type), c.arguments.count == 1,
            let only = c.arguments.first, only.label == nil, c.trailingClosure == nil
        {
            return value(only.expression)
        }
        // A name of the closure's own (its parameters, its locals) shadows the enclosing scope's:
        // what uses one is never evaluated there.
        if mentionsClosureName(e) { return .source(text) }
        switch eval.value(e, scope) {
        case .number(let n): return .fixed(.number(n))
        case .bool(let b): return .fixed(.bool(b))
        case .text(let s): return .fixed(.string(s))
        case .typed(let t): return .fixed(InlineModifierTemplate.irValue(t))
        default: return .source(text)
        }
    }

    /// Whether `expr` names a parameter or a local of the closure being read.
    func mentionsClosureName(_ expr: ExprSyntax) -> Bool {
        for token in expr.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if name == second || name == view || locals[name] != nil { return true }
        }
        return false
    }

    func scaled(_ color: ColorValue, _ factor: T.Value, text: String) -> T.Value {
        switch factor {
        case .fixed(.number(let n)): return .fixed(.color(color.withOpacity(n)))
        case .whenActive(let a, let b):
            return .whenActive(scaled(color, a, text: text), scaled(color, b, text: text))
        default: return .source(text)
        }
    }

    mutating func sequence(_ elements: [ExprSyntax], _ text: String) -> T.Value {
        if elements.count == 1 { return value(elements[0]) }
        if let i = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[i].as(UnresolvedTernaryExprSyntax.self), i == 1, elements.count == 3,
            let positive = isActive(elements[0])
        {
            let yes = value(ternary.thenExpression)
            let no = value(elements[2])
            return positive ? .whenActive(yes, no) : .whenActive(no, yes)
        }
        if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            let o = T.Operator(rawValue: op)
        {
            return .arithmetic(o, value(elements[0]), value(elements[2]), text: text)
        }
        return .source(text)
    }
}
