import TWModel
import TWResolution

/// What a surface's innermost view is, before any modifier wraps it.
public enum DrawnContent: Hashable, Sendable {
    case text(String)
    /// `Image(systemName:)`, or a `Label` with its title: drawn as a labelled placeholder.
    case symbol(String, title: String?)
    /// `Rectangle()`, `Circle()`, `Ellipse()`, `Capsule()`: drawn as SVG filling what it is
    /// offered, in the foreground style (a shape's default fill).
    case shape(String)
    /// A view the page has no drawing of (TextField, Toggle, a stack): its type and label.
    case placeholder(type: String, label: String?)
}

/// One drawing: nested HTML elements, one per modifier, and what was left out.
public struct Drawing: Hashable, Sendable {
    public var html: String
    /// Modifiers the page cannot draw, as Swift code (the card lists them as "not drawn").
    public var notDrawn: [String]
    /// Modifiers that change nothing a still picture shows (accessibility, animation).
    public var notVisual: [String]
    /// Whether the drawing fills the height it is offered (`frame(maxHeight: .infinity)`).
    public var fillsHeight: Bool
}

/// Draws a chain the way SwiftUI applies it: the innermost view first, then
/// each modifier in application order wrapping what came before in an element
/// of its own. Reads the modifier IR, never the rendered call text.
public struct Painter {
    var notDrawn: [String] = []
    var notVisual: [String] = []
    /// Set by `frame(maxWidth: .infinity)`: this and every outer element fill the offered width.
    var fillsWidth = false
    var fillsHeight = false
    /// Inside a background or overlay: every element fills the layer.
    var inLayer = false
    /// The innermost view is a shape, which takes the size it is offered: every
    /// element up to the first fixed frame passes the offer down (fills its parent).
    var passesOffer = false

    /// Modifiers with nothing to draw in a still picture.
    static let nonVisual: Set<String> = [
        "accessibilityIdentifier", "accessibilityLabel", "accessibilityHint", "accessibilityValue",
        "accessibilityHidden", "animation", "transaction", "id", "contentShape", "help", "tag", "onTapGesture",
        "sensoryFeedback", "keyboardShortcut", "submitLabel", "textContentType", "keyboardType",
        "autocorrectionDisabled", "textInputAutocapitalization",
    ]

    public static func draw(_ chain: [ChainEntry], content: DrawnContent, buttonStyle: String?) -> Drawing {
        var painter = Painter()
        var html = painter.innermost(content, buttonStyle: buttonStyle)
        for entry in chain {
            for node in entry.modifier.nodes { html = painter.apply(node, to: html) }
        }
        return Drawing(
            html: html, notDrawn: painter.notDrawn, notVisual: painter.notVisual, fillsHeight: painter.fillsHeight)
    }

    // MARK: The innermost view

    mutating func innermost(_ content: DrawnContent, buttonStyle: String?) -> String {
        var html: String
        switch content {
        case .text(let text):
            html = "<span class=\"text\">\(HTML.escape(text))</span>"
        case .symbol(let name, let title):
            html = "<span class=\"symbol\" title=\"SF Symbol (placeholder)\">\(HTML.escape(name))</span>"
            if let title {
                html = "<span class=\"label\">\(html)<span class=\"text\">\(HTML.escape(title))</span></span>"
            }
        case .shape(let name):
            html = Self.shapeSVG(name)
            passesOffer = true
        case .placeholder(let type, let label):
            let text = label.map { "\(type) “\($0)”" } ?? type
            html = "<span class=\"placeholder\">\(HTML.escape(text))</span>"
        }
        guard let buttonStyle else { return html }
        switch buttonStyle {
        case "borderedProminent", "bordered", "borderless", "link":
            return "<span class=\"button \(buttonStyle)\">\(html)</span>"
        case "plain", "automatic":
            return html
        default:
            notDrawn.append(".buttonStyle(.\(buttonStyle))")
            return html
        }
    }

    /// SVG for a shape view; nil-free: an unknown name is a placeholder.
    static func shapeSVG(_ name: String) -> String {
        let open = "<svg class=\"shape-view\" xmlns=\"http://www.w3.org/2000/svg\""
        switch name {
        case "Circle":
            // Fits the smaller side, centred, as SwiftUI's Circle.
            return open + " viewBox=\"0 0 100 100\"><circle cx=\"50\" cy=\"50\" r=\"50\" fill=\"currentColor\"/></svg>"
        case "Ellipse":
            return open
                + "><ellipse cx=\"50%\" cy=\"50%\" rx=\"50%\" ry=\"50%\" fill=\"currentColor\"/></svg>"
        case "Rectangle":
            return open + "><rect width=\"100%\" height=\"100%\" fill=\"currentColor\"/></svg>"
        case "Capsule":
            // SVG cannot round by the shorter side: a box with a full radius.
            return "<div class=\"shape-view\" style=\"background:currentColor;border-radius:9999px\"></div>"
        default:
            return "<span class=\"placeholder\">\(HTML.escape(name))</span>"
        }
    }

    // MARK: Modifiers

    /// `inner` wrapped in `node`'s element, or unchanged (and listed) when the node cannot be drawn.
    mutating func apply(_ node: IRNode, to inner: String) -> String {
        let code = ModifierIR([node]).swiftCode
        guard node.kind == .modifier else {
            notDrawn.append(code)
            return inner
        }
        if Self.nonVisual.contains(node.name) {
            notVisual.append(code)
            return inner
        }
        if node.arguments.contains(where: { Self.isSymbolic($0.value) }) {
            // A value known only at run time: no honest drawing of it.
            notDrawn.append(code + " (value known at run time)")
            return inner
        }
        guard let html = wrap(node, inner) else {
            notDrawn.append(code)
            return inner
        }
        return html
    }

    static func isSymbolic(_ value: IRValue) -> Bool {
        switch value {
        case .symbolic: return true
        case .call(_, let args), .tuple(let args): return args.contains { isSymbolic($0.value) }
        case .chain(let values): return values.contains(where: isSymbolic)
        case .content(let nodes), .view(let nodes):
            return nodes.contains { $0.arguments.contains { isSymbolic($0.value) } }
        default: return false
        }
    }

    /// The element for one modifier, nil when this modifier or its arguments cannot be drawn.
    mutating func wrap(_ node: IRNode, _ inner: String) -> String? {
        let args = node.arguments
        func first() -> IRValue? { args.first(where: { $0.label == nil })?.value }
        func labelled(_ label: String) -> IRValue? { args.first(where: { $0.label == label })?.value }
        switch node.name {
        case "padding":
            guard let insets = Self.padding(args) else { return nil }
            return element(["padding:" + insets.map(HTML.px).joined(separator: " ")], inner)
        case "frame":
            return frame(args, inner)
        case "background", "overlay":
            guard let value = first() else { return nil }
            return layered(value, shape: labelled("in"), inner: inner, behind: node.name == "background")
        case "border":
            guard let value = first(), let color = Self.color(value) else { return nil }
            let width = labelled("width").flatMap(Self.number) ?? 1
            let layer = "<div class=\"layer\" style=\"border:\(HTML.px(width)) solid \(color)\"></div>"
            return element(["isolation:isolate"], inner + layer)
        case "clipShape", "cornerRadius":
            let radius: String?
            if node.name == "cornerRadius" {
                radius = first().flatMap(Self.number).map(HTML.px)
            } else {
                radius = first().flatMap(Self.shapeRadius)
            }
            guard let radius else { return nil }
            return element(["overflow:hidden", "border-radius:\(radius)"], inner)
        case "shadow":
            let color = labelled("color").flatMap(Self.color) ?? "rgb(0 0 0 / 0.33)"
            guard let radius = labelled("radius").flatMap(Self.number) else { return nil }
            let x = labelled("x").flatMap(Self.number) ?? 0
            let y = labelled("y").flatMap(Self.number) ?? 0
            return element(
                ["filter:drop-shadow(\(HTML.px(x)) \(HTML.px(y)) \(HTML.px(radius)) \(color))"], inner)
        case "opacity":
            guard let v = first().flatMap(Self.number) else { return nil }
            return element(["opacity:\(HTML.number(min(1, max(0, v))))"], inner)
        case "blur":
            guard let r = (labelled("radius") ?? first()).flatMap(Self.number) else { return nil }
            return element(["filter:blur(\(HTML.px(r)))"], inner)
        case "offset":
            var x = labelled("x").flatMap(Self.number) ?? 0
            var y = labelled("y").flatMap(Self.number) ?? 0
            if case .call("init", let size)? = first() {
                x = size.first { $0.label == "width" }.flatMap { Self.number($0.value) } ?? 0
                y = size.first { $0.label == "height" }.flatMap { Self.number($0.value) } ?? 0
            }
            // A transform: the view moves, its layout does not (as SwiftUI's offset).
            return element(["transform:translate(\(HTML.px(x)), \(HTML.px(y)))"], inner)
        case "rotationEffect":
            guard let degrees = first().flatMap(Self.degrees) else { return nil }
            return element(["transform:rotate(\(HTML.number(degrees))deg)"], inner)
        case "rotation3DEffect":
            guard let degrees = first().flatMap(Self.degrees), case .tuple(let axis)? = labelled("axis") else {
                return nil
            }
            let component = { (name: String) in axis.first { $0.label == name }.flatMap { Self.number($0.value) } ?? 0 }
            let perspective = labelled("perspective").flatMap(Self.number) ?? 1
            guard perspective > 0 else { return nil }
            let distance = 400 / perspective
            return element(
                [
                    "transform:perspective(\(HTML.px(distance))) rotate3d(\(HTML.number(component("x"))), "
                        + "\(HTML.number(component("y"))), \(HTML.number(component("z"))), \(HTML.number(degrees))deg)"
                ], inner)
        case "scaleEffect":
            if let s = first().flatMap(Self.number) {
                return element(["transform:scale(\(HTML.number(s)))"], inner)
            }
            guard let x = labelled("x").flatMap(Self.number), let y = labelled("y").flatMap(Self.number) else {
                return nil
            }
            return element(["transform:scale(\(HTML.number(x)), \(HTML.number(y)))"], inner)
        case "foregroundStyle", "foregroundColor":
            guard let value = first(), let color = Self.color(value) else { return nil }
            return element(["color:\(color)"], inner)
        case "tint", "accentColor":
            guard let value = first(), let color = Self.color(value) else { return nil }
            return element(["--tint:\(color)"], inner)
        case "font":
            guard let value = first(), let styles = Self.font(value) else { return nil }
            return element(styles, inner)
        case "fontWeight":
            guard case .member(let m)? = first(), let w = Appearance.weights[m] else { return nil }
            return element(["font-weight:\(w)"], inner)
        case "fontDesign":
            guard case .member(let m)? = first(), let family = Appearance.designs[m] else { return nil }
            return element(["font-family:\(family)"], inner)
        case "bold": return element(["font-weight:700"], inner)
        case "italic": return element(["font-style:italic"], inner)
        case "underline": return element(["text-decoration:underline"], inner)
        case "strikethrough": return element(["text-decoration:line-through"], inner)
        case "textCase":
            guard case .member(let m)? = first() else { return nil }
            let value = ["uppercase": "uppercase", "lowercase": "lowercase"][m]
            guard let value else { return nil }
            return element(["text-transform:\(value)"], inner)
        case "tracking", "kerning":
            guard let v = first().flatMap(Self.number) else { return nil }
            return element(["letter-spacing:\(HTML.px(v))"], inner)
        case "lineSpacing":
            guard let v = first().flatMap(Self.number) else { return nil }
            return element(["line-height:calc(1.2em + \(HTML.px(v)))"], inner)
        case "multilineTextAlignment":
            guard case .member(let m)? = first() else { return nil }
            let value = ["leading": "left", "center": "center", "trailing": "right"][m]
            guard let value else { return nil }
            return element(["text-align:\(value)"], inner)
        case "hidden":
            return element(["visibility:hidden"], inner)
        case "buttonBorderShape":
            guard let value = first() else { return nil }
            let radius: String?
            switch value {
            case .member("capsule"): radius = "9999px"
            case .member("roundedRectangle"): radius = "8px"
            case .call("roundedRectangle", let a): radius = a.first.flatMap { Self.number($0.value) }.map(HTML.px)
            default: radius = nil
            }
            guard let radius else { return nil }
            return element(["--button-radius:\(radius)"], inner)
        default:
            return nil
        }
    }

    /// An element around `inner` with `styles`, filling what it is offered when the chain so far does.
    func element(_ styles: [String], _ inner: String) -> String {
        var all = styles
        if inLayer {
            all += ["width:100%", "height:100%"]
        } else {
            if fillsWidth || passesOffer { all.append("align-self:stretch") }
            if fillsHeight || passesOffer { all.append("flex-grow:1") }
        }
        return "<div class=\"m\" style=\"\(HTML.escape(all.joined(separator: ";")))\">\(inner)</div>"
    }

    /// `frame(width:height:)`, `frame(minWidth:idealWidth:maxWidth:…:alignment:)`.
    mutating func frame(_ args: [IRArgument], _ inner: String) -> String? {
        var styles: [String] = []
        for argument in args {
            guard let label = argument.label else { return nil }
            if label == "alignment" {
                guard case .member(let m) = argument.value, let a = Self.alignment(m) else { return nil }
                styles += ["align-items:\(a.horizontal)", "justify-content:\(a.vertical)"]
                continue
            }
            let infinite = argument.value == .member("infinity")
            guard infinite || Self.number(argument.value) != nil else { return nil }
            let v = Self.number(argument.value) ?? 0
            switch label {
            case "width":
                styles += ["width:\(HTML.px(v))", "flex-shrink:0"]
                passesOffer = false
            case "height":
                styles += ["height:\(HTML.px(v))", "flex-shrink:0"]
                passesOffer = false
            case "minWidth": styles.append("min-width:\(HTML.px(v))")
            case "minHeight": styles.append("min-height:\(HTML.px(v))")
            // An ideal size matters only under fixedSize(): nothing to draw.
            case "idealWidth", "idealHeight": break
            case "maxWidth":
                if infinite { fillsWidth = true } else { styles.append("max-width:\(HTML.px(v))") }
            case "maxHeight":
                if infinite { fillsHeight = true } else { styles.append("max-height:\(HTML.px(v))") }
            default: return nil
            }
        }
        return element(styles, inner)
    }

    static func alignment(_ member: String) -> (horizontal: String, vertical: String)? {
        let table: [String: (String, String)] = [
            "center": ("center", "center"), "leading": ("flex-start", "center"), "trailing": ("flex-end", "center"),
            "top": ("center", "flex-start"), "bottom": ("center", "flex-end"),
            "topLeading": ("flex-start", "flex-start"), "topTrailing": ("flex-end", "flex-start"),
            "bottomLeading": ("flex-start", "flex-end"), "bottomTrailing": ("flex-end", "flex-end"),
        ]
        return table[member].map { (horizontal: $0.0, vertical: $0.1) }
    }

    /// `background`/`overlay`: a layer behind or in front of `inner`, the size of `inner`.
    mutating func layered(_ value: IRValue, shape: IRValue?, inner: String, behind: Bool) -> String? {
        var radius = "0"
        if let shape {
            guard let r = Self.shapeRadius(shape) else { return nil }
            radius = r
        }
        let layer: String
        switch value {
        case .content(let nodes), .view(let nodes):
            guard let drawn = layerContent(nodes) else { return nil }
            layer = drawn
        default:
            guard let fill = Self.fill(value) else { return nil }
            layer = "<div class=\"shape\" style=\"\(HTML.escape(fill + ";border-radius:\(radius)"))\"></div>"
        }
        let wrapped = "<div class=\"layer\(behind ? " behind" : "")\">\(layer)</div>"
        return element(["isolation:isolate"], behind ? wrapped + inner : inner + wrapped)
    }

    /// A background's or overlay's view: a shape with its fill and strokes, or a colour, then its own modifiers.
    mutating func layerContent(_ nodes: [IRNode]) -> String? {
        guard let view = nodes.first, view.kind == .view else { return nil }
        var sub = Painter()
        sub.inLayer = true
        var index = 1
        var html: String
        if let radius = Self.shapeRadius(view: view) {
            var styles = ["border-radius:\(radius)"]
            var painted = false
            while index < nodes.count, nodes[index].kind == .modifier,
                ["fill", "stroke", "strokeBorder"].contains(nodes[index].name)
            {
                let node = nodes[index]
                let color = node.arguments.first { $0.label == nil }?.value
                let width = node.arguments.first { $0.label == "lineWidth" }.flatMap { Self.number($0.value) } ?? 1
                switch node.name {
                case "fill":
                    guard let fill = color.flatMap(Self.fill) else { return nil }
                    styles.append(fill)
                case "strokeBorder":
                    // Inside the shape's edge.
                    guard let c = color.flatMap(Self.color) else { return nil }
                    styles.append("border:\(HTML.px(width)) solid \(c)")
                default:
                    // Centred on the shape's edge.
                    guard let c = color.flatMap(Self.color) else { return nil }
                    styles += ["outline:\(HTML.px(width)) solid \(c)", "outline-offset:\(HTML.px(-width / 2))"]
                }
                painted = true
                index += 1
            }
            // A shape without a fill is filled with the foreground style.
            if !painted { styles.append("background:currentColor") }
            html = "<div class=\"shape\" style=\"\(HTML.escape(styles.joined(separator: ";")))\"></div>"
        } else if view.name == "Color", let value = view.arguments.first?.value, let fill = Self.fill(value) {
            html = "<div class=\"shape\" style=\"\(HTML.escape(fill))\"></div>"
        } else {
            return nil
        }
        for node in nodes[index...] { html = sub.apply(node, to: html) }
        notDrawn += sub.notDrawn
        notVisual += sub.notVisual
        return html
    }

    // MARK: Values

    static func number(_ value: IRValue) -> Double? {
        switch value {
        case .number(let v): return v.isFinite ? v : nil
        default: return nil
        }
    }

    /// `.degrees(8)`, `.radians(0.5)` in degrees.
    static func degrees(_ value: IRValue) -> Double? {
        switch value {
        case .call("degrees", let a): return a.first.flatMap { number($0.value) }
        case .call("radians", let a): return a.first.flatMap { number($0.value) }.map { $0 * 180 / .pi }
        default: return nil
        }
    }

    /// Top, trailing, bottom, leading insets (CSS order) of `padding`'s arguments.
    static func padding(_ args: [IRArgument]) -> [Double]? {
        let standard = 16.0
        if args.isEmpty { return [standard, standard, standard, standard] }
        if args.count == 1, case .call("init", let inset) = args[0].value {
            let side = { (name: String) in inset.first { $0.label == name }.flatMap { number($0.value) } ?? 0 }
            return [side("top"), side("trailing"), side("bottom"), side("leading")]
        }
        var edges: Set<String> = ["top", "leading", "bottom", "trailing"]
        var amount = standard
        for argument in args {
            guard argument.label == nil else { return nil }
            switch argument.value {
            case .number(let v): amount = v
            case .member(let edge):
                switch edge {
                case "all": edges = ["top", "leading", "bottom", "trailing"]
                case "horizontal": edges = ["leading", "trailing"]
                case "vertical": edges = ["top", "bottom"]
                case "top", "leading", "bottom", "trailing": edges = [edge]
                default: return nil
                }
            default: return nil
            }
        }
        guard amount.isFinite else { return nil }
        return ["top", "trailing", "bottom", "leading"].map { edges.contains($0) ? amount : 0 }
    }

    /// A colour value's CSS, or nil.
    static func color(_ value: IRValue) -> String? {
        switch value {
        case .color(let c): return Appearance.css(c)
        case .member(let name):
            switch name {
            case "primary": return "var(--fg)"
            case "secondary": return "color-mix(in srgb, var(--fg) 60%, transparent)"
            case "tertiary": return "color-mix(in srgb, var(--fg) 30%, transparent)"
            case "quaternary": return "color-mix(in srgb, var(--fg) 18%, transparent)"
            default: return Theme.defaultColors[name].map(Appearance.css)
            }
        default: return nil
        }
    }

    /// A fill: a colour or a material (translucent tint over a blur).
    static func fill(_ value: IRValue) -> String? {
        if case .member(let name) = value, let material = Appearance.materials[name] {
            let tint = "color-mix(in srgb, var(--material) \(HTML.number(material.light * 100))%, transparent)"
            return "background:\(tint);backdrop-filter:blur(\(HTML.px(material.blur)))"
        }
        return color(value).map { "background:\($0)" }
    }

    /// A shape value's corner radius as CSS: `.capsule`, `.circle`, `.rect(cornerRadius:)`, a shape view.
    static func shapeRadius(_ value: IRValue) -> String? {
        switch value {
        case .member("capsule"): return "9999px"
        case .member("circle"), .member("ellipse"): return "50%"
        case .member("rect"), .member("rectangle"): return "0"
        case .call("rect", let a), .call("roundedRectangle", let a):
            guard a.count == 1, a[0].label == "cornerRadius" || a[0].label == "radius" else { return nil }
            return number(a[0].value).map(HTML.px)
        case .view(let nodes) where nodes.count == 1: return shapeRadius(view: nodes[0])
        default: return nil
        }
    }

    static func shapeRadius(view: IRNode) -> String? {
        guard view.kind == .view else { return nil }
        switch view.name {
        case "Rectangle": return view.arguments.isEmpty ? "0" : nil
        case "Capsule": return "9999px"
        case "Circle", "Ellipse": return "50%"
        case "RoundedRectangle":
            guard let a = view.arguments.first(where: { $0.label == "cornerRadius" }) else { return nil }
            return number(a.value).map(HTML.px)
        default: return nil
        }
    }

    /// `.title`, `.system(size: 14, weight: .semibold, design: .rounded)`, `.system(.body).weight(.bold)`.
    static func font(_ value: IRValue) -> [String]? {
        var size: Double?
        var weight: Int?
        var family: String?
        var italic = false
        func style(_ name: String) -> Bool {
            guard let s = Appearance.textStyles[name] else { return false }
            size = s.size
            weight = s.weight
            return true
        }
        func apply(_ v: IRValue) -> Bool {
            switch v {
            case .member("italic"):
                italic = true
                return true
            case .member(let m): return style(m)
            case .call("system", let args):
                for a in args {
                    switch (a.label, a.value) {
                    case (nil, .member(let m)): if !style(m) { return false }
                    case ("size", let n): guard let s = number(n) else { return false }; size = s
                    case ("weight", .member(let m)):
                        guard let w = Appearance.weights[m] else { return false }; weight = w
                    case ("design", .member(let m)):
                        guard let f = Appearance.designs[m] else { return false }
                        family = f
                    default: return false
                    }
                }
                return true
            case .call("weight", let a):
                guard case .member(let m)? = a.first?.value, let w = Appearance.weights[m] else { return false }
                weight = w
                return true
            case .call("italic", _): italic = true; return true
            case .call("bold", _): weight = 700; return true
            case .chain(let values): return values.allSatisfy(apply)
            default: return false
            }
        }
        guard apply(value) else { return nil }
        var styles: [String] = []
        if let size { styles.append("font-size:\(HTML.px(size))") }
        if let weight { styles.append("font-weight:\(weight)") }
        if let family { styles.append("font-family:\(family)") }
        if italic { styles.append("font-style:italic") }
        return styles
    }
}
