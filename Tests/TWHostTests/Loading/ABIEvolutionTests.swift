import Foundation
import Glibc
import TWPluginAPI
import Testing

@testable import TWHost
@testable import TWLoading

/// SPEC A-2 (revised): the host loads any minor of its major. A plugin built
/// against the frozen 1.0 header loads forever; a plugin built for a newer
/// minor loads on this host; a host built for a newer minor (one field
/// appended to every struct, `TW_ABI_TEST_NEXT_MINOR`) loads today's plugins.
@Suite("ABI evolution", .removesTemporaryDirectories)
struct ABIEvolutionTests {
    static let frozenDirectory = TestPaths.repository + "/Tests/Fixtures/abi-1.0"

    /// `libfrozen.so`, built from the frozen header and source alone.
    static let frozenPlugin: String = {
        let dir = TestPaths.sharedDirectory("frozen")
        return try! FixtureCompiler.build(
            name: "frozen", source: frozenDirectory + "/frozen.c", include: frozenDirectory, in: dir)
    }()

    /// A twhost built from this tree with `-DTW_ABI_TEST_NEXT_MINOR` (ABI 1.1,
    /// every struct a plugin hands over one field longer), in its own build folder.
    /// Under `swift test --sanitize=address` the plugins in the build folder need
    /// the sanitizer's runtime, so the host that loads them is built with it too.
    static let nextMinorHost: Result<String, FixtureError> = {
        let sanitized = dlsym(nil, "__asan_init") != nil
        let scratch = TestPaths.repository + "/.build/abi-next-minor" + (sanitized ? "-asan" : "")
        let build = try? runProcess(
            "/usr/bin/env",
            [
                "swift", "build", "--package-path", TestPaths.repository, "--scratch-path", scratch, "--product",
                "twhost", "-Xcc", "-DTW_ABI_TEST_NEXT_MINOR",
            ] + (sanitized ? ["--sanitize=address"] : []))
        guard let build, build.status == 0 else {
            return .failure(
                .compileFailed(name: "twhost (next minor)", output: build.map { $0.stderr + $0.stdout } ?? ""))
        }
        return .success(scratch + "/debug/twhost")
    }()

    /// The classes the frozen plugin answers, and the chain any host must give.
    static let frozenClasses = "glow lift-[4] tone-[lo] gap-[2] animate-calm"
    static let frozenChain = """
        chain (view, decorated):
          .offset(y: -4)                                                            // content · lift (frozen) · active
          .padding(8)                                                               // style · built-in padding ← gap-[2]
          .shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.3), radius: 8)  // effects · glow (frozen) · active
          .opacity(0.5)                                                             // effects · tone (frozen) · active
          animation: .easeInOut(duration: 0.4)  // preset calm (plugin frozen)
        """

    @Test("a plugin built against the frozen 1.0 header loads and answers as it always did")
    func frozenPluginLoads() throws {
        let result = try twhost(["explain", Self.frozenClasses, "--plugins", Self.frozenPlugin])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(Self.frozenChain), "\(result.stdout)")
        // The log callback takes the plugin's own host table back: the host names the plugin.
        #expect(result.stderr == "note: plugin 'frozen': frozen 1.0 plugin loaded\n")
        let text = try twhost(["explain", "slant", "--target", "text", "--plugins", Self.frozenPlugin])
        #expect(
            text.stdout.split(separator: "\n").contains {
                $0.hasPrefix("  .italic() ") && $0.hasSuffix("// source · slant (frozen) · active")
            }, "\(text.stdout)")
        let plugin = try PluginLoader.load(path: Self.frozenPlugin, expectedName: "frozen").get()
        #expect(plugin.info.abiMajor == 1 && plugin.info.abiMinor == 0)
        #expect(plugin.modifiers.map(\.name) == ["glow", "lift", "tone", "slant"])
        #expect(plugin.utilities.map(\.prefix) == ["gap"])
        #expect(plugin.recipes.map(\.name) == ["frozen-card"])
        #expect(plugin.animations.map(\.name) == ["calm"])
        let check = try twhost(["plugins", "check", Self.frozenPlugin])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test("a plugin built for a newer minor loads; fields this host does not know are ignored")
    func newerMinorPluginLoads() throws {
        let dir = TestPaths.temporaryDirectory("next-minor-plugin")
        let next = try FixtureCompiler.build(name: "fixture", defines: ["TW_ABI_TEST_NEXT_MINOR"], in: dir)
        let plugin = try PluginLoader.load(path: next, expectedName: "fixture").get()
        #expect(plugin.info.abiMajor == 1 && plugin.info.abiMinor == 1)
        let current = try FixturePlugins.echo()
        #expect(plugin.modifiers.map(\.name) == current.modifiers.map(\.name))
        #expect(plugin.modifiers.map(\.defaultArgument) == current.modifiers.map(\.defaultArgument))
        // Same registrations, same answers: the snapshot differs only in the ABI column.
        let nextSnapshot = try twhost(["registry", "--plugins", next])
        let currentSnapshot = try twhost(["registry", "--plugins", FixturePlugins.echoDirectory + "/libfixture.so"])
        #expect(nextSnapshot.status == 1 && currentSnapshot.status == 1)  // the fixture's probe-unbalanced
        #expect(nextSnapshot.stdout.contains("\"abi\": \"1.1\""))
        #expect(
            nextSnapshot.stdout.replacingOccurrences(of: "\"abi\": \"1.1\"", with: "\"abi\": \"1.0\"")
                == currentSnapshot.stdout)
        let list = try twhost(["plugins", "list", "--plugin-path", dir, "--format", "json"])
        #expect(try Self.listed(list.stdout).first == ListedPlugin(name: "fixture", abi: "1.1", error: nil))
    }

    @Test("a host built for the next minor loads today's plugins and the frozen 1.0 plugin, with the same answers")
    func nextMinorHostLoadsOlderPlugins() throws {
        let host = try Self.nextMinorHost.get()
        let version = try runProcess(host, ["--version"])
        #expect(version.stdout == "twhost \(TWHostVersion.string) (plugin ABI 1.1)\n")
        // Today's plugins (built against this header: every struct 8 bytes shorter than the host's):
        // the shipped ones and the TWPluginKit twin fixture, all in the build folder.
        let list = try runProcess(
            host, ["plugins", "list", "--plugin-path", TestPaths.binDirectory, "--format", "json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            try Self.listed(list.stdout)
                == ["material", "motion", "twin", "typography"].map {
                    ListedPlugin(name: $0, abi: "1.0", error: nil)
                })
        let scene = TestPaths.repository + "/Examples/NativeRegistryExample.json"
        let arguments = ["resolve", "--plugins", "material,motion,typography", "--format", "json", scene]
        let next = try runProcess(host, arguments + ["--plugin-path", TestPaths.binDirectory])
        let today = try twhost(arguments)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout == today.stdout)
        // The fixture, with a registration of every form and argument type.
        let echo = FixturePlugins.echoDirectory + "/libfixture.so"
        let registry = try runProcess(host, ["registry", "--plugins", echo])
        #expect(registry.stdout == (try twhost(["registry", "--plugins", echo])).stdout)
        // The frozen 1.0 plugin.
        let frozen = try runProcess(host, ["explain", Self.frozenClasses, "--plugins", Self.frozenPlugin])
        #expect(frozen.status == 0, "\(frozen.stderr)")
        #expect(frozen.stdout.contains(Self.frozenChain), "\(frozen.stdout)")
        #expect(frozen.stderr == "note: plugin 'frozen': frozen 1.0 plugin loaded\n")
    }

    struct ListedPlugin: Equatable {
        var name: String
        var abi: String?
        var error: String?
    }

    /// The rows of `plugins list --format json`.
    static func listed(_ json: String) throws -> [ListedPlugin] {
        let root = try JSONParser.parse(Array(json.utf8))
        guard let list = ResolveOutput.field(root, "plugins"), case .array(let items) = list.value else { return [] }
        return items.map {
            ListedPlugin(
                name: ResolveOutput.string($0, "name") ?? "", abi: ResolveOutput.string($0, "abi"),
                error: ResolveOutput.string($0, "error"))
        }
    }

    /// A stand-in for a struct a later minor grew by one field.
    struct Grown {
        var structSize: UInt32
        var reserved: UInt32
        var first: UInt64
        var appended: UInt64
    }

    @Test("a struct is copied up to the size both sides know: fields past the plugin's read as zero")
    func copiesUpToTheKnownSize() {
        func read(_ bytes: [UInt8], size: Int) -> Grown {
            var grown = Grown(structSize: 0xEEEE, reserved: 0xEEEE, first: 0xEEEE, appended: 0xEEEE)
            bytes.withUnsafeBytes { source in
                withUnsafeMutablePointer(to: &grown) {
                    ABIMemory.copy(
                        source.baseAddress!, size: size, into: UnsafeMutableRawPointer($0),
                        known: MemoryLayout<Grown>.size)
                }
            }
            return grown
        }
        // A 1.0 plugin's struct (16 bytes) followed by bytes that are not its own.
        var bytes: [UInt8] = [16, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0xAB, count: 8)
        bytes += [UInt8](repeating: 0xFF, count: 16)
        let older = read(bytes, size: 16)
        #expect(older.structSize == 16 && older.first == 0xABAB_ABAB_ABAB_ABAB && older.appended == 0)
        // A newer plugin's struct (32 bytes) read by a host that knows 24: the rest is ignored.
        let newer = read(bytes, size: 32)
        #expect(newer.appended == 0xFFFF_FFFF_FFFF_FFFF)
        #expect(MemoryLayout<Grown>.size == 24)
        // The host's readers: a 1.0 registration, then garbage, reads as exactly the registration.
        let registration = tw_modifier_registration(
            struct_size: UInt32(TW_SIZEOF_MODIFIER_REGISTRATION_1_0), form: TW_FORM_VIEW, phase: 0, order: 3,
            arg_type: 0, reserved: 0, name: nil, conflict_key: nil, default_argument: nil, context: nil, factory: nil,
            parse: nil)
        var padded = withUnsafeBytes(of: registration) { Array($0) }
        padded += [UInt8](repeating: 0xFF, count: 64)
        let read = padded.withUnsafeBytes {
            DescriptorValidator.readModifier($0.baseAddress!, size: Int(TW_SIZEOF_MODIFIER_REGISTRATION_1_0))
        }
        #expect(read.order == 3 && read.form == TW_FORM_VIEW && read.name == nil && read.parse == nil)
    }
}
