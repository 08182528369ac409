import TWModel

/// One run of `StyleEmitter.emit`: the winning values, where they are
/// written, and what has been emitted so far. Each step writes one group of
/// the built-in styling, in the fixed application order: font, the text
/// methods, foreground, padding, frame, background, border, corners, shadow,
/// the effects, tint and control size.
struct StyleEmission {
    let values: PropertyTable<StyleValue>
    let theme: Theme
    let target: StyleEmitter.Target
    /// The receiver stays a Text while only Text's own methods apply.
    var text: Bool
    var out: [StyleEmitter.Emitted] = []
    /// The stage the running step belongs to, stamped on what it emits.
    var stage: ChainPhase = .content
    /// `unavailable-api` findings for what the target OS version cannot draw.
    var warnings: [Diagnostic] = []

    init(_ values: PropertyTable<StyleValue>, theme: Theme, target: StyleEmitter.Target) {
        self.values = values
        self.theme = theme
        self.target = target
        text = target.text
    }

    // MARK: Reading the values

    func has(_ api: SwiftUIAPI) -> Bool { api.isAvailable(in: target.environment) }

    mutating func unavailable(_ api: SwiftUIAPI, _ property: StyleProperty, instead: String?) {
        warnings.append(
            SurfaceFinding.unavailableAPI(
                api: api, environment: target.environment, instead: instead, property: property
            ).diagnostic)
    }

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

    mutating func emit(_ properties: [StyleProperty], _ node: IRNode) {
        out.append(StyleEmitter.Emitted(properties: properties, node: node, stage: stage))
    }

    // MARK: Font

    /// Font: a size gives the whole font (`Font.system(size:weight:design:)`, iOS 13). Without
    /// one, weight, design and italic are their own modifiers — `Text`'s from iOS 13, a view's
    /// from iOS 16 (design 16.1); below that they go into `.font(.system(.body, design:)…)`,
    /// which also sets the body text style: a warning says so.
    mutating func font() {
        let weight = member(.fontWeight)
        let design = member(.fontDesign)
        let italic = member(.italic) == "true"
        let weightModifier = weight != nil && (text || has(.viewFontWeight))
        let designModifier = design != nil && (text ? has(.textFontDesign) : has(.viewFontDesign))
        let italicModifier = italic && (text || has(.viewItalic))
        if let size = points(.fontSize) {
            sizedFont(size, weight: weight, design: design, foldItalic: italic && !italicModifier)
        } else {
            unsizedFont(
                style: member(.fontSize), weight: weight, design: design, italic: italic,
                weightModifier: weightModifier,
                designModifier: designModifier, italicModifier: italicModifier)
        }
        if italicModifier { emit([.italic], .modifier("italic")) }
    }

    /// `.font(.system(size:weight:design:))`, with `.italic()` when no modifier can give it.
    mutating func sizedFont(_ size: Double, weight: String?, design: String?, foldItalic: Bool) {
        var args = [IRArgument("size", .number(size))]
        if let weight { args.append(IRArgument("weight", .member(weight))) }
        if let design { args.append(IRArgument("design", .member(design))) }
        var font: IRValue = .call("system", args)
        var props = [StyleProperty.fontSize, .fontWeight, .fontDesign].filter { values[$0] != nil }
        if foldItalic {
            font = .chain([font, .call("italic", [])])
            props.append(.italic)
        }
        emit(props, .modifier("font", [IRArgument(nil, font)]))
    }

    /// Weight and design as modifiers where the target has them; what it lacks
    /// folded into `.font(.system(.body, …))`, with an `unavailable-api` warning.
    /// A Dynamic Type style (`text-sm`) is the font's base: `.font(.subheadline)`.
    mutating func unsizedFont(
        style requested: String?, weight: String?, design: String?, italic: Bool, weightModifier: Bool,
        designModifier: Bool, italicModifier: Bool
    ) {
        // A text style the target lacks (`.title2` before iOS 14) has no older equivalent.
        var style = requested
        if let name = requested, let api = SwiftUIAPI.fontStyle(name), !has(api) {
            unavailable(api, .fontSize, instead: nil)
            style = nil
        }
        var folded: [StyleProperty] = []
        var system = [IRArgument(nil, .member(style ?? "body"))]
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
        if !folded.isEmpty, let style {
            // The text style is the base: nothing is lost, so no warning.
            if case .call(_, let args) = font[0], args.count == 1 { font[0] = .member(style) }
            let value: IRValue = font.count == 1 ? font[0] : .chain(font)
            emit([.fontSize] + folded, .modifier("font", [IRArgument(nil, value)]))
        } else if let style {
            emit([.fontSize], .modifier("font", [IRArgument(nil, .member(style))]))
        } else if !folded.isEmpty {
            let value: IRValue = font.count == 1 ? font[0] : .chain(font)
            let node = IRNode.modifier("font", [IRArgument(nil, value)])
            // On a Text only the design can be missing (Text.fontDesign is 16.1; its weight and italic are 13).
            let api: SwiftUIAPI =
                folded.contains(.fontWeight)
                ? .viewFontWeight
                : folded.contains(.fontDesign) ? (text ? .textFontDesign : .viewFontDesign) : .viewItalic
            unavailable(api, folded[0], instead: ModifierIR([node]).swiftCode + ", which also sets the body text style")
            emit(folded, node)
        }
        if let weight, weightModifier {
            emit([.fontWeight], .modifier("fontWeight", [IRArgument(nil, .member(weight))]))
        }
        if let design, designModifier {
            emit([.fontDesign], .modifier("fontDesign", [IRArgument(nil, .member(design))]))
        }
    }

    // MARK: Text

    /// Tracking, line spacing, alignment and line limit. Only tracking is one
    /// of Text's own methods: after the others the receiver is some View.
    mutating func textLayout() {
        if let v = points(.tracking) {
            if text {
                emit([.tracking], .modifier("tracking", [IRArgument(nil, .number(v))]))
            } else {
                // swiftcn tracks only a native Text its `.tw` is written on (View+TW.swift, `source`): on
                // any other receiver it draws nothing and logs an error.
                warnings.append(SurfaceFinding.trackingNeedsText.diagnostic)
            }
        }
        if let v = points(.lineSpacing) {
            emit([.lineSpacing], .modifier("lineSpacing", [IRArgument(nil, .number(v))]))
        }
        if let a = member(.textAlignment) {
            emit([.textAlignment], .modifier("multilineTextAlignment", [IRArgument(nil, .member(a))]))
        }
        switch values[.lineLimit] {
        case .number(let n)?: emit([.lineLimit], .modifier("lineLimit", [IRArgument(nil, .number(n))]))
        case .none?: emit([.lineLimit], .modifier("lineLimit", [IRArgument(nil, .member("none"))]))
        default: break
        }
        if values[.lineSpacing] != nil || values[.textAlignment] != nil || values[.lineLimit] != nil { text = false }
    }

    /// foregroundStyle(_:), or foregroundColor(_:), the iOS 13 form for a color (View and Text alike).
    /// `.member("primary")` is the hierarchical primary style an inactive variant keeps
    /// (`PreparedStyle.keepForeground`): `.foregroundStyle(.primary)`, `.foregroundColor(.primary)`.
    mutating func foreground() {
        let style: IRValue
        switch values[.foreground] {
        case .color(let c)?: style = .color(c)
        case .member(let m)?: style = .member(m)
        default: return
        }
        let modern = text ? has(.textForegroundStyle) : has(.viewForegroundStyle)
        emit([.foreground], .modifier(modern ? "foregroundStyle" : "foregroundColor", [IRArgument(nil, style)]))
    }

    // MARK: Shared elements

    /// swiftcn's shared-element classes: `matchedGeometryEffect(id:in:properties:anchor:isSource:)`
    /// (iOS 14, macOS 11, tvOS 14) in the namespace of the group the element
    /// names, else of the nearest group, before padding and frame (swiftcn
    /// pairs the geometry inside the surface's layout). Without such a group
    /// swiftcn applies nothing; `PreparedStyle.groupFindings` says so.
    mutating func sharedElement() {
        guard let id = member(.sharedID) else { return }
        guard let scope = target.groups.scope(named: member(.sharedGroup) ?? "") else { return }
        guard has(.matchedGeometryEffect) else {
            unavailable(.matchedGeometryEffect, .sharedID, instead: nil)
            return
        }
        let namespace = scope.name.isEmpty ? "groupNamespace" : "groupNamespace /* group/\(scope.name) */"
        let present = [StyleProperty.sharedID, .sharedGroup, .sharedProperties, .sharedSource].filter {
            values[$0] != nil
        }
        emit(
            present,
            .modifier(
                "matchedGeometryEffect",
                [
                    IRArgument("id", .string(id)), IRArgument("in", .symbolic(namespace, standsFor: nil)),
                    IRArgument("properties", .member(member(.sharedProperties) ?? "frame")),
                    IRArgument("anchor", .member("center")),
                    IRArgument("isSource", .bool(member(.sharedSource) != "false")),
                ]))
    }

    // MARK: Layout

    /// The shortest padding form: all edges, one axis, one edge, or an `EdgeInsets`.
    mutating func padding() {
        let edges: [StyleProperty] = [.paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing]
        let present = edges.filter { points($0) != nil }
        guard !present.isEmpty else { return }
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
        emit(present, node)
    }

    /// Frame: fixed size, then flexible bounds. `w-full`/`h-full` (a width or height of
    /// .infinity) fill the offer with `maxWidth: .infinity`; when a `max-w-*` bounds the same
    /// axis, the fill frame comes first and the bound wraps it, as `max-width` caps `width: 100%`.
    mutating func frame() {
        var fixed: [IRArgument] = []
        if case .points(let w)? = values[.width] { fixed.append(IRArgument("width", .number(w))) }
        if case .points(let h)? = values[.height] { fixed.append(IRArgument("height", .number(h))) }
        if !fixed.isEmpty {
            let props = [StyleProperty.width, .height].filter {
                if case .points? = values[$0] { return true }
                return false
            }
            emit(props, .modifier("frame", fixed))
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
        if !fill.isEmpty { emit(fillProperties, .modifier("frame", fill)) }
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
        if !flexible.isEmpty { emit(flexibleProperties, .modifier("frame", flexible)) }
    }

    // MARK: Decoration

    /// The corner radius, and the shape that background, border and clipping use.
    var radius: Double? { points(.cornerRadius) }
    var cornerShape: IRValue? {
        radius.map { $0 >= 9999 ? .member("capsule") : .call("rect", [IRArgument("cornerRadius", .number($0))]) }
    }

    mutating func background() {
        if let role = member(.surface) {
            surface(role)
            return
        }
        guard let c = color(.background) else { return }
        var args = [IRArgument(nil, .color(c))]
        if let shape = cornerShape {
            if has(.backgroundInShape) {
                args.append(IRArgument("in", shape))
            } else {
                // background(_:in:fillStyle:) is iOS 15: the shape, filled, as the background view.
                args = [
                    IRArgument(
                        nil, .view([StyleEmitter.borderShape(radius), .modifier("fill", [IRArgument(nil, .color(c))])]))
                ]
            }
        }
        emit([.background], .modifier("background", args))
    }

    /// swiftcn's semantic surface (`Surface.swift`), for the app's default
    /// appearance policy: glass where the system has Liquid Glass (version 26;
    /// for a floating surface, unless the app keeps the earlier design),
    /// else a material for a floating surface and the theme's surface color
    /// (or the `bg-*` class) for a solid one, with a 1-point edge in the border
    /// color when no border class is given. Its shape is the corner radius, or
    /// a capsule without one.
    /// On a natively styled button the surface only chose the style (`glass`): nothing is drawn.
    mutating func surface(_ role: String) {
        guard !target.nativeButton else { return }
        let shapeNode: IRNode =
            radius.map {
                $0 >= 9999
                    ? .view("Capsule", [IRArgument("style", .member("continuous"))])
                    : .view(
                        "RoundedRectangle",
                        [IRArgument("cornerRadius", .number($0)), IRArgument("style", .member("continuous"))])
            } ?? .view("Capsule", [IRArgument("style", .member("continuous"))])
        var properties = [StyleProperty.surface, .glassInteractive, .glassTint, .background].filter {
            values[$0] != nil
        }
        // An app that keeps the earlier design (`designRequiresCompatibility`) draws its floating
        // surfaces without glass; a `glass` class keeps it (swiftcn's `TWSurfaceContext.usesGlass`).
        let glassRole = role == "glass" || (role != "solid" && !target.environment.designRequiresCompatibility)
        if glassRole && has(.glassEffect) {
            // `Glass.regular`, then its tint (`Glass.tint(_:)`) and interactivity, in swiftcn's order.
            // swiftcn's `tint-*` and `glass-tint-*` set one value, the glass's tint: without a
            // `glass-tint-*` class, a `tint-*` one tints the glass (its `.tint` stays beside it).
            var steps: [IRValue] = [.member("regular")]
            let glassTint = color(.glassTint) ?? color(.tint)
            if values[.glassTint] == nil && glassTint != nil { properties.append(.tint) }
            if let tint = glassTint { steps.append(.call("tint", [IRArgument(nil, .color(tint))])) }
            if member(.glassInteractive) == "true" { steps.append(.call("interactive", [])) }
            let glass: IRValue = steps.count == 1 ? steps[0] : .chain(steps)
            emit(properties, .modifier("glassEffect", [IRArgument(nil, glass), IRArgument("in", .view([shapeNode]))]))
            return
        }
        guard has(.backgroundInShape) else {
            unavailable(.backgroundInShape, .surface, instead: nil)
            return
        }
        // A material or a solid fill has no glass to tint.
        let fallback = properties.filter { $0 != .glassTint }
        let fill: IRValue
        if role == "solid" {
            let surface =
                theme.color(named: "surface") ?? ColorValue(red: 1, green: 1, blue: 1, name: "white")
            fill = .color(color(.background) ?? surface)
        } else {
            fill = .member("regularMaterial")
        }
        emit(fallback, .modifier("background", [IRArgument(nil, fill), IRArgument("in", .view([shapeNode]))]))
        if let width = points(.borderWidth), width > 0 { return }
        guard let edge = theme.color(named: "border") else { return }
        let stroke = role == "solid" ? edge : edge.withOpacity(0.7)
        emit(
            [.surface],
            .modifier(
                "overlay",
                [
                    IRArgument(
                        nil,
                        .content([
                            shapeNode,
                            .modifier(
                                "strokeBorder", [IRArgument(nil, .color(stroke)), IRArgument("lineWidth", .number(1))]),
                        ]))
                ]))
    }

    mutating func border() {
        guard let width = points(.borderWidth), width > 0 else { return }
        let stroke =
            color(.borderColor) ?? theme.color(named: "border") ?? ColorValue(red: 0, green: 0, blue: 0, name: "black")
        // `strokeBorder` strokes inside the shape (InsettableShape.strokeBorder(_:lineWidth:antialiased:),
        // iOS 13): the whole width is drawn and the corner clipping that follows cuts none of it. A
        // centred `stroke` would lose its outer half to that clip.
        let content: [IRNode] = [
            StyleEmitter.borderShape(radius),
            .modifier("strokeBorder", [IRArgument(nil, .color(stroke)), IRArgument("lineWidth", .number(width))]),
        ]
        // overlay(alignment:content:) is iOS 15; before it the view is the argument.
        let overlay: IRValue = has(.overlayContent) ? .content(content) : .view(content)
        emit(
            [.borderWidth, .borderColor].filter { values[$0] != nil }, .modifier("overlay", [IRArgument(nil, overlay)]))
    }

    /// Clipping to the corner shape, or on a natively styled button its border shape (R-CTRL-1).
    mutating func corners() {
        if target.nativeButton, let radius {
            let capsule = radius >= 9999
            let member: SwiftUIAPI = capsule ? .buttonBorderShapeCapsule : .buttonBorderShapeRoundedRectangle
            if has(.buttonBorderShape) && has(member) {
                let shape: IRValue =
                    capsule ? .member("capsule") : .call("roundedRectangle", [IRArgument("radius", .number(radius))])
                emit([.cornerRadius], .modifier("buttonBorderShape", [IRArgument(nil, shape)]))
            } else {
                unavailable(has(.buttonBorderShape) ? member : .buttonBorderShape, .cornerRadius, instead: nil)
            }
        } else if let shape = cornerShape, let radius, radius < 9999 {
            // swiftcn's `rounded-full` shapes the background and border without clipping the content.
            emit([.cornerRadius], .modifier("clipShape", [IRArgument(nil, shape)]))
        }
    }

    mutating func shadow() {
        guard case .shadow(let token)? = values[.shadow], token.opacity > 0 || token.radius > 0 else { return }
        let black = ColorValue(red: 0, green: 0, blue: 0, alpha: token.opacity, name: "black")
        emit(
            [.shadow],
            .modifier(
                "shadow",
                [
                    IRArgument("color", .color(black)), IRArgument("radius", .number(token.radius)),
                    IRArgument("x", .number(0)), IRArgument("y", .number(token.y)),
                ]))
    }

    // MARK: Effects and controls

    /// Opacity, blur, scale, rotation and offset.
    mutating func effects() {
        if case .number(let v)? = values[.opacity] {
            emit([.opacity], .modifier("opacity", [IRArgument(nil, .number(v))]))
        }
        if let v = points(.blur) { emit([.blur], .modifier("blur", [IRArgument("radius", .number(v))])) }
        if case .number(let x)? = values[.scale], case .number(let y)? = values[.scaleY] {
            let args =
                x == y ? [IRArgument(nil, .number(x))] : [IRArgument("x", .number(x)), IRArgument("y", .number(y))]
            emit([.scale, .scaleY], .modifier("scaleEffect", args))
        }
        if case .number(let v)? = values[.rotation] {
            emit(
                [.rotation],
                .modifier("rotationEffect", [IRArgument(nil, .call("degrees", [IRArgument(nil, .number(v))]))]))
        }
        if values[.offsetX] != nil || values[.offsetY] != nil {
            emit(
                [.offsetX, .offsetY].filter { values[$0] != nil },
                .modifier(
                    "offset",
                    [
                        IRArgument("x", .number(points(.offsetX) ?? 0)),
                        IRArgument("y", .number(points(.offsetY) ?? 0)),
                    ]))
        }
    }

    /// tint(_:) is iOS 15; accentColor(_:), which it replaces, tints controls from iOS 13.
    mutating func tint() {
        // On a natively styled button swiftcn tints the button with the glass tint (`Surface.swift`);
        // a `tint-*` class, when there is one, is the tint instead.
        let glassTint = target.nativeButton && values[.tint] == nil ? color(.glassTint) : nil
        guard let c = color(.tint) ?? glassTint else { return }
        emit(
            [glassTint == nil ? .tint : .glassTint],
            .modifier(has(.tint) ? "tint" : "accentColor", [IRArgument(nil, .color(c))]))
    }

    mutating func controlSize() {
        guard var size = member(.controlSize) else { return }
        // Apple: .extraLarge "resolves to .large on platforms other than visionOS".
        if size == "extraLarge" && !has(.controlSizeExtraLarge) { size = "large" }
        let needed: SwiftUIAPI? =
            !has(.controlSize) ? .controlSize : size == "large" && !has(.controlSizeLarge) ? .controlSizeLarge : nil
        if let needed {
            unavailable(needed, .controlSize, instead: nil)
        } else {
            emit([.controlSize], .modifier("controlSize", [IRArgument(nil, .member(size))]))
        }
    }
}
