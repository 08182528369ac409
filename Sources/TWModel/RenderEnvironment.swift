/// Where a surface is rendered: platform, OS version and accessibility state.
public struct RenderEnvironment: Hashable, Sendable {
    public enum Platform: String, Hashable, Sendable, CaseIterable { case ios, macos, tvos }

    /// The version assumed when none is given: the last release before the
    /// version-26 releases on each platform — iOS 18, tvOS 18, macOS 15
    /// (Sequoia, released with iOS 18).
    public static func defaultOSVersion(_ platform: Platform) -> Int { platform == .macos ? 15 : 18 }
    public var platform: Platform
    public var osVersion: Int
    public var reduceMotion: Bool
    /// A transaction with animations disabled (`transaction.disablesAnimations`).
    public var animationsDisabled: Bool
    /// The appearance theme tokens resolve for (swiftcn's `TWAdaptiveColor.resolve`).
    public var colorScheme: Theme.ColorScheme = .light
    /// The app asks the system to keep its earlier design (Info.plist's
    /// `UIDesignRequiresCompatibility`): swiftcn's floating surfaces then take
    /// a material where the system has Liquid Glass (`Surface.swift`,
    /// `systemRequiresCompatibility`); `glass` classes keep the glass.
    public var designRequiresCompatibility = false

    /// - Parameter osVersion: the major version apps are built for (their
    ///   deployment target); nil is `defaultOSVersion(platform)`.
    public init(
        platform: Platform = .ios, osVersion: Int? = nil, reduceMotion: Bool = false, animationsDisabled: Bool = false
    ) {
        self.platform = platform
        self.osVersion = osVersion ?? Self.defaultOSVersion(platform)
        self.reduceMotion = reduceMotion
        self.animationsDisabled = animationsDisabled
    }
}
