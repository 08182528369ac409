import Glibc
import TWHost

/// What the commands need from the Swift source reader (`TWSwiftSource`,
/// which links the toolchain's SwiftSyntax and SwiftParser). The command code
/// does not link it: `twhost-swift` passes its front end to
/// `TWHostCommand.main`, and `twhost` passes none and hands every command whose
/// `CommandSpec.readsSwift` holds to `twhost-swift` (`SwiftCompanion`), so a
/// command that reads no Swift never loads those libraries
/// (docs/Architecture.md).
package protocol SwiftFrontEnd: Sendable {
    /// `resolve` of a `.swift` file or a folder.
    func resolveSources(_ path: String, _ command: ParsedCommand, json: Bool) throws(CLIError) -> Int32
    /// `check`.
    func check(_ command: ParsedCommand) throws(CLIError) -> Int32
    /// `preview`.
    func preview(_ command: ParsedCommand) throws(CLIError) -> Int32
    /// `lsp`.
    func languageServer(_ command: ParsedCommand) throws(CLIError) -> Int32
    /// A `diff` side read from Swift sources (`swift:PATH`, `git:REV[:PATH]`).
    func sourceSide(_ argument: String, plugins: [LoadedPlugin], theme: Theme) throws(CLIError) -> DiffSide
    /// The scenes of `registry PATH`'s `.swift` files, whose inline registrations the snapshot holds.
    func registrationScenes(_ path: String) throws(CLIError) -> [Scene]
    /// A `diff --scene` that is Swift sources: each file's scene, labelled by its path.
    func scenes(_ path: String) throws(CLIError) -> [(label: String, scene: Scene)]
}

/// Which inputs are Swift sources.
package enum SwiftInput {
    /// A `.swift` file, or a folder (walked for `.swift` files); anything
    /// else, and `-`, is a scene file.
    package static func isSwiftInput(_ path: String) -> Bool {
        if path.hasSuffix(".swift") { return true }
        var st = stat()
        return path != "-" && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}

/// `twhost-swift`, the executable beside `twhost` that links the Swift
/// source reader: `twhost` replaces itself with it (`execv`, same arguments,
/// environment and descriptors) for a command that reads Swift.
package enum SwiftCompanion {
    package static let name = "twhost-swift"

    /// Runs `twhost-swift` in place of this process with this process's own
    /// arguments, byte for byte. Returns only when it cannot: the error is
    /// written and the status is exit 2.
    package static func replaceProcess(for command: String) -> Int32 {
        // Beside the running executable only: never a name looked up in the working directory or on PATH.
        guard let exe = PluginSearchPath.currentExecutable(), let slash = exe.lastIndex(of: "/") else {
            Output.error(
                CLIError.failed(
                    "'\(command)' reads Swift sources, which \(name) does, and twhost cannot find its own path"
                )
                .description)
            return ExitCode.couldNotComplete
        }
        let path = String(exe[...slash]) + name
        execv(path, CommandLine.unsafeArgv)
        let reason = String(cString: strerror(errno))
        Output.error(
            CLIError.failed(
                "'\(command)' reads Swift sources, which \(name) does, and it cannot be run from \(path): \(reason); "
                    + "install it beside twhost (Scripts/install.sh)"
            ).description)
        return ExitCode.couldNotComplete
    }
}
