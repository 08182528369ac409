import Foundation
import Testing

@testable import TWHost

/// `version-not-bumped` and its siblings, on real builds whose descriptors
/// carry the versions.
@Suite("diff: plugin versions", .removesTemporaryDirectories)
struct VersionCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var base: String
        var head: String
        var change: String?
        var rules: [String]
        var status: Int32
        var testDescription: String { "\(change ?? "no change") \(base) → \(head)" }
    }

    static let cases: [Case] = [
        Case(base: "1.0.0", head: "1.0.0", change: "PHASE", rules: ["phase-changed", "version-not-bumped"], status: 1),
        Case(base: "1.0.0", head: "1.1.0", change: "PHASE", rules: ["phase-changed", "version-not-bumped"], status: 1),
        Case(base: "1.0.0", head: "2.0.0", change: "PHASE", rules: ["phase-changed", "version-changed"], status: 1),
        Case(
            base: "1.4.2", head: "2.0.0-rc.1", change: "PHASE", rules: ["phase-changed", "version-changed"], status: 1),
        // 0.x: the minor version is the breaking one, the patch the feature one.
        Case(base: "0.1.0", head: "0.1.1", change: "PHASE", rules: ["phase-changed", "version-not-bumped"], status: 1),
        Case(base: "0.1.0", head: "0.2.0", change: "PHASE", rules: ["phase-changed", "version-changed"], status: 1),
        Case(
            base: "0.0.3", head: "0.0.4", change: "REMOVE",
            rules: ["slot-removed", "registration-removed", "version-changed"], status: 1),
        Case(
            base: "1.0.0", head: "1.0.1", change: "DEFAULT", rules: ["default-changed", "minor-version-not-bumped"],
            status: 0),
        Case(
            base: "1.0.0", head: "1.1.0", change: "DEFAULT", rules: ["default-changed", "version-changed"], status: 0),
        Case(
            base: "0.3.0", head: "0.3.0", change: "DEFAULT", rules: ["default-changed", "minor-version-not-bumped"],
            status: 0),
        Case(
            base: "0.3.0", head: "0.3.1", change: "DEFAULT", rules: ["default-changed", "version-changed"], status: 0),
        Case(base: "1.2.0", head: "1.2.1", change: nil, rules: ["version-changed"], status: 0),
        Case(base: "1.2.0", head: "1.1.9", change: nil, rules: ["version-decreased"], status: 0),
        Case(
            base: "2.0.0", head: "1.9.0", change: "PHASE",
            rules: ["phase-changed", "version-decreased", "version-not-bumped"],
            status: 1),
        // Versions that are not semver: only "the same string" counts as not bumped.
        Case(base: "r7", head: "r7", change: "PHASE", rules: ["phase-changed", "version-not-bumped"], status: 1),
        Case(base: "r7", head: "r8", change: "PHASE", rules: ["phase-changed", "version-changed"], status: 1),
    ]

    @Test(
        "identity and breaking need a major bump, behavior a minor one; a lower version is a warning", arguments: cases)
    func versions(_ c: Case) throws {
        let builds = try VersionedBuilds(
            base: ["VERSION=\"\(c.base)\""], head: ["VERSION=\"\(c.head)\""] + (c.change.map { [$0] } ?? []))
        let result = try twhost([
            "diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)", "--format", "json",
        ])
        #expect(result.status == c.status, "\(result.stderr)")
        #expect(try DiffOutput.rules(result.stdout) == c.rules)
    }

    @Test("the finding says which version is needed and why, and can be allowlisted")
    func messageAndAllowlist() throws {
        let builds = try VersionedBuilds(
            base: [#"VERSION="0.4.2""#], head: [#"VERSION="0.4.3""#, "PHASE"])
        let sides = ["plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)"]
        let text = try twhost(["diff"] + sides)
        #expect(
            text.stdout.contains(
                """
                error[version-not-bumped] version: plugin versioned 0.4.3: 1 identity or breaking finding(s) in 'versioned' need a breaking release (0.5.0 or later), but it went from 0.4.2 to 0.4.3
                  --> \(builds.head)/libversioned.so
                  - version: 0.4.2
                  + version: 0.4.3
                  hint: release 'versioned' as 0.5.0 or later
                  because of: phase-changed/versioned/gamma
                  fingerprint: version-not-bumped/versioned/0.4.3
                """), "\(text.stdout)")
        let allow = builds.root + "/allow.json"
        try #"""
        {"twhostAllow": 1, "allow": [
          {"fingerprint": "phase-changed/versioned/gamma", "reason": "moved inside styling on purpose"},
          {"fingerprint": "version-not-bumped/versioned/0.4.3", "reason": "0.4.3 ships to one app only"}
        ]}
        """#.write(to: allow)
        let allowed = try twhost(["diff"] + sides + ["--allow", allow])
        #expect(allowed.status == 0, "\(allowed.stdout)")
        #expect(
            allowed.stdout.hasSuffix(
                "2 finding(s): 0 blocking, 2 allowed; identity 1, breaking 0, behavior 0, compatible 0, version 1, input 0\n"
            ))
    }

    @Test("semantic versions: precedence and the next breaking and feature releases")
    func semver() throws {
        func v(_ s: String) throws -> SemanticVersion { try #require(SemanticVersion(s)) }
        #expect(try v("1.0.0-alpha") < v("1.0.0-alpha.1"))
        #expect(try v("1.0.0-alpha.1") < v("1.0.0-alpha.beta"))
        #expect(try v("1.0.0-beta.2") < v("1.0.0-beta.11"))
        #expect(try v("1.0.0-rc.1") < v("1.0.0"))
        #expect(try v("1.0.0+build.5") == v("1.0.0"))
        #expect(try v("1.9.0") < v("1.10.0"))
        for bad in ["1.0", "v1.0.0", "01.2.3", "1.2.3-", "1..3", "", "1.2.3.4", "99999999999.0.0"] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
        #expect(try v("1.4.2").nextMajor.description == "2.0.0")
        #expect(try v("0.3.1").nextMajor.description == "0.4.0")
        #expect(try v("0.0.5").nextMajor.description == "0.0.6")
        #expect(try v("1.4.2").nextMinor.description == "1.5.0")
        #expect(try v("0.3.1").nextMinor.description == "0.3.2")
    }
}
