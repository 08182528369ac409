import Foundation
import Glibc
import Testing

@testable import TWHost
@testable import TWLoading

/// Hostile scenes and plugins: clear errors or correct answers, documented
/// exit codes, bounded time; plugin paths and atomic writes.
@Suite("Hardening", .removesTemporaryDirectories)
struct HostileTests {
    static func elapsed(_ body: () throws -> Void) rethrows -> Duration {
        let start = ContinuousClock.now
        try body()
        return ContinuousClock.now - start
    }

    @Test("a 10,000-deep tree is a clear error, not a stack overflow")
    func deepTree() throws {
        var json = "{\"scene\": 1, \"root\": "
        for _ in 0..<10_000 { json += "{\"type\": \"VStack\", \"children\": [" }
        json += "{\"type\": \"Text\"}"
        for _ in 0..<10_000 { json += "]}" }
        json += "}"
        let result = try twhost(["resolve", "-"], input: json)
        #expect(result.status == 2)
        #expect(result.stderr.contains("nesting deeper than 512 levels"))
    }

    @Test("a 1 MB class string resolves in bounded time")
    func hugeClassString() throws {
        let classes = String(repeating: "p-4 ", count: 262_144)
        var result: ProcessResult?
        let time = try Self.elapsed {
            result = try twhost(
                ["resolve", "-", "--format", "json"],
                input: "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": \"\(classes)\"}}")
        }
        #expect(result?.status == 1)  // too many classes: bounded with a clear error
        #expect(result?.stdout.contains("expansion-limit") == true)
        // A guard against a hang or a blow-up, far above the few seconds it takes on a
        // quiet machine (speed is measured by Scripts/bench.sh, never asserted here).
        #expect(time < .seconds(300))
        let bad = String(repeating: "x", count: 1 << 20)
        let unknown = try twhost(
            ["resolve", "-"], input: "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": \"\(bad)\"}}")
        // One class of 1 MiB: past the length limit, one invalid-class error with its length.
        #expect(unknown.status == 1)
        #expect(
            unknown.stdout.contains(
                "error[invalid-class] (root): '\(String(repeating: "x", count: 32))…': a class of 1048576 bytes; a class is at most 4096 bytes"
            ))
    }

    @Test("scenes stream: surfaces are not held when a callback takes them")
    func streaming() throws {
        var json = "{\"scene\": 1, \"root\": {\"type\": \"VStack\", \"children\": ["
        json += (0..<2000).map { "{\"type\": \"Text\", \"tw\": \"p-\($0 % 12) rounded\"}" }.joined(separator: ",")
        json += "]}}"
        var reader = SceneReader()
        let scene = try reader.read(Array(json.utf8))
        var seen = 0
        let resolution = try SceneResolver.resolve(scene, plugins: [], each: { _ in seen += 1 })
        #expect(seen == 2000)
        #expect(resolution.surfaces.isEmpty)
        #expect(resolution.summary.surfaces == 2000 && resolution.summary.decorated == 2000)
    }

    struct NumberCase: Sendable, CustomTestStringConvertible {
        var id: String
        var tw: String
        var status: Int32
        var expect: String
        var testDescription: String { id }
    }

    static let numbers: [NumberCase] = [
        NumberCase(id: "1e308 typed", tw: #"["w-[", {"number": 1e308}, "]"]"#, status: 1, expect: "out of range"),
        NumberCase(id: "1e308 literal", tw: #""w-[1e308]""#, status: 1, expect: "out of range"),
        NumberCase(id: "nan literal", tw: #""rotate-[nan]""#, status: 1, expect: "invalid-argument"),
        NumberCase(id: "inf literal", tw: #""opacity-[inf]""#, status: 1, expect: "invalid-argument"),
        NumberCase(
            id: "-0", tw: #"["w-[", {"number": -0}, "] rotate-[-0deg]"]"#, status: 0, expect: ".frame(width: 0)"),
        NumberCase(id: "huge exponent", tw: #""p-[1e99999]""#, status: 1, expect: "invalid-argument"),
    ]

    @Test("NaN, infinity, 1e308 and -0 in typed values and brackets", arguments: numbers)
    func hostileNumbers(_ c: NumberCase) throws {
        let result = try twhost(
            ["resolve", "-", "--format", "json"],
            input: "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": \(c.tw)}}")
        #expect(result.status == c.status, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(c.expect), "\(result.stdout)")
        // Through the Swift API, a NaN or infinite typed value is refused too.
        let nan = Engine.resolve("rotate-[\(TypedValue.angle(.nan))] tilt-[\(TypedValue.angle(.infinity))]")
        #expect(nan.codes == ["invalid-argument", "invalid-argument"])
    }

    @Test("invalid UTF-8, a BOM, numbers where strings belong")
    func encodings() throws {
        let bom = try runProcess(
            TestPaths.twhost, ["resolve", "-"],
            input: "\u{FEFF}{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": \"p-4\"}}")
        #expect(bom.status == 0, "\(bom.stderr)")
        let dir = TestPaths.temporaryDirectory("utf8")
        var bytes = Array("{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": \"p-4 ".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}}".utf8)
        FileManager.default.createFile(atPath: dir + "/bad.json", contents: Data(bytes))
        let invalid = try twhost(["resolve", dir + "/bad.json"])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("invalid UTF-8"))
        let number = try twhost(["resolve", "-"], input: "{\"scene\": 1, \"root\": {\"type\": 7}}")
        #expect(number.status == 2)
        #expect(number.stderr.contains("/root/type: expected a string, got a number"))
    }

    @Test("recipes that expand exponentially are bounded with a clear error")
    func exponentialRecipes() throws {
        var named: [String] = []
        for i in 0..<40 { named.append("\"r\(i)\": \"r\(i + 1) r\(i + 1)\"") }
        named.append("\"r40\": \"p-1\"")
        let json =
            "{\"scene\": 1, \"rules\": {\"named\": {\(named.joined(separator: ", "))}}, \"root\": {\"type\": \"Text\", \"tw\": \"r0\"}}"
        var result: ProcessResult?
        let time = try Self.elapsed { result = try twhost(["resolve", "-"], input: json) }
        #expect(result?.status == 1)
        #expect(result?.stdout.contains("expansion-limit") == true)
        // A hang guard, as above: exponential expansion would never finish.
        #expect(time < .seconds(300))
    }

    static func hostile2(_ name: String, _ defines: [String], in dir: String) throws -> LoadedPlugin {
        let path = try FixtureCompiler.build(
            name: name, defines: defines, source: TestPaths.repository + "/Tests/Fixtures/plugins/hostile2.c", in: dir)
        return try PluginLoader.load(path: path, expectedName: name).get()
    }

    @Test("a kept builder called after its factory returned is ignored, not a crash")
    func keptBuilder() throws {
        let plugin = try Self.hostile2("keeper", ["KEEP_BUILDER"], in: TestPaths.temporaryDirectory("keeper"))
        let fade = try #require(plugin.modifiers.first { $0.name == "fade" })
        let count = try #require(plugin.modifiers.first { $0.name == "count" })
        #expect(try fade.makeModifier(active: true, value: .number(0.5)).get().swiftCode == ".opacity(0.5)")
        // The parser calls the kept builder: the call goes nowhere, and it is counted.
        #expect(try count.parseArgument("abc", theme: Theme()).get() == .number(3))
        #expect(try fade.makeModifier(active: true, value: .number(0.25)).get().swiftCode == ".opacity(0.25)")
        #expect(
            KeptHandles.all.filter { $0.plugin == "keeper" } == [.init(plugin: "keeper", handle: "builder", count: 2)])
    }

    @Test("enormous and deeply nested modifier IR is bounded")
    func hugeIR() throws {
        let dir = TestPaths.temporaryDirectory("huge")
        let huge = try Self.hostile2("huge", ["HUGE_IR"], in: dir)
        let fade = try #require(huge.modifiers.first { $0.name == "fade" })
        #expect(
            fade.makeModifier(active: true, value: .number(1))
                == .failure(.builderMisuse("more than 4096 builder calls")))
        let deep = try Self.hostile2("deep", ["DEEP_IR"], in: dir)
        let nested = try #require(deep.modifiers.first { $0.name == "fade" })
        #expect(
            nested.makeModifier(active: true, value: .number(1)) == .failure(.builderMisuse("nesting deeper than 32")))
        // Through resolve: a clear diagnostic, the surface undecorated.
        let surface = Engine.resolve("p-4", registry: PluginRegistry(plugins: [huge]))
        #expect(surface.codes == ["factory-failed", "factory-failed"])  // fade and count share the factory
        #expect(!surface.decorated)
    }

    @Test("a name with no NUL within its bound is refused; an entry is called once per file")
    func stringsAndEntry() throws {
        let dir = TestPaths.temporaryDirectory("strings")
        let path = try FixtureCompiler.build(
            name: "unterminated", defines: ["UNTERMINATED"],
            source: TestPaths.repository + "/Tests/Fixtures/plugins/hostile2.c", in: dir)
        let result = PluginLoader.load(path: path, expectedName: nil)
        #expect(result.failureValue?.description.contains("has no terminating NUL within 64 bytes") == true)
        let once = try Self.hostile2("once", ["ENTRY_TWICE"], in: dir)
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/liblink.so", withDestinationPath: dir + "/libonce.so")
        let again = try PluginLoader.load(path: dir + "/liblink.so", expectedName: nil).get()
        #expect(again === once)
        #expect(again.info.path == dir + "/libonce.so")  // symlinks resolved in what is reported
    }

    @Test("plugin files and folders writable by other users are refused unless allowed")
    func writablePlugins() throws {
        let dir = TestPaths.temporaryDirectory("writable")
        let path = try FixtureCompiler.build(name: "open", in: dir)
        chmod(path, 0o666)
        let refused = try twhost(["registry", "--plugins", path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("refused: the plugin file is writable by every user"))
        #expect(refused.stderr.contains("--allow-writable-plugins"))
        let allowed = try twhost(["registry", "--plugins", path, "--allow-writable-plugins"])
        // Loaded (the fixture's deliberately broken factory makes its probe exit 1).
        #expect(allowed.status == 1, "\(allowed.stderr)")
        #expect(!allowed.stderr.contains("refused"))
        chmod(path, 0o755)
        chmod(dir, 0o777)
        let folder = try twhost(["registry", "--plugin-path", dir, "--plugins", "open"])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("its folder \(dir) is writable by every user"))
        chmod(dir, 0o755)
        #expect(try twhost(["registry", "--plugin-path", dir, "--plugins", "open"]).status == 1)
    }

    @Test("a registry -o killed mid-write leaves the old file or the new one, never a torn one")
    func atomicWrite() throws {
        let dir = TestPaths.temporaryDirectory("atomic")
        try FixtureCompiler.build(
            name: "big", defines: ["BENCH_COUNT=3000"], source: TestPaths.repository + "/Scripts/bench/bench_plugin.c",
            in: dir)
        let file = dir + "/registry.json"
        let old = "{\"old\": true}\n"
        try old.write(toFile: file, atomically: true, encoding: .utf8)
        let complete = try twhost(["registry", "--plugin-path", dir, "--plugins", "big", "-o", dir + "/reference.json"])
        #expect(complete.status == 0)
        let reference = try String(contentsOfFile: dir + "/reference.json", encoding: .utf8)
        var sawOld = false
        for delay in [0, 2, 5, 10, 20, 40, 80, 160, 320] {
            try old.write(toFile: file, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestPaths.twhost)
            process.arguments = ["registry", "--plugin-path", dir, "--plugins", "big", "-o", file]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay * 1000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let contents = try String(contentsOfFile: file, encoding: .utf8)
            #expect(contents == old || contents == reference, "torn file after \(delay) ms")
            if contents == old { sawOld = true }
        }
        #expect(sawOld)  // at least one kill landed before the rename
    }
}
