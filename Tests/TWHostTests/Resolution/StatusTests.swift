import Foundation
import Testing

@testable import TWHost

/// R-STRICT-1, status: a surface with any error diagnostic is undecorated —
/// also an error that shows only while its slots are built (a factory that
/// fails, a default that is invalid in the scene's theme) — and the command
/// exits 1.
@Suite("Surface status", .removesTemporaryDirectories)
struct StatusTests {
    @Test("a factory that fails on the class it was given leaves the surface undecorated")
    func factoryFailed() throws {
        let registry = PluginRegistry(plugins: [try FixturePlugins.echo()])
        let surface = Engine.resolve("p-4 probe-unbalanced probe-number-[2]", registry: registry)
        #expect(!surface.decorated)
        // (probe-unbalanced is also unstable: it fails active and not inactive.)
        #expect(surface.codes == ["factory-failed", "unstable-structure", "unstable-structure"])
        #expect(
            surface.diagnostics[0].message == "probe-unbalanced (plugin fixture): factory failed: 1 node(s) left open")
        // Undecorated: every slot inactive with its default, no built-in styling.
        #expect(surface.chain.allSatisfy { $0.active != true })
        #expect(surface.style.isEmpty)
        #expect(surface.slot("probe-number")?.modifier.swiftCode == ".probe(active: false, value: 1.5)")
        // The structure, and so the identity, is the one the surface has without the failing class.
        #expect(surface.identity == Engine.resolve("p-4", registry: registry).identity)
        #expect(Engine.resolve("p-4 probe-number-[2]", registry: registry).decorated)
        // --lenient skips invalid classes; a failed factory is not a class to skip.
        let lenient = Engine.resolve("p-4 probe-unbalanced", lenient: true, registry: registry)
        #expect(!lenient.decorated)
        #expect(lenient.codes == ["factory-failed", "unstable-structure", "unstable-structure"])

        let cli = try twhost([
            "explain", "p-4 probe-unbalanced", "--plugins", FixturePlugins.echoDirectory + "/libfixture.so",
        ])
        #expect(cli.status == 1)
        #expect(cli.stdout.contains("chain (view, undecorated):"), "\(cli.stdout)")
        #expect(
            cli.stdout.contains(
                "  error[factory-failed] (root): probe-unbalanced (plugin fixture): factory failed: 1 node(s) left open\n"
            ), "\(cli.stdout)")
    }

    @Test("a default that is invalid in the scene's theme leaves the surface undecorated; resolve exits 1")
    func invalidDefault() throws {
        let dir = TestPaths.temporaryDirectory("theme-default")
        try ContainmentTests.hostile("themed", ["THEME_DEFAULT"], in: dir)
        let scene = #"""
            {"scene": 1, "rules": {"theme": {"spacing": 8}},
             "root": {"type": "VStack", "children": [{"type": "Text", "tw": "p-4 fade-[0.5]"}]}}
            """#
        let result = try resolveScene(scene, ["--plugin-path", dir, "--plugins", "themed"])
        #expect(result.status == 1, "\(result.stderr)")
        let out = try ResolveOutput(result.stdout)
        #expect(ResolveOutput.string(out.surface("/0"), "status") == "undecorated")
        // The default cannot be read: one fault, one error; the slot's factory is not called without it.
        #expect(out.diagnostics("/0") == ["invalid-argument"])
        #expect(out.chain("/0").map(\.modifier) == [".opacity(1)", ""])
        #expect(out.chain("/0").allSatisfy { $0.active == false })
        // In the default theme the same surface is decorated.
        let plain = try resolveScene(
            #"{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": "p-4 fade-[0.5]"}]}}"#,
            ["--plugin-path", dir, "--plugins", "themed"])
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(ResolveOutput.string(try ResolveOutput(plain.stdout).surface("/0"), "status") == "decorated")
        let text = try twhost(["resolve", "--plugin-path", dir, "--plugins", "themed", "-"], input: scene)
        #expect(text.status == 1)
        #expect(text.stdout.hasSuffix("1 surface(s): 0 decorated, 1 undecorated; 1 error(s), 0 warning(s)\n"))
    }
}
