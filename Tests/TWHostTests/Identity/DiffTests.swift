import Foundation
import Testing

@testable import TWHost

/// `twhost registry` and `twhost diff` on real plugin builds.
@Suite("Registry snapshots and diff")
struct DiffTests {
    /// Builds base and head versions of the versioned fixture in their own folders.
    static func builds(_ variant: String?) throws -> (base: String, head: String) {
        let root = TestPaths.temporaryDirectory("diff-\(variant ?? "none")")
        let base = root + "/base"
        let head = root + "/head"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: head, withIntermediateDirectories: true)
        let source = TestPaths.repository + "/Tests/Fixtures/plugins/versioned.c"
        try FixtureCompiler.build(name: "versioned", source: source, in: base)
        try FixtureCompiler.build(name: "versioned", defines: variant.map { [$0] } ?? [], source: source, in: head)
        return (base, head)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var variant: String?
        var rules: [String]
        var status: Int32
        var testDescription: String { variant ?? "unchanged" }
    }

    static let cases: [Case] = [
        Case(variant: nil, rules: [], status: 0),
        Case(variant: "REORDER", rules: ["slot-reordered"], status: 1),
        Case(variant: "SAME_ORDER", rules: ["order-changed"], status: 0),
        Case(variant: "PHASE", rules: ["phase-changed"], status: 1),
        Case(variant: "STRUCTURE", rules: ["structure-changed"], status: 1),
        Case(variant: "DEFAULT", rules: ["default-changed"], status: 0),
        Case(variant: "TEXT_ONLY", rules: ["registration-added"], status: 0),
        Case(variant: "REMOVE", rules: ["slot-removed", "registration-removed"], status: 1),
    ]

    static func rules(_ json: String) throws -> [String] {
        let root = try JSONParser.parse(Array(json.utf8))
        guard case .object(let top) = root.value, let f = top.first(where: { $0.key == "findings" })?.node,
            case .array(let items) = f.value
        else { return [] }
        return items.compactMap { ResolveOutput.string($0, "rule") }
    }

    @Test("each changed build gives exactly the expected rule ids and exit code", arguments: cases)
    func pairs(_ c: Case) throws {
        let (base, head) = try Self.builds(c.variant)
        let byDir = try twhost(["diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)", "--format", "json"])
        #expect(byDir.status == c.status, "\(byDir.stderr)")
        #expect(Set(try Self.rules(byDir.stdout)) == Set(c.rules))
        // The same pair through snapshot files gives the same findings.
        let baseFile = base + "/registry.json"
        let headFile = head + "/registry.json"
        #expect(
            try twhost([
                "registry", "--plugins", "versioned", "--plugin-path", base, "--no-default-path", "-o", baseFile,
            ]).status == 0)
        #expect(
            try twhost([
                "registry", "--plugins", "versioned", "--plugin-path", head, "--no-default-path", "-o", headFile,
            ]).status == 0)
        let byFile = try twhost(["diff", baseFile, headFile, "--format", "json"])
        #expect(byFile.status == c.status)
        #expect(try Self.rules(byFile.stdout) == (try Self.rules(byDir.stdout)))
        let mixed = try twhost(["diff", baseFile, "plugins:versioned@\(head)", "--format", "json"])
        #expect(try Self.rules(mixed.stdout) == (try Self.rules(byDir.stdout)))
    }

    @Test("the reordered registration is the one that moved, judged on merged order")
    func reorderNamesTheMover() throws {
        let (base, head) = try Self.builds("REORDER")
        let result = try twhost(["diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)"])
        #expect(result.stdout.contains("error[slot-reordered] identity: modifier beta (versioned)"))
        #expect(result.stdout.contains("  - effects order 5, after 'alpha'"))
        #expect(result.stdout.contains("  + effects order 20, after 'gamma'"))
        #expect(result.stdout.contains("fingerprint: slot-reordered/versioned/beta"))
        #expect(
            result.stdout.hasSuffix(
                "1 finding(s): 1 blocking, 0 allowed; identity 1, breaking 0, behavior 0, compatible 0\n"))
    }

    @Test("--scene lists affected surfaces, and not those outside the plugin's scope")
    func sceneSurfaces() throws {
        let (base, head) = try Self.builds("STRUCTURE")
        let scene = TestPaths.temporaryDirectory("diff-scene") + "/scene.json"
        try #"""
        {"scene": 1, "rules": {"plugins": ["versioned"]}, "root": {"type": "VStack", "children": [
          {"type": "Text", "tw": "alpha p-4"},
          {"type": "VStack", "rules": {"plugins": ["-versioned"]}, "children": [{"type": "Text", "tw": "p-4"}]},
          {"type": "Circle", "tw": "beta-[2]"}
        ]}}
        """#.write(toFile: scene, atomically: true, encoding: .utf8)
        let result = try twhost([
            "diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)", "--scene", scene, "--format", "json",
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("\"surfaces\": [\n        \"\(scene)#/0\",\n        \"\(scene)#/2\"\n      ]"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("#/1/0"))
    }

    @Test("an allowlisted finding no longer blocks; a missing reason is an error; stale entries are reported")
    func allowlist() throws {
        let (base, head) = try Self.builds("PHASE")
        let dir = TestPaths.temporaryDirectory("allow")
        try
            #"{"twhostAllow": 1, "allow": [{"fingerprint": "phase-changed/versioned/gamma", "reason": "moved inside styling on purpose"}, {"fingerprint": "slot-added/versioned/old", "reason": "long gone"}]}"#
            .write(toFile: dir + "/allow.json", atomically: true, encoding: .utf8)
        let allowed = try twhost([
            "diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)", "--allow", dir + "/allow.json",
        ])
        #expect(allowed.status == 0, "\(allowed.stdout)")
        #expect(allowed.stdout.contains("allowed: moved inside styling on purpose"))
        #expect(allowed.stdout.contains("warning[stale-allowlist] 'slot-added/versioned/old' matches no finding"))
        try #"{"twhostAllow": 1, "allow": [{"fingerprint": "phase-changed/versioned/gamma"}]}"#
            .write(toFile: dir + "/noreason.json", atomically: true, encoding: .utf8)
        let noReason = try twhost([
            "diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)", "--allow", dir + "/noreason.json",
        ])
        #expect(noReason.status == 2)
        #expect(noReason.stderr.contains("'phase-changed/versioned/gamma' has no reason"))
    }

    @Test("SARIF output has SARIF 2.1.0's required structure; github lines are workflow commands")
    func formats() throws {
        let (base, head) = try Self.builds("REMOVE")
        let sarif = try twhost(["diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)", "--format", "sarif"])
        #expect(sarif.status == 1)
        let validator = try SchemaValidator(
            schema: Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: TestPaths.repository + "/Tests/Fixtures/sarif-2.1.0-required.schema.json"))))
        #expect(validator.validate(try JSONParser.parse(Array(sarif.stdout.utf8))) == [])
        let github = try twhost([
            "diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)", "--format", "github",
        ])
        let lines = github.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 3)
        for line in lines.dropLast() {
            #expect(
                line.hasPrefix("::error title=twhost ") || line.hasPrefix("::warning title=twhost ")
                    || line.hasPrefix("::notice title=twhost "))
            let afterCommand = line.split(separator: "::", omittingEmptySubsequences: false)
            #expect(afterCommand.count == 3, "\(line)")  // "", "error title=…", message
            #expect(!line.dropFirst(2).contains("\n"))
        }
        #expect(github.stdout.contains("%0Abefore: "))
    }

    @Test("snapshots: versioned, read back equal, older or foreign formats refused clearly")
    func snapshots() throws {
        let dir = TestPaths.temporaryDirectory("snapshots")
        let file = dir + "/r.json"
        #expect(try twhost(["registry", "--plugins", "material,motion,typography", "-o", file]).status == 0)
        let snapshot = try RegistrySnapshot.read(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(snapshot.plugins.map(\.name) == ["material", "motion", "typography"])
        #expect(
            snapshot.modifiers.map(\.name) == [
                "kern", "resize", "trim", "inset", "frosted", "material", "spin", "elevation", "tilt",
            ])
        #expect(snapshot.entry(.utility, "surface")?.probes?[3] == "p-[16] bg-surface rounded-[16]")
        let same = try twhost(["diff", file, "plugins:material,motion,typography"])
        #expect(same.status == 0)
        #expect(same.stdout.contains("no differences"))
        for (text, message) in [
            (
                #"{"twhostRegistry": 2, "plugins": [], "registrations": []}"#,
                "snapshot format version 2 is not supported"
            ),
            (#"{"plugins": []}"#, "not a twhost registry snapshot"),
            ("[1, 2", "not valid JSON"),
            (
                #"{"twhostRegistry": 1, "plugins": [], "registrations": [{"name": "x", "plugin": "p", "kind": "gadget"}]}"#,
                "unknown kind 'gadget'"
            ),
        ] {
            try text.write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
            let result = try twhost(["diff", dir + "/bad.json", file])
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let missing = try twhost(["diff", dir + "/nope.json", file])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read baseline"))
        let badPlugins = try twhost(["diff", "plugins:nosuch@\(dir)", file])
        #expect(badPlugins.status == 2)
        #expect(badPlugins.stderr.contains("plugin 'nosuch' not found"))
    }
}
