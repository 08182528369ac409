import Foundation
import Testing

@testable import TWHost

/// `twhost diff --allow FILE` on real builds.
@Suite("diff: the allowlist", .removesTemporaryDirectories)
struct AllowlistTests {
    static func phaseBuilds() throws -> (VersionedBuilds, [String]) {
        let builds = try VersionedBuilds(head: ["PHASE"])
        return (builds, ["plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)"])
    }

    @Test("an allowlisted finding no longer blocks; a missing reason is an error; stale entries are reported")
    func allowAndStale() throws {
        let (builds, sides) = try Self.phaseBuilds()
        let allow = builds.root + "/allow.json"
        try #"""
        {"twhostAllow": 1, "allow": [
          {"fingerprint": "phase-changed/versioned/gamma", "reason": "moved inside styling on purpose"},
          {"fingerprint": "version-not-bumped/versioned/1.0.0", "reason": "released with the app"},
          {"fingerprint": "slot-added/versioned/old", "reason": "long gone"}
        ]}
        """#.write(to: allow)
        let allowed = try twhost(["diff"] + sides + ["--allow", allow])
        #expect(allowed.status == 0, "\(allowed.stdout)")
        #expect(allowed.stdout.contains("note[phase-changed] identity: modifier gamma (versioned)"))
        #expect(allowed.stdout.contains("  allowed: moved inside styling on purpose\n"))
        #expect(
            allowed.stdout.contains(
                """
                warning[stale-allowlist] input: allowlist entry 'slot-added/versioned/old': it matches no finding of this diff, so it allows nothing
                  --> \(allow):4
                    reason: long gone
                  hint: remove the entry from the allowlist
                """), "\(allowed.stdout)")
        // SARIF: the allowed findings are suppressed with the reason; the stale
        // entry is a result at its line.
        let sarif = try twhost(["diff"] + sides + ["--allow", allow, "--format", "sarif"])
        #expect(sarif.status == 0)
        let results = try DiffFormatTests.checkSARIF(sarif.stdout)
        #expect(
            results.map { ResolveOutput.string($0, "ruleId") } == [
                "phase-changed", "version-not-bumped", "stale-allowlist",
            ])
        #expect(
            ResolveOutput.string(DiffOutput.at(results[0], ["suppressions", 0]), "justification")
                == "moved inside styling on purpose")
        #expect(ResolveOutput.string(DiffOutput.at(results[0], ["suppressions", 0]), "kind") == "external")
        let (uri, line, _) = DiffFormatTests.region(results[2])
        #expect(uri == SARIF.uri(forPath: allow) && line == 4)
        // GitHub: the stale entry is a warning on the allowlist's line.
        let github = try twhost(["diff"] + sides + ["--allow", allow, "--format", "github"])
        #expect(
            github.stdout.contains(
                "::warning file=\(allow),line=4,col=3,title=twhost stale-allowlist::input: allowlist entry 'slot-added/versioned/old'"
            ), "\(github.stdout)")

        try #"{"twhostAllow": 1, "allow": [{"fingerprint": "phase-changed/versioned/gamma"}]}"#.write(
            to: builds.root + "/noreason.json")
        let noReason = try twhost(["diff"] + sides + ["--allow", builds.root + "/noreason.json"])
        #expect(noReason.status == 2)
        #expect(noReason.stderr.contains("'phase-changed/versioned/gamma' has no reason"))
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var fingerprint: String
        var problem: String
        var testDescription: String { fingerprint }
    }

    static let malformed: [Malformed] = [
        Malformed(fingerprint: "phase-changed:versioned:gamma", problem: "expected three parts separated by '/'"),
        Malformed(fingerprint: "phase-change/versioned/gamma", problem: "'phase-change' is not a rule id"),
        Malformed(fingerprint: "phase-changed/versioned", problem: "expected three parts separated by '/'"),
        Malformed(fingerprint: "phase-changed//gamma", problem: "expected three parts separated by '/'"),
        Malformed(fingerprint: "phase-changed/Versioned/gamma", problem: "'Versioned' is not a plugin name"),
        Malformed(
            fingerprint: "stale-allowlist/versioned/gamma",
            problem: "stale-allowlist findings are fixed in the input, not allowed"),
    ]

    @Test(
        "a fingerprint that does not parse is an error with the form and the nearest real fingerprint",
        arguments: malformed)
    func malformedFingerprint(_ m: Malformed) throws {
        let (builds, sides) = try Self.phaseBuilds()
        let allow = builds.root + "/allow.json"
        try """
        {"twhostAllow": 1, "allow": [
          {"fingerprint": "\(m.fingerprint)", "reason": "accepted"}
        ]}
        """.write(to: allow)
        let result = try twhost(["diff"] + sides + ["--allow", allow])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "error: \(allow):2: /allow/0/fingerprint: '\(m.fingerprint)' is not a fingerprint (\(m.problem)): write rule/plugin/registration, such as slot-reordered/motion/tilt; did you mean 'phase-changed/versioned/gamma' (the nearest fingerprint of this diff)?\n"
        )
    }

    @Test("a malformed fingerprint when the diff has no findings says so")
    func malformedWithoutFindings() throws {
        let builds = try VersionedBuilds(head: [])
        let allow = builds.root + "/allow.json"
        try #"{"twhostAllow": 1, "allow": [{"fingerprint": "slot-added:glint:gleam", "reason": "x"}]}"#.write(to: allow)
        let result = try twhost([
            "diff", "plugins:versioned@\(builds.base)", "plugins:versioned@\(builds.head)", "--allow", allow,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("; this diff has no findings to allow\n"), "\(result.stderr)")
    }

    @Test("a fingerprint listed twice is a warning naming both reasons; the first applies")
    func duplicates() throws {
        let (builds, sides) = try Self.phaseBuilds()
        let allow = builds.root + "/allow.json"
        try #"""
        {"twhostAllow": 1, "allow": [
          {"fingerprint": "phase-changed/versioned/gamma", "reason": "moved on purpose"},
          {"fingerprint": "version-not-bumped/versioned/1.0.0", "reason": "released with the app"},
          {"fingerprint": "phase-changed/versioned/gamma", "reason": "approved in review"}
        ]}
        """#.write(to: allow)
        let result = try twhost(["diff"] + sides + ["--allow", allow])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  allowed: moved on purpose\n"))
        #expect(
            result.stdout.contains(
                """
                warning[duplicate-allowlist] input: allowlist entry 'phase-changed/versioned/gamma': listed on line 2 (reason "moved on purpose") and again on line 4 (reason "approved in review"); the first reason applies
                  --> \(allow):4
                    line 2: moved on purpose
                    line 4: approved in review
                """), "\(result.stdout)")
        #expect(!result.stdout.contains("stale-allowlist"))
        let sarif = try twhost(["diff"] + sides + ["--allow", allow, "--format", "sarif"])
        let results = try DiffFormatTests.checkSARIF(sarif.stdout)
        #expect(results.last.map { ResolveOutput.string($0, "ruleId") } == "duplicate-allowlist")
    }
}
