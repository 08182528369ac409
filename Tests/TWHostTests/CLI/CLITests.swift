import Foundation
import Testing

@testable import TWHost

@Suite("twhost command line", .removesTemporaryDirectories)
struct CLITests {
    @Test("--version and --help exit 0")
    func versionAndHelp() throws {
        let version = try twhost(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "twhost \(TWHostVersion.string) (plugin ABI 1.0)\n")
        let help = try twhost(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("plugins list"))
        let sub = try twhost(["plugins", "list", "--help"])
        #expect(sub.status == 0)
        #expect(sub.stdout.contains("usage: twhost plugins list"))
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var id: String
        var arguments: [String]
        var message: String
        var testDescription: String { id }
    }

    static let usageCases: [UsageCase] = [
        UsageCase(id: "no-command", arguments: [], message: "usage: twhost <command>"),
        UsageCase(id: "misspelled-command", arguments: ["registy"], message: "did you mean 'registry'?"),
        UsageCase(id: "misspelled-subcommand", arguments: ["plugins", "lst"], message: "did you mean 'plugins list'?"),
        UsageCase(
            id: "misspelled-option", arguments: ["registry", "--plugin", "x"], message: "did you mean '--plugins'?"),
        UsageCase(
            id: "missing-value", arguments: ["registry", "--plugins"], message: "option '--plugins' needs a value"),
        UsageCase(id: "bad-choice", arguments: ["registry", "--format", "jsno"], message: "did you mean 'json'?"),
        UsageCase(
            id: "extra-argument", arguments: ["plugins", "list", "extra"], message: "unexpected argument 'extra'"),
        UsageCase(id: "flag-with-value", arguments: ["--versoin"], message: "did you mean '--version'?"),
    ]

    @Test("an unknown option before any command names no empty command and points at twhost's own help")
    func unknownTopLevelOption() throws {
        let result = try twhost(["--bogus"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: unknown option '--bogus'\nsee 'twhost --help'\n")
        let misspelt = try twhost(["--versoin"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr == "error: unknown option '--versoin'; did you mean '--version'?\nsee 'twhost --help'\n")
    }

    @Test("usage errors exit 64 with a hint", arguments: usageCases)
    func usageErrors(_ c: UsageCase) throws {
        let result = try twhost(c.arguments)
        #expect(result.status == 64)
        #expect((result.stderr + result.stdout).contains(c.message), "\(result.stderr)")
    }

    @Test("plugins list shows the shipped plugins with versions and counts")
    func pluginsList() throws {
        let result = try twhost(["plugins", "list"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        let material = try #require(lines.first { $0.first == "material" })
        #expect(Array(material.prefix(7)) == ["material", "2.0.0", "1.0", "3", "1", "1", "0"])
        let motion = try #require(lines.first { $0.first == "motion" })
        #expect(Array(motion.prefix(7)) == ["motion", "1.0.0", "1.0", "3", "0", "0", "2"])
        let typography = try #require(lines.first { $0.first == "typography" })
        #expect(Array(typography.prefix(7)) == ["typography", "1.0.0", "1.0", "3", "0", "0", "0"])
    }

    @Test("a broken plugin is listed with its reason and hides none of the others")
    func brokenPluginListed() throws {
        let directory = TestPaths.temporaryDirectory("broken")
        try FixtureCompiler.build(name: "broken", defines: ["ABI_MAJOR=3"], in: directory)
        try FixtureCompiler.build(name: "fine", in: directory)
        let result = try twhost(["plugins", "list", "--plugin-path", directory])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\nbroken "))
        #expect(result.stdout.contains("\nfine        0.9.1"))
        for name in ["material", "motion", "typography"] { #expect(result.stdout.contains("\n\(name) ")) }
        #expect(result.stderr.contains("libbroken.so: abi_major/abi_minor: plugin built for ABI 3.0, host speaks 1.0"))
        let json = try twhost(["plugins", "list", "--plugin-path", directory, "--format", "json"])
        #expect(json.stdout.contains("\"error\": \"\(directory)/libbroken.so: abi_major/abi_minor"))
    }

    @Test("registry -o writes the snapshot atomically and it matches stdout")
    func registryOutput() throws {
        let directory = TestPaths.temporaryDirectory("snapshot")
        let file = directory + "/registry.json"
        try "old contents".write(toFile: file, atomically: true, encoding: .utf8)
        let written = try twhost(["registry", "--plugins", "material,motion", "-o", file])
        #expect(written.status == 0, "\(written.stderr)")
        let printed = try twhost(["registry", "--plugins", "material,motion"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
        #expect(printed.stdout.contains("\"structure\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(leftovers == ["registry.json"])
        let failed = try twhost(["registry", "--plugins", "material", "-o", directory + "/missing/dir/x.json"])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("cannot write"))
    }

    @Test("explain prints matches, winners and the chain")
    func explain() throws {
        let result = try twhost([
            "explain", "p-4 px-2 hover:bg-accent frosted tilt-[8]", "--plugins", "material,motion",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("frosted          registration frosted (plugin material, view form)"))
        #expect(result.stdout.contains("tilt-[8]         registration tilt (plugin motion, value form) = 8deg"))
        #expect(result.stdout.contains("paddingLeading            px-2"))
        #expect(result.stdout.contains("conflict key orientation  tilt-[8]"))
        #expect(result.stdout.contains(".rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))"))
        let hovered = try twhost(["explain", "p-4 hover:bg-accent", "--state", "hover"])
        #expect(hovered.stdout.contains("background       hover:bg-accent  (when hover)"))
        let misspelled = try twhost(["explain", "p-4 frostd", "--plugins", "material,motion"])
        #expect(misspelled.status == 1)
        #expect(
            misspelled.stdout.contains("error[unknown-class] (root): unknown class 'frostd' — did you mean 'frosted'?"))
        let badState = try twhost(["explain", "p-4", "--state", "hovr"])
        #expect(badState.status == 64)
        #expect(badState.stderr.contains("did you mean 'hover'?"))
        let target = try twhost(["explain", "resize", "--plugins", "typography", "--target", "text"])
        #expect(target.status == 1)
        #expect(target.stdout.contains("unsupported-target"))
    }
}
