import Foundation
import TWHost

@testable import TWSwiftSource

/// Paths and helpers shared by the tests: the build folder (where `swift test`
/// builds the plugins and the `twhost` binary), the repository, and fixture
/// plugins compiled from C with the toolchain's clang.
enum TestPaths {
    /// The folder of the running test binary: SwiftPM's bin path.
    static let binDirectory: String = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return (exe as NSString).deletingLastPathComponent
    }()

    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Every Swift file of the fixtures and the examples: its name under its folder, and its bytes.
    static func swiftFixtures() throws -> [(name: String, bytes: [UInt8])] {
        var out: [(name: String, bytes: [UInt8])] = []
        for root in [repository + "/Tests/Fixtures/swift", repository + "/Examples"] {
            let walker = FileManager.default.enumerator(atPath: root)
            while let name = walker?.nextObject() as? String {
                guard name.hasSuffix(".swift") else { continue }
                out.append((name, Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))))
            }
        }
        return out
    }

    static var twhost: String { binDirectory + "/twhost" }
    static var header: String { repository + "/Sources/TWPluginAPI/include/TWPluginAPI.h" }
    static var includeDirectory: String { repository + "/Sources/TWPluginAPI/include" }
    static var fixtureSource: String { repository + "/Tests/Fixtures/plugins/fixture.c" }

    /// A fresh temporary directory, removed when the test that made it ends
    /// (`TemporaryDirectories`).
    static func temporaryDirectory(_ label: String) -> String {
        TemporaryDirectories.make(label, shared: false)
    }

    /// A fresh temporary directory for a fixture many tests share (a `static
    /// let`), removed when the test process exits.
    static func sharedDirectory(_ label: String) -> String {
        TemporaryDirectories.make(label, shared: true)
    }

    static var searchPath: PluginSearchPath { PluginSearchPath(directories: [binDirectory]) }
}

/// The result of running a program.
/// How the binaries under test were built. `Scripts/asan.sh` sets
/// `TWHOST_TEST_SANITIZER`: AddressSanitizer's shadow memory and quarantine
/// make a process's peak resident set meaningless, so the tests that bound
/// peak memory check everything else and leave the bound to the plain build.
enum TestBuild {
    static let sanitized = ProcessInfo.processInfo.environment["TWHOST_TEST_SANITIZER"] != nil
}

/// A thread for tests that build, walk or free deep trees in process (a
/// long chain read from Swift): the stack twhost's own threads have
/// (`Parallel.stackSize`), four times that under AddressSanitizer, whose
/// redzones make every frame several times larger. The test runner's own
/// threads have smaller stacks than twhost's.
enum TestStack {
    static let size = (TestBuild.sanitized ? 4 : 1) * Parallel.stackSize

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        try Parallel.onThread(stackSize: size) { Result { try work() } }.get()
    }
}

struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Writes a program's input. A program may exit before it reads it (a usage
/// error is reported before the input is read): the write's SIGPIPE is then
/// blocked on this thread and taken back, so it does not end the test
/// process, and the program's status and output are what the test checks.
/// The mask is this thread's, set after the program started, so no program
/// inherits it (a disposition set to ignore would be inherited).
func writeInput(_ data: Data, to handle: FileHandle) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    if (try? handle.write(contentsOf: data)) == nil {
        var now = timespec()
        _ = sigtimedwait(&pipeSignal, nil, &now)
    }
}

/// Runs a program to completion, feeding it `input` on stdin.
/// - Parameter standardOutput: where the program's stdout goes instead of a
///   pipe read into `ProcessResult.stdout` (e.g. `/dev/full`).
func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
    directory: String? = nil, standardOutput: FileHandle? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env.removeValue(forKey: "TWHOST_PLUGIN_PATH")
    // Generated projects' Makefiles and tests read TWHOST; each test chooses its own.
    env.removeValue(forKey: "TWHOST")
    for (k, v) in environment ?? [:] { env[k] = v }
    process.environment = env
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = standardOutput ?? out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { writeInput(Data(input.utf8), to: inPipe.fileHandleForWriting) }
    try inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so that neither fills up.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    if standardOutput != nil { try out.fileHandleForWriting.close() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs the built `twhost` binary.
func twhost(
    _ arguments: [String], environment: [String: String]? = nil, input: String? = nil, directory: String? = nil,
    standardOutput: FileHandle? = nil
) throws -> ProcessResult {
    try runProcess(
        TestPaths.twhost, arguments, environment: environment, input: input, directory: directory,
        standardOutput: standardOutput)
}

/// Compiles C plugin fixtures with the toolchain's clang.
enum FixtureCompiler {
    static let clang: String = {
        for candidate in ["/opt/swift/usr/bin/clang", "/usr/bin/clang", "/usr/local/bin/clang"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "/usr/bin/env"
    }()

    /// Builds `lib<name>.so` from `source` in `directory` with extra flags.
    /// - Parameter include: the folder of the `TWPluginAPI.h` to build against.
    @discardableResult
    static func build(
        name: String, defines: [String] = [], source: String = TestPaths.fixtureSource,
        include: String = TestPaths.includeDirectory, in directory: String
    )
        throws -> String
    {
        let output = directory + "/lib\(name).so"
        var arguments = clang == "/usr/bin/env" ? ["clang"] : []
        arguments += ["-std=c11", "-shared", "-fPIC", "-O1", "-I", include, "-o", output]
        arguments += ["-DPLUGIN_NAME=\"\(name)\""] + defines.map { "-D" + $0 } + [source]
        let result = try runProcess(clang, arguments)
        guard result.status == 0 else {
            throw FixtureError.compileFailed(name: name, output: result.stderr)
        }
        return output
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case compileFailed(name: String, output: String)
    var description: String {
        switch self {
        case .compileFailed(let name, let output): return "fixture \(name) did not compile:\n\(output)"
        }
    }
}
