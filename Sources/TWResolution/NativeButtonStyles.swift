import TWModel

/// Native button styles per platform and version (R-CTRL-1), with the
/// documented fallbacks where a style does not exist.
public enum NativeButtonStyles {
    /// Liquid Glass button styles exist from these major versions.
    public static let glassMinimum: [RenderEnvironment.Platform: Int] = [.ios: 26, .macos: 26, .tvos: 26]

    /// What a style falls back to where it does not exist, nearest first.
    static let fallbacks: [String: [String]] = [
        "glass": ["bordered", "borderless", "plain"],
        "glassProminent": ["borderedProminent", "bordered", "borderless", "plain"],
        "link": ["borderless", "plain"],
        "borderedProminent": ["bordered", "borderless", "plain"],
        "bordered": ["borderless", "plain"],
        "borderless": ["plain"],
    ]

    /// The style used for a requested one, and why it differs, if it does:
    /// the first of its fallbacks that exists on the platform and version
    /// (`SwiftUIAPI`'s availability).
    public static func resolve(_ requested: String, environment: RenderEnvironment) -> (
        style: String, fallback: String?
    ) {
        let available = { (style: String) in SwiftUIAPI.buttonStyle(style)?.isAvailable(in: environment) ?? true }
        guard !available(requested) else { return (requested, nil) }
        let p = environment.platform
        let style = fallbacks[requested]?.first(where: available) ?? "plain"
        switch requested {
        case "link" where p != .macos:
            return (style, ".link is macOS-only; \(p.rawValue) uses .\(style)")
        case "glass", "glassProminent":
            let minimum = glassMinimum[p] ?? 26
            return (
                style,
                "Liquid Glass styles need \(p.rawValue) \(minimum); \(p.rawValue) \(environment.osVersion) uses .\(style)"
            )
        default:
            let api = SwiftUIAPI.buttonStyle(requested)
            let needs = api.map { $0.availability.describe(on: p) } ?? "a later version"
            return (style, ".\(requested) needs \(needs); \(p.rawValue) \(environment.osVersion) uses .\(style)")
        }
    }

    /// Ghost and link labels keep a minimum height (points), where the platform sets one.
    public static func minimumLabelHeight(style: String, platform: RenderEnvironment.Platform) -> Double? {
        guard style == "borderless" || style == "link" else { return nil }
        switch platform {
        case .ios: return 44
        case .macos: return 32
        case .tvos: return nil
        }
    }
}
