import Foundation
import Testing

/// A TWPluginKit plugin (Tests/Fixtures/SwiftTwin, built by `swift build` as
/// libTwin.so) and its C twin (Tests/Fixtures/plugins/twin.c) register the
/// same things: every form, a custom payload read by the plugin's own parser,
/// a utility, a recipe and one preset per curve (an ease-out among them).
/// Through the real twhost binary they must be indistinguishable.
@Suite("A TWPluginKit plugin resolves like its C twin", .removesTemporaryDirectories)
struct TwinPluginTests {
    /// The C twin, compiled once, as libtwin.so in a folder of its own.
    static let cFolder: String = {
        let folder = TestPaths.sharedDirectory("twin-c")
        try! FixtureCompiler.build(
            name: "twin", source: TestPaths.repository + "/Tests/Fixtures/plugins/twin.c", in: folder)
        return folder
    }()
    static let scene = TestPaths.repository + "/Tests/Fixtures/twin-scene.json"

    /// Runs twhost with the C twin's folder or the Swift twin's (the build folder) searched first.
    func both(_ arguments: [String]) throws -> (c: ProcessResult, swift: ProcessResult) {
        let c = try twhost(arguments + ["--plugin-path", Self.cFolder])
        let swift = try twhost(arguments + ["--plugin-path", TestPaths.binDirectory])
        return (c, swift)
    }

    /// The file each one loaded, the only thing allowed to differ.
    func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: Self.cFolder + "/libtwin.so", with: "<twin>")
            .replacingOccurrences(of: TestPaths.binDirectory + "/libTwin.so", with: "<twin>")
    }

    @Test("the registry snapshots are byte for byte the same")
    func registry() throws {
        for format in ["json", "text"] {
            let (c, swift) = try both(["registry", "--plugins", "twin", "--format", format])
            #expect(c.status == 0, "\(c.stderr)")
            #expect(swift.status == 0, "\(swift.stderr)")
            #expect(c.stdout == swift.stdout)
            #expect(c.stdout.contains("\"twin-frost\"") || c.stdout.contains("twin-frost (twin)  argument  custom"))
        }
    }

    @Test("the scene resolves to the same chains, identities and diagnostics")
    func resolve() throws {
        for format in ["text", "json"] {
            let (c, swift) = try both(["resolve", "--format", format, Self.scene])
            // Two surfaces hold arguments the parsers reject, with the same reasons.
            #expect(c.status == 1, "\(c.stderr)")
            #expect(swift.status == 1, "\(swift.stderr)")
            #expect(normalized(c.stdout) == normalized(swift.stdout))
            #expect(c.stderr == swift.stderr)
        }
    }

    @Test("the custom payload and the ease-out preset give the expected chain from both")
    func payloadAndPreset() throws {
        let classes = "twin-frost-[thin/50] animate-twin-fade duration-250"
        let (c, swift) = try both(["explain", "--plugins", "twin", classes])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(normalized(c.stdout) == normalized(swift.stdout))
        #expect(
            c.stdout.contains(
                ".background { RoundedRectangle(cornerRadius: 12).fill(.thinMaterial).opacity(0.5) }"))
        let text = try twhost(["resolve", "--plugin-path", TestPaths.binDirectory, Self.scene]).stdout
        #expect(text.contains("  animation: .easeOut(duration: 0.25)  // preset twin-fade (plugin twin)\n"))
        #expect(
            text.contains(
                "error[invalid-argument] (value): 'twin-frost-[thin/500]': expected a percent 0…100 after '/'"))
        #expect(
            text.contains(
                "error[invalid-argument] (value): 'twin-frost-[glass]': expected none, ultraThin, thin, regular, thick or ultraThick"
            ))
        let registry = try twhost([
            "registry", "--plugin-path", TestPaths.binDirectory, "--plugins", "twin", "--format", "text",
        ])
        let presets = registry.stdout.split(separator: "\n").filter { $0.hasPrefix("animation ") }
        #expect(
            presets == [
                "animation animate-twin-calm (twin)  .smooth",
                "animation animate-twin-fade (twin)  .easeOut(duration: 0.3)",
                "animation animate-twin-glide (twin)  .easeInOut(duration: 0.4).delay(0.1)",
                "animation animate-twin-plain (twin)  .default",
                "animation animate-twin-pop (twin)  .bouncy(duration: 0.5, extraBounce: 0.2)",
                "animation animate-twin-quick (twin)  .snappy(extraBounce: 0.1)",
                "animation animate-twin-rise (twin)  .easeIn(duration: 0.2)",
                "animation animate-twin-settle (twin)  .spring(duration: 0.5, bounce: 0.2)",
                "animation animate-twin-steady (twin)  .linear",
                "animation animate-twin-wobble (twin)  .spring(response: 0.4, dampingFraction: 0.6)",
            ])
    }

    @Test("plugins check reports the same on both, and passes both")
    func check() throws {
        let c = try twhost(["plugins", "check", Self.cFolder + "/libtwin.so"])
        let swift = try twhost(["plugins", "check", TestPaths.binDirectory + "/libTwin.so"])
        #expect(c.status == 0, "\(c.stdout)\(c.stderr)")
        #expect(swift.status == 0, "\(swift.stdout)\(swift.stderr)")
        #expect(normalized(c.stdout) == normalized(swift.stdout))
        #expect(c.stdout.hasSuffix("1 plugin(s) checked: 1 passed, 0 failed; 0 error(s), 0 warning(s)\n"))
    }
}
