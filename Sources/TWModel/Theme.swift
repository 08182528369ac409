/// Design tokens in points, on Tailwind's scales (R-THEME-1). Scenes and rules
/// override entries; lookups never depend on dictionary order.
public struct Theme: Hashable, Sendable {
    /// Points per spacing step: `p-4` is 4 × 4 = 16 pt.
    public var spacingUnit: Double = 4
    public var radii: [String: Double] = [
        "none": 0, "xs": 2, "sm": 4, "DEFAULT": 4, "md": 6, "lg": 8, "xl": 12, "2xl": 16, "3xl": 24, "4xl": 32,
        "full": 9999,
    ]
    public var fontSizes: [String: Double] = [
        "xs": 12, "sm": 14, "base": 16, "lg": 18, "xl": 20, "2xl": 24, "3xl": 30, "4xl": 36, "5xl": 48, "6xl": 60,
        "7xl": 72, "8xl": 96, "9xl": 128,
    ]
    /// Shadow steps: radius and y offset in points, and black's opacity.
    public var shadows: [String: ShadowToken] = [
        "2xs": ShadowToken(radius: 0, y: 1, opacity: 0.05),
        "xs": ShadowToken(radius: 1, y: 1, opacity: 0.05),
        "sm": ShadowToken(radius: 2, y: 1, opacity: 0.1),
        "DEFAULT": ShadowToken(radius: 2, y: 1, opacity: 0.1),
        "md": ShadowToken(radius: 4, y: 2, opacity: 0.1),
        "lg": ShadowToken(radius: 8, y: 4, opacity: 0.1),
        "xl": ShadowToken(radius: 12, y: 8, opacity: 0.1),
        "2xl": ShadowToken(radius: 25, y: 12, opacity: 0.25),
        "none": ShadowToken(radius: 0, y: 0, opacity: 0),
    ]
    public var colors: [String: ColorValue] = Theme.defaultColors

    public init() {}

    /// The default theme, built once: building one allocates and hashes every scale.
    public static let standard = Theme()

    /// The semantic colors and SwiftUI's system colors, by name.
    public static let defaultColors: [String: ColorValue] = {
        var colors: [String: ColorValue] = [:]
        func hex(_ name: String, _ value: UInt32) {
            colors[name] = ColorValue(
                red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
                blue: Double(value & 0xFF) / 255, alpha: 1, name: name)
        }
        // Semantic colors (shadcn's neutral defaults).
        hex("primary", 0x18181B)
        hex("primary-foreground", 0xFAFAFA)
        hex("secondary", 0xF4F4F5)
        hex("secondary-foreground", 0x18181B)
        hex("accent", 0xF4F4F5)
        hex("accent-foreground", 0x18181B)
        hex("muted", 0xF4F4F5)
        hex("muted-foreground", 0x71717A)
        hex("border", 0xE4E4E7)
        hex("input", 0xE4E4E7)
        hex("ring", 0xA1A1AA)
        hex("background", 0xFFFFFF)
        hex("foreground", 0x09090B)
        hex("surface", 0xFFFFFF)
        hex("card", 0xFFFFFF)
        hex("card-foreground", 0x09090B)
        hex("destructive", 0xEF4444)
        hex("destructive-foreground", 0xFAFAFA)
        // SwiftUI's system colors (light appearance).
        hex("black", 0x000000)
        hex("white", 0xFFFFFF)
        hex("red", 0xFF3B30)
        hex("orange", 0xFF9500)
        hex("yellow", 0xFFCC00)
        hex("green", 0x34C759)
        hex("mint", 0x00C7BE)
        hex("teal", 0x30B0C7)
        hex("cyan", 0x32ADE6)
        hex("blue", 0x007AFF)
        hex("indigo", 0x5856D6)
        hex("purple", 0xAF52DE)
        hex("pink", 0xFF2D55)
        hex("brown", 0xA2845E)
        hex("gray", 0x8E8E93)
        colors["clear"] = ColorValue(red: 0, green: 0, blue: 0, alpha: 0, name: "clear")
        return colors
    }()

    /// A spacing step (`4`, `0.5`, `px`) in points, or nil.
    public func spacing(_ key: String) -> Double? {
        if key == "px" { return 1 }
        guard let steps = DecimalNumber.parse(key), (steps * 4).rounded() == steps * 4 else {
            return nil
        }
        return steps * spacingUnit
    }

    /// A color by name, with an optional `/N` opacity percentage.
    public func color(named name: String) -> ColorValue? {
        if let slash = name.lastIndex(of: "/") {
            guard let base = colors[String(name[..<slash])],
                let percent = DecimalNumber.parse(name[name.index(after: slash)...]), percent <= 100
            else { return nil }
            return base.withOpacity(percent / 100)
        }
        return colors[name]
    }

    /// Theme scale lookups for plugins (`tw_theme_api.number`).
    public func number(scale: String, key: String) -> Double? {
        switch scale {
        case "spacing": return spacing(key)
        case "radius": return radii[key]
        case "font-size": return fontSizes[key]
        case "shadow": return shadows[key]?.radius
        case "opacity":
            guard let v = DecimalNumber.parse(key), v <= 100 else { return nil }
            return v / 100
        default: return nil
        }
    }
}

/// One shadow step.
public struct ShadowToken: Hashable, Sendable {
    public var radius: Double
    public var y: Double
    public var opacity: Double
}
