import TWGrammar
import TWModel
import TWResolution
import TWScenes

@_implementationOnly import SwiftSyntax

/// Reads `.twRules(…)` in its three forms: `.twRules(TWGlobalRules(…))` and
/// `.twRules(rules)` (a property or constant of the file) replace the
/// inherited rules; `.twRules { rules in … }` merges into them (R-RULES-2).
struct RulesReader {
    let eval: Evaluator
    /// What reading found: notes on parts not read, unstable inline registrations.
    var findings: [Diagnostic] = []

    init(eval: Evaluator) { self.eval = eval }

    /// The rules of one `.twRules(…)` call.
    mutating func rules(_ call: FunctionCallExprSyntax, _ scope: Scope) -> SceneRules {
        if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) {
            // The merge form: assignments to the closure's parameter.
            var rules = SceneRules()
            let name = InlineClosures.parameters(closure).first ?? "$0"
            let local = Scope(owner: scope.owner, parent: scope)
            var byName = [name: rules]
            apply(closure.statements, &byName, local)
            rules = byName[name] ?? rules
            rules.location = eval.source.location(call)
            mark(&rules, call, scope)
            return rules
        }
        var rules = SceneRules()
        if let argument = call.arguments.first?.expression {
            rules = value(argument, scope) ?? notRead(argument)
        }
        rules.replace = true
        rules.keepsPlugins = true
        rules.location = eval.source.location(call)
        mark(&rules, call, scope)
        return rules
    }

    /// The view whose code makes the call, and where the call's name is.
    private func mark(_ rules: inout SceneRules, _ call: FunctionCallExprSyntax, _ scope: Scope) {
        rules.view = scope.owner
        let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
        rules.call = name.map { eval.source.location($0) } ?? eval.source.location(call)
    }

    /// `.twRules(c ? a : b)` with both rule sets read statically: the
    /// condition and the rules for each of its values.
    mutating func conditional(_ call: FunctionCallExprSyntax, _ scope: Scope) -> (
        condition: Condition, whenTrue: SceneRules, whenFalse: SceneRules
    )? {
        if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) {
            return conditionalMerge(closure, call, scope)
        }
        guard let argument = call.arguments.first?.expression else { return nil }
        let e = eval.unwrap(argument)
        var parts: (ExprSyntax, ExprSyntax, ExprSyntax)?
        if let t = e.as(TernaryExprSyntax.self) {
            parts = (t.condition, t.thenExpression, t.elseExpression)
        } else if let s = e.as(SequenceExprSyntax.self), s.elements.count == 3,
            let ternary = Array(s.elements)[1].as(UnresolvedTernaryExprSyntax.self),
            let condition = s.elements.first, let other = s.elements.last
        {
            parts = (condition, ternary.thenExpression, other)
        }
        guard let (condition, yes, no) = parts, var a = value(yes, scope), var b = value(no, scope) else { return nil }
        for i in 0..<2 {
            var r = i == 0 ? a : b
            r.replace = true
            r.keepsPlugins = true
            r.location = eval.source.location(call)
            mark(&r, call, scope)
            if i == 0 { a = r } else { b = r }
        }
        let (c, negated) = eval.condition(condition)
        return negated ? (c, b, a) : (c, a, b)
    }

    /// `.twRules { if c { $0.named["x"] = … } else { … } }`: one `if` on a
    /// run-time condition among the assignments — the merged rules when it
    /// holds and when it does not.
    private mutating func conditionalMerge(
        _ closure: ClosureExprSyntax, _ call: FunctionCallExprSyntax, _ scope: Scope
    ) -> (condition: Condition, whenTrue: SceneRules, whenFalse: SceneRules)? {
        let items = Array(closure.statements)
        let branches = items.enumerated().compactMap { i, item -> (Int, IfExprSyntax)? in
            let e =
                item.item.as(ExprSyntax.self)
                ?? item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self)?.expression
            return e?.as(IfExprSyntax.self).map { (i, $0) }
        }
        guard branches.count == 1, let (at, branch) = branches.first, branch.conditions.count == 1,
            case .expression(let condition) = branch.conditions.first?.condition
        else { return nil }
        if case .bool = eval.value(condition, scope) { return nil }
        var elseItems: [CodeBlockItemSyntax] = []
        if case .codeBlock(let block)? = branch.elseBody {
            elseItems = Array(block.statements)
        } else if branch.elseBody != nil {
            return nil  // `else if`: more than one condition
        }
        let name = InlineClosures.parameters(closure).first ?? "$0"
        func merged(_ body: [CodeBlockItemSyntax]) -> SceneRules {
            var byName = [name: SceneRules()]
            apply(items[..<at] + body + items[(at + 1)...], &byName, Scope(owner: scope.owner, parent: scope))
            var rules = byName[name] ?? SceneRules()
            rules.location = eval.source.location(call)
            mark(&rules, call, scope)
            return rules
        }
        let yes = merged(Array(branch.body.statements))
        let no = merged(elseItems)
        let (c, negated) = eval.condition(condition)
        return negated ? (c, no, yes) : (c, yes, no)
    }

    private mutating func notRead(_ expr: ExprSyntax) -> SceneRules {
        findings.append(
            SourceFinding.rulesNotRead(what: "the rules `\(expr.sourceText)`").diagnostic(
                at: eval.source.location(expr)))
        return SceneRules()
    }

    /// `TWGlobalRules(…)`, or a name for one: a property, a constant, a local.
    mutating func value(_ expr: ExprSyntax, _ scope: Scope, depth: Int = 0) -> SceneRules? {
        guard depth < 8 else { return nil }
        let e = eval.unwrap(expr)
        if let c = e.as(FunctionCallExprSyntax.self),
            ["TWGlobalRules", "TWGlobalRules.init", ".init"].contains(c.calledExpression.sourceText)
        {
            return globalRules(c, scope)
        }
        var member: FileIndex.Member?
        if let d = e.as(DeclReferenceExprSyntax.self) {
            if case .expression(let bound, let where_)? = scope.find(d.baseName.text) {
                eval.index.log?.noteDeclared()
                return value(bound, where_, depth: depth + 1)
            }
            member = eval.index.lookup(d.baseName.text, from: scope.owner)
        } else if let m = e.as(MemberAccessExprSyntax.self), let base = m.base?.sourceText {
            let name = m.declName.baseName.text
            member =
                base == "self"
                ? eval.index.lookup(name, from: scope.owner) : eval.index.lookup(name, inType: base, from: scope.owner)
        }
        guard let member, let binding = member.binding else { return nil }
        let memberScope = Scope(owner: member.owner)
        if let initializer = binding.initializer { return value(initializer.value, memberScope, depth: depth + 1) }
        switch binding.accessorBlock?.accessors {
        case .getter(let items)?: return block(items, memberScope, depth: depth + 1)
        case .accessors(let list)?:
            guard let body = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body else {
                return nil
            }
            return block(body.statements, memberScope, depth: depth + 1)
        case nil: return nil
        @unknown default: return nil
        }
    }

    /// A getter: `TWGlobalRules(…)`, or `var r = TWGlobalRules(); r.named["x"] = …; return r`.
    /// `depth` counts the names followed so far: a getter that returns itself ends here.
    private mutating func block(_ items: CodeBlockItemListSyntax, _ scope: Scope, depth: Int) -> SceneRules? {
        var byName: [String: SceneRules] = [:]
        var result: SceneRules?
        for item in items {
            if let v = item.item.as(DeclSyntax.self)?.as(VariableDeclSyntax.self) {
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let initializer = binding.initializer
                    else { continue }
                    if let rules = value(initializer.value, scope, depth: depth + 1) {
                        byName[name] = rules
                    } else {
                        scope.bind(name, .expression(initializer.value, scope))
                    }
                }
                continue
            }
            var expr: ExprSyntax?
            if let r = item.item.as(StmtSyntax.self)?.as(ReturnStmtSyntax.self) {
                guard let e = r.expression else { continue }
                if let d = e.as(DeclReferenceExprSyntax.self), let rules = byName[d.baseName.text] { return rules }
                return value(e, scope, depth: depth + 1)
            }
            if let s = item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self) { expr = s.expression }
            if let e = item.item.as(ExprSyntax.self) { expr = e }
            guard let expr else { continue }
            if assignment(expr, &byName, scope) || removal(expr, &byName, scope) { continue }
            if let d = expr.as(DeclReferenceExprSyntax.self), let rules = byName[d.baseName.text] {
                result = rules
            } else {
                result = value(expr, scope, depth: depth + 1)
            }
        }
        return result
    }

    /// Assignment statements in a merge closure or getter.
    private mutating func apply(
        _ items: some Sequence<CodeBlockItemSyntax>, _ byName: inout [String: SceneRules], _ scope: Scope
    ) {
        for item in items {
            var expr: ExprSyntax?
            if let s = item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self) { expr = s.expression }
            if let e = item.item.as(ExprSyntax.self) { expr = e }
            if let v = item.item.as(DeclSyntax.self)?.as(VariableDeclSyntax.self) { eval.bindLocals(v, scope) }
            if let expr, !assignment(expr, &byName, scope), !removal(expr, &byName, scope) {
                findings.append(
                    SourceFinding.rulesNotRead(what: "`\(expr.sourceText)`").diagnostic(
                        at: eval.source.location(expr)))
            }
        }
    }

    /// `rules.named["x"] = …`, `rules.view = …`, `rules.modifiers["x"] = .value(…) { … }`.
    private mutating func assignment(_ expr: ExprSyntax, _ byName: inout [String: SceneRules], _ scope: Scope) -> Bool {
        guard let s = expr.as(SequenceExprSyntax.self), s.elements.count == 3,
            s.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
            let target = s.elements.first, let assigned = s.elements.last
        else { return false }
        var key: String?
        var path = target
        if let sub = target.as(SubscriptCallExprSyntax.self) {
            guard let k = sub.arguments.first?.expression, case .text(let text) = eval.value(k, scope) else {
                return false
            }
            key = text
            path = sub.calledExpression
        }
        guard let m = path.as(MemberAccessExprSyntax.self), let base = m.base?.sourceText,
            var rules = byName[base]
        else { return false }
        let field = m.declName.baseName.text
        if assigned.is(NilLiteralExprSyntax.self), let key {
            // `rules.modifiers["x"] = nil`: the entry is gone, as from swiftcn's dictionaries.
            guard Self.remove(key, from: field, in: &rules) else { return false }
            byName[base] = rules
            return true
        }
        switch (field, key) {
        case ("view", nil):
            rules.rules.view = classes(assigned, scope)
            rules.overrides.view = true
        case ("button", nil):
            rules.rules.button = classes(assigned, scope)
            rules.overrides.button = true
        case ("named", let name?):
            rules.rules.named[name] = RecipeDefinition(
                classes: classes(assigned, scope), typed: StyleValues.isTyped(assigned, eval))
        case ("modifiers", let name?):
            if let m = InlineClosures.modifier(name: name, assigned, eval, scope, findings: &findings) {
                rules.inline.modifiers.removeAll { $0.name == name }
                rules.inline.modifiers.append(m)
            }
        case ("utilities", let name?):
            rules.inline.utilities.removeAll { $0.prefix == name }
            rules.inline.utilities.append(
                InlineClosures.utility(prefix: name, assigned, eval, scope, findings: &findings))
        case ("animations", let name?):
            if let a = animation(name, assigned, scope) {
                rules.inline.animations.removeAll { $0.name == name }
                rules.inline.animations.append(a)
            }
        default:
            return false
        }
        byName[base] = rules
        return true
    }

    /// `rules.modifiers.removeValue(forKey: "x")` (also of `named`, `utilities`, `animations`).
    private mutating func removal(_ expr: ExprSyntax, _ byName: inout [String: SceneRules], _ scope: Scope) -> Bool {
        guard let call = expr.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            callee.declName.baseName.text == "removeValue", call.arguments.count == 1,
            let argument = call.arguments.first, argument.label?.text == "forKey",
            case .text(let key) = eval.value(argument.expression, scope),
            let field = callee.base?.as(MemberAccessExprSyntax.self), let base = field.base?.sourceText,
            var rules = byName[base], Self.remove(key, from: field.declName.baseName.text, in: &rules)
        else { return false }
        byName[base] = rules
        return true
    }

    /// Removes one entry of a rule set's dictionary field; false for another field.
    private static func remove(_ key: String, from field: String, in rules: inout SceneRules) -> Bool {
        switch field {
        case "named": rules.rules.named[key] = nil
        case "modifiers": rules.inline.modifiers.removeAll { $0.name == key }
        case "utilities": rules.inline.utilities.removeAll { $0.prefix == key }
        case "animations": rules.inline.animations.removeAll { $0.name == key }
        default: return false
        }
        return true
    }

    /// `TWGlobalRules(view:button:named:modifiers:utilities:animations:)`.
    private mutating func globalRules(_ call: FunctionCallExprSyntax, _ scope: Scope) -> SceneRules {
        var rules = SceneRules()
        for argument in call.arguments {
            let label = argument.label?.text ?? ""
            let e = argument.expression
            switch label {
            case "view":
                rules.rules.view = classes(e, scope)
                rules.overrides.view = true
            case "button":
                rules.rules.button = classes(e, scope)
                rules.overrides.button = true
            case "named":
                for (name, v) in dictionary(e, scope) {
                    rules.rules.named[name] = RecipeDefinition(
                        classes: classes(v, scope), typed: StyleValues.isTyped(v, eval))
                }
            case "modifiers":
                for (name, v) in dictionary(e, scope) {
                    if let m = InlineClosures.modifier(name: name, v, eval, scope, findings: &findings) {
                        rules.inline.modifiers.append(m)
                    }
                }
            case "utilities":
                for (name, v) in dictionary(e, scope) {
                    rules.inline.utilities.append(
                        InlineClosures.utility(prefix: name, v, eval, scope, findings: &findings))
                }
            case "animations":
                for (name, v) in dictionary(e, scope) {
                    if let a = animation(name, v, scope) { rules.inline.animations.append(a) }
                }
            default:
                findings.append(
                    SourceFinding.rulesNotRead(what: "`\(label.isEmpty ? e.sourceText : label + ":")`")
                        .diagnostic(at: eval.source.location(argument)))
            }
        }
        return rules
    }

    /// A preset of `animations:` in one of swiftcn's forms (`Sources/SwiftCN/Animation.swift`):
    /// `TWAnimation { .spring(duration: $0) }` (timed by the duration classes), `TWAnimation(.bouncy)`
    /// (a fixed native animation: duration classes do not retime it), or a built-in preset
    /// (`.snappy`, `TWAnimation.smooth`), timed as that curve is.
    private mutating func animation(_ name: String, _ expr: ExprSyntax, _ scope: Scope) -> InlineAnimation? {
        let at = eval.source.location(expr)
        let e = eval.unwrap(expr)
        var read: (animation: AnimationValue, usesSeconds: Bool, defaultDuration: Double?)?
        var expression: String?
        if let call = e.as(FunctionCallExprSyntax.self), let closure = call.trailingClosure {
            read = InlineClosures.animation(closure, eval)
        } else if let call = e.as(FunctionCallExprSyntax.self),
            ["TWAnimation", ".init", "TWAnimation.init"].contains(call.calledExpression.sourceText),
            call.arguments.count == 1, let fixed = call.arguments.first, fixed.label == nil
        {
            read = Self.fixedAnimation(fixed.expression, eval, scope).map { ($0, false, nil) }
            if read == nil {
                // `TWAnimation(_ animation: Animation)` takes any Animation (`Animation(Probe())`
                // of an app's CustomAnimation, a variable): fixed, and shown as written.
                expression = InlineAnimation.written(fixed.expression.sourceText)
                read = (AnimationValue(curve: .default), false, nil)
            }
        } else if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base?.sourceText == "TWAnimation",
            let curve = AnimationValue.Curve(rawValue: m.declName.baseName.text), curve != .default
        {
            read = (AnimationValue(curve: curve), true, nil)
        }
        guard let read else {
            findings.append(SourceFinding.rulesNotRead(what: "the animation '\(name)'").diagnostic(at: at))
            return nil
        }
        var preset = InlineAnimation(
            name: name, animation: read.animation, usesSeconds: read.usesSeconds, defaultDuration: read.defaultDuration,
            location: at)
        preset.expression = expression
        return preset
    }

    /// `TWAnimation(_ animation:)`'s native animation: `.bouncy`, `.spring(response: 0.4)`, `Animation.smooth`.
    static func fixedAnimation(_ expr: ExprSyntax, _ eval: Evaluator, _ scope: Scope) -> AnimationValue? {
        let e = eval.unwrap(expr)
        if let m = e.as(MemberAccessExprSyntax.self), m.base == nil || m.base?.sourceText == "Animation" {
            return AnimationValue.member(m.declName.baseName.text)
        }
        if let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
            m.base == nil || m.base?.sourceText == "Animation",
            case .typed(.animation(let a)) = TypedExpressions.animation(
                m.declName.baseName.text, Array(c.arguments), c, eval, scope)
        {
            return a
        }
        return nil
    }

    /// A dictionary literal with string keys, in source order.
    private mutating func dictionary(_ expr: ExprSyntax, _ scope: Scope) -> [(String, ExprSyntax)] {
        guard let d = eval.unwrap(expr).as(DictionaryExprSyntax.self) else {
            findings.append(
                SourceFinding.rulesNotRead(what: "`\(expr.sourceText)`").diagnostic(
                    at: eval.source.location(expr)))
            return []
        }
        guard case .elements(let elements) = d.content else { return [] }
        var out: [(String, ExprSyntax)] = []
        for element in elements {
            guard case .text(let key) = eval.value(element.key, scope) else {
                findings.append(
                    SourceFinding.dynamicClasses(
                        expression: "the key `\(element.key.sourceText)`", why: "not a literal"
                    )
                    .diagnostic(at: eval.source.location(element.key)))
                continue
            }
            out.append((key, element.value))
        }
        return out
    }

    /// Classes of rules (which cannot depend on conditions: the first branch is read).
    private mutating func classes(_ expr: ExprSyntax, _ scope: Scope) -> TWClasses {
        var combinator = Combinator([:])
        let value = StyleValues.value(expr, eval, scope)
        let result = combinator.classes(value) ?? TWClasses(segments: [])
        findings += combinator.notes
        return result
    }
}
