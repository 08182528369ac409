@_exported import TWPluginAPI

/// A recorded SwiftUI-like view chain. A factory receives one and returns it
/// with modifiers added; the kit replays the record through the host's
/// builder, so the host sees exactly what a C plugin's builder calls describe.
///
/// ```swift
/// "tilt": .value(default: Angle.zero) { view, angle in
///     view.rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))
/// }
/// ```
public struct NativeView: Sendable {
    var nodes: [KitNode]

    init(nodes: [KitNode] = []) { self.nodes = nodes }

    /// A view that starts a chain inside content: `Name(arguments…)`.
    ///
    /// Use it for any SwiftUI view the kit has no function for; the shapes
    /// ``RoundedRectangle(cornerRadius:)``, ``Rectangle()``, ``Circle()`` and
    /// ``Capsule()`` are written with it.
    ///
    /// ```swift
    /// view.background {
    ///     NativeView.view("Ellipse").fill(.thinMaterial)  // Ellipse().fill(.thinMaterial)
    /// }
    /// ```
    public static func view(_ name: String, _ arguments: KitArgument...) -> NativeView {
        NativeView(nodes: [.view(name, arguments)])
    }

    /// Any native modifier: `.name(label: value, …)`.
    ///
    /// ```swift
    /// view.modifier("offset", .number("x", 0), .number("y", -4))  // .offset(x: 0, y: -4)
    /// ```
    public func modifier(_ name: String, _ arguments: KitArgument...) -> NativeView {
        appending(.modifier(name, arguments))
    }

    func appending(_ node: KitNode) -> NativeView {
        var copy = self
        copy.nodes.append(node)
        return copy
    }

    // MARK: SwiftUI modifiers used by the shipped plugins, and common ones.
    // Each renders the labels of the SwiftUI declaration it is named after.

    /// `.background { … }` (SwiftUI's `background(alignment:content:)`).
    ///
    /// ```swift
    /// view.background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(active ? 1 : 0) }
    /// ```
    public func background(@NativeContentBuilder _ content: () -> NativeView) -> NativeView {
        modifier("background", .content(nil, content))
    }

    /// `.overlay { … }` (SwiftUI's `overlay(alignment:content:)`).
    ///
    /// ```swift
    /// view.overlay { Capsule().fill(Color.white.opacity(active ? 0.2 : 0)) }
    /// ```
    public func overlay(@NativeContentBuilder _ content: () -> NativeView) -> NativeView {
        modifier("overlay", .content(nil, content))
    }

    /// `.rotation3DEffect(_:axis:)`.
    ///
    /// ```swift
    /// view.rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))
    /// ```
    public func rotation3DEffect(_ angle: Angle, axis: (x: Double, y: Double, z: Double)) -> NativeView {
        modifier(
            "rotation3DEffect", KitArgument(nil, angle.value),
            .tuple("axis", .number("x", axis.x), .number("y", axis.y), .number("z", axis.z)))
    }

    /// `.rotationEffect(_:)`.
    ///
    /// ```swift
    /// view.rotationEffect(.degrees(45))
    /// ```
    public func rotationEffect(_ angle: Angle) -> NativeView {
        modifier("rotationEffect", KitArgument(nil, angle.value))
    }

    /// `.padding(_:)` with one length for every edge.
    ///
    /// ```swift
    /// view.padding(8)
    /// ```
    public func padding(_ amount: Points) -> NativeView { modifier("padding", .number(nil, amount.value)) }

    /// `.offset(x:y:)`; both labels are written.
    ///
    /// ```swift
    /// view.offset(y: -6)  // .offset(x: 0, y: -6)
    /// ```
    public func offset(x: Points = 0, y: Points = 0) -> NativeView {
        modifier("offset", .number("x", x.value), .number("y", y.value))
    }

    /// `.opacity(_:)`.
    ///
    /// ```swift
    /// view.opacity(active ? 0.5 : 1)
    /// ```
    public func opacity(_ value: Double) -> NativeView { modifier("opacity", .number(nil, value)) }

    /// `.scaleEffect(_:)` with one factor for both axes.
    ///
    /// ```swift
    /// view.scaleEffect(1.05)
    /// ```
    public func scaleEffect(_ value: Double) -> NativeView { modifier("scaleEffect", .number(nil, value)) }

    /// `.blur(radius:)`.
    ///
    /// ```swift
    /// view.blur(radius: active ? 4 : 0)
    /// ```
    public func blur(radius: Points) -> NativeView { modifier("blur", .number("radius", radius.value)) }

    /// `.shadow(color:radius:x:y:)`; every label is written. A neutral shadow
    /// keeps the same labels with a clear color.
    ///
    /// ```swift
    /// view.shadow(color: .black.opacity(active ? 0.2 : 0), radius: 8, y: 4)
    /// ```
    public func shadow(color: Color = .black.opacity(0.33), radius: Points, x: Points = 0, y: Points = 0) -> NativeView
    {
        modifier(
            "shadow", .color("color", color), .number("radius", radius.value), .number("x", x.value),
            .number("y", y.value))
    }

    /// `.fill(_:)` with a material, on a shape.
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial)
    /// ```
    public func fill(_ material: Material) -> NativeView { modifier("fill", .member(nil, material.rawValue)) }

    /// `.fill(_:)` with a color, on a shape.
    ///
    /// ```swift
    /// Capsule().fill(Color(red: 1, green: 0.8, blue: 0.2))
    /// ```
    public func fill(_ color: Color) -> NativeView { modifier("fill", .color(nil, color)) }

    /// `.foregroundStyle(_:)` with a color.
    ///
    /// ```swift
    /// view.foregroundStyle(Color(red: 0.2, green: 0.3, blue: 0.9))
    /// ```
    public func foregroundStyle(_ color: Color) -> NativeView { modifier("foregroundStyle", .color(nil, color)) }

    // MARK: Methods of the native sources: Text, Image and Shape.

    /// `Text.kerning(_:)`, for `.text` and `.textValue` registrations.
    ///
    /// ```swift
    /// "kern": .textValue(default: Points.zero) { text, points in text.kerning(points) }
    /// ```
    public func kerning(_ points: Points) -> NativeView { modifier("kerning", .number(nil, points.value)) }

    /// `Text.tracking(_:)`, for `.text` and `.textValue` registrations.
    ///
    /// ```swift
    /// "track": .textValue(default: Points.zero) { text, points in text.tracking(points) }
    /// ```
    public func tracking(_ points: Points) -> NativeView { modifier("tracking", .number(nil, points.value)) }

    /// `Image.resizable()`, for `.image` registrations.
    ///
    /// ```swift
    /// "resize": .image { image, _ in image.resizable() }
    /// ```
    public func resizable() -> NativeView { modifier("resizable") }

    /// `Shape.trim(from:to:)`, for `.shape` and `.shapeValue` registrations.
    ///
    /// ```swift
    /// "trim": .shapeValue(default: 1.0) { shape, end in shape.trim(from: 0, to: end) }
    /// ```
    public func trim(from start: Double, to end: Double) -> NativeView {
        modifier("trim", .number("from", start), .number("to", end))
    }
}

/// Builds the content of `background { … }`, `overlay { … }` and
/// ``KitArgument/content(_:_:)``: one or more views, each with its modifiers.
///
/// ```swift
/// view.overlay {
///     Circle().fill(.white)
///     Capsule().fill(.black.opacity(0.1))
/// }
/// ```
@resultBuilder
public enum NativeContentBuilder {
    /// Joins the views of a content closure in order.
    ///
    /// ```swift
    /// NativeContentBuilder.buildBlock(Circle(), Capsule())
    /// ```
    public static func buildBlock(_ views: NativeView...) -> NativeView {
        NativeView(nodes: views.flatMap(\.nodes))
    }
}

/// `RoundedRectangle(cornerRadius:)`, a view that starts a chain inside content.
///
/// ```swift
/// view.background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial) }
/// ```
public func RoundedRectangle(cornerRadius: Points) -> NativeView {
    .view("RoundedRectangle", .number("cornerRadius", cornerRadius.value))
}

/// `Rectangle()`, a view that starts a chain inside content.
///
/// ```swift
/// view.overlay { Rectangle().fill(Color.white.opacity(0.1)) }
/// ```
public func Rectangle() -> NativeView { .view("Rectangle") }

/// `Circle()`, a view that starts a chain inside content.
///
/// ```swift
/// view.background { Circle().fill(.regularMaterial) }
/// ```
public func Circle() -> NativeView { .view("Circle") }

/// `Capsule()`, a view that starts a chain inside content.
///
/// ```swift
/// view.background { Capsule().fill(Color(red: 1, green: 0.8, blue: 0.2)) }
/// ```
public func Capsule() -> NativeView { .view("Capsule") }
