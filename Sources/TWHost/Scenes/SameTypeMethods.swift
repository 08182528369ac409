/// Native methods that return the same source type (R-TARGET-2):
/// `Text("…").bold().tw("kern-[1]")` is still a Text source, because
/// `Text.bold()` returns `Text`; `Image(…).padding()` is not, because
/// `View.padding(_:)` returns `some View`. Each row is SwiftUI's declaration
/// (developer.apple.com/documentation/swiftui/…) and the first OS versions
/// where that same-type overload exists; before them the name resolves to the
/// `View` modifier of the same name, which wraps the source.
public enum SameTypeMethods {
    public struct Row: Sendable {
        public var name: String
        public var kind: SurfaceSource.Kind
        /// The declaration, as Apple documents it.
        public var declaration: String
        /// First iOS, macOS and tvOS major versions with this overload.
        public var ios: Int, macos: Int, tvos: Int
    }

    public static let rows: [Row] = [
        // Text (documentation/swiftui/text/…)
        Row(name: "bold", kind: .text, declaration: "func bold() -> Text", ios: 13, macos: 10, tvos: 13),
        Row(name: "italic", kind: .text, declaration: "func italic() -> Text", ios: 13, macos: 10, tvos: 13),
        Row(
            name: "kerning", kind: .text, declaration: "func kerning(_ kerning: CGFloat) -> Text", ios: 13, macos: 10,
            tvos: 13),
        Row(
            name: "tracking", kind: .text, declaration: "func tracking(_ tracking: CGFloat) -> Text", ios: 13,
            macos: 10, tvos: 13),
        Row(
            name: "fontWeight", kind: .text, declaration: "func fontWeight(_ weight: Font.Weight?) -> Text", ios: 13,
            macos: 10, tvos: 13),
        Row(name: "font", kind: .text, declaration: "func font(_ font: Font?) -> Text", ios: 13, macos: 10, tvos: 13),
        Row(
            name: "foregroundColor", kind: .text, declaration: "func foregroundColor(_ color: Color?) -> Text", ios: 13,
            macos: 10, tvos: 13),
        Row(
            name: "foregroundStyle", kind: .text,
            declaration: "func foregroundStyle<S>(_ style: S) -> Text where S : ShapeStyle", ios: 17, macos: 14,
            tvos: 17),
        Row(
            name: "underline", kind: .text,
            declaration: "func underline(_ isActive: Bool = true, color: Color? = nil) -> Text",
            ios: 13, macos: 10, tvos: 13),
        Row(
            name: "strikethrough", kind: .text,
            declaration: "func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text", ios: 13, macos: 10,
            tvos: 13),
        Row(
            name: "baselineOffset", kind: .text, declaration: "func baselineOffset(_ baselineOffset: CGFloat) -> Text",
            ios: 13, macos: 10, tvos: 13),
        Row(
            name: "monospacedDigit", kind: .text, declaration: "func monospacedDigit() -> Text", ios: 15, macos: 12,
            tvos: 15
        ),
        Row(
            // iOS and tvOS 16.1: the major version 16 may lack it, so 17 is the first taken as certain.
            name: "fontDesign", kind: .text, declaration: "func fontDesign(_ design: Font.Design?) -> Text", ios: 17,
            macos: 13,
            tvos: 17),
        // Image (documentation/swiftui/image/…)
        Row(
            name: "resizable", kind: .image,
            declaration:
                "func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image",
            ios: 13, macos: 10, tvos: 13),
        Row(
            name: "renderingMode", kind: .image,
            declaration: "func renderingMode(_ renderingMode: Image.TemplateRenderingMode?) -> Image", ios: 13,
            macos: 10,
            tvos: 13),
        Row(
            name: "interpolation", kind: .image,
            declaration: "func interpolation(_ interpolation: Image.Interpolation) -> Image",
            ios: 13, macos: 10, tvos: 13),
        Row(
            name: "antialiased", kind: .image, declaration: "func antialiased(_ isAntialiased: Bool) -> Image", ios: 13,
            macos: 10, tvos: 13),
        Row(
            name: "symbolRenderingMode", kind: .image,
            declaration: "func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image", ios: 15, macos: 12, tvos: 15
        ),
        // Shape (documentation/swiftui/shape/…): a shape stays a shape (AnyShape keeps it).
        Row(
            name: "trim", kind: .shape,
            declaration: "func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape",
            ios: 13,
            macos: 10, tvos: 13),
        Row(
            name: "rotation", kind: .shape,
            declaration: "func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> some Shape",
            ios: 13, macos: 10, tvos: 13),
        Row(
            name: "offset", kind: .shape, declaration: "func offset(_ offset: CGSize) -> OffsetShape<Self>", ios: 13,
            macos: 10, tvos: 13),
        Row(
            name: "scale", kind: .shape,
            declaration: "func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self>", ios: 13,
            macos: 10,
            tvos: 13),
        Row(
            name: "inset", kind: .shape,
            declaration: "func inset(by amount: CGFloat) -> some InsettableShape (InsettableShape)",
            ios: 13, macos: 10, tvos: 13),
    ]

    static let byKindAndName: [String: Row] = Dictionary(
        rows.map { ("\($0.kind.rawValue)|\($0.name)", $0) }, uniquingKeysWith: { first, _ in first })

    /// Whether `name` on a `kind` source returns the same source type on the environment's OS version.
    public static func keepsSource(_ name: String, kind: SurfaceSource.Kind, environment: RenderEnvironment) -> Bool {
        guard let row = byKindAndName["\(kind.rawValue)|\(name)"] else { return false }
        switch environment.platform {
        case .ios: return environment.osVersion >= row.ios
        case .macos: return environment.osVersion >= row.macos
        case .tvos: return environment.osVersion >= row.tvos
        }
    }

    /// Whether the native modifiers applied before `.tw` wrap the source:
    /// only a leading run of same-type methods keeps it.
    public static func wraps(_ native: [String], kind: SurfaceSource.Kind, environment: RenderEnvironment) -> Bool {
        native.contains { !keepsSource($0, kind: kind, environment: environment) }
    }
}
