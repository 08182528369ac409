/// Design tokens: swiftcn's default theme (`TWTheme.standard`) — spacing
/// unit, radii, Dynamic Type text styles, shadows and adaptive colors. Scenes,
/// rules and theme files override entries; lookups never depend on dictionary order.
public struct Theme: Hashable, Sendable {
    /// Points per spacing step: `p-4` is 4 × 4 = 16 pt.
    public var spacingUnit: Double = 4
    /// Corner radii in points; `full` (10 000) is a capsule.
    public var radii: [String: Double] = [
        "none": 0, "sm": 4, "DEFAULT": 8, "md": 8, "lg": 12, "xl": 16, "full": 10_000,
    ]
    /// Text sizes: Dynamic Type styles by default (`text-sm` is `.subheadline`), points when a theme gives them.
    public var fontSizes: [String: FontToken] = [
        "xs": .style("caption"), "sm": .style("subheadline"), "base": .style("body"), "lg": .style("title3"),
        "xl": .style("title2"), "2xl": .style("title"), "3xl": .style("largeTitle"),
    ]
    /// The theme's text size names, smallest step first (`xs, sm, base, … 3xl` by default); names
    /// outside the Tailwind scale follow, sorted.
    public var fontSizeNames: [String] {
        let scale = ["xs", "sm", "base", "lg", "xl"] + (2...9).map { "\($0)xl" }
        return scale.filter { fontSizes[$0] != nil } + fontSizes.keys.filter { !scale.contains($0) }.sorted()
    }
    /// Shadow steps: radius and y offset in points, and black's opacity.
    public var shadows: [String: ShadowToken] = [
        "sm": ShadowToken(radius: 3, y: 1, opacity: 0.08),
        "DEFAULT": ShadowToken(radius: 3, y: 1, opacity: 0.08),
        "md": ShadowToken(radius: 8, y: 3, opacity: 0.12),
        "lg": ShadowToken(radius: 16, y: 6, opacity: 0.16),
        "none": ShadowToken(radius: 0, y: 0, opacity: 0),
    ]
    /// Color tokens by canonical name (swiftcn's spellings: `mutedForeground`,
    /// `onPrimary`), with their light value — or their only value.
    public var colors: [String: ColorValue] = Theme.defaultColors
    /// Dark values of the tokens that adapt; a token missing here has one value.
    public var darkColors: [String: ColorValue] = Theme.defaultDarkColors
    /// The appearance tokens resolve for (`--color-scheme`, a scene's `colorScheme`).
    public var colorScheme: ColorScheme = .light

    public init() {}

    /// The default theme, built once: building one allocates and hashes every scale.
    public static let standard = Theme()

    /// Light or dark appearance.
    public enum ColorScheme: String, Hashable, Sendable, CaseIterable { case light, dark }

    /// Kebab spellings the seeds use, and twhost's extra names, for swiftcn's
    /// tokens: `text-primary-foreground` is `text-onPrimary`. A theme that sets
    /// an alias sets the token it names.
    public static let colorAliases: [String: String] = [
        "primary-foreground": "onPrimary", "accent-foreground": "onAccent",
        "destructive-foreground": "onDestructive", "muted-foreground": "mutedForeground",
        "card": "surface", "card-foreground": "foreground",
        "secondary": "accent", "secondary-foreground": "onAccent",
        "input": "border", "ring": "border",
    ]

    /// The token a color name stands for (`primary-foreground` → `onPrimary`).
    public static func canonicalColorName(_ name: String) -> String { colorAliases[name] ?? name }

    /// swiftcn's semantic tokens: (token, light, dark) as grey levels or RGB. The light
    /// `mutedForeground`, `muted` and `accent` are swiftcn's newest (`Theme.swift`): its cool
    /// neutral, blue 0.012 above red and green, so muted text stays readable on them (4.5 : 1).
    private static let semanticTokens: [(String, ColorValue, ColorValue)] = {
        func white(_ w: Double) -> ColorValue { ColorValue(red: w, green: w, blue: w) }
        func neutral(_ w: Double, blue: Double) -> ColorValue { ColorValue(red: w, green: w, blue: blue) }
        return [
            ("foreground", white(0.09), white(0.96)),
            ("mutedForeground", neutral(0.42, blue: 0.432), white(0.65)),
            ("background", white(0.98), white(0.06)),
            ("surface", white(1), white(0.10)),
            ("primary", white(0.09), white(0.96)),
            ("onPrimary", white(1), white(0.09)),
            ("muted", neutral(0.96, blue: 0.972), white(0.17)),
            ("accent", neutral(0.935, blue: 0.947), white(0.17)),
            ("onAccent", white(0.09), white(0.96)),
            ("border", white(0.88), white(0.24)),
            (
                "destructive", ColorValue(red: 0.78, green: 0.12, blue: 0.15),
                ColorValue(red: 1, green: 0.42, blue: 0.44)
            ),
            ("onDestructive", white(1), white(0.06)),
        ]
    }()

    /// The semantic tokens' light values and SwiftUI's system colors, by name.
    public static let defaultColors: [String: ColorValue] = {
        var colors: [String: ColorValue] = [:]
        for (name, light, _) in semanticTokens { colors[name] = light }
        func hex(_ name: String, _ value: UInt32) {
            colors[name] = ColorValue(
                red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
                blue: Double(value & 0xFF) / 255, alpha: 1, name: name)
        }
        // SwiftUI's system colors: named, so SwiftUI adapts them itself.
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

    /// The semantic tokens' dark values.
    public static let defaultDarkColors: [String: ColorValue] = {
        var colors: [String: ColorValue] = [:]
        for (name, _, dark) in semanticTokens { colors[name] = dark }
        return colors
    }()

    /// A token's value in this theme's color scheme, by canonical or alias name.
    public func token(_ name: String) -> ColorValue? {
        let canonical = Theme.canonicalColorName(name)
        if colorScheme == .dark, let dark = darkColors[canonical] { return dark }
        return colors[canonical]
    }

    /// Every color name a class may use: tokens and their aliases, sorted.
    public var colorNames: [String] {
        (Array(colors.keys) + Theme.colorAliases.keys.filter { colors[Theme.colorAliases[$0] ?? ""] != nil }).sorted()
    }

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
            guard let base = token(String(name[..<slash])),
                let percent = DecimalNumber.parse(name[name.index(after: slash)...]), percent <= 100
            else { return nil }
            return base.withOpacity(percent / 100)
        }
        return token(name)
    }

    /// Theme scale lookups for plugins (`tw_theme_api.number`).
    public func number(scale: String, key: String) -> Double? {
        switch scale {
        case "spacing": return spacing(key)
        case "radius": return radii[key]
        case "font-size": return fontSizes[key]?.points
        case "shadow": return shadows[key]?.radius
        case "opacity":
            guard let v = DecimalNumber.parse(key), v <= 100 else { return nil }
            return v / 100
        default: return nil
        }
    }
}

/// A text size: a Dynamic Type style (`.subheadline`) or points.
public enum FontToken: Hashable, Sendable {
    case style(String)
    case points(Double)

    /// Points for plugins: a style's size at the default Dynamic Type size on iOS.
    public var points: Double {
        switch self {
        case .points(let v): return v
        case .style(let name):
            let sizes: [String: Double] = [
                "caption2": 11, "caption": 12, "footnote": 13, "subheadline": 15, "callout": 16, "body": 17,
                "headline": 17, "title3": 20, "title2": 22, "title": 28, "largeTitle": 34,
            ]
            return sizes[name] ?? 17
        }
    }
}

/// One shadow step.
public struct ShadowToken: Hashable, Sendable {
    public var radius: Double
    public var y: Double
    public var opacity: Double
}
