import TWPluginAPI

/// One labelled argument of a recorded modifier, view or call: `radius: 8`.
///
/// Every kind of argument the C builder can record has a constructor here, so
/// a factory can describe any SwiftUI modifier, not only the ones
/// ``NativeView`` has a method for:
///
/// ```swift
/// // .rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))
/// view.modifier(
///     "rotation3DEffect",
///     .call(nil, "degrees", .number(nil, 8)),
///     .tuple("axis", .number("x", 0), .number("y", 1), .number("z", 0)))
/// ```
public struct KitArgument: Sendable {
    /// The argument label, or nil for an unlabelled argument.
    ///
    /// ```swift
    /// KitArgument.number("radius", 8).label  // "radius"
    /// ```
    public var label: String?
    /// What the argument holds.
    ///
    /// ```swift
    /// if case .member(let name) = KitArgument.member(nil, "uppercase").value { print(name) }
    /// ```
    public var value: KitValue

    /// An argument with a label (nil for none) and a value.
    ///
    /// ```swift
    /// view.modifier("textCase", KitArgument(nil, .member("uppercase")))  // .textCase(.uppercase)
    /// ```
    public init(_ label: String?, _ value: KitValue) {
        self.label = label
        self.value = value
    }

    /// A number: `radius: 8`.
    ///
    /// ```swift
    /// view.modifier("blur", .number("radius", 4))  // .blur(radius: 4)
    /// ```
    public static func number(_ label: String?, _ value: Double) -> KitArgument { KitArgument(label, .number(value)) }

    /// A Boolean: `opaque: true`.
    ///
    /// ```swift
    /// view.modifier("blur", .number("radius", 4), .bool("opaque", true))  // .blur(radius: 4, opaque: true)
    /// ```
    public static func bool(_ label: String?, _ value: Bool) -> KitArgument { KitArgument(label, .bool(value)) }

    /// A string literal: `"Title"`.
    ///
    /// ```swift
    /// view.modifier("accessibilityIdentifier", .string(nil, "card"))  // .accessibilityIdentifier("card")
    /// ```
    public static func string(_ label: String?, _ value: String) -> KitArgument { KitArgument(label, .string(value)) }

    /// An enum member: `.uppercase`, given without its dot.
    ///
    /// ```swift
    /// view.modifier("textCase", .member(nil, "uppercase"))  // .textCase(.uppercase)
    /// ```
    public static func member(_ label: String?, _ value: String) -> KitArgument { KitArgument(label, .member(value)) }

    /// A color: `Color(red: 1, green: 0, blue: 0, opacity: 1)`.
    ///
    /// ```swift
    /// view.modifier("tint", .color(nil, Color(red: 1, green: 0, blue: 0)))
    /// ```
    public static func color(_ label: String?, _ value: Color) -> KitArgument { KitArgument(label, .color(value)) }

    /// A SwiftUI animation: `.easeOut(duration: 0.3)`.
    ///
    /// ```swift
    /// view.modifier("animation", .animation(nil, .easeOut(duration: 0.3)), .bool("value", true))
    /// ```
    public static func animation(_ label: String?, _ value: TWAnimationValue) -> KitArgument {
        KitArgument(label, .animation(value))
    }

    /// A static function call: `.degrees(8)`, `.init(top: 4)` — `name` without its dot.
    ///
    /// ```swift
    /// view.modifier("rotationEffect", .call(nil, "degrees", .number(nil, 8)))  // .rotationEffect(.degrees(8))
    /// ```
    public static func call(_ label: String?, _ name: String, _ arguments: KitArgument...) -> KitArgument {
        KitArgument(label, .call(name, arguments))
    }

    /// A labelled tuple: `axis: (x: 0, y: 1, z: 0)`.
    ///
    /// ```swift
    /// KitArgument.tuple("axis", .number("x", 0), .number("y", 1), .number("z", 0))
    /// ```
    public static func tuple(_ label: String?, _ elements: KitArgument...) -> KitArgument {
        KitArgument(label, .tuple(elements))
    }

    /// A view closure: `{ Circle().fill(.red) }`, as `background` and `overlay` take.
    ///
    /// ```swift
    /// // .overlay(alignment: .topTrailing) { Circle().fill(Color(red: 1, green: 0, blue: 0, opacity: 1)) }
    /// view.modifier(
    ///     "overlay", .member("alignment", "topTrailing"),
    ///     .content(nil) { Circle().fill(Color(red: 1, green: 0, blue: 0)) })
    /// ```
    public static func content(_ label: String?, @NativeContentBuilder _ content: () -> NativeView) -> KitArgument {
        KitArgument(label, .content(content()))
    }
}

/// The value of a ``KitArgument``: every kind of argument the host's builder records.
///
/// ```swift
/// let axis = KitValue.tuple([.number("x", 0), .number("y", 1), .number("z", 0)])
/// view.modifier("rotation3DEffect", .call(nil, "degrees", .number(nil, 8)), KitArgument("axis", axis))
/// ```
public indirect enum KitValue: Sendable {
    /// A number literal.
    ///
    /// ```swift
    /// KitArgument("radius", .number(8))
    /// ```
    case number(Double)
    /// `true` or `false`.
    ///
    /// ```swift
    /// KitArgument("opaque", .bool(true))
    /// ```
    case bool(Bool)
    /// A string literal.
    ///
    /// ```swift
    /// KitArgument(nil, .string("card"))
    /// ```
    case string(String)
    /// A color, rendered as `Color(red:green:blue:opacity:)`.
    ///
    /// ```swift
    /// KitArgument("color", .color(.black.opacity(0.2)))
    /// ```
    case color(Color)
    /// An enum member, without its dot.
    ///
    /// ```swift
    /// KitArgument(nil, .member("uppercase"))  // .uppercase
    /// ```
    case member(String)
    /// A SwiftUI animation.
    ///
    /// ```swift
    /// KitArgument(nil, .animation(.snappy))
    /// ```
    case animation(TWAnimationValue)
    /// A static call with arguments, without its dot: `.degrees(8)`.
    ///
    /// ```swift
    /// KitArgument(nil, .call("degrees", [.number(nil, 8)]))
    /// ```
    case call(String, [KitArgument])
    /// A tuple of labelled elements: `(x: 0, y: 1, z: 0)`.
    ///
    /// ```swift
    /// KitArgument("axis", .tuple([.number("x", 0), .number("y", 1), .number("z", 0)]))
    /// ```
    case tuple([KitArgument])
    /// A view closure, `{ … }`: views that start chains, each followed by its modifiers.
    ///
    /// ```swift
    /// KitArgument(nil, .content(Capsule().fill(.white)))
    /// ```
    case content(NativeView)
}

/// One recorded node of a chain: a modifier, or a view that starts a chain inside content.
enum KitNode: Sendable {
    case modifier(String, [KitArgument])
    case view(String, [KitArgument])
}
