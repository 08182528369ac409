import TWHost

/// `.twhost.json` for the commands that take plugin and platform options
/// (`resolve`, `check`, `explain`, `preview`, `registry`): what the file sets is used
/// where the command line does not say, so options given always win.
package enum ConfigurationOptions {
    package static let config = ValueOption(
        "--config", placeholder: "FILE", help: "Read this configuration instead of the nearest .twhost.json.")
    package static let noConfig = Flag("--no-config", help: "Read no .twhost.json.")

    package static let options: [any DeclaredOption] = [config, noConfig]

    /// Where the configuration of each file comes from.
    package static func source(_ command: ParsedCommand) throws(CLIError) -> LintConfigurations.Source {
        if command.spec.declares(noConfig), command[noConfig] {
            if command.isGiven(config) { throw .failedUsage("--config and --no-config cannot be given together") }
            return .none
        }
        return command.value(config).map { .file($0) } ?? .nearest
    }

    package static func configurations(_ command: ParsedCommand) throws(CLIError) -> LintConfigurations {
        let source = try source(command)
        do {
            return try LintConfigurations(source)
        } catch {
            throw .failedUsage(error.description)
        }
    }

    /// The configuration that sets the run's options: that of the first
    /// path (the working directory for commands without paths). Every other
    /// path must have one that sets the same options, since one run loads one
    /// plugin set for one platform.
    package static func runConfiguration(_ command: ParsedCommand, _ configurations: inout LintConfigurations)
        throws(CLIError) -> LintConfiguration?
    {
        let paths = command.spec.takesPaths ? command.arguments.filter { $0 != "-" } : []
        do {
            let first = try configurations.configuration(for: paths.first ?? ".")
            for path in paths.dropFirst() {
                let other = try configurations.configuration(for: path)
                guard other?.file != first?.file else { continue }
                if !sameRunOptions(first, other) {
                    throw CLIError.failedUsage(
                        "\(path) has the configuration \(other?.file ?? "(none)"), whose plugins, plugin paths, "
                            + "platform, OS version, colour scheme or theme differ from \(first?.file ?? "(none)")'s for "
                            + "\(paths[0]); check them in separate runs")
                }
            }
            return first
        } catch let error as ConfigurationError {
            throw .failedUsage(error.description)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failed("\(error)")
        }
    }

    package static func sameRunOptions(_ a: LintConfiguration?, _ b: LintConfiguration?) -> Bool {
        a?.plugins == b?.plugins && a?.pluginPaths == b?.pluginPaths && a?.platform == b?.platform
            && a?.osVersion == b?.osVersion && a?.colorScheme == b?.colorScheme && a?.theme == b?.theme
    }

    /// Records what the configuration sets as if given, for each option the
    /// command declares and the command line did not give.
    package static func apply(_ configuration: LintConfiguration, to command: inout ParsedCommand) {
        func set(_ name: String, _ values: [String]) {
            guard let option = command.spec.option(named: name), !command.isGiven(option) else { return }
            for value in values { command.record(option, value: value) }
        }
        if let plugins = configuration.plugins, !plugins.isEmpty { set("--plugins", [plugins.joined(separator: ",")]) }
        if let paths = configuration.pluginPaths { set("--plugin-path", paths) }
        if let platform = configuration.platform { set("--platform", [platform.rawValue]) }
        if let version = configuration.osVersion { set("--os-version", [String(version)]) }
        if let scheme = configuration.colorScheme { set("--color-scheme", [scheme.rawValue]) }
        if let theme = configuration.theme { set("--theme", [theme]) }
        // Writing a baseline reads none.
        let writing = command.spec.option(named: "--write-baseline").map { command.isGiven($0) } ?? false
        if let baseline = configuration.baseline, !writing { set("--baseline", [baseline]) }
    }

    /// Before a command that declares `--config` runs: its options completed from the configuration.
    package static func prepare(_ command: inout ParsedCommand) throws(CLIError) {
        guard command.spec.declares(config) else { return }
        var configurations = try configurations(command)
        if let configuration = try runConfiguration(command, &configurations) {
            apply(configuration, to: &command)
        }
    }
}

extension CommandSpec {
    /// The positionals are input paths (`resolve`, `check`, `preview`, `registry`), from which configurations are
    /// found.
    package var takesPaths: Bool { ["resolve", "check", "preview", "registry"].contains(words.joined(separator: " ")) }
}
