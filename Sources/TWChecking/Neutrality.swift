import TWModel

/// Whether an inactive modifier leaves layout, appearance and interaction
/// unchanged (seed 000: "General view and shape inactive factories must leave
/// layout, appearance, and interaction unchanged").
///
/// Neutral forms, per modifier:
/// - `padding(0)`, `padding(.edge, 0)`, `padding(.init(top: 0, …))`
/// - `opacity(1)`; `scaleEffect(1)`; `blur(radius: 0)`
/// - `rotationEffect(.degrees(0))` / `.radians(0)`; `rotation3DEffect(.degrees(0), axis: …)`
/// - `offset(x: 0, y: 0)`; `kerning(0)`; `tracking(0)`; `trim(from: 0, to: 1)`
/// - a shadow whose color has opacity 0 (`.shadow(color: .clear, …)`,
///   `Color.black.opacity(0)`): at radius 0 and no offset a visible color
///   still draws a hard copy of the view's silhouette behind it, which shows
///   through antialiased text edges and translucent materials; without a
///   color argument SwiftUI's default shadow color is visible too
/// - `background { … }` / `overlay { … }` whose content ends in `.opacity(0)`,
///   or is filled with a clear color
/// Anything else is reported as not known to be neutral, never guessed.
package enum Neutrality {
    package enum Verdict: Equatable, Sendable {
        case neutral
        case notNeutral(String)
        case unknown(String)
    }

    package static func check(_ ir: ModifierIR) -> Verdict {
        for node in ir.nodes {
            switch check(node) {
            case .neutral: continue
            case let other: return other
            }
        }
        return .neutral
    }

    static func number(_ value: IRValue?) -> Double? {
        switch value {
        case .number(let n)?: return n
        case .call(let name, let args)? where name == "degrees" || name == "radians": return number(args.first?.value)
        case .call("init", let args)?:
            let values = args.compactMap { number($0.value) }
            return values.count == args.count && values.allSatisfy({ $0 == 0 }) ? 0 : nil
        default: return nil
        }
    }

    static func argument(_ node: IRNode, _ label: String?) -> IRValue? {
        node.arguments.first { $0.label == label }?.value
    }

    static func check(_ node: IRNode) -> Verdict {
        let code = ModifierIR([node]).swiftCode
        func require(_ ok: Bool, _ neutral: String) -> Verdict {
            ok ? .neutral : .notNeutral("\(code) is not neutral; the neutral form is \(neutral)")
        }
        switch node.name {
        case "padding":
            return require(node.arguments.last.flatMap { number($0.value) } == 0, ".padding(0)")
        case "opacity":
            return require(number(argument(node, nil)) == 1, ".opacity(1)")
        case "scaleEffect":
            return require(number(argument(node, nil)) == 1, ".scaleEffect(1)")
        case "blur":
            return require(number(argument(node, "radius")) == 0, ".blur(radius: 0)")
        case "rotationEffect", "rotation3DEffect":
            return require(number(node.arguments.first?.value) == 0, "a zero angle")
        case "offset":
            let x = number(argument(node, "x")) ?? 0
            let y = number(argument(node, "y")) ?? 0
            return require(x == 0 && y == 0, ".offset(x: 0, y: 0)")
        case "kerning", "tracking":
            return require(number(argument(node, nil)) == 0, ".\(node.name)(0)")
        case "trim":
            return require(
                number(argument(node, "from")) == 0 && number(argument(node, "to")) == 1, ".trim(from: 0, to: 1)")
        case "shadow":
            let neutralForm = "the same shadow in a clear color (opacity 0)"
            switch argument(node, "color") {
            case .color(let c)?: return require(c.alpha == 0, neutralForm)
            case .member(let m)?: return require(m == "clear", neutralForm)
            case nil:
                return .notNeutral(
                    "\(code) is not neutral: without a color SwiftUI draws its default, visible shadow color; the neutral form is \(neutralForm)"
                )
            default: return .unknown(node.name)
            }
        case "background", "overlay":
            guard
                let content = node.arguments.compactMap({ arg -> [IRNode]? in
                    if case .content(let nodes) = arg.value { return nodes }
                    return nil
                }).first
            else {
                if case .color(let c)? = node.arguments.first?.value { return require(c.alpha == 0, "a clear color") }
                return .unknown(node.name)
            }
            let invisible = content.contains { n in
                (n.name == "opacity" && number(argument(n, nil)) == 0)
                    || ((n.name == "fill" || n.name == "foregroundStyle")
                        && {
                            if case .color(let c)? = argument(n, nil) { return c.alpha == 0 }
                            return false
                        }())
            }
            return require(invisible, "content at .opacity(0)")
        default:
            return .unknown(node.name)
        }
    }
}
