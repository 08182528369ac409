/// What a utility returns: built-in styling as classes with exact values,
/// which the host expands like any other classes (they may name recipes and
/// variants too).
///
/// ```swift
/// TWStyle(.paddingPoints(16), .background("surface"), .rounded(12))  // "p-[16] bg-surface rounded-[12]"
/// ```
public struct TWStyle: Sendable, Hashable {
    /// The classes, separated by spaces.
    ///
    /// ```swift
    /// TWStyle.rotate(3).classes  // "rotate-[3deg]"
    /// ```
    public let classes: String

    /// Any classes: `TWStyle(classes: "card hover:shadow-md")`.
    ///
    /// ```swift
    /// TWStyle(classes: "card hover:shadow-md")
    /// ```
    public init(classes: String) { self.classes = classes }

    /// Several styles in order.
    ///
    /// ```swift
    /// TWStyle(.paddingPoints(8), .opacity(50))  // "p-[8] opacity-[50%]"
    /// ```
    public init(_ parts: TWStyle...) { classes = parts.map(\.classes).joined(separator: " ") }

    /// Padding on every edge, in points: `p-[n]`.
    ///
    /// ```swift
    /// TWStyle.paddingPoints(theme.space(3))  // "p-[12]"
    /// ```
    public static func paddingPoints(_ points: Double) -> TWStyle { TWStyle(classes: "p-[\(format(points))]") }
    /// A rotation in degrees: `rotate-[ndeg]`.
    ///
    /// ```swift
    /// TWStyle.rotate(3)  // "rotate-[3deg]"
    /// ```
    public static func rotate(_ degrees: Double) -> TWStyle { TWStyle(classes: "rotate-[\(format(degrees))deg]") }
    /// A corner radius in points: `rounded-[n]`.
    ///
    /// ```swift
    /// TWStyle.rounded(12)  // "rounded-[12]"
    /// ```
    public static func rounded(_ points: Double) -> TWStyle { TWStyle(classes: "rounded-[\(format(points))]") }
    /// An opacity in percent: `opacity-[n%]`.
    ///
    /// ```swift
    /// TWStyle.opacity(50)  // "opacity-[50%]"
    /// ```
    public static func opacity(_ percent: Double) -> TWStyle { TWStyle(classes: "opacity-[\(format(percent))%]") }
    /// A theme shadow step: `shadow-<step>`.
    ///
    /// ```swift
    /// TWStyle.shadow("md")  // "shadow-md"
    /// ```
    public static func shadow(_ step: String) -> TWStyle { TWStyle(classes: "shadow-\(step)") }
    /// A theme background color: `bg-<name>`.
    ///
    /// ```swift
    /// TWStyle.background("surface")  // "bg-surface"
    /// ```
    public static func background(_ colorName: String) -> TWStyle { TWStyle(classes: "bg-\(colorName)") }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}

/// A bracket-prefix utility (`surface-[3]`): a pure function of the argument
/// and the theme that returns styling, or nil (or a thrown ``TWRejection``,
/// with a reason) to reject the argument.
///
/// ```swift
/// let plugin = TWPlugin(name: "surfaces", version: "1.0.0", utilities: [
///     "surface": TWUtility { argument, theme in
///         guard let steps = argument.number, steps >= 0, steps <= 96 else { return nil }
///         return TWStyle(.paddingPoints(theme.space(steps)), .background("surface"))
///     }
/// ])
/// ```
public struct TWUtility: Sendable {
    let box: UtilityBox

    /// A utility from its function; return nil or throw ``TWRejection`` to reject an argument.
    ///
    /// ```swift
    /// let tilt = TWUtility { argument, _ in
    ///     guard let degrees = argument.degrees else { throw TWRejection("expected an angle such as 3deg") }
    ///     return .rotate(degrees)
    /// }
    /// ```
    public init(_ run: @escaping @Sendable (TWArgument, TWThemeReader) throws -> TWStyle?) { box = UtilityBox(run) }
}

final class UtilityBox: Sendable {
    let run: @Sendable (TWArgument, TWThemeReader) throws -> TWStyle?
    init(_ run: @escaping @Sendable (TWArgument, TWThemeReader) throws -> TWStyle?) { self.run = run }
}
