@_exported import TWPluginAPI

/// A recorded SwiftUI-like view chain. Factories receive one and return it with
/// modifiers added; the kit replays the record through the host's builder.
///
/// ```swift
/// view.rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))
/// ```
public struct NativeView: Sendable {
    var nodes: [KitNode]

    init(nodes: [KitNode] = []) { self.nodes = nodes }

    /// Any native modifier: `.name(label: value, …)`.
    public func modifier(_ name: String, _ arguments: KitArgument...) -> NativeView {
        appending(.modifier(name, arguments))
    }

    func appending(_ node: KitNode) -> NativeView {
        var copy = self
        copy.nodes.append(node)
        return copy
    }

    // MARK: SwiftUI modifiers used by the shipped plugins and common ones.

    public func background(@NativeContentBuilder _ content: () -> NativeView) -> NativeView {
        appending(.modifier("background", [KitArgument(nil, .content(content().nodes))]))
    }
    public func overlay(@NativeContentBuilder _ content: () -> NativeView) -> NativeView {
        appending(.modifier("overlay", [KitArgument(nil, .content(content().nodes))]))
    }
    public func rotation3DEffect(_ angle: Angle, axis: (x: Double, y: Double, z: Double)) -> NativeView {
        modifier(
            "rotation3DEffect", KitArgument(nil, angle.value),
            KitArgument(
                "axis",
                .tuple([
                    KitArgument("x", .number(axis.x)), KitArgument("y", .number(axis.y)),
                    KitArgument("z", .number(axis.z)),
                ])))
    }
    public func rotationEffect(_ angle: Angle) -> NativeView {
        modifier("rotationEffect", KitArgument(nil, angle.value))
    }
    public func padding(_ amount: Points) -> NativeView { modifier("padding", KitArgument(nil, .number(amount.value))) }
    public func opacity(_ value: Double) -> NativeView { modifier("opacity", KitArgument(nil, .number(value))) }
    public func scaleEffect(_ value: Double) -> NativeView { modifier("scaleEffect", KitArgument(nil, .number(value))) }
    public func blur(radius: Points) -> NativeView { modifier("blur", KitArgument("radius", .number(radius.value))) }
    public func shadow(color: Color = .black.opacity(0.33), radius: Points, x: Points = 0, y: Points = 0) -> NativeView
    {
        modifier(
            "shadow", KitArgument("color", color.value), KitArgument("radius", .number(radius.value)),
            KitArgument("x", .number(x.value)), KitArgument("y", .number(y.value)))
    }
    public func fill(_ material: Material) -> NativeView {
        modifier("fill", KitArgument(nil, .member(material.rawValue)))
    }
    public func fill(_ color: Color) -> NativeView { modifier("fill", KitArgument(nil, color.value)) }
    public func foregroundStyle(_ color: Color) -> NativeView {
        modifier("foregroundStyle", KitArgument(nil, color.value))
    }
    // Target methods: Text, Image and Shape.
    public func kerning(_ points: Points) -> NativeView { modifier("kerning", KitArgument(nil, .number(points.value))) }
    public func tracking(_ points: Points) -> NativeView {
        modifier("tracking", KitArgument(nil, .number(points.value)))
    }
    public func resizable() -> NativeView { modifier("resizable") }
    public func trim(from start: Double, to end: Double) -> NativeView {
        modifier("trim", KitArgument("from", .number(start)), KitArgument("to", .number(end)))
    }
}

/// Builds the content of `background { … }` and `overlay { … }`.
@resultBuilder
public enum NativeContentBuilder {
    public static func buildBlock(_ views: NativeView...) -> NativeView {
        NativeView(nodes: views.flatMap(\.nodes))
    }
}

/// A view that starts a chain inside content: `RoundedRectangle(cornerRadius: 20)`.
public func RoundedRectangle(cornerRadius: Points) -> NativeView {
    NativeView(nodes: [.view("RoundedRectangle", [KitArgument("cornerRadius", .number(cornerRadius.value))])])
}
public func Rectangle() -> NativeView { NativeView(nodes: [.view("Rectangle", [])]) }
public func Circle() -> NativeView { NativeView(nodes: [.view("Circle", [])]) }
public func Capsule() -> NativeView { NativeView(nodes: [.view("Capsule", [])]) }

/// An angle, recorded as `.degrees(x)` or `.radians(x)`.
public struct Angle: Sendable, Hashable {
    public var degrees: Double
    var usesRadians = false
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(degrees: r * 180 / Double.pi, usesRadians: true) }
    public static let zero = Angle(degrees: 0)
    var value: KitValue {
        usesRadians
            ? .call("radians", [KitArgument(nil, .number(degrees * Double.pi / 180))])
            : .call("degrees", [KitArgument(nil, .number(degrees))])
    }
}

/// A length in points (SwiftUI's CGFloat).
public struct Points: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var value: Double
    public init(_ value: Double) { self.value = value }
    public init(floatLiteral value: Double) { self.value = value }
    public init(integerLiteral value: Int) { self.value = Double(value) }
    public static let zero = Points(0)
}

/// A duration in seconds.
public struct Seconds: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var value: Double
    public init(_ value: Double) { self.value = value }
    public init(floatLiteral value: Double) { self.value = value }
    public init(integerLiteral value: Int) { self.value = Double(value) }
}

/// SwiftUI materials.
public enum Material: String, Sendable, CaseIterable {
    case ultraThinMaterial, thinMaterial, regularMaterial, thickMaterial, ultraThickMaterial
}

/// A color: a system name (`.black`), a theme name, or components.
public struct Color: Sendable, Hashable {
    var components: tw_color
    var name: String?
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        components = tw_color(r: red, g: green, b: blue, a: opacity)
    }
    init(components: tw_color, name: String?) {
        self.components = components
        self.name = name
    }
    public static let black = Color(components: tw_color(r: 0, g: 0, b: 0, a: 1), name: nil)
    public static let white = Color(components: tw_color(r: 1, g: 1, b: 1, a: 1), name: nil)
    public static let clear = Color(components: tw_color(r: 0, g: 0, b: 0, a: 0), name: nil)
    public func opacity(_ factor: Double) -> Color {
        var copy = self
        copy.components.a *= factor
        return copy
    }
    var value: KitValue { .color(components) }

    public static func == (a: Color, b: Color) -> Bool {
        a.components.r == b.components.r && a.components.g == b.components.g && a.components.b == b.components.b
            && a.components.a == b.components.a && a.name == b.name
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(components.r)
        hasher.combine(components.g)
        hasher.combine(components.b)
        hasher.combine(components.a)
    }
}

/// One recorded node.
indirect enum KitNode: Sendable {
    case modifier(String, [KitArgument])
    case view(String, [KitArgument])
}

/// A labelled argument of a recorded modifier.
public struct KitArgument: Sendable {
    var label: String?
    var value: KitValue
    init(_ label: String?, _ value: KitValue) {
        self.label = label
        self.value = value
    }
    public static func number(_ label: String?, _ value: Double) -> KitArgument { KitArgument(label, .number(value)) }
    public static func bool(_ label: String?, _ value: Bool) -> KitArgument { KitArgument(label, .bool(value)) }
    public static func string(_ label: String?, _ value: String) -> KitArgument { KitArgument(label, .string(value)) }
    public static func member(_ label: String?, _ value: String) -> KitArgument { KitArgument(label, .member(value)) }
    public static func color(_ label: String?, _ value: Color) -> KitArgument { KitArgument(label, value.value) }
}

indirect enum KitValue: Sendable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case color(tw_color)
    case member(String)
    case call(String, [KitArgument])
    case tuple([KitArgument])
    case content([KitNode])
}

extension tw_color: @unchecked @retroactive Sendable {}
