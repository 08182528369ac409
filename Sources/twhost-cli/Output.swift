import Glibc
import Synchronization
import TWHost

/// The report on standard output. Commands build their text and write it whole
/// (or stream it through a `ByteWriter` on `descriptor`).
///
/// The report goes to a private copy of standard output once containment is
/// installed (`Containment.takeStandardOutput`): descriptor 1 then belongs to
/// plugin code, pointed at standard error. A write that fails (a full disk,
/// `/dev/full`, a closed pipe) is kept: nothing more is written, and
/// `TWHostCommand.main` turns it into `error: …` and exit 2 for every command.
enum Output {
    private static let state = Mutex<(descriptor: Int32, failure: WriteError?)>((1, nil))

    /// Where the report goes.
    static var descriptor: Int32 {
        get { state.withLock { $0.descriptor } }
        set { state.withLock { $0.descriptor = newValue } }
    }

    /// The first write to the report that failed.
    static var failure: WriteError? { state.withLock { $0.failure } }

    static func write(_ text: String) {
        state.withLock { state in
            guard state.failure == nil else { return }
            do throws(WriteError) {
                try FileDescriptorIO.writeAll(text, to: state.descriptor)
            } catch {
                state.failure = error
            }
        }
    }

    static func error(_ text: String) { StandardError.write(text.hasSuffix("\n") ? text : text + "\n") }

    /// Colour only on a terminal, and never with NO_COLOR set.
    static var useColor: Bool {
        isatty(descriptor) == 1 && getenv("NO_COLOR") == nil
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

    static let pluginTimeout = OptionSpec(
        name: "--plugin-timeout", valueName: "SECONDS",
        help: "Stop with exit 2 when one call into plugin code runs longer (default 10).")

    /// `--plugin-timeout`, checked: seconds, more than 0 and at most 3600.
    static func timeout(_ command: ParsedCommand) throws(CLIError) -> Double {
        guard let text = command.value("--plugin-timeout") else { return Containment.defaultTimeout }
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
            throw .invalidValue(
                option: "--plugin-timeout", value: text, expected: "seconds, 0 < n ≤ 3600", suggestion: nil)
        }
        return seconds
    }

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
    /// Plugin code runs in this process from here on, under `--plugin-timeout`.
    static func load(_ requests: [String], _ command: ParsedCommand) throws(CLIError) -> [LoadedPlugin] {
        Containment.setTimeout(seconds: try timeout(command))
        let result = PluginSet.load(requests, searchPath: searchPath(command))
        if !result.errors.isEmpty {
            throw .failed(result.errors.map { "\(DiagnosticCode.pluginLoadFailed): \($0.description)" }.joined(separator: "\nerror: "))
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

    /// `read` for `resolve`: the scene checked whole, then streamed (SPEC §8).
    static func stream(_ path: String) throws(CLIError) -> SceneStream {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw .failed(error.description)
        }
        let scene: SceneStream
        do {
            scene = try SceneStream(bytes, file: path == "-" ? "<stdin>" : path)
        } catch {
            throw .failed("\(path == "-" ? "<stdin>" : path): \(error.description)")
        }
        for warning in scene.warnings {
            Output.error("warning: \(warning.code): \(warning.message)" + (warning.hint.map { " (\($0))" } ?? ""))
        }
        return scene
    }
}
