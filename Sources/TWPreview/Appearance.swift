import TWModel

/// Colours as the page draws them, in light and dark appearance.
///
/// Theme tokens arrive as values: the page's dark view is a resolution with
/// the dark color scheme, so the theme (`TWModel/Theme.swift`) owns both of a
/// token's values. A named system colour (`blue`, `red` …) is drawn as a CSS
/// custom property `--tw-NAME`: in light appearance it is unset and the
/// colour's own components are used; in dark appearance the page sets it to
/// SwiftUI's dark value below.
package enum Appearance {
    package static let dark: [(name: String, hex: UInt32)] = [
        ("red", 0xFF453A), ("orange", 0xFF9F0A), ("yellow", 0xFFD60A), ("green", 0x30D158), ("mint", 0x63E6E2),
        ("teal", 0x40C8E0), ("cyan", 0x64D2FF), ("blue", 0x0A84FF), ("indigo", 0x5E5CE6), ("purple", 0xBF5AF2),
        ("pink", 0xFF375F), ("brown", 0xAC8E68), ("gray", 0x8E8E93),
    ]

    /// The page's dark-appearance declarations, one custom property per name.
    package static var darkDeclarations: String {
        dark.map { "--tw-\($0.name):\(hex($0.hex));" }.joined()
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// Whether a colour name can be a custom property's name as written.
    static func isPropertyName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }

    /// CSS for a colour: its components, through the name's custom property when it has one.
    package static func css(_ c: ColorValue) -> String {
        func channel(_ v: Double) -> String { HTML.number((min(1, max(0, v.isFinite ? v : 0)) * 255).rounded()) }
        let alpha = min(1, max(0, c.alpha.isFinite ? c.alpha : 1))
        let opaque = "rgb(\(channel(c.red)) \(channel(c.green)) \(channel(c.blue)))"
        guard let name = c.name, isPropertyName(name) else {
            return alpha == 1
                ? opaque : "rgb(\(channel(c.red)) \(channel(c.green)) \(channel(c.blue)) / \(HTML.number(alpha)))"
        }
        let base = "var(--tw-\(name), \(opaque))"
        return alpha == 1 ? base : "color-mix(in srgb, \(base) \(HTML.number(alpha * 100))%, transparent)"
    }

    /// SwiftUI's materials: a translucent tint over a blur of what is behind.
    package static let materials: [String: (light: Double, blur: Double)] = [
        "ultraThinMaterial": (0.35, 8), "thinMaterial": (0.5, 12), "regularMaterial": (0.7, 20),
        "thickMaterial": (0.82, 24), "ultraThickMaterial": (0.9, 30), "bar": (0.8, 20),
    ]

    /// Dynamic Type styles at their default (Large) sizes, with their default weights.
    package static let textStyles: [String: (size: Double, weight: Int)] = [
        "largeTitle": (34, 400), "title": (28, 400), "title2": (22, 400), "title3": (20, 400),
        "headline": (17, 600), "subheadline": (15, 400), "body": (17, 400), "callout": (16, 400),
        "footnote": (13, 400), "caption": (12, 400), "caption2": (11, 400),
    ]

    package static let weights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
        "heavy": 800, "black": 900,
    ]

    /// Font families by SwiftUI design; fixed stacks so that drawings do not depend on the viewer's fonts.
    package static let designs: [String: String] = [
        "default": "var(--font-sans)", "rounded": "var(--font-rounded)", "serif": "var(--font-serif)",
        "monospaced": "var(--font-mono)",
    ]
}
