import Foundation
import Testing

/// `twhost` links no Swift source reader: a command that reads no Swift never
/// loads the toolchain's SwiftSyntax and SwiftParser, and one that reads Swift
/// runs `twhost-swift` in its place with the same answer
/// (docs/Architecture.md, "Two executables").
@Suite("twhost and twhost-swift", .removesTemporaryDirectories)
struct SwiftCompanionTests {
    static let scene = TestPaths.repository + "/Examples/NativeRegistryExample.json"
    static let swiftView = TestPaths.repository + "/Examples/Swift/NativeRegistryExample.swift"
    static var companion: String { TestPaths.binDirectory + "/twhost-swift" }

    /// The libraries the dynamic loader mapped while running `arguments`, read
    /// from its own report (`LD_DEBUG=files`), and the run's result.
    static func loaded(_ executable: String, _ arguments: [String]) throws -> (libraries: Set<String>, ProcessResult) {
        let result = try runProcess(executable, arguments, environment: ["LD_DEBUG": "files"])
        var libraries: Set<String> = []
        for line in result.stderr.split(separator: "\n") {
            guard let at = line.range(of: "file=") else { continue }
            let name = line[at.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != ";" }
            libraries.insert(String(name.split(separator: "/").last ?? name))
        }
        return (libraries, result)
    }

    static func hostLibraries(_ libraries: Set<String>) -> [String] {
        libraries.filter { $0.hasPrefix("libSwiftSyntax") || $0.hasPrefix("libSwiftParser") }.sorted()
    }

    @Test(
        "a command that reads no Swift source maps neither SwiftSyntax nor SwiftParser",
        arguments: [
            ["--version"],
            ["resolve", "--plugins", "material,motion", scene],
            ["resolve", "--format", "json", scene],
            ["explain", "p-4 rounded-lg"],
            ["platforms"],
        ])
    func leanCommands(_ arguments: [String]) throws {
        let (libraries, result) = try Self.loaded(TestPaths.twhost, arguments)
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        // The loader's report is there (the Swift runtime is mapped), and names neither host library.
        #expect(libraries.contains("libswiftCore.so"), "\(libraries.sorted())")
        #expect(Self.hostLibraries(libraries) == [], "\(arguments)")
    }

    @Test("a .swift input through twhost is read by twhost-swift: the same report and exit code")
    func swiftInputThroughTwhost() throws {
        let arguments = ["resolve", "--plugins", "material,motion", Self.swiftView]
        let (libraries, viaLean) = try Self.loaded(TestPaths.twhost, arguments)
        #expect(Self.hostLibraries(libraries) == ["libSwiftParser.so", "libSwiftSyntax.so"])
        let lean = try twhost(arguments)
        let full = try runProcess(Self.companion, arguments)
        #expect(lean.status == 0, "\(lean.stderr)")
        #expect(viaLean.status == 0)
        #expect(lean.status == full.status)
        #expect(lean.stdout == full.stdout)
        #expect(lean.stderr == full.stderr)
        #expect(lean.stdout.hasSuffix("2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 2 warning(s)\n"))
    }

    @Test(
        "every command that reads Swift gives twhost-swift's bytes and exit code through twhost",
        arguments: [
            ["resolve", "--format", "json", "--plugins", "material,motion", swiftView],
            ["check", "--no-config", "--format", "json", "--plugins", "material,motion", swiftView],
            ["check", "--no-config", scene],
            ["preview", "--no-config", "--format", "json", "--plugins", "material,motion", swiftView],
            ["diff", "plugins:material", "plugins:material,motion", "--scene", swiftView],
            ["resolve", TestPaths.repository + "/Examples/Swift/missing.swift"],
        ])
    func sameAnswer(_ arguments: [String]) throws {
        let lean = try twhost(arguments)
        let full = try runProcess(Self.companion, arguments)
        #expect(lean.status == full.status, "\(lean.stderr)")
        #expect(lean.stdout == full.stdout)
        #expect(lean.stderr == full.stderr)
    }

    @Test("without twhost-swift beside it, twhost says so and exits 2; what reads no Swift still runs")
    func missingCompanion() throws {
        let dir = TestPaths.temporaryDirectory("lean-alone")
        let copy = dir + "/twhost"
        try FileManager.default.copyItem(atPath: TestPaths.twhost, toPath: copy)
        let swift = try runProcess(copy, ["resolve", Self.swiftView])
        #expect(swift.status == 2)
        #expect(swift.stdout == "")
        #expect(
            swift.stderr
                == "error: 'resolve' reads Swift sources, which twhost-swift does, and it cannot be run from "
                + "\(dir)/twhost-swift: No such file or directory; install it beside twhost (Scripts/install.sh)\n")
        let lsp = try runProcess(copy, ["lsp"])
        #expect(lsp.status == 2)
        #expect(lsp.stderr.hasPrefix("error: 'lsp' reads Swift sources, which twhost-swift does"))
        // Help is the lean executable's own.
        let help = try runProcess(copy, ["check", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout == (try twhost(["check", "--help"])).stdout)
        let version = try runProcess(copy, ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("twhost "))
    }
}
