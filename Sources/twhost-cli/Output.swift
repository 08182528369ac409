import Glibc
import TWHost

/// Buffered standard output, flushed once: commands build their text and write it whole.
enum Output {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(1, base + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    static func error(_ text: String) { StandardError.write(text.hasSuffix("\n") ? text : text + "\n") }

    /// Colour only on a terminal, and never with NO_COLOR set.
    static var useColor: Bool {
        isatty(1) == 1 && getenv("NO_COLOR") == nil
    }
}

/// Options shared by commands that load plugins.
enum PluginOptions {
    static let plugins = OptionSpec(
        name: "--plugins", valueName: "a,b", repeatable: true, help: "Plugins to load, in order (names or .so paths).")
    static let pluginPath = OptionSpec(
        name: "--plugin-path", valueName: "DIR", repeatable: true, help: "Search DIR for lib<name>.so first.")

    static let allowWritable = OptionSpec(
        name: "--allow-writable-plugins", help: "Load plugins even when other users could have written them.")

    static let noDefaultPath = OptionSpec(
        name: "--no-default-path",
        help: "Search only the --plugin-path folders (not TWHOST_PLUGIN_PATH or twhost's own).")

    static func searchPath(_ command: ParsedCommand) -> PluginSearchPath {
        let allowWritable = command.flag("--allow-writable-plugins")
        if command.flag("--no-default-path") {
            return PluginSearchPath(directories: command.all("--plugin-path"), allowWritable: allowWritable)
        }
        let env = getenv("TWHOST_PLUGIN_PATH").map { String(cString: $0) }
        let path = PluginSearchPath.standard(
            explicit: command.all("--plugin-path"), environment: env, executable: PluginSearchPath.currentExecutable())
        for warning in path.warnings { Output.error("warning: \(warning)") }
        var result = path
        result.allowWritable = allowWritable
        return result
    }

    /// Loads the requested plugins; any failure is exit 2 with every error listed.
    static func load(_ requests: [String], _ command: ParsedCommand) throws(CLIError) -> [LoadedPlugin] {
        let result = PluginSet.load(requests, searchPath: searchPath(command))
        if !result.errors.isEmpty {
            throw .failed(result.errors.map { "plugin-load-failed: \($0.description)" }.joined(separator: "\nerror: "))
        }
        return result.plugins
    }
}

/// Reading scene files for `resolve` and `diff --scene`.
enum SceneInput {
    /// Reads and parses a scene (or standard input for "-"); warnings go to stderr.
    static func read(_ path: String) throws(CLIError) -> Scene {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw .failed(error.description)
        }
        var reader = SceneReader(file: path == "-" ? "<stdin>" : path)
        let scene: Scene
        do {
            scene = try reader.read(bytes)
        } catch {
            throw .failed("\(path == "-" ? "<stdin>" : path): \(error.description)")
        }
        for warning in reader.warnings {
            Output.error("warning: \(warning.code): \(warning.message)" + (warning.hint.map { " (\($0))" } ?? ""))
        }
        return scene
    }
}
