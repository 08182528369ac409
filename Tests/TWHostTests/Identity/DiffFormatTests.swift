import Foundation
import Testing

@testable import TWHost

/// `twhost diff` in each output format: locations, fingerprints, marks.
@Suite("diff formats and locations", .removesTemporaryDirectories)
struct DiffFormatTests {
    /// Every result of a SARIF log: valid against the SARIF 2.1.0 rules for
    /// what twhost writes, with a physical location and twhost's fingerprint.
    static func checkSARIF(_ text: String) throws -> [JSONNode] {
        let root = try DiffOutput.parse(text)
        #expect(DiffOutput.sarifValidator.validate(root) == [])
        let rules = DiffOutput.array(DiffOutput.at(root, ["runs", 0, "tool", "driver", "rules"]))
        #expect(rules.count == DiffRule.allCases.count)
        for rule in rules {
            #expect(ResolveOutput.string(DiffOutput.at(rule, ["help"]), "text")?.isEmpty == false)
            #expect(ResolveOutput.string(DiffOutput.at(rule, ["fullDescription"]), "text")?.isEmpty == false)
        }
        let results = DiffOutput.array(DiffOutput.at(root, ["runs", 0, "results"]))
        for result in results {
            let uri = ResolveOutput.string(
                DiffOutput.at(result, ["locations", 0, "physicalLocation", "artifactLocation"]), "uri")
            #expect(uri?.isEmpty == false, "no physical location: \(result)")
            let fingerprint = ResolveOutput.string(DiffOutput.at(result, ["partialFingerprints"]), "twhost/v1")
            let message = ResolveOutput.string(DiffOutput.at(result, ["message"]), "text") ?? ""
            #expect(fingerprint.map { message.hasSuffix("Fingerprint: " + $0) } == true, "\(message)")
            // ruleIndex names the rule.
            let index = Int(DiffOutput.number(result, "ruleIndex") ?? -1)
            #expect(index >= 0 && ResolveOutput.string(rules[index], "id") == ResolveOutput.string(result, "ruleId"))
        }
        return results
    }

    /// The file, line and column of a result's first location, or of a location.
    static func region(_ result: JSONNode) -> (String?, Int?, Int?) {
        let physical =
            DiffOutput.at(result, ["locations", 0, "physicalLocation"]) ?? DiffOutput.at(result, ["physicalLocation"])
        return (
            ResolveOutput.string(DiffOutput.at(physical ?? result, ["artifactLocation"]), "uri"),
            DiffOutput.number(DiffOutput.at(physical ?? result, ["region"]), "startLine").map { Int($0) },
            DiffOutput.number(DiffOutput.at(physical ?? result, ["region"]), "startColumn").map { Int($0) }
        )
    }

    @Test("SARIF from snapshot files: each result at its registration's line (HEAD, or BASE for removals)")
    func sarifFromFiles() throws {
        let builds = try VersionedBuilds(head: ["RENAME", "REORDER"])
        let base = try builds.snapshot(builds.base, to: builds.root + "/base.json")
        let head = try builds.snapshot(builds.head, to: builds.root + "/head.json")
        let result = try twhost(["diff", base, head, "--format", "sarif"])
        #expect(result.status == 1)
        let results = try Self.checkSARIF(result.stdout)
        let placed = results.map { r in
            let (uri, line, column) = Self.region(r)
            return "\(ResolveOutput.string(r, "ruleId") ?? "") \(uri ?? ""):\(line ?? 0):\(column ?? 0)"
        }
        let b = SARIF.uri(forPath: base)
        let h = SARIF.uri(forPath: head)
        #expect(
            placed == [
                "slot-reordered \(h):9:5", "slot-removed \(b):9:5", "slot-added \(h):8:5",
                "registration-removed \(b):9:5", "version-not-bumped \(h):4:5",
            ])
        // The version finding relates to the findings behind it.
        let version = results[4]
        #expect(DiffOutput.array(DiffOutput.at(version, ["relatedLocations"])).count == 4)
    }

    @Test("SARIF from plugin folders points at the plugin file; --scene adds the surfaces as related locations")
    func sarifFromPluginsWithScene() throws {
        let builds = try VersionedBuilds(head: ["MOVE"], partner: true)
        let scene = builds.root + "/scene.json"
        try DiffTests.scopedScene.write(to: scene)
        let sides = ["plugins:versioned,partner@\(builds.base)", "plugins:versioned,partner@\(builds.head)"]
        let plain = try twhost(["diff"] + sides + ["--format", "sarif"])
        let withScene = try twhost(["diff"] + sides + ["--scene", scene, "--format", "sarif"])
        #expect(plain.status == 1 && withScene.status == 1)
        let plainResults = try Self.checkSARIF(plain.stdout)
        let sceneResults = try Self.checkSARIF(withScene.stdout)
        #expect(plainResults.count == 3 && sceneResults.count == 3)
        #expect(plain.stdout != withScene.stdout)
        let (uri, line, _) = Self.region(sceneResults[0])
        #expect(uri == SARIF.uri(forPath: builds.head + "/libpartner.so"))
        #expect(line == nil)
        let related = DiffOutput.array(DiffOutput.at(sceneResults[0], ["relatedLocations"]))
        #expect(
            related.map { r in
                "\(Int(DiffOutput.number(r, "id") ?? 0)) \(Self.region(r).0 ?? ""):\(Self.region(r).1 ?? 0):\(Self.region(r).2 ?? 0) \(ResolveOutput.string(DiffOutput.at(r, ["message"]), "text") ?? "")"
            } == [
                "1 \(SARIF.uri(forPath: scene)):4:5 affected surface \(scene)#/1/0",
                "2 \(SARIF.uri(forPath: scene)):6:5 affected surface \(scene)#/2/0",
            ])
        #expect(DiffOutput.at(plainResults[0], ["relatedLocations"]) == nil)
    }

    @Test("GitHub annotations carry file=, line= (when known), the rule id as title and the fingerprint")
    func githubLines() throws {
        let builds = try VersionedBuilds(head: ["PHASE"])
        let base = try builds.snapshot(builds.base, to: builds.root + "/base.json")
        let head = try builds.snapshot(builds.head, to: builds.root + "/head.json")
        let files = try twhost(["diff", base, head, "--format", "github"])
        #expect(files.status == 1)
        #expect(
            files.stdout == """
                ::error file=\(head),line=7,col=5,title=twhost phase-changed::identity: modifier gamma (versioned): the slot moves across the built-in styling, so every surface in scope resets child state%0Aphase: effects (after the built-in styling) → content (after the built-in text attributes, before padding and frames)%0Ahint: keep the phase; to apply it elsewhere, add a registration under a new name and retire the old one%0Afingerprint: phase-changed/versioned/gamma
                ::error file=\(head),line=4,col=5,title=twhost version-not-bumped::version: plugin versioned 1.0.0: 1 identity or breaking finding(s) in 'versioned' need a breaking release (2.0.0 or later), but it went from 1.0.0 to 1.0.0%0Aversion: 1.0.0%0Ahint: release 'versioned' as 2.0.0 or later%0Abecause of: phase-changed/versioned/gamma%0Afingerprint: version-not-bumped/versioned/1.0.0
                2 finding(s): 2 blocking, 0 allowed; identity 1, breaking 0, behavior 0, compatible 0, version 1, input 0

                """)
        let dirs = try twhost([
            "diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)", "--format", "github",
        ])
        let lines = dirs.stdout.split(separator: "\n").dropLast()
        #expect(lines.count == 2)
        for line in lines {
            #expect(line.hasPrefix("::error file=\(builds.head)/libversioned.so,title=twhost "), "\(line)")
            #expect(line.contains("%0Afingerprint: "))
        }
    }

    @Test("structure-changed names the changed side and marks the first differing token of long modifiers")
    func markedDifference() throws {
        let builds = try VersionedBuilds(head: ["INACTIVE_STRUCTURE", #"VERSION="2.0.0""#])
        let result = try twhost(["diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                error[structure-changed] identity: modifier alpha (versioned): the factory returns another modifier structure (inactive), so every surface in scope resets child state
                  --> \(builds.head)/libversioned.so
                  - inactive: .background { Rectangle().opacity(0) }
                  + inactive: .background { Rectangle().hidden() }
                                                       ^^^^^^^
                  hint: keep the returned modifiers and their nesting; change only values
                  fingerprint: structure-changed/versioned/alpha
                error[unstable-structure] identity: modifier alpha (versioned): the factory returns another structure inactive than active, so toggling its class resets child state
                  --> \(builds.head)/libversioned.so
                  active:   .background { Rectangle().opacity(1) }
                  inactive: .background { Rectangle().hidden() }
                                                     ^^^^^^^
                """), "\(result.stdout)")
        let json = try twhost([
            "diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)", "--format", "json",
        ])
        let change = try #require(DiffOutput.at(try DiffOutput.findings(json.stdout)[0], ["changes", 0]))
        #expect(ResolveOutput.string(change, "field") == "inactive")
        let first = DiffOutput.at(change, ["firstDifference"])
        #expect(
            ResolveOutput.string(first, "before") == ".opacity" || ResolveOutput.string(first, "before") == "opacity")
    }

    @Test("default-changed only when what surfaces without the class get changes")
    func defaultChangedLines() throws {
        let builds = try VersionedBuilds(head: ["DEFAULT", #"VERSION="1.1.0""#])
        let result = try twhost(["diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                """
                warning[default-changed] behavior: modifier beta (versioned): surfaces without the class now apply another inactive modifier (same structure)
                  --> \(builds.head)/libversioned.so
                  - default: 1
                  + default: 2
                  - inactive: .scaleEffect(1)
                  + inactive: .scaleEffect(2)
                """), "\(result.stdout)")
    }

    @Test("TokenDifference marks the first token where long values part")
    func tokenDifference() {
        let d = TokenDifference(
            ".background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(0) }",
            ".background { RoundedRectangle(cornerRadius: 20).fill(.regularMaterial).opacity(0) }")
        #expect(d?.before == ".ultraThinMaterial")
        #expect(d?.after == ".regularMaterial")
        #expect(d?.afterColumn == 55)
        #expect(TokenDifference(".scaleEffect(1)", ".scaleEffect(2)") == nil)  // short: read at a glance
        #expect(TokenDifference(".background { Rectangle() }", ".overlay { Rectangle().opacity(0.25) }") == nil)
        let numbers = TokenDifference("effects order 5, after 'alpha' and more", "effects order 0.25, after 'alpha'")
        #expect(numbers?.before == "5" && numbers?.after == "0.25")
        let signed = TokenDifference("effects order 10, after 'spin' and so on", "effects order -1, after 'alpha'")
        #expect(signed?.before == "10" && signed?.after == "-1")
        #expect(TokenDifference(".offset(x: 10 - 2, y: 0) and more to read", ".offset(x: 10 - 3, y: 0)")?.after == "3")
    }

    @Test("SARIF URIs: relative paths stay relative, absolute ones are file URIs, odd bytes are escaped")
    func uris() {
        #expect(SARIF.uri(forPath: "twhost-registry.json") == "twhost-registry.json")
        #expect(SARIF.uri(forPath: "base dir/r.json") == "base%20dir/r.json")
        #expect(SARIF.uri(forPath: "/tmp/a#b/libx.so") == "file:///tmp/a%23b/libx.so")
        #expect(SARIF.uri(forPath: "é.json") == "%C3%A9.json")
        #expect(SchemaValidator.isURI(SARIF.uri(forPath: "/a b/%/é"), reference: false))
        #expect(!SchemaValidator.isURI("a b", reference: true))
    }
}
