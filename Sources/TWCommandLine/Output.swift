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
package enum Output {
    private static let state = Mutex<(descriptor: Int32, failure: WriteError?)>((1, nil))

    /// Where the report goes.
    package static var descriptor: Int32 {
        get { state.withLock { $0.descriptor } }
        set { state.withLock { $0.descriptor = newValue } }
    }

    /// The first write to the report that failed.
    package static var failure: WriteError? { state.withLock { $0.failure } }

    package static func write(_ text: String) {
        state.withLock { state in
            guard state.failure == nil else { return }
            do throws(WriteError) {
                try FileDescriptorIO.writeAll(text, to: state.descriptor)
            } catch {
                state.failure = error
            }
        }
    }

    package static func error(_ text: String) { StandardError.write(text.hasSuffix("\n") ? text : text + "\n") }

    /// Colour only on a terminal, and never with NO_COLOR set.
    package static var useColor: Bool {
        isatty(descriptor) == 1 && getenv("NO_COLOR") == nil
    }
}

/// Reading scene files for `resolve` and `diff --scene`.
package enum SceneInput {
    /// Reads and parses a scene (or standard input for "-"); warnings go to stderr.
    package static func read(_ path: String) throws(CLIError) -> Scene {
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
            Output.error(
                "warning: \(warning.code): \(warning.message.escapingControlCharacters)"
                    + (warning.hint.map { " (\($0.escapingControlCharacters))" } ?? ""))
        }
        return scene
    }

    /// `read` for `resolve`: the scene checked whole, then streamed (SPEC §8).
    package static func stream(_ path: String, threads: Int) throws(CLIError) -> SceneStream {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw .failed(error.description)
        }
        let scene: SceneStream
        do {
            scene = try SceneStream(bytes, file: path == "-" ? "<stdin>" : path, threads: threads)
        } catch {
            throw .failed("\(path == "-" ? "<stdin>" : path): \(error.description)")
        }
        for warning in scene.warnings {
            Output.error(
                "warning: \(warning.code): \(warning.message.escapingControlCharacters)"
                    + (warning.hint.map { " (\($0.escapingControlCharacters))" } ?? ""))
        }
        return scene
    }
}
