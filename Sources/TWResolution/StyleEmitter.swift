import TWModel

/// Turns the winning built-in property values into SwiftUI modifiers, in the
/// built-in styling's fixed application order (the order of `StyleProperty`).
enum StyleEmitter {
    struct Emitted {
        var properties: [StyleProperty]
        var node: IRNode
    }

    /// Where the styling is written: the platform and version (each API is
    /// checked against `SwiftUIAPI`), and whether its first modifiers apply
    /// to a `Text` (a Text source with no content slot before the styling),
    /// where `Text`'s own methods exist from iOS 13.
    struct Target {
        var environment = RenderEnvironment()
        var text = false
        /// A button with a native style: `rounded-*` sets `.buttonBorderShape`
        /// instead of clipping (R-CTRL-1).
        var nativeButton = false
    }

    /// - Parameter warnings: `unavailable-api` findings for what the target
    ///   OS version cannot draw.
    static func emit(
        _ values: PropertyTable<StyleValue>, theme: Theme, target: Target = Target(),
        warnings: inout [Diagnostic]
    ) -> [Emitted] {
        var out: [Emitted] = []
        let environment = target.environment
        func has(_ api: SwiftUIAPI) -> Bool { api.isAvailable(in: environment) }
        func unavailable(_ api: SwiftUIAPI, _ property: StyleProperty, instead: String?) {
            warnings.append(
                SurfaceFinding.unavailableAPI(api: api, environment: environment, instead: instead, property: property)
                    .diagnostic)
        }
        // The receiver stays a Text while only Text's own methods apply.
        var text = target.text
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
        // Font: a size gives the whole font (`Font.system(size:weight:design:)`, iOS 13). Without
        // one, weight, design and italic are their own modifiers — `Text`'s from iOS 13, a view's
        // from iOS 16 (design 16.1); below that they go into `.font(.system(.body, design:)…)`,
        // which also sets the body text style: a warning says so.
        let weight = member(.fontWeight)
        let design = member(.fontDesign)
        let italic = member(.italic) == "true"
        let weightModifier = weight != nil && (text || has(.viewFontWeight))
        let designModifier = design != nil && (text ? has(.textFontDesign) : has(.viewFontDesign))
        let italicModifier = italic && (text || has(.viewItalic))
        if let size = points(.fontSize) {
            var args = [IRArgument("size", .number(size))]
            if let weight { args.append(IRArgument("weight", .member(weight))) }
            if let design { args.append(IRArgument("design", .member(design))) }
            var font: IRValue = .call("system", args)
            var props = [StyleProperty.fontSize, .fontWeight, .fontDesign].filter { values[$0] != nil }
            if italic && !italicModifier {
                font = .chain([font, .call("italic", [])])
                props.append(.italic)
            }
            out.append(Emitted(properties: props, node: .modifier("font", [IRArgument(nil, font)])))
        } else {
            var folded: [StyleProperty] = []
            var system = [IRArgument(nil, .member("body"))]
            if let design, !designModifier {
                system.append(IRArgument("design", .member(design)))
                folded.append(.fontDesign)
            }
            var font: [IRValue] = [.call("system", system)]
            if let weight, !weightModifier {
                font.append(.call("weight", [IRArgument(nil, .member(weight))]))
                folded.append(.fontWeight)
            }
            if italic && !italicModifier {
                font.append(.call("italic", []))
                folded.append(.italic)
            }
            if !folded.isEmpty {
                let value: IRValue = font.count == 1 ? font[0] : .chain(font)
                let node = IRNode.modifier("font", [IRArgument(nil, value)])
                // On a Text only the design can be missing (Text.fontDesign is 16.1; its weight and italic are 13).
                let api: SwiftUIAPI =
                    folded.contains(.fontWeight)
                    ? .viewFontWeight
                    : folded.contains(.fontDesign) ? (text ? .textFontDesign : .viewFontDesign) : .viewItalic
                unavailable(
                    api, folded[0], instead: ModifierIR([node]).swiftCode + ", which also sets the body text style")
                out.append(Emitted(properties: folded, node: node))
            }
            if let weight, weightModifier {
                out.append(
                    Emitted(
                        properties: [.fontWeight], node: .modifier("fontWeight", [IRArgument(nil, .member(weight))])))
            }
            if let design, designModifier {
                out.append(
                    Emitted(
                        properties: [.fontDesign], node: .modifier("fontDesign", [IRArgument(nil, .member(design))])))
            }
        }
        if italicModifier { out.append(Emitted(properties: [.italic], node: .modifier("italic"))) }
        if let v = points(.tracking) {
            if text || has(.viewTracking) {
                out.append(Emitted(properties: [.tracking], node: .modifier("tracking", [IRArgument(nil, .number(v))])))
            } else {
                // No view-wide equivalent: Text.tracking(_:) exists from iOS 13 on the Text itself.
                unavailable(.viewTracking, .tracking, instead: nil)
            }
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
        // Only Text's own methods keep it a Text: the line modifiers above return some View.
        if values[.lineSpacing] != nil || values[.textAlignment] != nil || values[.lineLimit] != nil { text = false }
        if let c = color(.foreground) {
            // foregroundColor(_:) is the iOS 13 form for a color (View and Text alike).
            let modern = text ? has(.textForegroundStyle) : has(.viewForegroundStyle)
            out.append(
                Emitted(
                    properties: [.foreground],
                    node: .modifier(modern ? "foregroundStyle" : "foregroundColor", [IRArgument(nil, .color(c))])))
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
            if let shape {
                if has(.backgroundInShape) {
                    args.append(IRArgument("in", shape))
                } else {
                    // background(_:in:fillStyle:) is iOS 15: the shape, filled, as the background view.
                    args = [
                        IRArgument(
                            nil, .view([borderShape(radius), .modifier("fill", [IRArgument(nil, .color(c))])]))
                    ]
                }
            }
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
            // overlay(alignment:content:) is iOS 15; before it the view is the argument.
            let overlay: IRValue = has(.overlayContent) ? .content(content) : .view(content)
            out.append(
                Emitted(
                    properties: [.borderWidth, .borderColor].filter { values[$0] != nil },
                    node: .modifier("overlay", [IRArgument(nil, overlay)])))
        }
        if target.nativeButton, let radius {
            let capsule = radius >= 9999
            let member: SwiftUIAPI = capsule ? .buttonBorderShapeCapsule : .buttonBorderShapeRoundedRectangle
            if has(.buttonBorderShape) && has(member) {
                let shape: IRValue =
                    capsule ? .member("capsule") : .call("roundedRectangle", [IRArgument("radius", .number(radius))])
                out.append(
                    Emitted(
                        properties: [.cornerRadius], node: .modifier("buttonBorderShape", [IRArgument(nil, shape)])))
            } else {
                unavailable(has(.buttonBorderShape) ? member : .buttonBorderShape, .cornerRadius, instead: nil)
            }
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
            // tint(_:) is iOS 15; accentColor(_:), which it replaces, tints controls from iOS 13.
            out.append(
                Emitted(
                    properties: [.tint],
                    node: .modifier(has(.tint) ? "tint" : "accentColor", [IRArgument(nil, .color(c))])))
        }
        if var size = member(.controlSize) {
            // Apple: .extraLarge "resolves to .large on platforms other than visionOS".
            if size == "extraLarge" && !has(.controlSizeExtraLarge) { size = "large" }
            let needed: SwiftUIAPI? =
                !has(.controlSize) ? .controlSize : size == "large" && !has(.controlSizeLarge) ? .controlSizeLarge : nil
            if let needed {
                unavailable(needed, .controlSize, instead: nil)
            } else {
                out.append(
                    Emitted(
                        properties: [.controlSize], node: .modifier("controlSize", [IRArgument(nil, .member(size))])))
            }
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
