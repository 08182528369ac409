import TWPluginAPI

/// An angle, recorded as `.degrees(x)` or `.radians(x)` the way it was made.
///
/// ```swift
/// view.rotationEffect(.degrees(45))
/// view.rotationEffect(.radians(.pi / 4))
/// ```
public struct Angle: Sendable, Hashable {
    private enum Unit: Sendable, Hashable { case degrees, radians }
    private var unit: Unit
    private var amount: Double

    /// The angle in degrees.
    ///
    /// ```swift
    /// Angle.radians(.pi).degrees  // 180
    /// ```
    public var degrees: Double { unit == .degrees ? amount : amount * 180 / Double.pi }

    /// The angle in radians.
    ///
    /// ```swift
    /// Angle.degrees(180).radians  // .pi
    /// ```
    public var radians: Double { unit == .radians ? amount : amount * Double.pi / 180 }

    /// An angle in degrees, rendered `.degrees(d)`.
    ///
    /// ```swift
    /// view.rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))
    /// ```
    public static func degrees(_ d: Double) -> Angle { Angle(unit: .degrees, amount: d) }

    /// An angle in radians, rendered `.radians(r)`.
    ///
    /// ```swift
    /// view.rotationEffect(.radians(0.5))
    /// ```
    public static func radians(_ r: Double) -> Angle { Angle(unit: .radians, amount: r) }

    /// No rotation, `.degrees(0)`: the neutral default of rotation registrations.
    ///
    /// ```swift
    /// "tilt": .value(default: Angle.zero) { view, angle in view.rotationEffect(angle) }
    /// ```
    public static let zero = Angle.degrees(0)

    var value: KitValue {
        .call(unit == .radians ? "radians" : "degrees", [.number(nil, amount)])
    }
}

/// A length in points (SwiftUI's `CGFloat`); 1 px in a class is 1 pt.
///
/// ```swift
/// "inset": .value(default: Points.zero, phase: .content) { view, amount in view.padding(amount) }
/// ```
public struct Points: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The length.
    ///
    /// ```swift
    /// view.offset(y: Points(-amount.value))
    /// ```
    public var value: Double
    /// A length of `value` points.
    ///
    /// ```swift
    /// view.padding(Points(theme.space(4)))
    /// ```
    public init(_ value: Double) { self.value = value }
    /// A length from a literal: `view.padding(8.5)`.
    ///
    /// ```swift
    /// let inset: Points = 8.5
    /// ```
    public init(floatLiteral value: Double) { self.value = value }
    /// A length from a literal: `view.padding(8)`.
    ///
    /// ```swift
    /// let inset: Points = 8
    /// ```
    public init(integerLiteral value: Int) { self.value = Double(value) }
    /// Zero points: the neutral default of padding, offset and blur registrations.
    ///
    /// ```swift
    /// "lift": .value(default: Points.zero) { view, amount in view.offset(y: Points(-amount.value)) }
    /// ```
    public static let zero = Points(0)
}

/// A duration in seconds (SwiftUI's `TimeInterval`); `200ms` in a class is 0.2.
///
/// ```swift
/// "hold": .value(default: Seconds(0)) { view, seconds in
///     view.modifier("animation", .animation(nil, .easeOut(duration: seconds.value)), .bool("value", true))
/// }
/// ```
public struct Seconds: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The duration.
    ///
    /// ```swift
    /// TWAnimationValue.easeOut(duration: seconds.value)
    /// ```
    public var value: Double
    /// A duration of `value` seconds.
    ///
    /// ```swift
    /// let quick = Seconds(0.2)
    /// ```
    public init(_ value: Double) { self.value = value }
    /// A duration from a literal.
    ///
    /// ```swift
    /// let quick: Seconds = 0.2
    /// ```
    public init(floatLiteral value: Double) { self.value = value }
    /// A duration from a literal.
    ///
    /// ```swift
    /// let second: Seconds = 1
    /// ```
    public init(integerLiteral value: Int) { self.value = Double(value) }
}

/// A three-component vector, such as a rotation axis; classes write it `x,y,z`.
///
/// ```swift
/// "axis": .value(default: TWVector(x: 0, y: 1, z: 0)) { view, axis in
///     view.rotation3DEffect(.degrees(10), axis: (x: axis.x, y: axis.y, z: axis.z))
/// }
/// ```
public struct TWVector: Sendable, Hashable {
    /// The first component.
    ///
    /// ```swift
    /// TWVector(x: 1, y: 2, z: 3).x  // 1
    /// ```
    public var x: Double
    /// The second component.
    ///
    /// ```swift
    /// TWVector(x: 1, y: 2, z: 3).y  // 2
    /// ```
    public var y: Double
    /// The third component.
    ///
    /// ```swift
    /// TWVector(x: 1, y: 2, z: 3).z  // 3
    /// ```
    public var z: Double
    /// A vector of three components.
    ///
    /// ```swift
    /// let up = TWVector(x: 0, y: 1, z: 0)
    /// ```
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
    /// `0,0,0`.
    ///
    /// ```swift
    /// "drop": .value(default: TWVector.zero) { view, v in view.offset(x: Points(v.x), y: Points(v.y)) }
    /// ```
    public static let zero = TWVector(x: 0, y: 0, z: 0)
}

/// SwiftUI's materials, for `fill(_:)` on a shape.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial)
/// ```
public enum Material: String, Sendable, CaseIterable {
    /// `.ultraThinMaterial`.
    ///
    /// ```swift
    /// Capsule().fill(.ultraThinMaterial)
    /// ```
    case ultraThinMaterial
    /// `.thinMaterial`.
    ///
    /// ```swift
    /// Capsule().fill(.thinMaterial)
    /// ```
    case thinMaterial
    /// `.regularMaterial`.
    ///
    /// ```swift
    /// Capsule().fill(.regularMaterial)
    /// ```
    case regularMaterial
    /// `.thickMaterial`.
    ///
    /// ```swift
    /// Capsule().fill(.thickMaterial)
    /// ```
    case thickMaterial
    /// `.ultraThickMaterial`.
    ///
    /// ```swift
    /// Capsule().fill(.ultraThickMaterial)
    /// ```
    case ultraThickMaterial
}

/// An sRGB color with components 0…1, rendered `Color(red:green:blue:opacity:)`.
///
/// ```swift
/// view.shadow(color: Color(red: 0, green: 0, blue: 0, opacity: active ? 0.25 : 0), radius: 6)
/// ```
public struct Color: Sendable, Hashable {
    var components: tw_color
    var name: String?

    /// A color from sRGB components, each 0…1.
    ///
    /// ```swift
    /// let amber = Color(red: 1, green: 0.75, blue: 0)
    /// ```
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        components = tw_color(r: red, g: green, b: blue, a: opacity)
    }

    init(components: tw_color, name: String?) {
        self.components = components
        self.name = name
    }

    /// The red component, 0…1.
    ///
    /// ```swift
    /// Color.white.red  // 1
    /// ```
    public var red: Double { components.r }
    /// The green component, 0…1.
    ///
    /// ```swift
    /// Color.white.green  // 1
    /// ```
    public var green: Double { components.g }
    /// The blue component, 0…1.
    ///
    /// ```swift
    /// Color.white.blue  // 1
    /// ```
    public var blue: Double { components.b }
    /// The opacity, 0…1.
    ///
    /// ```swift
    /// Color.clear.alpha  // 0
    /// ```
    public var alpha: Double { components.a }

    /// Black, `Color(red: 0, green: 0, blue: 0, opacity: 1)`.
    ///
    /// ```swift
    /// view.shadow(color: .black.opacity(0.2), radius: 4)
    /// ```
    public static let black = Color(components: tw_color(r: 0, g: 0, b: 0, a: 1), name: nil)
    /// White, `Color(red: 1, green: 1, blue: 1, opacity: 1)`.
    ///
    /// ```swift
    /// view.shadow(color: .white.opacity(active ? 0.8 : 0), radius: 8)
    /// ```
    public static let white = Color(components: tw_color(r: 1, g: 1, b: 1, a: 1), name: nil)
    /// Fully transparent black: the neutral color of shadows and fills.
    ///
    /// ```swift
    /// Capsule().fill(active ? .white : .clear)
    /// ```
    public static let clear = Color(components: tw_color(r: 0, g: 0, b: 0, a: 0), name: nil)

    /// The same color with its opacity multiplied by `factor`.
    ///
    /// ```swift
    /// Color.black.opacity(0.25)  // Color(red: 0, green: 0, blue: 0, opacity: 0.25)
    /// ```
    public func opacity(_ factor: Double) -> Color {
        var copy = self
        copy.components.a *= factor
        return copy
    }

    /// Equal components and the same theme name.
    ///
    /// ```swift
    /// Color.white.opacity(0) == Color(red: 1, green: 1, blue: 1, opacity: 0)  // true
    /// ```
    public static func == (a: Color, b: Color) -> Bool {
        a.components.r == b.components.r && a.components.g == b.components.g && a.components.b == b.components.b
            && a.components.a == b.components.a && a.name == b.name
    }

    /// Hashes the components (equal colors have equal components).
    ///
    /// ```swift
    /// let seen: Set<Color> = [.black, .white]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(components.r)
        hasher.combine(components.g)
        hasher.combine(components.b)
        hasher.combine(components.a)
    }
}

// Plain C structs of doubles, copied by value.
extension tw_color: @unchecked @retroactive Sendable {}
extension tw_vector3: @unchecked @retroactive Sendable {}
