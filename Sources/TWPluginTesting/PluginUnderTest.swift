import Foundation

/// A built plugin, run through the real `twhost` the way users run it, for a
/// plugin's own tests. Failures throw a ``PluginTestFailure`` whose
/// description is readable: a chain failure prints the expected and actual
/// chain lines as a diff, never a dump of structs.
///
/// ```swift
/// import Testing
/// import TWPluginTesting
///
/// let plugin = PluginUnderTest(name: "hello")
///
/// @Test func liftMovesTheViewUp() throws {
///     try plugin.expectChain("lift-[6]", [
///         ".offset(x: 0, y: -6)",
///         ".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0), radius: 8, x: 0, y: 0)  // inactive",
///     ])
/// }
/// ```
public struct PluginUnderTest: Sendable {
    /// The plugin's name; its file is `lib<name>.so`.
    ///
    /// ```swift
    /// PluginUnderTest(name: "hello").name  // "hello"
    /// ```
    public let name: String
    /// The folder that holds `lib<name>.so`.
    ///
    /// ```swift
    /// PluginUnderTest(name: "hello", directory: ".build/debug").directory  // ".build/debug"
    /// ```
    public let directory: String
    /// The `twhost` executable the tests run.
    ///
    /// ```swift
    /// PluginUnderTest(name: "hello", twhost: "/usr/local/bin/twhost").twhost
    /// ```
    public let twhost: String

    /// A plugin to test.
    ///
    /// ```swift
    /// let plugin = PluginUnderTest(name: "hello", twhost: "/opt/twhost/bin/twhost")
    /// ```
    /// - Parameters:
    ///   - name: the plugin's name.
    ///   - directory: the folder of `lib<name>.so`; by default the folder of
    ///     the running test executable, where `swift test` builds the package's
    ///     dynamic libraries.
    ///   - twhost: the `twhost` to run when the `TWHOST` environment variable
    ///     is not set (it wins, so `make check TWHOST=…` can choose); without
    ///     either, `twhost` on `PATH`.
    public init(name: String, directory: String? = nil, twhost: String? = nil) {
        self.name = name
        self.directory = directory ?? Self.testExecutableFolder
        let environment = ProcessInfo.processInfo.environment["TWHOST"].flatMap { $0.isEmpty ? nil : $0 }
        self.twhost = environment ?? twhost ?? Self.onPath("twhost") ?? "twhost"
    }

    /// The path of `lib<name>.so` in ``directory``, its stem matched without
    /// regard to case as twhost matches it (`libHello.so` for `hello`).
    ///
    /// ```swift
    /// PluginUnderTest(name: "hello", directory: "/tmp").library  // "/tmp/libhello.so"
    /// ```
    public var library: String {
        let wanted = "lib\(name).so"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let matches = files.filter { $0.lowercased() == wanted }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return directory + "/" + (matches.first ?? wanted)
    }

    /// The native source a class list is applied to, as a scene node type.
    ///
    /// ```swift
    /// try plugin.chain("kern-[1.5]", on: .text)
    /// ```
    public enum Source: String, Sendable, CaseIterable {
        /// A general view (`VStack`).
        ///
        /// ```swift
        /// try plugin.chain("glow", on: .view)
        /// ```
        case view = "VStack"
        /// A native `Text`, for `.text` and `.textValue` registrations.
        ///
        /// ```swift
        /// try plugin.chain("kern-[1.5]", on: .text)
        /// ```
        case text = "Text"
        /// A native `Image`, for `.image` and `.imageValue` registrations.
        ///
        /// ```swift
        /// try plugin.chain("resize", on: .image)
        /// ```
        case image = "Image"
        /// A native shape (`Circle`), for `.shape` and `.shapeValue` registrations.
        ///
        /// ```swift
        /// try plugin.chain("trim-[0.5]", on: .shape)
        /// ```
        case shape = "Circle"
    }

    /// The chain that `classes` resolve to with this plugin loaded, one line
    /// per modifier in application order. Each line is the SwiftUI code, and
    /// inactive registration slots end with `  // inactive`.
    ///
    /// ```swift
    /// let lines = try plugin.chain("p-4 glow")
    /// // [".padding(16)", ".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)"]
    /// ```
    /// - Parameters:
    ///   - classes: the `.tw(…)` classes.
    ///   - source: the native source they are applied to.
    ///   - state: states that are on (`hover`, `focus`, `pressed`, …).
    ///   - plugins: plugins loaded with this one, before it (names in twhost's search path).
    /// - Throws: ``PluginTestFailure`` when `twhost` cannot run, or the surface is left undecorated.
    public func chain(
        _ classes: String, on source: Source = .view, state: [String] = [], plugins: [String] = []
    ) throws -> [String] {
        let surface = try resolveSurface(classes, on: source, state: state, plugins: plugins)
        guard surface.decorated else {
            throw PluginTestFailure.undecorated(classes: classes, diagnostics: surface.diagnostics)
        }
        return surface.lines
    }

    /// Checks that `classes` resolve to exactly `expected` (lines as ``chain(_:on:state:plugins:)`` gives them).
    ///
    /// ```swift
    /// try plugin.expectChain("glow", [
    ///     ".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)"
    /// ])
    /// ```
    /// - Throws: ``PluginTestFailure/chainMismatch(classes:expected:actual:)``, whose description is a line diff.
    public func expectChain(
        _ classes: String, on source: Source = .view, state: [String] = [], plugins: [String] = [],
        _ expected: [String]
    ) throws {
        let actual = try chain(classes, on: source, state: state, plugins: plugins)
        if actual != expected {
            throw PluginTestFailure.chainMismatch(classes: classes, expected: expected, actual: actual)
        }
    }

    /// Runs `twhost plugins check` on the built library and returns its report.
    ///
    /// ```swift
    /// @Test func passesCheck() throws { try plugin.check() }
    /// ```
    /// - Throws: ``PluginTestFailure/commandFailed(command:status:output:)`` with the report when it finds an error.
    @discardableResult
    public func check() throws -> String {
        try run(["plugins", "check", library]).stdout
    }

    /// Runs `twhost resolve` on a scene file with this plugin's folder searched
    /// first, and returns the report.
    ///
    /// ```swift
    /// try plugin.resolve(scene: "scene.json")
    /// ```
    /// - Throws: ``PluginTestFailure/commandFailed(command:status:output:)`` when a surface is left undecorated
    ///   or the scene cannot be resolved.
    @discardableResult
    public func resolve(scene path: String) throws -> String {
        try run(["resolve", "--plugin-path", directory, path]).stdout
    }

    // MARK: Running twhost

    struct Surface {
        var decorated: Bool
        var lines: [String]
        var diagnostics: [String]
    }

    func resolveSurface(_ classes: String, on source: Source, state: [String], plugins: [String]) throws -> Surface {
        let scene: [String: Any] = ["scene": 1, "root": ["type": source.rawValue, "tw": classes]]
        let input = try JSONSerialization.data(withJSONObject: scene)
        var arguments = ["resolve", "--format", "json", "--plugin-path", directory]
        arguments += ["--plugins", (plugins + [name]).joined(separator: ",")]
        if !state.isEmpty { arguments += ["--state", state.joined(separator: ",")] }
        let result = try run(arguments + ["-"], input: input, acceptFindings: true)
        guard let report = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let surfaces = report["surfaces"] as? [[String: Any]], let surface = surfaces.first
        else {
            throw PluginTestFailure.commandFailed(
                command: [twhost] + arguments, status: result.status, output: result.stdout + result.stderr)
        }
        let chain = surface["chain"] as? [[String: Any]] ?? []
        let lines = chain.map { entry -> String in
            let code = entry["modifier"] as? String ?? ""
            return entry["active"] as? Bool == false ? code + "  // inactive" : code
        }
        let diagnostics = (surface["diagnostics"] as? [[String: Any]] ?? []).map { d -> String in
            let text = "\(d["severity"] ?? "")[\(d["code"] ?? "")] \(d["message"] ?? "")"
            return (d["hint"] as? String).map { text + " (\($0))" } ?? text
        }
        return Surface(decorated: surface["status"] as? String == "decorated", lines: lines, diagnostics: diagnostics)
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs twhost; exit 0 (and 1 when `acceptFindings`) returns, anything else throws.
    func run(_ arguments: [String], input: Data? = nil, acceptFindings: Bool = false) throws -> Output {
        guard FileManager.default.isExecutableFile(atPath: twhost) else {
            throw PluginTestFailure.twhostNotFound(twhost)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: twhost)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes at once so that neither fills up and blocks twhost.
        let errorText = ErrorCollector()
        let reader = Thread { errorText.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errorText.wait(), as: UTF8.self))
        let accepted: [Int32] = acceptFindings ? [0, 1] : [0]
        guard process.terminationReason == .exit, accepted.contains(output.status) else {
            throw PluginTestFailure.commandFailed(
                command: [twhost] + arguments, status: output.status, output: output.stdout + output.stderr)
        }
        return output
    }

    static var testExecutableFolder: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().path
    }

    static func onPath(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Collects standard error on a reader thread.
private final class ErrorCollector: @unchecked Sendable {
    // @unchecked: `data` is written once under the condition's lock and read after it is signalled.
    private let done = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        done.lock()
        data = value
        done.signal()
        done.unlock()
    }

    func wait() -> Data {
        done.lock()
        defer { done.unlock() }
        while data == nil { done.wait() }
        return data ?? Data()
    }
}
