/// Turns the winning built-in property values into SwiftUI modifiers, in the
/// built-in styling's fixed application order (the order of `StyleProperty`).
enum StyleEmitter {
    struct Emitted {
        var properties: [StyleProperty]
        var node: IRNode
    }

    /// - Parameter nativeButton: a button with a native style: `rounded-*` sets
    ///   `.buttonBorderShape` instead of clipping (R-CTRL-1).
    static func emit(_ values: PropertyTable<StyleValue>, theme: Theme, nativeButton: Bool = false) -> [Emitted] {
        var out: [Emitted] = []
        func points(_ p: StyleProperty) -> Double? {
            if case .points(let v)? = values[p] { return v }
            return nil
        }
        func member(_ p: StyleProperty) -> String? {
            if case .member(let m)? = values[p] { return m }
            return nil
        }
        func color(_ p: StyleProperty) -> ColorValue? {
            if case .color(let c)? = values[p] { return c }
            return nil
        }
        func dimension(_ p: StyleProperty) -> IRValue? {
            switch values[p] {
            case .points(let v)?: return .number(v)
            case .infinity?: return .member("infinity")
            default: return nil
            }
        }
        // Font.
        if let size = points(.fontSize) {
            var args = [IRArgument("size", .number(size))]
            if let weight = member(.fontWeight) { args.append(IRArgument("weight", .member(weight))) }
            if let design = member(.fontDesign) { args.append(IRArgument("design", .member(design))) }
            let props = [StyleProperty.fontSize, .fontWeight, .fontDesign].filter { values[$0] != nil }
            out.append(Emitted(properties: props, node: .modifier("font", [IRArgument(nil, .call("system", args))])))
        } else {
            if let weight = member(.fontWeight) {
                out.append(
                    Emitted(
                        properties: [.fontWeight], node: .modifier("fontWeight", [IRArgument(nil, .member(weight))])))
            }
            if let design = member(.fontDesign) {
                out.append(
                    Emitted(
                        properties: [.fontDesign], node: .modifier("fontDesign", [IRArgument(nil, .member(design))])))
            }
        }
        if member(.italic) == "true" { out.append(Emitted(properties: [.italic], node: .modifier("italic"))) }
        if let v = points(.tracking) {
            out.append(Emitted(properties: [.tracking], node: .modifier("tracking", [IRArgument(nil, .number(v))])))
        }
        if let v = points(.lineSpacing) {
            out.append(
                Emitted(properties: [.lineSpacing], node: .modifier("lineSpacing", [IRArgument(nil, .number(v))])))
        }
        if let a = member(.textAlignment) {
            out.append(
                Emitted(
                    properties: [.textAlignment],
                    node: .modifier("multilineTextAlignment", [IRArgument(nil, .member(a))])))
        }
        switch values[.lineLimit] {
        case .number(let n)?:
            out.append(Emitted(properties: [.lineLimit], node: .modifier("lineLimit", [IRArgument(nil, .number(n))])))
        case .none?:
            out.append(
                Emitted(properties: [.lineLimit], node: .modifier("lineLimit", [IRArgument(nil, .member("none"))])))
        default: break
        }
        if let c = color(.foreground) {
            out.append(
                Emitted(properties: [.foreground], node: .modifier("foregroundStyle", [IRArgument(nil, .color(c))])))
        }
        // Padding.
        let edges: [StyleProperty] = [.paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing]
        let present = edges.filter { points($0) != nil }
        if !present.isEmpty {
            let v = present.map { points($0) ?? 0 }
            let node: IRNode
            if present.count == 4 && Set(v).count == 1 {
                node = .modifier("padding", [IRArgument(nil, .number(v[0]))])
            } else if present == [.paddingLeading, .paddingTrailing] && v[0] == v[1] {
                node = .modifier("padding", [IRArgument(nil, .member("horizontal")), IRArgument(nil, .number(v[0]))])
            } else if present == [.paddingTop, .paddingBottom] && v[0] == v[1] {
                node = .modifier("padding", [IRArgument(nil, .member("vertical")), IRArgument(nil, .number(v[0]))])
            } else if present.count == 1 {
                let edge =
                    [
                        "paddingTop": "top", "paddingLeading": "leading", "paddingBottom": "bottom",
                        "paddingTrailing": "trailing",
                    ][present[0].rawValue] ?? "all"
                node = .modifier("padding", [IRArgument(nil, .member(edge)), IRArgument(nil, .number(v[0]))])
            } else {
                let inset: [IRArgument] = [
                    IRArgument("top", .number(points(.paddingTop) ?? 0)),
                    IRArgument("leading", .number(points(.paddingLeading) ?? 0)),
                    IRArgument("bottom", .number(points(.paddingBottom) ?? 0)),
                    IRArgument("trailing", .number(points(.paddingTrailing) ?? 0)),
                ]
                node = IRNode.modifier("padding", [IRArgument(nil, .call("init", inset))])
            }
            out.append(Emitted(properties: present, node: node))
        }
        // Frame: fixed size, then flexible bounds. `w-full`/`h-full` (a width or height of
        // .infinity) fill the offer with `maxWidth: .infinity`; when a `max-w-*` bounds the same
        // axis, the fill frame comes first and the bound wraps it, as `max-width` caps `width: 100%`.
        var fixed: [IRArgument] = []
        if case .points(let w)? = values[.width] { fixed.append(IRArgument("width", .number(w))) }
        if case .points(let h)? = values[.height] { fixed.append(IRArgument("height", .number(h))) }
        if !fixed.isEmpty {
            let props = [StyleProperty.width, .height].filter {
                if case .points? = values[$0] { return true }
                return false
            }
            out.append(Emitted(properties: props, node: .modifier("frame", fixed)))
        }
        let fillWidth = values[.width] == .infinity
        let fillHeight = values[.height] == .infinity
        var fill: [IRArgument] = []
        var fillProperties: [StyleProperty] = []
        if fillWidth && values[.maxWidth] != nil {
            fill.append(IRArgument("maxWidth", .member("infinity")))
            fillProperties.append(.width)
        }
        if fillHeight && values[.maxHeight] != nil {
            fill.append(IRArgument("maxHeight", .member("infinity")))
            fillProperties.append(.height)
        }
        if !fill.isEmpty { out.append(Emitted(properties: fillProperties, node: .modifier("frame", fill))) }
        var flexible: [IRArgument] = []
        var flexibleProperties: [StyleProperty] = []
        for (p, label, fills) in [
            (StyleProperty.minWidth, "minWidth", false), (.maxWidth, "maxWidth", fillWidth),
            (.minHeight, "minHeight", false), (.maxHeight, "maxHeight", fillHeight),
        ] {
            if let v = dimension(p) {
                flexible.append(IRArgument(label, v))
                flexibleProperties.append(p)
            } else if fills {
                flexible.append(IRArgument(label, .member("infinity")))
                flexibleProperties.append(p == .maxWidth ? .width : .height)
            }
        }
        if !flexible.isEmpty {
            out.append(Emitted(properties: flexibleProperties, node: .modifier("frame", flexible)))
        }
        let radius = points(.cornerRadius)
        let shape: IRValue? = radius.map {
            $0 >= 9999 ? .member("capsule") : .call("rect", [IRArgument("cornerRadius", .number($0))])
        }
        if let c = color(.background) {
            var args = [IRArgument(nil, .color(c))]
            if let shape { args.append(IRArgument("in", shape)) }
            out.append(Emitted(properties: [.background], node: .modifier("background", args)))
        }
        let borderWidth = points(.borderWidth)
        if let width = borderWidth, width > 0 {
            let stroke =
                color(.borderColor) ?? theme.color(named: "border")
                ?? ColorValue(red: 0, green: 0, blue: 0, name: "black")
            // `strokeBorder` strokes inside the shape (InsettableShape.strokeBorder(_:lineWidth:antialiased:),
            // iOS 13): the whole width is drawn and the corner clipping that follows cuts none of it. A
            // centred `stroke` would lose its outer half to that clip.
            let content: [IRNode] = [
                borderShape(radius),
                .modifier("strokeBorder", [IRArgument(nil, .color(stroke)), IRArgument("lineWidth", .number(width))]),
            ]
            out.append(
                Emitted(
                    properties: [.borderWidth, .borderColor].filter { values[$0] != nil },
                    node: .modifier("overlay", [IRArgument(nil, .content(content))])))
        }
        if nativeButton, let radius {
            let shape: IRValue =
                radius >= 9999 ? .member("capsule") : .call("roundedRectangle", [IRArgument("radius", .number(radius))])
            out.append(
                Emitted(properties: [.cornerRadius], node: .modifier("buttonBorderShape", [IRArgument(nil, shape)])))
        } else if let shape {
            out.append(Emitted(properties: [.cornerRadius], node: .modifier("clipShape", [IRArgument(nil, shape)])))
        }
        if case .shadow(let token)? = values[.shadow], token.opacity > 0 || token.radius > 0 {
            let black = ColorValue(red: 0, green: 0, blue: 0, alpha: token.opacity, name: "black")
            out.append(
                Emitted(
                    properties: [.shadow],
                    node: .modifier(
                        "shadow",
                        [
                            IRArgument("color", .color(black)), IRArgument("radius", .number(token.radius)),
                            IRArgument("x", .number(0)), IRArgument("y", .number(token.y)),
                        ])))
        }
        if case .number(let v)? = values[.opacity] {
            out.append(Emitted(properties: [.opacity], node: .modifier("opacity", [IRArgument(nil, .number(v))])))
        }
        if let v = points(.blur) {
            out.append(Emitted(properties: [.blur], node: .modifier("blur", [IRArgument("radius", .number(v))])))
        }
        if case .number(let v)? = values[.scale] {
            out.append(Emitted(properties: [.scale], node: .modifier("scaleEffect", [IRArgument(nil, .number(v))])))
        }
        if case .number(let v)? = values[.rotation] {
            out.append(
                Emitted(
                    properties: [.rotation],
                    node: .modifier(
                        "rotationEffect", [IRArgument(nil, .call("degrees", [IRArgument(nil, .number(v))]))])))
        }
        if values[.offsetX] != nil || values[.offsetY] != nil {
            out.append(
                Emitted(
                    properties: [.offsetX, .offsetY].filter { values[$0] != nil },
                    node: .modifier(
                        "offset",
                        [
                            IRArgument("x", .number(points(.offsetX) ?? 0)),
                            IRArgument("y", .number(points(.offsetY) ?? 0)),
                        ])))
        }
        if let c = color(.tint) {
            out.append(Emitted(properties: [.tint], node: .modifier("tint", [IRArgument(nil, .color(c))])))
        }
        if let size = member(.controlSize) {
            out.append(
                Emitted(properties: [.controlSize], node: .modifier("controlSize", [IRArgument(nil, .member(size))])))
        }
        return out
    }

    /// The shape a border is drawn in: the one the corner clipping uses.
    static func borderShape(_ radius: Double?) -> IRNode {
        guard let radius, radius > 0 else { return .view("Rectangle") }
        if radius >= 9999 { return .view("Capsule") }
        return .view("RoundedRectangle", [IRArgument("cornerRadius", .number(radius))])
    }
}
