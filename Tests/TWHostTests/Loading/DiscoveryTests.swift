import Foundation
import Testing

@testable import TWHost

@Suite("Discovery and merging", .removesTemporaryDirectories)
struct DiscoveryTests {
    @Test(
        "names that are not plugin names are refused before any file is touched",
        arguments: ["../x", "a/b", "X", "-x", ""])
    func invalidNames(_ name: String) {
        let result = PluginLoader.load(name, searchPath: PluginSearchPath(directories: ["/nonexistent"]))
        #expect(result.failureValue == .invalidRequestedName(name))
    }

    @Test("the CLI refuses ../x with exit 2")
    func cliRefusesTraversal() throws {
        let result = try twhost(["registry", "--plugins", "../x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid plugin name '../x'"))
    }

    @Test("lib<name>.so is matched case-insensitively; first directory wins")
    func caseInsensitiveStem() throws {
        let path = PluginSearchPath(directories: ["/nonexistent", TestPaths.binDirectory])
        let found = try #require(path.locate("material"))
        #expect(found.hasSuffix("/libMaterial.so"))
        let first = TestPaths.temporaryDirectory("first")
        try FixtureCompiler.build(name: "material", in: first)
        #expect(
            PluginSearchPath(directories: [first, TestPaths.binDirectory]).locate("material") == first
                + "/libmaterial.so")
    }

    @Test("TWHOST_PLUGIN_PATH ignores empty and relative entries with warnings")
    func environmentEntries() {
        let path = PluginSearchPath.standard(
            explicit: ["/opt/a"], environment: "/opt/b::plugins:/opt/c", executable: "/usr/bin/twhost")
        #expect(path.directories == ["/opt/a", "/opt/b", "/opt/c", "/usr/bin", "/usr/bin/../lib/twhost/plugins"])
        #expect(
            path.warnings == [
                "TWHOST_PLUGIN_PATH: ignoring an empty entry", "TWHOST_PLUGIN_PATH: ignoring relative entry 'plugins'",
            ])
    }

    @Test("the working directory is never searched implicitly")
    func noWorkingDirectory() throws {
        let directory = TestPaths.temporaryDirectory("cwd")
        try FixtureCompiler.build(name: "cwdonly", in: directory)
        let result = try twhost(
            ["registry", "--plugins", "cwdonly"], environment: ["TWHOST_PLUGIN_PATH": "."], directory: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("warning: TWHOST_PLUGIN_PATH: ignoring relative entry '.'"))
        #expect(result.stderr.contains("plugin 'cwdonly' not found"))
    }

    @Test("the descriptor's name must equal the requested name")
    func nameMismatch() throws {
        let directory = TestPaths.temporaryDirectory("mismatch")
        let built = try FixtureCompiler.build(name: "actual", in: directory)
        try FileManager.default.moveItem(atPath: built, toPath: directory + "/librequested.so")
        let result = PluginLoader.load("requested", searchPath: PluginSearchPath(directories: [directory]))
        guard case .failure(.nameMismatch(_, "requested", "actual")) = result else {
            Issue.record("expected a name mismatch, got \(result)")
            return
        }
    }

    @Test("a registration of a later plugin shadows an earlier one, with a warning")
    func shadowing() throws {
        let directory = TestPaths.temporaryDirectory("shadow")
        try FixtureCompiler.build(name: "first", in: directory)
        try FixtureCompiler.build(name: "second", in: directory)
        let load = PluginSet.load(["first", "second"], searchPath: PluginSearchPath(directories: [directory]))
        #expect(load.errors.isEmpty)
        let registry = PluginRegistry(plugins: load.plugins)
        #expect(registry.modifier(named: "probe-number")?.plugin == "second")
        #expect(registry.recipe(named: "probe-card")?.plugin == "second")
        let warnings = registry.diagnostics.filter { $0.code == .shadowedRegistration }
        #expect(warnings.count == 13 + 3)
        #expect(
            warnings.contains {
                $0.message == "modifier 'probe-number' of plugin 'second' shadows the one of plugin 'first'"
            })
        let reversed = PluginRegistry(plugins: load.plugins.reversed())
        #expect(reversed.modifier(named: "probe-number")?.plugin == "first")
        let cli = try twhost(["registry", "--plugin-path", directory, "--plugins", "first,second", "--format", "text"])
        #expect(cli.stderr.contains("warning: shadowed-registration: modifier 'probe-angle' of plugin 'second'"))
    }

    @Test("merged order is phase, then order, then name bytewise")
    func mergedOrder() throws {
        let registry = PluginRegistry(plugins: try FixturePlugins.shipped(["motion", "material", "typography"]))
        #expect(
            registry.modifiers.map(\.name) == [
                "kern", "resize", "trim", "inset", "frosted", "material", "spin", "elevation", "tilt",
            ])
        let echo = PluginRegistry(plugins: [try FixturePlugins.echo()])
        #expect(echo.modifiers.first?.name == "probe-payload")  // content phase before effects
    }

    @Test("loading a file twice calls its entry once and returns the same plugin")
    func loadedOnce() throws {
        let a = try FixturePlugins.echo()
        let b = try FixturePlugins.echo()
        #expect(a === b)
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let f) = self { return f }
        return nil
    }
}
