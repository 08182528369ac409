import TWModel

@_implementationOnly import SwiftSyntax

/// `#if` blocks: which clauses are read. A condition on the platform
/// (`os(macOS)`, `targetEnvironment(macCatalyst)`, `canImport(UIKit)`) is
/// decided by the platform being checked (`--platform`, iOS by default); any
/// other condition (`DEBUG`, a custom flag, `swift(>=6)`) cannot be known
/// statically, so every clause it guards is read, each marked with the
/// condition under which it is compiled.
enum BuildConditions {
    /// One clause to read, with the condition it is compiled under when that
    /// condition is not decided by the platform (nil when it is).
    struct Clause {
        var clause: IfConfigClauseSyntax
        var condition: String?
    }

    /// The clauses of `block` that can be compiled for `platform`, in order.
    static func clauses(_ block: IfConfigDeclSyntax, platform: RenderEnvironment.Platform) -> [Clause] {
        var out: [Clause] = []
        // Conditions of earlier clauses that the platform does not decide: a later clause needs them false.
        var undecided: [String] = []
        for clause in block.clauses {
            let value = clause.condition.map { evaluate($0, platform) } ?? true
            if value == false { continue }
            let text = clause.condition.map { $0.sourceText }
            var parts = undecided.map(negated)
            if value == nil, let text { parts.append(text) }
            out.append(Clause(clause: clause, condition: parts.isEmpty ? nil : parts.joined(separator: " && ")))
            if value == true { break }
            if let text { undecided.append(text) }
        }
        return out
    }

    /// `!DEBUG`, `!(A || B)`.
    static func negated(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "!" + text : "!(" + text + ")"
    }

    /// The mark a view compiled under `condition` carries in its path: `[#if DEBUG]`.
    static func mark(_ condition: String?) -> String {
        condition.map { "[#if \($0)]" } ?? ""
    }

    /// True or false when the platform decides the condition, nil when it does not.
    static func evaluate(_ expr: ExprSyntax, _ platform: RenderEnvironment.Platform) -> Bool? {
        if let t = expr.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return evaluate(only.expression, platform)
        }
        if let p = expr.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" {
            return evaluate(p.expression, platform).map { !$0 }
        }
        if let b = expr.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) }
        if let s = expr.as(SequenceExprSyntax.self) { return sequence(Array(s.elements), platform) }
        if let i = expr.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self) {
            return combine(op.operator.text, evaluate(i.leftOperand, platform), evaluate(i.rightOperand, platform))
        }
        guard let call = expr.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let argument = call.arguments.first?.expression.sourceText
        else { return nil }
        switch name {
        case "os":
            switch argument {
            case "iOS": return platform == .ios
            case "macOS", "OSX": return platform == .macos
            case "tvOS": return platform == .tvos
            // The other systems are none of the platforms twhost checks.
            case "watchOS", "visionOS", "xrOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI":
                return false
            default: return nil
            }
        case "targetEnvironment":
            // A Mac Catalyst build is none of the native platforms; the simulator is any of them.
            return argument == "macCatalyst" ? false : nil
        case "canImport":
            switch argument {
            case "UIKit": return platform != .macos
            case "AppKit": return platform == .macos
            case "SwiftUI", "Foundation", "Combine": return true
            default: return nil
            }
        default: return nil
        }
    }

    /// `a && b || c` as the parser leaves it (unfolded): `&&` binds tighter than `||`.
    private static func sequence(_ elements: [ExprSyntax], _ platform: RenderEnvironment.Platform) -> Bool? {
        if elements.count == 1 { return evaluate(elements[0], platform) }
        var terms: [[ExprSyntax]] = [[]]
        for e in elements {
            if let op = e.as(BinaryOperatorExprSyntax.self) {
                if op.operator.text == "||" {
                    terms.append([])
                    continue
                }
                if op.operator.text == "&&" { continue }
                return nil
            }
            terms[terms.count - 1].append(e)
        }
        var result: Bool? = false
        for term in terms {
            var conjunction: Bool? = true
            for factor in term { conjunction = combine("&&", conjunction, evaluate(factor, platform)) }
            result = combine("||", result, conjunction)
        }
        return result
    }

    private static func combine(_ op: String, _ a: Bool?, _ b: Bool?) -> Bool? {
        switch op {
        case "&&":
            if a == false || b == false { return false }
            if a == true && b == true { return true }
            return nil
        case "||":
            if a == true || b == true { return true }
            if a == false && b == false { return false }
            return nil
        default: return nil
        }
    }
}
