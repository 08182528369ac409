import TWGrammar
import TWModel

@_implementationOnly import SwiftSyntax

/// The identity lints of seed 001's "Lists and row state": row identity must
/// come from the model, never from positions, class strings or a new UUID per
/// render, and a condition belongs in the class string, not around two copies
/// of one view.
enum IdentityLints {
    /// `ForEach(items.indices)`, `ForEach(0..<items.count)`, `id: \.offset`,
    /// `id: \.self` over class strings.
    static func forEach(_ call: FunctionCallExprSyntax, eval: Evaluator, scope: Scope, findings: inout [Diagnostic]) {
        guard let data = call.arguments.first(where: { $0.label == nil })?.expression else { return }
        let at = eval.source.location(call)
        let text = data.sourceText
        let fix =
            "iterate the items themselves with a stable id: ForEach(items) { item in … } (Identifiable) or ForEach(items, id: \\.id)"
        if text.hasSuffix(".indices") {
            let collection = String(text.dropLast(8))
            findings.append(
                SourceFinding.unstableRowID(
                    what: "ForEach over `\(text)`",
                    why:
                        "rows are identified by position, so inserting, deleting or moving items in `\(collection)` gives one row's state to another",
                    fix: fix
                ).diagnostic(at: at))
            return
        }
        if let range = rangeUpperBound(data) {
            let upper = range.sourceText
            if upper.hasSuffix(".count") || isMutable(upper, eval: eval, scope: scope) {
                findings.append(
                    SourceFinding.unstableRowID(
                        what: "ForEach over `\(text)`",
                        why:
                            "rows are identified by position in a collection that changes, so a row's state moves to another item",
                        fix: fix
                    ).diagnostic(at: at))
                return
            }
        }
        let id = call.arguments.first { $0.label?.text == "id" }?.expression.sourceText
        if id == "\\.offset" {
            findings.append(
                SourceFinding.unstableRowID(
                    what: "ForEach with `id: \\.offset`",
                    why: "the offset is a position: reordering the items moves row state to other items", fix: fix
                ).diagnostic(at: at))
            return
        }
        if id == "\\.self", let closure = call.trailingClosure,
            let parameter = InlineClosures.parameters(closure).first,
            usesInClasses(parameter, closure.statements.sourceText)
        {
            findings.append(
                SourceFinding.unstableRowID(
                    what: "ForEach with `id: \\.self` over class strings",
                    why: "changing a row's classes changes its identity, so SwiftUI resets the row's state",
                    fix:
                        "identify rows by the model (ForEach(items) with an Identifiable item), and keep the classes a property of the row"
                ).diagnostic(at: at))
        }
    }

    /// `.id(UUID())` and `.id(<classes>)`.
    static func id(
        _ call: FunctionCallExprSyntax, chain: [ViewTreeReader.Modifier], eval: Evaluator, scope: Scope,
        findings: inout [Diagnostic]
    ) {
        guard let arg = call.arguments.first?.expression else { return }
        let text = arg.sourceText
        // At `.id`, not at the start of the chain the call ends.
        let at: TWModel.SourceLocation
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            at = eval.source.location(member.period)
        } else {
            at = eval.source.location(call.calledExpression)
        }
        if text == "UUID()" || text == "UUID().uuidString" {
            findings.append(
                SourceFinding.unstableRowID(
                    what: "`.id(\(text))`",
                    why: "a new identity on every render: SwiftUI resets the view's state each time the body runs",
                    fix: "use a stable model id: .id(item.id), or remove .id"
                ).diagnostic(at: at))
            return
        }
        // Classes: the very expression a `.tw` of this view uses, or a `TWClasses` value.
        let twArguments = chain.filter { $0.name == "tw" }.compactMap {
            $0.call?.arguments.first?.expression.sourceText
        }
        var isClasses = twArguments.contains(text)
        if !isClasses {
            switch eval.value(arg, scope) {
            case .classes, .list: isClasses = true
            case .conditional(_, .classes, _): isClasses = true
            default: break
            }
            let bare = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
            if let member = eval.index.lookup(bare, from: scope.owner), member.typeText?.hasPrefix("TWClasses") == true
            {
                isClasses = true
            }
        }
        if isClasses {
            findings.append(
                SourceFinding.unstableRowID(
                    what: "`.id(\(text))`",
                    why: "the identity comes from class strings, so changing the classes resets the view's state",
                    fix: "identify the view by its model (.id(item.id)); classes can then change without resetting it"
                ).diagnostic(at: at))
        }
    }

    /// `if c { Text(…).tw("a") } else { Text(…).tw("b") }`: one view, two identities.
    static func branch(
        _ i: IfExprSyntax, then: CodeBlockSyntax, else other: CodeBlockSyntax, eval: Evaluator,
        findings: inout [Diagnostic]
    ) {
        guard let a = single(then), let b = single(other) else { return }
        let reader = ViewTreeReader(eval: eval)
        let (baseA, modsA) = reader.decompose(a)
        let (baseB, modsB) = reader.decompose(b)
        guard baseA.sourceText == baseB.sourceText, modsA.map(\.name) == modsB.map(\.name) else {
            return
        }
        var differs = false
        for (x, y) in zip(modsA, modsB) where x.syntax.sourceText != y.syntax.sourceText {
            // Only the classes may differ: anything else is a real difference of views.
            let classModifier = x.name == "tw" || ViewTreeReader.isSurface(x)
            guard classModifier else { return }
            differs = true
        }
        guard differs, let type = ViewTreeReader.typeName(baseA) else { return }
        let condition = i.conditions.sourceText
        findings.append(
            SourceFinding.branchResetsIdentity(view: type, condition: condition).diagnostic(
                at: eval.source.location(i.ifKeyword)))
    }

    /// The only view statement of a block.
    static func single(_ block: CodeBlockSyntax) -> ExprSyntax? {
        let items = block.statements
        guard items.count == 1, let item = items.first else { return nil }
        if let e = item.item.as(ExprSyntax.self) { return e }
        return item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self)?.expression
    }

    /// `0..<n`: the upper bound.
    static func rangeUpperBound(_ e: ExprSyntax) -> ExprSyntax? {
        guard let s = e.as(SequenceExprSyntax.self), s.elements.count == 3,
            let op = s.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "..<" || op == "..."
        else { return nil }
        return s.elements.last
    }

    /// A state or settable property (its value can change while the view lives).
    static func isMutable(_ name: String, eval: Evaluator, scope: Scope) -> Bool {
        let bare = name.hasPrefix("self.") ? String(name.dropFirst(5)) : name
        guard let member = eval.index.lookup(bare, from: scope.owner) else { return false }
        return member.wrapper != nil || !member.isLet
    }

    /// Whether `name` appears inside a `.tw(` call in `text`.
    static func usesInClasses(_ name: String, _ text: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.firstRange(of: ".tw(") {
            var depth = 1
            var i = range.upperBound
            var inside = ""
            while i < rest.endIndex, depth > 0 {
                let c = rest[i]
                if c == "(" { depth += 1 }
                if c == ")" { depth -= 1 }
                if depth > 0 { inside.append(c) }
                i = rest.index(after: i)
            }
            if containsWord(name, inside) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    static func containsWord(_ word: String, _ text: String) -> Bool {
        var rest = Substring(text)
        while let r = rest.firstRange(of: word) {
            let before = r.lowerBound == rest.startIndex ? nil : rest[rest.index(before: r.lowerBound)]
            let after = r.upperBound == rest.endIndex ? nil : rest[r.upperBound]
            func isName(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isName(before) && !isName(after) { return true }
            rest = rest[r.upperBound...]
        }
        return false
    }
}
