import Foundation
import Testing

@testable import TWHost

/// `twhost registry` and `twhost diff` on real plugin builds.
@Suite("Registry snapshots and diff", .removesTemporaryDirectories)
struct DiffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var head: [String]
        var rules: [String]
        var status: Int32
        var testDescription: String { head.isEmpty ? "unchanged" : head.joined(separator: "+") }
    }

    /// Head builds against the base build, both at version 1.0.0: identity and
    /// breaking changes also get version-not-bumped, behavior changes
    /// minor-version-not-bumped. Rules in print order.
    static let cases: [Case] = [
        Case(head: [], rules: [], status: 0),
        Case(head: ["REORDER"], rules: ["slot-reordered", "version-not-bumped"], status: 1),
        Case(head: ["SAME_ORDER"], rules: ["order-changed"], status: 0),
        Case(head: ["PHASE"], rules: ["phase-changed", "version-not-bumped"], status: 1),
        Case(head: ["STRUCTURE"], rules: ["structure-changed", "version-not-bumped"], status: 1),
        Case(
            head: ["INACTIVE_STRUCTURE"], rules: ["structure-changed", "unstable-structure", "version-not-bumped"],
            status: 1),
        Case(head: ["DEFAULT"], rules: ["default-changed", "minor-version-not-bumped"], status: 0),
        Case(head: ["DEFAULT_SPELLING"], rules: [], status: 0),
        Case(head: ["TEXT_ONLY"], rules: ["registration-added"], status: 0),
        Case(head: ["REMOVE"], rules: ["slot-removed", "registration-removed", "version-not-bumped"], status: 1),
        Case(
            head: ["RENAME"], rules: ["slot-removed", "slot-added", "registration-removed", "version-not-bumped"],
            status: 1),
        Case(
            head: ["RENAME", "REORDER"],
            rules: ["slot-reordered", "slot-removed", "slot-added", "registration-removed", "version-not-bumped"],
            status: 1),
    ]

    @Test("each changed build gives exactly the expected rule ids and exit code", arguments: cases)
    func pairs(_ c: Case) throws {
        let builds = try VersionedBuilds(head: c.head)
        let byDir = try twhost([
            "diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)", "--format", "json",
        ])
        #expect(byDir.status == c.status, "\(byDir.stderr)")
        #expect(try DiffOutput.rules(byDir.stdout) == c.rules)
        // The same pair through snapshot files gives the same findings.
        let baseFile = try builds.snapshot(builds.base, to: builds.root + "/base.json")
        let headFile = try builds.snapshot(builds.head, to: builds.root + "/head.json")
        let byFile = try twhost(["diff", baseFile, headFile, "--format", "json"])
        #expect(byFile.status == c.status)
        #expect(try DiffOutput.rules(byFile.stdout) == c.rules)
        let mixed = try twhost(["diff", baseFile, "plugins:versioned@\(builds.head)", "--format", "json"])
        #expect(try DiffOutput.rules(mixed.stdout) == c.rules)
    }

    @Test("the reordered registration is the one that moved, judged on merged order")
    func reorderNamesTheMover() throws {
        let builds = try VersionedBuilds(head: ["REORDER", #"VERSION="2.0.0""#])
        let result = try twhost(["diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                twhost diff: plugins:versioned@\(builds.base) → plugins:versioned@\(builds.head)

                error[slot-reordered] identity: modifier beta (versioned): the slot moves in the merged chain order, so every surface in scope resets child state
                  --> \(builds.head)/libversioned.so
                  - slot: effects order 5, after 'alpha'
                  + slot: effects order 20, after 'gamma'
                                        ^^
                  hint: keep the merged order (phase, order, name); pick an order number between its neighbours
                  fingerprint: slot-reordered/versioned/beta
                note[version-changed] version: plugin versioned 2.0.0: 'versioned' went from 1.0.0 to 2.0.0, enough for its 1 finding(s)
                  --> \(builds.head)/libversioned.so
                  - version: 1.0.0
                  + version: 2.0.0
                  hint: nothing to do: the new version covers the findings
                  because of: slot-reordered/versioned/beta
                  fingerprint: version-changed/versioned/2.0.0

                2 finding(s): 1 blocking, 0 allowed; identity 1, breaking 0, behavior 0, compatible 0, version 1, input 0

                """)
    }

    @Test("a rename never masks a reorder: the renamed slot is one the mover now passes")
    func renameDoesNotMaskReorder() throws {
        let builds = try VersionedBuilds(head: ["RENAME", "REORDER"])
        let baseFile = try builds.snapshot(builds.base, to: builds.root + "/base.json")
        let headFile = try builds.snapshot(builds.head, to: builds.root + "/head.json")
        let result = try twhost(["diff", baseFile, headFile])
        #expect(result.status == 1)
        // head.json: alpha (line 7), omega (line 8), beta (line 9).
        #expect(
            result.stdout.contains(
                """
                error[slot-reordered] identity: modifier beta (versioned): the slot moves in the merged chain order, so every surface in scope resets child state
                  --> \(headFile):9
                  - slot: effects order 5, after 'alpha'
                  + slot: effects order 20, after 'omega'
                """), "\(result.stdout)")
        // Removals point at BASE, additions at HEAD.
        #expect(
            result.stdout.contains(
                "error[slot-removed] identity: modifier gamma (versioned): every surface in scope loses this slot, so its modifier chain changes structure and resets child state\n  --> \(baseFile):9\n"
            ))
        #expect(
            result.stdout.contains(
                "error[slot-added] identity: modifier omega (versioned): every surface in scope gains a slot, so its modifier chain changes structure and resets child state\n  --> \(headFile):8\n"
            ))
        #expect(!result.stdout.contains("order-changed"))
    }

    /// A scene whose surfaces load both plugins, only versioned, only partner.
    static let scopedScene = """
        {"scene": 1, "rules": {"plugins": ["versioned", "partner"]}, "root": {"type": "VStack", "children": [
          {"type": "Text", "tw": "p-4"},
          {"type": "VStack", "rules": {"plugins": ["-partner"]}, "children": [
            {"type": "Text", "tw": "p-4"}]},
          {"type": "VStack", "rules": {"plugins": ["-versioned"]}, "children": [
            {"type": "Text", "tw": "p-4"}]}
        ]}}
        """

    @Test("a registration that moves to another plugin is registration-moved, with the surfaces it resets")
    func movedRegistration() throws {
        let builds = try VersionedBuilds(head: ["MOVE"], partner: true)
        let scene = builds.root + "/scene.json"
        try Self.scopedScene.write(to: scene)
        let base = "plugins:versioned,partner@\(builds.base)"
        let head = "plugins:versioned,partner@\(builds.head)"
        let json = try twhost(["diff", base, head, "--scene", scene, "--format", "json"])
        #expect(json.status == 1, "\(json.stderr)")
        #expect(
            try DiffOutput.rules(json.stdout) == ["registration-moved", "version-not-bumped", "version-not-bumped"])
        let moved = try DiffOutput.findings(json.stdout)[0]
        #expect(ResolveOutput.string(moved, "fingerprint") == "registration-moved/partner/gamma")
        #expect(ResolveOutput.string(moved, "movedFrom") == "versioned")
        #expect(ResolveOutput.string(moved, "category") == "identity")
        // Only the surfaces that load one of the two plugins change; the one
        // that loads both keeps its slot.
        #expect(
            DiffOutput.strings(ResolveOutput.field(moved, "surfaces")) == ["\(scene)#/1/0", "\(scene)#/2/0"])
        let text = try twhost(["diff", base, head, "--scene", scene])
        #expect(
            text.stdout.contains(
                """
                error[registration-moved] identity: modifier gamma (partner): surfaces whose scope loads 'versioned' without 'partner' lose this slot and those that load 'partner' without 'versioned' gain it, so their child state resets
                  --> \(builds.head)/libpartner.so
                  - plugin: versioned
                  + plugin: partner
                  hint: keep it in its plugin, or load both plugins together wherever either is scoped
                  surfaces: \(scene):4:5 (/1/0), \(scene):6:5 (/2/0)
                  fingerprint: registration-moved/partner/gamma
                """), "\(text.stdout)")
        // Both plugins changed what they register, so both need a major version.
        #expect(
            text.stdout.contains(
                "error[version-not-bumped] version: plugin partner 1.0.0: 1 identity or breaking finding(s) in 'partner' need a breaking release (2.0.0 or later), but it went from 1.0.0 to 1.0.0"
            ))
        #expect(
            text.stdout.contains(
                "error[version-not-bumped] version: plugin versioned 1.0.0: 1 identity or breaking finding(s) in 'versioned' need a breaking release (2.0.0 or later), but it went from 1.0.0 to 1.0.0"
            ))
    }

    @Test("a move and a reorder are both reported")
    func moveAndReorder() throws {
        let builds = try VersionedBuilds(head: ["MOVE", "REORDER", #"VERSION="2.0.0""#], partner: true)
        let result = try twhost([
            "diff", "plugins:versioned,partner@\(builds.base)", "plugins:versioned,partner@\(builds.head)", "--format",
            "json",
        ])
        #expect(result.status == 1)
        #expect(
            try DiffOutput.rules(result.stdout) == [
                "slot-reordered", "registration-moved", "version-changed", "version-changed",
            ])
        #expect(
            try DiffOutput.findings(result.stdout).map { ResolveOutput.string($0, "fingerprint") } == [
                "slot-reordered/versioned/beta", "registration-moved/partner/gamma", "version-changed/partner/2.0.0",
                "version-changed/versioned/2.0.0",
            ])
    }

    @Test("a snapshot whose array contradicts its fields: the fields win, and snapshot-not-canonical says so")
    func contradictingSnapshot() throws {
        let builds = try VersionedBuilds(head: [])
        let baseFile = try builds.snapshot(builds.base, to: builds.root + "/base.json")
        // beta's order edited by hand to 20, left in its place in the array.
        let edited = try String(contentsOfFile: baseFile, encoding: .utf8)
            .replacingOccurrences(of: #""order": 5,"#, with: #""order": 20,"#)
        let headFile = builds.root + "/edited.json"
        try edited.write(to: headFile)
        let result = try twhost(["diff", baseFile, headFile, "--format", "json"])
        #expect(result.status == 1)
        #expect(
            try DiffOutput.rules(result.stdout) == ["slot-reordered", "version-not-bumped", "snapshot-not-canonical"])
        let text = try twhost(["diff", baseFile, headFile])
        #expect(
            text.stdout.contains(
                """
                warning[snapshot-not-canonical] input: head snapshot: \(headFile) lists 'beta' before 'gamma', but their phase, order and name put 'gamma' first; twhost trusts the fields
                  --> \(headFile):8
                  listed: beta, gamma
                  merged: gamma, beta
                  hint: regenerate the snapshot with `twhost registry -o FILE` instead of editing or merging it by hand
                  fingerprint: snapshot-not-canonical/head
                """), "\(text.stdout)")
        #expect(text.stdout.contains("  + slot: effects order 20, after 'gamma'\n"))
    }

    @Test("snapshots written before the one-entry-per-line layout are still read, and located")
    func legacyLayout() throws {
        let builds = try VersionedBuilds(head: [])
        let current = try builds.snapshot(builds.base, to: builds.root + "/base.json")
        let snapshot = try RegistrySnapshot.read(Array(try Data(contentsOf: URL(fileURLWithPath: current))))
        // The layout every earlier twhost wrote: the same JSON, pretty-printed.
        let legacyText = snapshot.json.serialized() + "\n"
        #expect(legacyText != (try String(contentsOfFile: current, encoding: .utf8)))
        let legacy = builds.root + "/legacy.json"
        try legacyText.write(to: legacy)
        let same = try twhost(["diff", legacy, current])
        #expect(same.status == 0)
        #expect(same.stdout.contains("no differences"))
        // A finding in a legacy file points at the line of its entry's "{".
        let edited = builds.root + "/legacy-edited.json"
        try legacyText.replacingOccurrences(
            of: "\"phase\": \"effects\",\n      \"order\": 10", with: "\"phase\": \"content\",\n      \"order\": 10"
        ).write(to: edited)
        let lines = legacyText.split(separator: "\n", omittingEmptySubsequences: false)
        // The 0-based index of gamma's name line is the 1-based line of its "{".
        let gammaBrace = try #require(lines.firstIndex { $0.contains(#""name": "gamma""#) })
        let phase = try twhost(["diff", current, edited, "--format", "github"])
        #expect(phase.status == 1)
        #expect(
            phase.stdout.hasPrefix("::error file=\(edited),line=\(gammaBrace),col=5,title=twhost phase-changed::"),
            "\(phase.stdout)")
    }

    @Test("registry: one registration per line, in merged order, read back equal")
    func snapshotLayout() throws {
        let dir = TestPaths.temporaryDirectory("snapshots")
        let file = dir + "/r.json"
        #expect(try twhost(["registry", "--plugins", "material,motion,typography", "-o", file]).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["{", #"  "twhostRegistry": 1,"#, #"  "plugins": ["#])
        #expect(lines[3] == #"    {"name": "material", "version": "2.0.0", "abi": "1.0"},"#)
        let registrations = lines.drop { $0 != #"  "registrations": ["# }.dropFirst().prefix { $0 != "  ]" }
        #expect(registrations.count == 13)
        for line in registrations {
            // Each line is one whole JSON object.
            let object = line.hasSuffix(",") ? String(line.dropLast()) : line
            let node = try JSONParser.parse(Array(object.utf8))
            #expect(ResolveOutput.string(node, "name") != nil, "\(line)")
        }
        #expect(lines.suffix(2) == ["  ]", "}"])
        let snapshot = try RegistrySnapshot.read(Array(text.utf8))
        #expect(snapshot.fileText == text)
        #expect(snapshot.misorder == nil)
        #expect(snapshot.plugins.map(\.name) == ["material", "motion", "typography"])
        #expect(
            snapshot.modifiers.map(\.name) == [
                "kern", "resize", "trim", "inset", "frosted", "material", "spin", "elevation", "tilt",
            ])
        #expect(snapshot.entry(.utility, "surface")?.probes?[3] == "p-[16] bg-surface rounded-[16]")
        let same = try twhost(["diff", file, "plugins:material,motion,typography"])
        #expect(same.status == 0)
        #expect(same.stdout.contains("no differences"))
    }

    @Test("snapshots of another format or broken JSON are refused clearly")
    func badSnapshots() throws {
        let dir = TestPaths.temporaryDirectory("bad-snapshots")
        let file = dir + "/r.json"
        #expect(try twhost(["registry", "--plugins", "material", "-o", file]).status == 0)
        for (text, message) in [
            (
                #"{"twhostRegistry": 3, "plugins": [], "registrations": []}"#,
                "snapshot format version 3 is not supported: this twhost reads versions 1 and 2"
            ),
            (#"{"plugins": []}"#, "not a twhost registry snapshot"),
            (
                #"{"twhostRegistry": 1, "plugins": [], "registrations": [{"name": "x", "plugin": "source@V", "kind": "recipe", "classes": "p-2"}]}"#,
                "/registrations/0/plugin: 'source@V' is a source scope, which version 1 has not"
            ),
            (
                #"{"twhostRegistry": 2, "plugins": [], "registrations": [{"name": "x", "plugin": "source@V", "kind": "recipe", "classes": "p-2"}]}"#,
                "/registrations/0/scope: expected an object"
            ),
            ("[1, 2", "not valid JSON"),
            (
                #"{"twhostRegistry": 1, "plugins": [], "registrations": [{"name": "x", "plugin": "p", "kind": "gadget"}]}"#,
                "unknown kind 'gadget'"
            ),
        ] {
            try text.write(to: dir + "/bad.json")
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

    @Test("registry with a factory that fails its probe: a finding per factory, exit 1, -o leaves the old file")
    func failingProbe() throws {
        let builds = try VersionedBuilds(head: ["BROKEN"])
        let file = builds.root + "/baseline.json"
        try "the old baseline\n".write(to: file)
        let write = try twhost([
            "registry", "--plugins", "versioned", "--plugin-path", builds.head, "--no-default-path", "-o", file,
        ])
        #expect(write.status == 1)
        #expect(
            write.stderr == """
                error: probe-failed: modifier 'beta' of plugin 'versioned': factory failed: 1 node(s) left open
                error: \(file) not written: 1 factory probe(s) failed

                """)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "the old baseline\n")
        // On standard output the snapshot is still printed, with the error recorded.
        let printed = try twhost([
            "registry", "--plugins", "versioned", "--plugin-path", builds.head, "--no-default-path",
        ])
        #expect(printed.status == 1)
        #expect(printed.stdout.contains(#""probeError": "factory failed: 1 node(s) left open""#))
        // diff reads it and reports the broken factory.
        let diff = try twhost([
            "diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)", "--format", "json",
        ])
        #expect(diff.status == 1)
        #expect(try DiffOutput.rules(diff.stdout) == ["probe-failed", "version-not-bumped"])
    }
}
