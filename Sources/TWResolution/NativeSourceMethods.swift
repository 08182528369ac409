import TWModel

/// Native methods that return the source's own type (R-TARGET-2): after
/// `Text(…).bold()` the source is still a `Text`, after
/// `Image(…).renderingMode(.template)` still an `Image`, after
/// `Circle().trim(from: 0, to: 0.5)` still a `Shape`, so target
/// registrations still run on it. Any other native modifier (`.padding`,
/// `.frame`, `.fill`) returns `some View` and wraps the source.
///
/// Each row is the method's SwiftUI declaration and its availability, from
/// Apple's documentation of the SDK. Below the version a row names, the
/// source type has no such method: the call resolves to the `View`
/// modifier of the same name, which wraps the source.
public enum NativeSourceMethods {
    /// One method that keeps the source type.
    public struct Method: Sendable {
        public var name: String
        public var declaration: String
        public var availability: Availability
        public var source: String
    }

    static let doc = "https://developer.apple.com/documentation/swiftui/"
    static let v13 = Availability.swiftUI1

    /// `Text` methods that return `Text`.
    public static let text: [Method] = [
        Method(name: "bold", declaration: "func bold() -> Text", availability: v13, source: doc + "text/bold()"),
        Method(name: "italic", declaration: "func italic() -> Text", availability: v13, source: doc + "text/italic()"),
        Method(
            name: "kerning", declaration: "func kerning(_ kerning: CGFloat) -> Text", availability: v13,
            source: doc + "text/kerning(_:)"),
        Method(
            name: "tracking", declaration: "func tracking(_ tracking: CGFloat) -> Text", availability: v13,
            source: doc + "text/tracking(_:)"),
        Method(
            name: "fontWeight", declaration: "func fontWeight(_ weight: Font.Weight?) -> Text", availability: v13,
            source: doc + "text/fontweight(_:)"),
        Method(
            name: "fontDesign", declaration: "func fontDesign(_ design: Font.Design?) -> Text",
            availability: Availability(ios: OSVersion(16, 1), macos: OSVersion(13), tvos: OSVersion(16, 1)),
            source: doc + "text/fontdesign(_:)"),
        Method(
            name: "font", declaration: "func font(_ font: Font?) -> Text", availability: v13,
            source: doc + "text/font(_:)"),
        Method(
            name: "foregroundColor", declaration: "func foregroundColor(_ color: Color?) -> Text", availability: v13,
            source: doc + "text/foregroundcolor(_:)"),
        Method(
            name: "foregroundStyle",
            declaration: "func foregroundStyle<S>(_ style: S) -> Text where S : ShapeStyle",
            availability: Availability(ios: OSVersion(17), macos: OSVersion(14), tvos: OSVersion(17)),
            source: doc + "text/foregroundstyle(_:)"),
        Method(
            name: "underline", declaration: "func underline(_ isActive: Bool = true, color: Color? = nil) -> Text",
            availability: v13, source: doc + "text/underline(_:color:)"),
        Method(
            name: "strikethrough",
            declaration: "func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text", availability: v13,
            source: doc + "text/strikethrough(_:color:)"),
        Method(
            name: "baselineOffset", declaration: "func baselineOffset(_ baselineOffset: CGFloat) -> Text",
            availability: v13, source: doc + "text/baselineoffset(_:)"),
    ]

    /// `Image` methods that return `Image`.
    public static let image: [Method] = [
        Method(
            name: "resizable",
            declaration:
                "func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image",
            availability: v13, source: doc + "image/resizable(capinsets:resizingmode:)"),
        Method(
            name: "renderingMode",
            declaration: "func renderingMode(_ renderingMode: Image.TemplateRenderingMode?) -> Image",
            availability: v13, source: doc + "image/renderingmode(_:)"),
        Method(
            name: "interpolation", declaration: "func interpolation(_ interpolation: Image.Interpolation) -> Image",
            availability: v13, source: doc + "image/interpolation(_:)"),
        Method(
            name: "antialiased", declaration: "func antialiased(_ isAntialiased: Bool) -> Image", availability: v13,
            source: doc + "image/antialiased(_:)"),
        Method(
            name: "symbolRenderingMode", declaration: "func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image",
            availability: Availability(ios: OSVersion(15), macos: OSVersion(12), tvos: OSVersion(15)),
            source: doc + "image/symbolrenderingmode(_:)"),
    ]

    /// `Shape` methods that return a shape (target registrations take any
    /// shape as `AnyShape`, seed 000).
    public static let shape: [Method] = [
        Method(
            name: "trim",
            declaration: "func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape",
            availability: v13, source: doc + "shape/trim(from:to:)"),
        Method(
            name: "rotation",
            declaration: "func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self>",
            availability: v13, source: doc + "shape/rotation(_:anchor:)"),
        Method(
            name: "offset", declaration: "func offset(_ offset: CGPoint) -> OffsetShape<Self>", availability: v13,
            source: doc + "shape/offset(_:)"),
        Method(
            name: "scale",
            declaration: "func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self>",
            availability: v13, source: doc + "shape/scale(_:anchor:)"),
        Method(
            name: "inset", declaration: "func inset(by amount: CGFloat) -> Self.InsetShape", availability: v13,
            source: doc + "insettableshape/inset(by:)"),
        Method(
            name: "transform", declaration: "func transform(_ transform: CGAffineTransform) -> TransformedShape<Self>",
            availability: v13, source: doc + "shape/transform(_:)"),
    ]

    /// The rows for a source kind (none for general views and buttons).
    public static func methods(for kind: SurfaceSource.Kind) -> [Method] {
        switch kind {
        case .text: return text
        case .image: return image
        case .shape: return shape
        case .view, .button: return []
        }
    }

    /// The source a `.tw` decorates after the native modifiers applied
    /// before it, in order: the first one that does not return the source
    /// type (or is not available on the platform and version) wraps it.
    /// - Parameter native: method names as a scene lists them (`"bold"`,
    ///   `"renderingMode(.template)"`, `".padding"`).
    public static func source(
        _ kind: SurfaceSource.Kind, native: [String], environment: RenderEnvironment
    ) -> SurfaceSource {
        let rows = methods(for: kind)
        for entry in native {
            let name = methodName(entry)
            guard let row = rows.first(where: { $0.name == name }), row.availability.isAvailable(in: environment)
            else {
                return SurfaceSource(kind, wrapped: true, wrapper: name)
            }
        }
        return SurfaceSource(kind)
    }

    /// Why a native method wraps the source, for messages: it returns
    /// `some View`, or it returns the source type only from a later version.
    static func whyItWraps(_ method: String, kind: SurfaceSource.Kind, environment: RenderEnvironment) -> String {
        let type = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
        if let row = methods(for: kind).first(where: { $0.name == method }) {
            return
                ".\(method), which returns a \(type) only from \(row.availability.describe(on: environment.platform))"
        }
        return ".\(method), which does not return \(kind == .image ? "an" : "a") \(kind.rawValue)"
    }

    /// `renderingMode(.template)` → `renderingMode`; `.bold` → `bold`.
    static func methodName(_ entry: String) -> String {
        var name = Substring(entry)
        if name.first == "." { name = name.dropFirst() }
        if let paren = name.firstIndex(of: "(") { name = name[..<paren] }
        return String(name)
    }
}
