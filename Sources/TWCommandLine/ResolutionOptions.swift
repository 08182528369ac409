import TWHost

/// The resolution option group: the platform and OS version surfaces are
/// resolved for, the states that are on, and lenient mode. Shared by
/// `resolve`, `check` and `explain`.
package enum ResolutionOptions {
    package static let platform = ChoiceOption<RenderEnvironment.Platform>(
        "--platform", default: .ios, help: "Platform")
    package static let osVersion = ValueOption(
        "--os-version", placeholder: "N",
        help: "OS major version apps are built for (default 18 on iOS and tvOS, 15 on macOS).")
    package static let state = ValueOption(
        "--state", placeholder: "hover,focus,…",
        help: "States that are on: hover, focus, pressed, disabled, groupHover, groupFocus.")
    package static let colorScheme = ChoiceOption<Theme.ColorScheme>(
        "--color-scheme", default: .light, help: "Appearance theme colors resolve for")
    package static let lenient = Flag(
        "--lenient", help: "Skip invalid classes with warnings instead of leaving the surface undecorated.")

    /// The environment `--platform` and `--os-version` ask for (each default when not given).
    package static func environment(_ command: ParsedCommand) throws(CLIError) -> RenderEnvironment {
        var env = RenderEnvironment(platform: command[platform])
        env.colorScheme = command[colorScheme]
        if let version = command.value(osVersion) {
            guard let v = Int(version), v > 0, v < 1000 else {
                throw .invalidValue(
                    option: osVersion.spec.name, value: version, expected: "a major version such as 18",
                    suggestion: nil)
            }
            env.osVersion = v
        }
        return env
    }

    /// The states `--state` turns on (none when not given).
    package static func surfaceState(_ command: ParsedCommand) throws(CLIError) -> SurfaceState {
        guard let list = command.value(state) else { return SurfaceState() }
        switch SurfaceState.parse(list) {
        case .success(let state): return state
        // The library's message names the unknown state and the nearest one.
        case .failure(let failure): throw .failedUsage(failure.message)
        }
    }
}
