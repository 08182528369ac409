import TWGrammar
import TWModel
import TWSupport

@_implementationOnly import SwiftSyntax

/// Where names resolve: local bindings (a getter's `let`s, closure and
/// function parameters), then the members of the type the code is in, then
/// the file.
final class Scope {
    enum Binding {
        /// `let angle = Angle.degrees(…)`: evaluated where it was written, when used.
        case expression(ExprSyntax, Scope)
        case value(Value)
    }
    /// The qualified name of the type the code is in ("" at file level).
    let owner: String
    let parent: Scope?
    private(set) var bindings: [String: Binding] = [:]

    init(owner: String, parent: Scope? = nil) {
        self.owner = owner
        self.parent = parent
    }

    func bind(_ name: String, _ binding: Binding) { bindings[name] = binding }

    func find(_ name: String) -> Binding? {
        var scope: Scope? = self
        while let s = scope {
            if let b = s.bindings[name] { return b }
            scope = s.parent
        }
        return nil
    }
}

/// Reads what a Swift expression's value is, as far as the file says:
/// literals, constants and computed properties of the file, `cn(…)` in all its
/// forms, conditions, typed values and `TWStyle` values. What only the running
/// app knows becomes a symbolic value (inside brackets) or dynamic classes.
final class Evaluator {
    let index: FileIndex
    let source: SourceContext
    /// Members already evaluated (they depend on nothing local).
    private var memo: [String: Value] = [:]
    /// How deep the evaluation is: names followed, nested expressions, chained
    /// ternaries, nested styles. Hostile input nests without end; past
    /// `maxDepth` a value is symbolic instead of a deeper stack.
    private(set) var depth = 0
    /// Lookups nest at most this deep (`let a = b; let b = a` ends here).
    static let maxDepth = 24

    init(index: FileIndex, source: SourceContext) {
        self.index = index
        self.source = source
    }

    // MARK: expressions

    /// The value of an argument passed for a declaration of type `declaredType`: an implicit
    /// member (`.linear(duration: 2)` for an `Animation`) is read as one of that type.
    func value(_ expr: ExprSyntax, _ scope: Scope, declaredType: String?) -> Value {
        if var type = declaredType?.replacing(" ", with: "") {
            while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
            if type.hasPrefix("SwiftUI.") { type.removeFirst(8) }
            if TypedExpressions.impliedBases.contains(type) {
                let e = unwrap(expr)
                if let m = e.as(MemberAccessExprSyntax.self), m.base == nil,
                    let typed = TypedExpressions.member(m, self, scope, impliedBase: type)
                {
                    return typed
                }
                if let c = e.as(FunctionCallExprSyntax.self),
                    let callee = c.calledExpression.as(MemberAccessExprSyntax.self), callee.base == nil,
                    let typed = TypedExpressions.call(c, self, scope, impliedBase: type)
                {
                    return typed
                }
            }
        }
        return value(expr, scope)
    }

    func value(_ expr: ExprSyntax, _ scope: Scope) -> Value {
        guard enter() else { return symbolic(expr, nil) }
        defer { leave() }
        let expr = unwrap(expr)
        if let s = expr.as(StringLiteralExprSyntax.self) { return string(s, scope) }
        if let i = expr.as(IntegerLiteralExprSyntax.self) {
            return Self.integer(i.literal.text).map(Value.number) ?? symbolic(expr, .number)
        }
        if let f = expr.as(FloatLiteralExprSyntax.self) {
            return Double(f.literal.text.replacing("_", with: "")).map(Value.number) ?? symbolic(expr, .number)
        }
        if let b = expr.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.tokenKind == .keyword(.true)) }
        if expr.is(NilLiteralExprSyntax.self) { return .nothing }
        if let p = expr.as(PrefixOperatorExprSyntax.self) { return prefix(p, scope) }
        if let s = expr.as(SequenceExprSyntax.self) { return sequence(Array(s.elements), whole: expr, scope) }
        if let t = expr.as(TernaryExprSyntax.self) {
            return conditional(t.condition, then: t.thenExpression, else: t.elseExpression, scope)
        }
        if let a = expr.as(ArrayExprSyntax.self) { return .list(a.elements.map { value($0.expression, scope) }) }
        if let d = expr.as(DeclReferenceExprSyntax.self) { return name(d.baseName.text, expr, scope) }
        if let m = expr.as(MemberAccessExprSyntax.self) { return member(m, scope) }
        if let c = expr.as(FunctionCallExprSyntax.self) { return call(c, scope) }
        if let i = expr.as(IfExprSyntax.self) { return ifValue(i, scope, builder: false) }
        return symbolic(expr, nil)
    }

    /// One level deeper, unless that is past `maxDepth`.
    func enter() -> Bool {
        guard depth < Self.maxDepth else { return false }
        depth += 1
        return true
    }

    func leave() { depth -= 1 }

    /// Parentheses, `try`, `await`, `!` and `?` do not change what the reader knows.
    func unwrap(_ expr: ExprSyntax) -> ExprSyntax {
        var e = expr
        while true {
            // The kind read once, not tried against each wrapper in turn (this runs for every value read).
            switch e.kind {
            case .tupleExpr:
                guard let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first,
                    only.label == nil
                else { return e }
                e = only.expression
            case .tryExpr: e = e.cast(TryExprSyntax.self).expression
            case .awaitExpr: e = e.cast(AwaitExprSyntax.self).expression
            case .forceUnwrapExpr: e = e.cast(ForceUnwrapExprSyntax.self).expression
            case .sequenceExpr:
                guard let s = e.as(SequenceExprSyntax.self), s.elements.count == 1, let only = s.elements.first
                else { return e }
                e = only
            default: return e
            }
        }
    }

    static func integer(_ literal: String) -> Double? {
        let text = literal.replacing("_", with: "")
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16).map(Double.init) }
        if text.hasPrefix("0b") { return Int(text.dropFirst(2), radix: 2).map(Double.init) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8).map(Double.init) }
        return Int(text).map(Double.init)
    }

    func symbolic(_ expr: some SyntaxProtocol, _ type: ArgumentType?) -> Value {
        .symbolic(expr.sourceText, type, source.location(expr))
    }

    func dynamic(_ expr: some SyntaxProtocol, _ why: String) -> Value {
        .dynamic(expr.sourceText, why: why, source.location(expr))
    }

    private func prefix(_ p: PrefixOperatorExprSyntax, _ scope: Scope) -> Value {
        let inner = value(p.expression, scope)
        switch p.operator.text {
        case "-":
            return inner.map { v in
                switch v {
                case .number(let n): return .number(-n)
                case .typed(.points(let n)): return .typed(.points(-n))
                case .typed(.angle(let n)): return .typed(.angle(-n))
                default: return self.symbolic(p, nil)
                }
            }
        case "!":
            if case .bool(let b) = inner { return .bool(!b) }
            return symbolic(p, .bool)
        default: return symbolic(p, nil)
        }
    }

    // MARK: conditions

    /// A condition's identity: its text without `self.`, and whether it was negated.
    func condition(_ expr: ExprSyntax) -> (Condition, negated: Bool) {
        var e = unwrap(expr)
        var negated = false
        while let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" {
            negated.toggle()
            e = unwrap(p.expression)
        }
        var text = e.sourceText
        if text.hasPrefix("self.") { text = String(text.dropFirst(5)) }
        return (Condition(text: text, location: source.location(e)), negated)
    }

    func conditional(_ cond: ExprSyntax, then a: ExprSyntax, else b: ExprSyntax, _ scope: Scope) -> Value {
        let known = value(cond, scope)
        if case .bool(let flag) = known { return value(flag ? a : b, scope) }
        let (c, negated) = condition(cond)
        let yes = value(a, scope)
        let no = value(b, scope)
        return negated ? .conditional(c, no, yes) : .conditional(c, yes, no)
    }

    /// `a ? b : c`, arithmetic and `??` in an unfolded operator sequence.
    private func sequence(_ elements: [ExprSyntax], whole: ExprSyntax, _ scope: Scope) -> Value {
        if elements.count == 1 { return value(elements[0], scope) }
        // `a ? b : c ? d : …` recurses once per ternary.
        guard enter() else { return symbolic(whole, nil) }
        defer { leave() }
        // The ternary binds loosest (assignments aside): split at the first one.
        if let i = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[i].as(UnresolvedTernaryExprSyntax.self), i > 0, i + 1 < elements.count
        {
            let condition = Array(elements[..<i])
            let rest = Array(elements[(i + 1)...])
            let known = sequence(condition, whole: whole, scope)
            if case .bool(let flag) = known {
                return flag ? value(ternary.thenExpression, scope) : sequence(rest, whole: whole, scope)
            }
            let conditionText = condition.map(\.sourceText).joined(separator: " ")
            var text = conditionText
            var negated = false
            if condition.count == 1 {
                let (c, n) = self.condition(condition[0])
                text = c.text
                negated = n
            }
            let c = Condition(text: text, location: source.location(condition[0]))
            let yes = value(ternary.thenExpression, scope)
            let no = sequence(rest, whole: whole, scope)
            return negated ? .conditional(c, no, yes) : .conditional(c, yes, no)
        }
        // `x ?? y`: the right side when the left is nil.
        if let i = elements.firstIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }) {
            let left = sequence(Array(elements[..<i]), whole: whole, scope)
            if case .nothing = left { return sequence(Array(elements[(i + 1)...]), whole: whole, scope) }
            if left.isDynamic { return symbolic(whole, nil) }
            return left
        }
        // + - * / on numbers (and + on strings): left to right, * and / first.
        var operands: [Value] = []
        var operators: [String] = []
        for (i, e) in elements.enumerated() {
            if i % 2 == 0 {
                operands.append(value(e, scope))
            } else {
                guard let op = e.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+", "-", "*", "/"].contains(op)
                else { return symbolic(whole, nil) }
                operators.append(op)
            }
        }
        guard operands.count == operators.count + 1 else { return symbolic(whole, nil) }
        var i = 0
        while i < operators.count {
            if operators[i] == "*" || operators[i] == "/" {
                operands[i] = arithmetic(operands[i], operators[i], operands[i + 1], whole)
                operands.remove(at: i + 1)
                operators.remove(at: i)
            } else {
                i += 1
            }
        }
        var result = operands[0]
        for (k, op) in operators.enumerated() { result = arithmetic(result, op, operands[k + 1], whole) }
        return result
    }

    private func arithmetic(_ a: Value, _ op: String, _ b: Value, _ whole: ExprSyntax) -> Value {
        a.combine(b) { x, y in
            switch (x, y) {
            case (.number(let p), .number(let q)):
                switch op {
                case "+": return .number(p + q)
                case "-": return .number(p - q)
                case "*": return .number(p * q)
                default: return q == 0 ? self.symbolic(whole, .number) : .number(p / q)
                }
            case (.text(let p), .text(let q)) where op == "+": return .text(p + q)
            default:
                if case .number = x { return self.symbolic(whole, .number) }
                return self.symbolic(whole, nil)
            }
        }
    }

    // MARK: string literals

    /// A literal's text pieces and interpolations; an interpolation is inside
    /// brackets when the literal's text before it left a `[` open.
    func string(_ s: StringLiteralExprSyntax, _ scope: Scope) -> Value {
        // Whether the literal is raw, looked up only for a text with a backslash (the one case it changes).
        var raw: Bool?
        func content(_ segment: StringSegmentSyntax) -> String {
            let text = segment.content.text
            guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
            if raw == nil { raw = s.openingPounds != nil }
            return raw == true ? text : Self.unescape(text)
        }
        let segments = s.segments
        // Most literals are one piece of text (`"p-4 rounded"`): its text, without the pieces.
        if segments.count == 1, let text = segments.first?.as(StringSegmentSyntax.self) { return .text(content(text)) }
        var pieces: [Value.Piece] = []
        var depth = 0
        var plain = true
        for segment in segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                let content = content(text)
                for byte in content.utf8 {
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") && depth > 0 { depth -= 1 }
                }
                pieces.append(.text(content))
            } else if let e = segment.as(ExpressionSegmentSyntax.self) {
                plain = false
                guard let first = e.expressions.first else { continue }
                pieces.append(
                    .interpolation(value(first.expression, scope), inBrackets: depth > 0, source.location(first)))
            }
        }
        if plain {
            return .text(
                pieces.map {
                    if case .text(let t) = $0 { return t }
                    return ""
                }.joined())
        }
        return .classes(pieces)
    }

    /// Swift escapes in a string literal's text: `\\`, `\"`, `\n`, `\t`, `\u{…}`.
    static func unescape(_ text: String) -> String {
        // A text without a backslash byte holds no escape (the byte check first: it is the common case).
        guard text.utf8.contains(UInt8(ascii: "\\")), text.contains("\\") else { return text }
        var out = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else {
                out.unicodeScalars.append(c)
                continue
            }
            guard let next = iterator.next() else {
                out += "\\"
                break
            }
            switch next {
            case "n": out += "\n"
            case "t": out += "\t"
            case "r": out += "\r"
            case "0": out += "\0"
            case "u":
                var hex = ""
                _ = iterator.next()  // "{"
                while let h = iterator.next(), h != "}" { hex.unicodeScalars.append(h) }
                if let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) { out.unicodeScalars.append(scalar) }
            default: out.unicodeScalars.append(next)
            }
        }
        return out
    }

    // MARK: names

    private func name(_ name: String, _ expr: some SyntaxProtocol, _ scope: Scope) -> Value {
        if let binding = scope.find(name) {
            index.log?.noteDeclared()
            switch binding {
            case .value(let v): return v
            case .expression(let e, let where_): return value(e, where_)
            }
        }
        if let member = index.lookup(name, from: scope.owner) { return memberValue(member, expr) }
        return symbolic(expr, nil)
    }

    /// The value of a property: a constant's initializer or a computed
    /// property's result; a runtime value for state and settable properties.
    func memberValue(_ member: FileIndex.Member, _ use: some SyntaxProtocol) -> Value {
        let key = member.owner + "." + member.name
        if let known = memo[key] { return known }
        let result: Value
        let declared = member.typeText.map(Self.kind(ofType:))
        if member.function != nil {
            result = declared?.classLike == true ? dynamic(use, "a function call") : symbolic(use, declared?.type)
        } else if member.wrapper != nil {
            result =
                declared?.classLike == true
                ? dynamic(use, "@\(member.wrapper ?? "") state")
                : .symbolic(use.sourceText, declared?.type ?? inferredType(member), source.location(use))
        } else if let getter = member.binding?.accessorBlock {
            let scope = Scope(owner: member.owner)
            switch getter.accessors {
            case .getter(let items): result = block(items, scope) ?? symbolic(use, declared?.type)
            case .accessors(let list):
                if let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    let body = get.body
                {
                    result = block(body.statements, scope) ?? symbolic(use, declared?.type)
                } else {
                    result = symbolic(use, declared?.type)
                }
            @unknown default: result = symbolic(use, declared?.type)
            }
        } else if let initializer = member.binding?.initializer, member.isLet || member.isStatic || member.owner.isEmpty
        {
            result = value(initializer.value, Scope(owner: member.owner))
        } else if declared?.classLike == true {
            result = dynamic(use, "a property set at run time")
        } else {
            result = .symbolic(use.sourceText, declared?.type ?? inferredType(member), source.location(use))
        }
        memo[key] = result
        return result
    }

    /// The type a settable property's initial value shows (`var angle = Angle.zero`).
    private func inferredType(_ member: FileIndex.Member) -> ArgumentType? {
        guard let initializer = member.binding?.initializer else { return nil }
        switch value(initializer.value, Scope(owner: member.owner)) {
        case .typed(let t): return t.type
        case .number: return .number
        default: return nil
        }
    }

    /// What a type annotation says: an argument type, or class text.
    static func kind(ofType text: String) -> (type: ArgumentType?, classLike: Bool) {
        var t = text.replacing(" ", with: "")
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        if t.hasPrefix("[") && t.hasSuffix("]") { t = String(t.dropFirst().dropLast()) }
        while t.hasSuffix("?") { t.removeLast() }
        switch t {
        case "TWClasses", "String", "Substring", "TWStyle": return (nil, true)
        case "Angle": return (.angle, false)
        case "CGFloat": return (.points, false)
        case "Double", "Float", "Int": return (.number, false)
        case "TimeInterval": return (.seconds, false)
        case "Color": return (.color, false)
        case "Animation", "TWAnimation": return (.animation, false)
        case "Bool": return (.bool, false)
        default: return (nil, false)
        }
    }

    /// Statements of a getter or closure: `let`s bound, then the returned (or only) expression.
    func block(_ items: CodeBlockItemListSyntax, _ scope: Scope) -> Value? {
        var result: Value?
        for item in items {
            switch item.item {
            case .decl(let d):
                if let v = d.as(VariableDeclSyntax.self) { bindLocals(v, scope) }
            case .stmt(let s):
                if let r = s.as(ReturnStmtSyntax.self), let e = r.expression { return value(e, scope) }
                if let e = s.as(ExpressionStmtSyntax.self) { result = value(e.expression, scope) }
            case .expr(let e):
                result = value(e, scope)
            @unknown default: break
            }
        }
        return result
    }

    func bindLocals(_ v: VariableDeclSyntax, _ scope: Scope) {
        for binding in v.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let initializer = binding.initializer {
                if v.bindingSpecifier.tokenKind == .keyword(.let) {
                    scope.bind(name, .expression(initializer.value, scope))
                } else {
                    // A local `var` can change before use: only its type is known.
                    let kind = binding.typeAnnotation.map { Self.kind(ofType: $0.type.sourceText) }
                    if kind?.classLike == true {
                        scope.bind(name, .value(dynamic(binding, "a local variable")))
                    } else {
                        scope.bind(name, .value(.symbolic(name, kind?.type, source.location(binding))))
                    }
                }
            }
        }
    }

    private func member(_ m: MemberAccessExprSyntax, _ scope: Scope) -> Value {
        let name = m.declName.baseName.text
        guard let base = m.base else { return symbolic(m, nil) }
        let baseText = base.sourceText
        if baseText == "self" {
            if let member = index.lookup(name, from: scope.owner) { return memberValue(member, m) }
            return symbolic(m, nil)
        }
        if let typed = TypedExpressions.member(m, self, scope) { return typed }
        if let first = baseText.first, first.isUppercase,
            let member = index.lookup(name, inType: baseText, from: scope.owner)
        {
            return memberValue(member, m)
        }
        return symbolic(m, nil)
    }

    // MARK: calls

    func call(_ c: FunctionCallExprSyntax, _ scope: Scope) -> Value {
        let callee = c.calledExpression.sourceText
        switch callee {
        case "cn":
            if let closure = c.trailingClosure, c.arguments.isEmpty { return builder(closure.statements, scope) }
            return .list(c.arguments.map { value($0.expression, scope) })
        case "TWClasses":
            guard let first = c.arguments.first else { return .text("") }
            let inner = value(first.expression, scope)
            if case .symbolic(let text, _, let at) = inner { return .dynamic(text, why: "a runtime String", at) }
            return inner
        case "TWStyle":
            return StyleValues.style(arguments: c.arguments, self, scope)
        default: break
        }
        if let typed = TypedExpressions.call(c, self, scope) { return typed }
        if let style = StyleValues.call(c, self, scope) { return style }
        return dynamic(c, "a function call")
    }

    /// `cn { … }`: strings, arrays, `if`, `for` over a known array.
    func builder(_ items: CodeBlockItemListSyntax, _ scope: Scope) -> Value {
        var parts: [Value] = []
        let local = Scope(owner: scope.owner, parent: scope)
        for item in items {
            switch item.item {
            case .decl(let d):
                if let v = d.as(VariableDeclSyntax.self) { bindLocals(v, local) }
            case .stmt(let s):
                if let f = s.as(ForStmtSyntax.self) {
                    parts.append(forLoop(f, local))
                } else if let e = s.as(ExpressionStmtSyntax.self) {
                    parts.append(builderExpression(e.expression, local))
                }
            case .expr(let e):
                parts.append(builderExpression(e, local))
            @unknown default: break
            }
        }
        return .list(parts)
    }

    private func builderExpression(_ e: ExprSyntax, _ scope: Scope) -> Value {
        if let i = e.as(IfExprSyntax.self) { return ifValue(i, scope, builder: true) }
        let v = value(e, scope)
        if case .symbolic(let text, let type, let at) = v, type == nil {
            return .dynamic(text, why: "a runtime String", at)
        }
        return v
    }

    /// `if c { … } else { … }` as a value (or, in a builder, as fragments).
    func ifValue(_ i: IfExprSyntax, _ scope: Scope, builder: Bool) -> Value {
        let thenScope = Scope(owner: scope.owner, parent: scope)
        var conditionText: [String] = []
        var negated = false
        var conditionLocation = source.location(i.conditions)
        for element in i.conditions {
            switch element.condition {
            case .expression(let e):
                let known = value(e, scope)
                if case .bool(let flag) = known, i.conditions.count == 1 {
                    if flag { return branch(i.body.statements, thenScope, builder) }
                    return elseValue(i, scope, builder)
                }
                let (c, n) = condition(e)
                conditionText.append(c.text)
                negated = n && i.conditions.count == 1
                conditionLocation = c.location
            case .optionalBinding(let b):
                let name = b.pattern.sourceText
                let bound = b.initializer.map { value($0.value, scope) } ?? self.name(name, b.pattern, scope)
                thenScope.bind(name, .value(bound))
                conditionText.append(b.sourceText)
            default:
                conditionText.append(element.condition.sourceText)
            }
        }
        let c = Condition(text: conditionText.joined(separator: ", "), location: conditionLocation)
        let yes = branch(i.body.statements, thenScope, builder)
        let no = elseValue(i, scope, builder)
        return negated ? .conditional(c, no, yes) : .conditional(c, yes, no)
    }

    private func elseValue(_ i: IfExprSyntax, _ scope: Scope, _ builder: Bool) -> Value {
        switch i.elseBody {
        case .ifExpr(let next)?: return ifValue(next, scope, builder: builder)
        case .codeBlock(let block)?: return branch(block.statements, Scope(owner: scope.owner, parent: scope), builder)
        case nil: return .nothing
        @unknown default: return .nothing
        }
    }

    private func branch(_ items: CodeBlockItemListSyntax, _ scope: Scope, _ builder: Bool) -> Value {
        builder ? self.builder(items, scope) : (block(items, scope) ?? .nothing)
    }

    private func forLoop(_ f: ForStmtSyntax, _ scope: Scope) -> Value {
        let sequence = value(f.sequence, scope)
        guard case .list(let items) = sequence, let name = f.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return dynamic(f.sequence, "a loop over a runtime collection") }
        var parts: [Value] = []
        for item in items {
            let loop = Scope(owner: scope.owner, parent: scope)
            loop.bind(name, .value(item))
            parts.append(builder(f.body.statements, loop))
        }
        return .list(parts)
    }
}

/// Locations in one file: 1-based lines and UTF-8 columns, as SwiftSyntax
/// counts them (its `SourceLocationConverter` gives the same line and column
/// for every offset; a test compares the two). Built from the file's bytes,
/// not the tree: SwiftSyntax's converter visits every token's text to find
/// the lines, which cost as much as a tenth of reading a file of long chains.
struct SourceContext {
    let file: String
    /// The bytes the file's tree was parsed from (its positions are offsets into them).
    let bytes: [UInt8]
    let lines: LineTable
    private let starts = StartCache()

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        lines = LineTable(bytes)
    }

    /// The text of `node` when its source, blanks around it aside, is one
    /// string literal on one line without an escape, an interpolation or a
    /// `#` delimiter (`"p-4 rounded"`): the value `Evaluator.value` reads from
    /// that literal, taken from the file's bytes without descending into the
    /// node's syntax. Nil for anything else (`"a" + b`, `"a", "b"`, `#"…"#`,
    /// `"\(x)"`, `"""…"""`, a comment after the literal), which is read from the syntax.
    func plainLiteral(_ node: some SyntaxProtocol) -> String? {
        var start = node.position.utf8Offset
        var end = node.endPosition.utf8Offset
        guard start >= 0, start <= end, end <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { b -> String? in
            while start < end, ASCII.isWhitespace(b[start]) { start += 1 }
            while end > start, ASCII.isWhitespace(b[end - 1]) { end -= 1 }
            let quote = UInt8(ascii: "\"")
            guard end - start >= 2, b[start] == quote, b[end - 1] == quote else { return nil }
            for i in (start + 1)..<(end - 1) {
                let byte = b[i]
                if byte == quote || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\n")
                    || byte == UInt8(ascii: "\r")
                {
                    return nil
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<(end - 1)]), as: UTF8.self)
        }
    }

    /// The line and column of a UTF-8 offset into the file.
    func location(atOffset offset: Int) -> TWModel.SourceLocation {
        lines.location(offset, file: file)
    }

    /// Where `node` starts, after its leading trivia. SwiftSyntax finds that
    /// place by descending to the node's first token, which in a chain
    /// `Text("x").tw(…).tw(…)…` is as deep as the chain: asked once per
    /// layer, that was quadratic in the chain's length. Nodes that begin at
    /// the same offset (trivia included) begin with the same token, since
    /// every token of a tree without errors has text, so the place is kept
    /// by that offset and found once per token.
    func location(_ node: some SyntaxProtocol) -> TWModel.SourceLocation {
        starts.requests += 1
        let offset = node.position.utf8Offset
        let keep = node.totalLength.utf8Length > 0
        if keep, let known = starts.byOffset[offset] { return known }
        starts.searches += 1
        let location = self.location(atOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        if keep { starts.byOffset[offset] = location }
        return location
    }

    /// How many locations were asked for, and how many of them searched for
    /// their node's first token (the others were known by their offset).
    var locationCounts: (requests: Int, searches: Int) { (starts.requests, starts.searches) }

    /// The locations found so far, by the offset their nodes begin at (one file, one thread).
    private final class StartCache {
        var byOffset: [Int: TWModel.SourceLocation] = [:]
        var requests = 0
        var searches = 0
    }
}

extension SyntaxProtocol {
    /// The node's source text without its leading and trailing trivia.
    ///
    /// `trimmedDescription` builds a trimmed copy of the node, and SwiftSyntax
    /// rebuilds every ancestor of a changed node: in a block of thousands of
    /// views that copies the block once per view. Slicing the node's own bytes
    /// between its trivia costs only the node's length.
    var sourceText: String {
        let bytes = syntaxTextBytes
        let start = positionAfterSkippingLeadingTrivia.utf8Offset - position.utf8Offset
        let end = endPositionBeforeTrailingTrivia.utf8Offset - position.utf8Offset
        guard start >= 0, end <= bytes.count, start <= end else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
