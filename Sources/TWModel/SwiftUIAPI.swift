import TWSupport

/// Every SwiftUI API twhost writes itself — built-in styling, native button
/// styles, animations — with the first iOS, macOS and tvOS release that has
/// it, as Apple's SDK declares it (`@available`), and the documentation page
/// the row comes from. The resolver checks each API it emits against the
/// platform and version asked for (`--os-version`); below the first release
/// it writes the documented older equivalent, or leaves the modifier out with
/// an `unavailable-api` warning where none exists. docs/Platforms.md shows
/// this table; a test checks the page against it.
///
/// Some APIs are newer in the SDK than their availability: `Shape.rect(cornerRadius:)`,
/// `.capsule`, `Animation.spring(duration:bounce:)` and `.smooth` came with the
/// iOS 17 SDK but are emitted into the app (`@_alwaysEmitIntoClient`) and
/// declared from iOS 13, so they need a current SDK, not a current OS.
public enum SwiftUIAPI: String, CaseIterable, Sendable {
    case viewFont = "View.font(_:)"
    case fontSystemSize = "Font.system(size:weight:design:)"
    case fontSystemStyle = "Font.system(_:design:)"
    case fontWeightMethod = "Font.weight(_:)"
    case fontItalic = "Font.italic()"
    case fontLargeTitle = "Font.largeTitle"
    case fontTitle = "Font.title"
    case fontTitle2 = "Font.title2"
    case fontTitle3 = "Font.title3"
    case fontBody = "Font.body"
    case fontSubheadline = "Font.subheadline"
    case fontCaption = "Font.caption"
    case viewFontWeight = "View.fontWeight(_:)"
    case textFontWeight = "Text.fontWeight(_:)"
    case viewFontDesign = "View.fontDesign(_:)"
    case textFontDesign = "Text.fontDesign(_:)"
    case viewItalic = "View.italic(_:)"
    case textItalic = "Text.italic()"
    case viewTracking = "View.tracking(_:)"
    case textTracking = "Text.tracking(_:)"
    case lineSpacing = "View.lineSpacing(_:)"
    case multilineTextAlignment = "View.multilineTextAlignment(_:)"
    case lineLimit = "View.lineLimit(_:)"
    case viewForegroundStyle = "View.foregroundStyle(_:)"
    case textForegroundStyle = "Text.foregroundStyle(_:)"
    case viewForegroundColor = "View.foregroundColor(_:)"
    case textForegroundColor = "Text.foregroundColor(_:)"
    case padding = "View.padding(_:_:)"
    case frame = "View.frame(width:height:alignment:)"
    case flexibleFrame = "View.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)"
    case backgroundInShape = "View.background(_:in:fillStyle:)"
    case backgroundView = "View.background(_:alignment:)"
    case backgroundContent = "View.background(alignment:content:)"
    case materials =
        "Material (.ultraThinMaterial, .thinMaterial, .regularMaterial, .thickMaterial, .ultraThickMaterial)"
    case shapeFill = "Shape.fill(_:style:)"
    case overlayContent = "View.overlay(alignment:content:)"
    case overlayView = "View.overlay(_:alignment:)"
    case strokeBorder = "InsettableShape.strokeBorder(_:lineWidth:antialiased:)"
    case roundedRectangle = "RoundedRectangle.init(cornerRadius:style:)"
    case shapeRect = "Shape.rect(cornerRadius:style:)"
    case shapeCapsule = "Shape.capsule"
    case clipShape = "View.clipShape(_:style:)"
    case glassEffect = "View.glassEffect(_:in:)"
    case glassTint = "Glass.tint(_:)"
    case shadow = "View.shadow(color:radius:x:y:)"
    case opacity = "View.opacity(_:)"
    case blur = "View.blur(radius:opaque:)"
    case scaleEffect = "View.scaleEffect(_:anchor:)"
    case rotationEffect = "View.rotationEffect(_:anchor:)"
    case offset = "View.offset(x:y:)"
    case tint = "View.tint(_:)"
    case accentColor = "View.accentColor(_:)"
    case controlSize = "View.controlSize(_:)"
    case controlSizeLarge = "ControlSize.large"
    case controlSizeExtraLarge = "ControlSize.extraLarge"
    case buttonStyle = "View.buttonStyle(_:)"
    case borderedProminent = "PrimitiveButtonStyle.borderedProminent"
    case bordered = "PrimitiveButtonStyle.bordered"
    case borderless = "PrimitiveButtonStyle.borderless"
    case link = "PrimitiveButtonStyle.link"
    case plain = "PrimitiveButtonStyle.plain"
    case glass = "PrimitiveButtonStyle.glass"
    case glassProminent = "PrimitiveButtonStyle.glassProminent"
    case buttonBorderShape = "View.buttonBorderShape(_:)"
    case buttonBorderShapeCapsule = "ButtonBorderShape.capsule"
    case buttonBorderShapeRoundedRectangle = "ButtonBorderShape.roundedRectangle(radius:)"
    case animationCurves = "Animation.default, .linear, .easeIn, .easeOut, .easeInOut (and (duration:))"
    case animationSpring =
        "Animation.spring, .spring(duration:bounce:blendDuration:), .spring(response:dampingFraction:blendDuration:)"
    case animationSmooth = "Animation.smooth, .snappy, .bouncy (and (duration:extraBounce:))"
    case animationDelay = "Animation.delay(_:)"
    case matchedGeometryEffect = "View.matchedGeometryEffect(id:in:properties:anchor:isSource:)"

    public var availability: Availability {
        let v13 = Availability.swiftUI1
        func at(_ ios: OSVersion?, _ macos: OSVersion?, _ tvos: OSVersion?) -> Availability {
            Availability(ios: ios, macos: macos, tvos: tvos)
        }
        switch self {
        case .viewFontWeight, .viewItalic, .viewTracking: return at(OSVersion(16), OSVersion(13), OSVersion(16))
        case .viewFontDesign, .textFontDesign: return at(OSVersion(16, 1), OSVersion(13), OSVersion(16, 1))
        case .viewForegroundStyle, .backgroundInShape, .backgroundContent, .overlayContent, .materials, .tint,
            .buttonBorderShape, .borderedProminent:
            return at(OSVersion(15), OSVersion(12), OSVersion(15))
        case .textForegroundStyle, .controlSizeExtraLarge: return at(OSVersion(17), OSVersion(14), OSVersion(17))
        case .fontTitle2, .fontTitle3, .matchedGeometryEffect: return at(OSVersion(14), OSVersion(11), OSVersion(14))
        case .controlSize: return at(OSVersion(15), OSVersion(10, 15), OSVersion(15))
        case .controlSizeLarge: return at(OSVersion(15), OSVersion(11), OSVersion(15))
        case .bordered: return at(OSVersion(15), OSVersion(10, 15), OSVersion(13))
        case .borderless: return at(OSVersion(13), OSVersion(10, 15), OSVersion(17))
        case .link: return at(nil, OSVersion(10, 15), nil)
        case .glass, .glassProminent, .glassEffect, .glassTint: return at(OSVersion(26), OSVersion(26), OSVersion(26))
        case .buttonBorderShapeCapsule, .buttonBorderShapeRoundedRectangle:
            return at(OSVersion(15), OSVersion(14), OSVersion(17))
        default: return v13
        }
    }

    /// The documentation page of the declaration.
    public var source: String {
        let doc = "https://developer.apple.com/documentation/swiftui/"
        switch self {
        case .viewFont: return doc + "view/font(_:)"
        case .fontSystemSize: return doc + "font/system(size:weight:design:)"
        case .fontSystemStyle: return doc + "font/system(_:design:)"
        case .fontWeightMethod: return doc + "font/weight(_:)"
        case .fontItalic: return doc + "font/italic()"
        case .fontLargeTitle: return doc + "font/largetitle"
        case .fontTitle: return doc + "font/title"
        case .fontTitle2: return doc + "font/title2"
        case .fontTitle3: return doc + "font/title3"
        case .fontBody: return doc + "font/body"
        case .fontSubheadline: return doc + "font/subheadline"
        case .fontCaption: return doc + "font/caption"
        case .viewFontWeight: return doc + "view/fontweight(_:)"
        case .textFontWeight: return doc + "text/fontweight(_:)"
        case .viewFontDesign: return doc + "view/fontdesign(_:)"
        case .textFontDesign: return doc + "text/fontdesign(_:)"
        case .viewItalic: return doc + "view/italic(_:)"
        case .textItalic: return doc + "text/italic()"
        case .viewTracking: return doc + "view/tracking(_:)"
        case .textTracking: return doc + "text/tracking(_:)"
        case .lineSpacing: return doc + "view/linespacing(_:)"
        case .multilineTextAlignment: return doc + "view/multilinetextalignment(_:)"
        case .lineLimit: return doc + "view/linelimit(_:)"
        case .viewForegroundStyle: return doc + "view/foregroundstyle(_:)"
        case .textForegroundStyle: return doc + "text/foregroundstyle(_:)"
        case .viewForegroundColor: return doc + "view/foregroundcolor(_:)"
        case .textForegroundColor: return doc + "text/foregroundcolor(_:)"
        case .padding: return doc + "view/padding(_:_:)"
        case .frame: return doc + "view/frame(width:height:alignment:)"
        case .flexibleFrame:
            return doc + "view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)"
        case .backgroundInShape: return doc + "view/background(_:in:fillstyle:)"
        case .backgroundView: return doc + "view/background(_:alignment:)"
        case .backgroundContent: return doc + "view/background(alignment:content:)"
        case .materials: return doc + "material"
        case .shapeFill: return doc + "shape/fill(_:style:)"
        case .overlayContent: return doc + "view/overlay(alignment:content:)"
        case .overlayView: return doc + "view/overlay(_:alignment:)"
        case .strokeBorder: return doc + "insettableshape/strokeborder(_:linewidth:antialiased:)"
        case .roundedRectangle: return doc + "roundedrectangle/init(cornerradius:style:)"
        case .shapeRect: return doc + "shape/rect(cornerradius:style:)"
        case .shapeCapsule: return doc + "shape/capsule"
        case .clipShape: return doc + "view/clipshape(_:style:)"
        case .glassEffect: return doc + "view/glasseffect(_:in:)"
        case .glassTint: return doc + "glass/tint(_:)"
        case .shadow: return doc + "view/shadow(color:radius:x:y:)"
        case .opacity: return doc + "view/opacity(_:)"
        case .blur: return doc + "view/blur(radius:opaque:)"
        case .scaleEffect: return doc + "view/scaleeffect(_:anchor:)"
        case .rotationEffect: return doc + "view/rotationeffect(_:anchor:)"
        case .offset: return doc + "view/offset(x:y:)"
        case .tint: return doc + "view/tint(_:)"
        case .accentColor: return doc + "view/accentcolor(_:)"
        case .controlSize: return doc + "view/controlsize(_:)"
        case .controlSizeLarge: return doc + "controlsize/large"
        case .controlSizeExtraLarge: return doc + "controlsize/extralarge"
        case .buttonStyle: return doc + "view/buttonstyle(_:)"
        case .borderedProminent: return doc + "primitivebuttonstyle/borderedprominent"
        case .bordered: return doc + "primitivebuttonstyle/bordered"
        case .borderless: return doc + "primitivebuttonstyle/borderless"
        case .link: return doc + "primitivebuttonstyle/link"
        case .plain: return doc + "primitivebuttonstyle/plain"
        case .glass: return doc + "primitivebuttonstyle/glass"
        case .glassProminent: return doc + "primitivebuttonstyle/glassprominent"
        case .buttonBorderShape: return doc + "view/buttonbordershape(_:)"
        case .buttonBorderShapeCapsule: return doc + "buttonbordershape/capsule"
        case .buttonBorderShapeRoundedRectangle: return doc + "buttonbordershape/roundedrectangle(radius:)"
        case .animationCurves: return doc + "animation/easeout(duration:)"
        case .animationSpring: return doc + "animation/spring(duration:bounce:blendduration:)"
        case .animationSmooth: return doc + "animation/smooth(duration:extrabounce:)"
        case .animationDelay: return doc + "animation/delay(_:)"
        case .matchedGeometryEffect: return doc + "view/matchedgeometryeffect(id:in:properties:anchor:issource:)"
        }
    }

    public func isAvailable(in environment: RenderEnvironment) -> Bool {
        availability.isAvailable(in: environment)
    }

    /// The APIs of the table a plugin's modifiers use, as far as their names
    /// and argument shapes tell (a factory's output is only recorded, never
    /// rewritten): view modifiers with a newer `View` form, closure forms of
    /// `background`/`overlay`, and materials.
    public static func used(by nodes: [IRNode]) -> [SwiftUIAPI] {
        var out: [SwiftUIAPI] = []
        func add(_ api: SwiftUIAPI) { if !out.contains(api) { out.append(api) } }
        func visit(_ value: IRValue) {
            switch value {
            case .member(let m) where materialMembers.contains(m): add(.materials)
            case .call(_, let args), .tuple(let args): for a in args { visit(a.value) }
            case .content(let nodes), .view(let nodes): walk(nodes)
            case .chain(let values): for v in values { visit(v) }
            default: break
            }
        }
        func walk(_ nodes: [IRNode]) {
            for node in nodes {
                if node.kind == .modifier {
                    var closure = false
                    if let last = node.arguments.last, last.label == nil, case .content = last.value { closure = true }
                    switch node.name {
                    case "fontWeight": add(.viewFontWeight)
                    case "fontDesign": add(.viewFontDesign)
                    case "italic": add(.viewItalic)
                    case "tracking": add(.viewTracking)
                    case "foregroundStyle": add(.viewForegroundStyle)
                    case "tint": add(.tint)
                    case "controlSize": add(.controlSize)
                    case "buttonBorderShape": add(.buttonBorderShape)
                    case "background" where closure: add(.backgroundContent)
                    case "overlay" where closure: add(.overlayContent)
                    default: break
                    }
                }
                for a in node.arguments { visit(a.value) }
            }
        }
        walk(nodes)
        return out
    }

    static let materialMembers: Set<String> = [
        "ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial", "ultraThickMaterial",
    ]

    /// Whether every API `used(by:)` can find exists in an environment (then
    /// plugin slots need no look).
    public static func pluginAPIsAvailable(in environment: RenderEnvironment) -> Bool {
        [
            SwiftUIAPI.viewFontWeight, .viewFontDesign, .viewItalic, .viewTracking, .viewForegroundStyle, .tint,
            .controlSize, .buttonBorderShape, .backgroundContent, .overlayContent, .materials,
        ].allSatisfy { $0.isAvailable(in: environment) }
    }

    /// The `Font` member for a Dynamic Type style the theme names (`title2`).
    public static func fontStyle(_ name: String) -> SwiftUIAPI? {
        switch name {
        case "largeTitle": return .fontLargeTitle
        case "title": return .fontTitle
        case "title2": return .fontTitle2
        case "title3": return .fontTitle3
        case "body": return .fontBody
        case "subheadline": return .fontSubheadline
        case "caption": return .fontCaption
        default: return nil
        }
    }

    /// The native button style member for a style name (`borderedProminent`).
    public static func buttonStyle(_ name: String) -> SwiftUIAPI? {
        switch name {
        case "borderedProminent": return .borderedProminent
        case "bordered": return .bordered
        case "borderless": return .borderless
        case "link": return .link
        case "plain": return .plain
        case "glass": return .glass
        case "glassProminent": return .glassProminent
        default: return nil
        }
    }

    /// The table as JSON: `{"apis": [{"api", "ios", "macos", "tvos", "source"}]}`,
    /// versions as `"16.1"` or null where the platform lacks the API.
    public static var json: JSONValue {
        func version(_ v: OSVersion?) -> JSONValue { v.map { .string($0.description) } ?? .null }
        return .object([
            (
                "apis",
                .array(
                    allCases.map { api in
                        let a = api.availability
                        return .object([
                            ("api", .string(api.rawValue)), ("ios", version(a.ios)), ("macos", version(a.macos)),
                            ("tvos", version(a.tvos)), ("source", .string(api.source)),
                        ])
                    })
            )
        ])
    }

    /// The table as docs/Platforms.md shows it.
    public static var markdown: String {
        var out = "| API | iOS | macOS | tvOS | declaration |\n|---|---|---|---|---|\n"
        func cell(_ v: OSVersion?) -> String {
            guard let v else { return "—" }
            return v.minor == 0 ? "\(v.major)" : v.description
        }
        for api in allCases {
            let a = api.availability
            out +=
                "| `\(api.rawValue)` | \(cell(a.ios)) | \(cell(a.macos)) | \(cell(a.tvos)) | [doc](\(api.source)) |\n"
        }
        return out
    }
}
