import TWPluginAPI

/// Read access to the theme in force while a parser or utility runs (the
/// default theme, or the scene's rules' theme). Valid only during that call.
///
/// ```swift
/// "inset": TWUtility { argument, theme in
///     guard let units = argument.number, units >= 0, theme.space(units).isFinite else { return nil }
///     return .paddingPoints(theme.space(units))
/// }
/// ```
public struct TWThemeReader: @unchecked Sendable {
    // @unchecked: wraps the host's theme pointer, valid during the call only.
    let theme: UnsafePointer<tw_theme>?
    init(_ theme: UnsafePointer<tw_theme>?) { self.theme = theme }

    /// Points for a spacing step (`space(4)` is 16 in the default theme); NaN
    /// when the theme has no such step.
    ///
    /// ```swift
    /// theme.space(4)  // 16
    /// ```
    public func space(_ steps: Double) -> Double {
        number(scale: "spacing", key: steps == steps.rounded() ? String(Int(steps)) : String(steps)) ?? .nan
    }

    /// A value of a theme scale (`spacing`, `radius`, `font-size`, `shadow`,
    /// `opacity`), or nil when the theme has no such key.
    ///
    /// ```swift
    /// theme.number(scale: "radius", key: "lg")  // 8 in the default theme
    /// ```
    public func number(scale: String, key: String) -> Double? {
        guard let theme, let api = theme.pointee.api?.pointee else { return nil }
        var out = 0.0
        let found = scale.withCString { s in key.withCString { k in api.number(theme, s, k, &out) } }
        return found ? out : nil
    }

    /// A theme color by name (`primary`, `indigo-500`), or nil when unknown.
    ///
    /// ```swift
    /// "ring": .argument(default: "#0000", parse: { argument, theme in
    ///     argument.hexColor ?? theme.color(argument.rawValue)
    /// }) { view, color in view.overlay { Capsule().fill(color) } }
    /// ```
    public func color(_ name: String) -> Color? {
        guard let theme, let api = theme.pointee.api?.pointee else { return nil }
        var out = tw_color(r: 0, g: 0, b: 0, a: 0)
        let found = name.withCString { api.color(theme, $0, &out) }
        return found ? Color(components: out, name: name) : nil
    }
}
