/// An OS release as Apple's SDK declarations write it (`iOS 16.1`, `macOS 10.15`).
public struct OSVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    public static func < (a: OSVersion, b: OSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

    public var description: String { "\(major).\(minor)" }
}

/// Where an API exists: the first release of each platform that has it, as
/// its `@available` declaration says, or nil where it does not exist.
public struct Availability: Hashable, Sendable {
    public var ios: OSVersion?
    public var macos: OSVersion?
    public var tvos: OSVersion?

    public init(ios: OSVersion?, macos: OSVersion?, tvos: OSVersion?) {
        self.ios = ios
        self.macos = macos
        self.tvos = tvos
    }

    /// The SwiftUI 1.0 releases: iOS 13, macOS 10.15, tvOS 13.
    public static let swiftUI1 = Availability(ios: OSVersion(13), macos: OSVersion(10, 15), tvos: OSVersion(13))

    public func minimum(on platform: RenderEnvironment.Platform) -> OSVersion? {
        switch platform {
        case .ios: return ios
        case .macos: return macos
        case .tvos: return tvos
        }
    }

    /// Whether an app built for `environment` (a major version: the
    /// deployment target `N.0`) can call the API without `#available`.
    ///
    /// An API introduced in a point release (`iOS 16.1`) is not in `16.0`,
    /// so it counts from the next major version. macOS 10.15, the only 10.x
    /// with SwiftUI, is written as version 10.
    public func isAvailable(in environment: RenderEnvironment) -> Bool {
        guard let first = firstDeploymentTarget(on: environment.platform) else { return false }
        return environment.osVersion >= first
    }

    /// The smallest deployment target (`--os-version`, a major version) at
    /// which the API is there without `#available`, or nil where the platform
    /// lacks it: `iOS 16.1` is 17, `macOS 10.15` is 10.
    public func firstDeploymentTarget(on platform: RenderEnvironment.Platform) -> Int? {
        guard let minimum = minimum(on: platform) else { return nil }
        if platform == .macos && minimum.major == 10 { return 10 }
        return minimum.minor == 0 ? minimum.major : minimum.major + 1
    }

    /// `iOS 16.1`, `macOS 10.15`, or "no tvOS" for an API the platform lacks.
    public func describe(on platform: RenderEnvironment.Platform) -> String {
        let name = Availability.platformName(platform)
        guard let minimum = minimum(on: platform) else { return "no \(name)" }
        return minimum.minor == 0 ? "\(name) \(minimum.major)" : "\(name) \(minimum)"
    }

    package static func platformName(_ platform: RenderEnvironment.Platform) -> String {
        switch platform {
        case .ios: return "iOS"
        case .macos: return "macOS"
        case .tvos: return "tvOS"
        }
    }
}
