import TWModel
import TWSupport

@_implementationOnly import SwiftSyntax

/// swiftcn's native modifier factories, read statically. Both make one
/// native modifier that the library applies as `content.modifier(M(…))`:
///
/// - `.modifier { active, theme in Shift(distance: active ? 40 : 0) }`, an
///   exact tag whose factory gives the modifier for both states;
/// - `.argument(default: "0") { argument, theme in argument.degrees.map {
///   Tilt(degrees: $0) } }` (or `guard let d = argument.degrees else { return
///   nil }; return Tilt(degrees: d)`), a bracket utility whose helper types
///   the argument and rejects what it cannot read — the default included.
///
/// A factory in another shape is an opaque slot: the class is registered and
/// accepted, its slot shows as `AnyView(/* … */)` (swiftcn erases every native
/// slot to `AnyView`), and one note at the registration says why.
struct NativeFactory {
    typealias T = InlineModifierTemplate
    let name: String
    let closure: ClosureExprSyntax
    let eval: Evaluator
    let scope: Scope

    /// Why a factory is not read (for the note).
    struct Why: Error { var text: String }

    /// The one expression the closure returns, when it is one expression (or `return`).
    private var returned: ExprSyntax? {
        let items = Array(closure.statements)
        guard items.count == 1, let item = items.first else { return nil }
        if let r = item.item.as(StmtSyntax.self)?.as(ReturnStmtSyntax.self) { return r.expression }
        if let e = item.item.as(StmtSyntax.self)?.as(ExpressionStmtSyntax.self) { return e.expression }
        return item.item.as(ExprSyntax.self)
    }

    /// `.modifier { active, theme in M(…) }`.
    func modifierFactory() -> Result<T.Body, Why> {
        let active = InlineClosures.parameters(closure).first ?? "$0"
        guard let body = returned else { return .failure(Why(text: "its closure is more than one expression")) }
        return modifier(body, parameter: active, isActive: true)
    }

    /// `.argument(default: "0") { argument, theme in argument.degrees.map { M(…) } }`:
    /// the helper's type and the modifier made from its value.
    func argumentFactory() -> Result<(type: ArgumentType, body: T.Body), Why> {
        let argument = InlineClosures.parameters(closure).first ?? "$0"
        let items = Array(closure.statements)
        // `guard let d = argument.degrees else { return nil }; return M(degrees: d)`.
        if items.count == 2, let g = items[0].item.as(StmtSyntax.self)?.as(GuardStmtSyntax.self),
            g.conditions.count == 1, case .optionalBinding(let b) = g.conditions.first?.condition,
            let helper = helper(b.initializer?.value, argument),
            let r = items[1].item.as(StmtSyntax.self)?.as(ReturnStmtSyntax.self)?.expression
        {
            return modifier(r, parameter: b.pattern.sourceText, isActive: false).map { (helper, $0) }
        }
        guard let body = returned, let map = eval.unwrap(body).as(FunctionCallExprSyntax.self),
            let callee = map.calledExpression.as(MemberAccessExprSyntax.self), callee.declName.baseName.text == "map",
            let type = helper(callee.base, argument), let inner = map.trailingClosure, map.arguments.isEmpty
        else {
            return .failure(
                Why(text: "its closure does not read the argument as `\(argument).<helper>.map { Modifier(…) }`"))
        }
        let value = InlineClosures.parameters(inner).first ?? "$0"
        let made = NativeFactory(name: name, closure: inner, eval: eval, scope: scope)
        guard let returned = made.returned else {
            return .failure(Why(text: "its map closure is more than one expression"))
        }
        return modifier(returned, parameter: value, isActive: false).map { (type, $0) }
    }

    /// `argument.degrees`: the type of the helper read from the closure's parameter.
    private func helper(_ expr: ExprSyntax?, _ argument: String) -> ArgumentType? {
        guard let m = expr.map(eval.unwrap)?.as(MemberAccessExprSyntax.self), m.base?.sourceText == argument else {
            return nil
        }
        return InlineClosures.helperType(m.declName.baseName.text)
    }

    /// `M(args…)` applied as `.modifier(M(args…))`, `parameter` standing for
    /// `active` or for the argument's value.
    private func modifier(_ expr: ExprSyntax, parameter: String, isActive: Bool) -> Result<T.Body, Why> {
        guard let call = eval.unwrap(expr).as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            type.startsUppercase, call.trailingClosure == nil
        else {
            let text = eval.unwrap(expr).sourceText
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return .failure(Why(text: "it returns `\(shown)`, not one modifier's initializer"))
        }
        var reader = TemplateReader(
            view: "", second: parameter, secondIsActive: isActive, eval: eval,
            scope: Scope(owner: scope.owner, parent: scope))
        reader.scalarValue = !isActive
        let node = T.Node(
            kind: .modifier, name: "modifier", arguments: [.init(nil, .initializer(type, reader.arguments(call)))])
        return .success(.chain([node]))
    }

    /// The slot's template: the modifier read, or the opaque slot.
    func template(_ made: Result<T.Body, Why>) -> InlineModifierTemplate {
        switch made {
        case .success(let body): return InlineModifierTemplate(body: body)
        case .failure:
            return InlineModifierTemplate(
                body: .chain([
                    T.Node(kind: .view, name: "AnyView", arguments: [.init(nil, .source(Self.opaqueSlot(name)))])
                ]))
        }
    }

    /// How an opaque slot shows in a chain.
    static func opaqueSlot(_ name: String) -> String { "/* \(name): the app's factory, not read statically */" }

    /// The one note for a factory not read.
    func opaqueNote(_ why: Why, at: TWModel.SourceLocation) -> Diagnostic {
        SourceFinding.opaqueRegistration(
            what: "'\(name)'", why: why.text,
            shows:
                "its slot shows as `AnyView(\(Self.opaqueSlot(name)))`, and what it applies — so whether toggling it keeps the view's structure — is not known"
        ).diagnostic(at: at, className: name)
    }
}
