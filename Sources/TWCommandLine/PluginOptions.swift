import Glibc
import TWHost

/// The plugin-loading option group: which plugins, where to find them, which
/// files to trust, and how long plugin code may run. Shared by every command
/// that loads plugins (`PluginOptions.loading`).
package enum PluginOptions {
    package static let plugins = ValueOption(
        "--plugins", placeholder: "a,b", repeatable: true, help: "Plugins to load, in order (names or .so paths).")
    package static let pluginPath = ValueOption(
        "--plugin-path", placeholder: "DIR", repeatable: true, help: "Search DIR for lib<name>.so first.")
    package static let allowWritable = Flag(
        "--allow-writable-plugins", help: "Load plugins even when other users could have written them.")
    package static let pluginTimeout = DurationOption(
        "--plugin-timeout", default: Containment.defaultTimeout,
        help: "Stop with exit 2 when one call into plugin code runs longer (default 10).")
    package static let noDefaultPath = Flag(
        "--no-default-path", help: "Search only the --plugin-path folders (not TWHOST_PLUGIN_PATH or twhost's own).")

    /// The group as `resolve`, `check` and `explain` take it.
    package static let loading: [any DeclaredOption] = [plugins, pluginPath, allowWritable, pluginTimeout]

    /// `--plugin-timeout`, checked (`DurationOption`).
    package static func timeout(_ command: ParsedCommand) throws(CLIError) -> Double {
        try command.seconds(pluginTimeout)
    }

    /// The folders to search: `--plugin-path`, then (unless the command has and
    /// was given `--no-default-path`) TWHOST_PLUGIN_PATH and twhost's own.
    /// A `--plugin-path` that is not a folder is a usage error (exit 64), never ignored.
    package static func searchPath(_ command: ParsedCommand) throws(CLIError) -> PluginSearchPath {
        let allowWritable = command[allowWritable]
        let explicit = command.all(pluginPath)
        for folder in explicit {
            var st = stat()
            if stat(folder, &st) != 0 {
                throw .failedUsage(
                    "\(pluginPath.spec.name) \(folder) is not a folder: \(String(cString: strerror(errno)))")
            }
            if (st.st_mode & S_IFMT) != S_IFDIR {
                throw .failedUsage("\(pluginPath.spec.name) \(folder) is not a folder")
            }
        }
        if command.spec.declares(noDefaultPath), command[noDefaultPath] {
            return PluginSearchPath(directories: explicit, allowWritable: allowWritable)
        }
        let env = getenv("TWHOST_PLUGIN_PATH").map { String(cString: $0) }
        let path = PluginSearchPath.standard(
            explicit: explicit, environment: env, executable: PluginSearchPath.currentExecutable())
        for warning in path.warnings { Output.error("warning: \(warning.escapingControlCharacters)") }
        var result = path
        result.allowWritable = allowWritable
        return result
    }

    /// Loads the requested plugins; any failure is exit 2 with every error listed.
    /// Plugin code runs in this process from here on, under `--plugin-timeout`.
    package static func load(_ requests: [String], _ command: ParsedCommand) throws(CLIError) -> [LoadedPlugin] {
        Containment.setTimeout(seconds: try timeout(command))
        let result = PluginSet.load(requests, searchPath: try searchPath(command))
        if !result.errors.isEmpty {
            // One line per error: a name or path in it cannot start another.
            let messages = result.errors.map {
                "\(DiagnosticCode.pluginLoadFailed): \($0.description.escapingControlCharacters)"
            }
            throw .failed(messages.joined(separator: "\nerror: "))
        }
        return result.plugins
    }
}
