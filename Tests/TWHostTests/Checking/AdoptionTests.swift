import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// Adopting `check` on an app that already has findings: `.twhost.json`,
/// suppression comments, baselines and the CI reporters, through the real
/// binary and the material plugin.
@Suite("check: configuration, suppressions, baselines, reporters", .removesTemporaryDirectories)
struct AdoptionTests {
    static let card = """
        import SwiftUI

        struct Card: View {
            var body: some View {
                VStack {
                    Text("Title")
                        .tw("p-[16] frostd")
                    // twhost:disable:next unknown-class
                    Text("Muted").tw("bogus-one")
                    Text("Old").tw("bogus-two")
                    // twhost:disable:next unstable-row-id
                    Text("Plain").tw("p-[8]")
                }
            }
        }
        """

    static let config = """
        {
          "plugins": ["material"],
          "rules": { "unknown-class": "warning" }
        }
        """

    /// A repository (it has `.git`) with `.twhost.json` and `Sources/Card.swift`.
    static func app(_ label: String, config: String = config, card: String = card) throws -> String {
        let root = TestPaths.temporaryDirectory(label)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
        try config.write(toFile: root + "/.twhost.json", atomically: true, encoding: .utf8)
        try card.write(toFile: root + "/Sources/Card.swift", atomically: true, encoding: .utf8)
        return root
    }

    @Test(
        "the configuration loads the plugins and makes unknown-class a warning; a comment suppresses; an unused one warns"
    )
    func configuredRun() throws {
        let root = try Self.app("adopt-config")
        let result = try twhost(["check", "Sources"], directory: root)
        #expect(
            result.stdout == """
                Sources/Card.swift:7:29: warning[unknown-class] unknown class 'frostd' — did you mean 'frosted'?
                Sources/Card.swift:10:29: warning[unknown-class] unknown class 'bogus-two'
                Sources/Card.swift:11:13: warning[unused-suppression] this suppression of 'unstable-row-id' suppresses nothing — remove the comment, or the rule from it
                0 error(s), 3 warning(s), 0 note(s) in 1 file(s), 4 surface(s); 1 suppressed in source

                """)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        // Without the configuration: no plugin (no suggestion), errors, exit 1.
        let bare = try twhost(["check", "--no-config", "Sources"], directory: root)
        #expect(bare.status == 1)
        #expect(bare.stdout.hasPrefix("Sources/Card.swift:7:29: error[unknown-class] unknown class 'frostd'\n"))
        // The command line wins over the file.
        let off = try twhost(["check", "--plugins", "motion", "Sources"], directory: root)
        #expect(off.stdout.hasPrefix("Sources/Card.swift:7:29: warning[unknown-class] unknown class 'frostd'\n"))
    }

    @Test("rules set to off drop findings; severities error and note apply")
    func ruleSettings() throws {
        let root = try Self.app(
            "adopt-rules",
            config: """
                {"plugins": ["material"], "rules": {"unknown-class": "off", "unused-suppression": "error"}}
                """)
        let result = try twhost(["check", "Sources"], directory: root)
        #expect(
            result.stdout == """
                Sources/Card.swift:11:13: error[unused-suppression] this suppression of 'unstable-row-id' suppresses nothing — remove the comment, or the rule from it
                1 error(s), 0 warning(s), 0 note(s) in 1 file(s), 4 surface(s); 1 suppressed in source

                """)
        #expect(result.status == 1)
    }

    @Test("a bad configuration names the file, line and key, with did you mean; exit 64")
    func badConfiguration() throws {
        let root = try Self.app("adopt-bad", config: "{\n  \"plugin\": [\"material\"]\n}\n")
        let result = try twhost(["check", "Sources"], directory: root)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(root)/.twhost.json:2: 'plugin': unknown key; did you mean 'plugins'?\n")
        let rule = try Self.app("adopt-bad-rule", config: "{\"rules\": {\n  \"unknown-clas\": \"warning\"}}")
        let r = try twhost(["check", "Sources"], directory: rule)
        #expect(r.status == 64)
        #expect(
            r.stderr
                == "error: \(rule)/.twhost.json:2: 'rules.unknown-clas': unknown rule; did you mean 'unknown-class'?\n")
        let value = try Self.app("adopt-bad-value", config: "{\"platform\": \"iso\"}")
        let v = try twhost(["check", "Sources"], directory: value)
        #expect(v.status == 64)
        #expect(
            v.stderr
                == "error: \(value)/.twhost.json:1: 'platform': expected one of ios, macos, tvos, found 'iso'; did you mean 'ios'?\n"
        )
        let notJSON = try Self.app("adopt-bad-json", config: "{\"plugins\": [}")
        let n = try twhost(["check", "--config", notJSON + "/.twhost.json", "Sources"], directory: notJSON)
        #expect(n.status == 64)
        #expect(n.stderr.hasPrefix("error: \(notJSON)/.twhost.json:1: not JSON: "))
        let both = try twhost(["check", "--config", "x.json", "--no-config", "Sources"], directory: root)
        #expect(both.status == 64)
        #expect(both.stderr == "error: --config and --no-config cannot be given together\n")
    }

    @Test("twhost config prints the effective configuration and its file; the nearest file wins")
    func configCommand() throws {
        let root = try Self.app("adopt-show")
        try FileManager.default.createDirectory(atPath: root + "/Sources/Inner", withIntermediateDirectories: true)
        try """
        {"platform": "macos", "osVersion": 14, "pluginPaths": ["plugins"], "exclude": ["**/Generated/**"]}
        """.write(toFile: root + "/Sources/Inner/.twhost.json", atomically: true, encoding: .utf8)
        let top = try twhost(["config", "Sources/Card.swift"], directory: root)
        #expect(top.status == 0)
        #expect(
            top.stdout == """
                {
                  "file": "\(root)/.twhost.json",
                  "plugins": [
                    "material"
                  ],
                  "pluginPaths": null,
                  "platform": null,
                  "osVersion": null,
                  "colorScheme": null,
                  "theme": null,
                  "baseline": null,
                  "include": [],
                  "exclude": [],
                  "rules": {
                    "unknown-class": "warning"
                  }
                }

                """)
        let inner = try twhost(["config", "Sources/Inner"], directory: root)
        let node = try JSONParser.parse(Array(inner.stdout.utf8))
        #expect(ResolveOutput.string(node, "file") == root + "/Sources/Inner/.twhost.json")
        #expect(ResolveOutput.string(node, "platform") == "macos")
        guard case .array(let paths)? = ResolveOutput.field(node, "pluginPaths")?.value else {
            Issue.record("no pluginPaths")
            return
        }
        #expect(paths.map { if case .string(let s) = $0.value { s } else { "" } } == [root + "/Sources/Inner/plugins"])
        // Outside any configuration: "file": null, exit 1.
        let none = TestPaths.temporaryDirectory("adopt-none")
        try FileManager.default.createDirectory(atPath: none + "/.git", withIntermediateDirectories: true)
        let empty = try twhost(["config"], directory: none)
        #expect(empty.status == 1)
        #expect(empty.stdout.hasPrefix("{\n  \"file\": null,\n"))
    }

    @Test("include and exclude choose the files a folder walk checks")
    func includeExclude() throws {
        let root = try Self.app(
            "adopt-globs", config: "{\"plugins\": [\"material\"], \"exclude\": [\"**/Generated/**\"]}")
        try FileManager.default.createDirectory(atPath: root + "/Sources/Generated", withIntermediateDirectories: true)
        try "struct G: View { var body: some View { Text(\"g\").tw(\"nope\") } }".write(
            toFile: root + "/Sources/Generated/G.swift", atomically: true, encoding: .utf8)
        let walked = try twhost(["check", "Sources"], directory: root)
        #expect(!walked.stdout.contains("Generated"))
        #expect(walked.stdout.hasSuffix("in 1 file(s), 4 surface(s); 1 suppressed in source\n"))
        // A file named on the command line is always checked.
        let named = try twhost(["check", "Sources/Generated/G.swift"], directory: root)
        #expect(named.stdout.hasPrefix("Sources/Generated/G.swift:1:54: error[unknown-class] unknown class 'nope'"))
    }

    @Test("the JSON schema in schema/ describes the keys the loader reads and accepts the documented example")
    func schema() throws {
        let bytes = Array(
            try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/schema/twhost-config.schema.json")))
        let schema = try JSONParser.parse(bytes)
        let properties = try #require(ResolveOutput.field(schema, "properties"))
        guard case .object(let keys) = properties.value else { throw SchemaKeysMissing() }
        #expect(keys.map(\.key) == LintConfiguration.keys)
        let rulesKey = try #require(ResolveOutput.field(properties, "rules"))
        let rules = try #require(ResolveOutput.field(rulesKey, "properties"))
        guard case .object(let codes) = rules.value else { throw SchemaKeysMissing() }
        #expect(codes.map(\.key) == DiagnosticCode.allCases.map(\.rawValue))
        let example = """
            { "plugins": ["material", "motion"], "pluginPaths": ["build/plugins"], "platform": "ios", "osVersion": 17,
              "colorScheme": "light", "theme": "theme.json", "include": ["Sources/**"], "exclude": ["**/Generated/**"],
              "rules": { "unknown-class": "warning", "unstable-row-id": "off" } }
            """
        let validator = try SchemaValidator(schema: bytes)
        #expect(validator.validate(try JSONParser.parse(Array(example.utf8))) == [])
        let parsed = try LintConfiguration.parse(Array(example.utf8), file: "/app/.twhost.json")
        #expect(parsed.pluginPaths == ["/app/build/plugins"])
        #expect(parsed.theme == "/app/theme.json")
        #expect(parsed.setting(for: .unstableRowID) == .off)
        #expect(parsed.includes("/app/Sources/A.swift"))
        #expect(!parsed.includes("/app/Sources/Generated/B.swift"))
        #expect(!parsed.includes("/app/Tests/C.swift"))
        #expect(validator.validate(try JSONParser.parse(Array("{\"plugin\": []}".utf8))) != [])
    }

    struct SchemaKeysMissing: Error {}

    @Test("a baseline hides the findings it records, still when lines move, and lists entries now gone")
    func baseline() throws {
        let root = try Self.app("adopt-baseline")
        let write = try twhost(["check", "--write-baseline", "twhost-baseline.json", "Sources"], directory: root)
        #expect(write.status == 0)
        #expect(write.stderr == "wrote 3 finding(s) to the baseline twhost-baseline.json\n")
        let text = try String(contentsOfFile: root + "/twhost-baseline.json", encoding: .utf8)
        #expect(
            text.hasPrefix(
                "{\n  \"twhostBaseline\": 1,\n  \"findings\": [\n    {\"rule\": \"unknown-class\", \"file\": \"Sources/Card.swift\", \"class\": \"frostd\", \"fingerprint\": \""
            ))
        // Lines move (two lines added at the top) and a new finding appears.
        let moved =
            "// a comment\n\n"
            + Self.card.replacing(
                "Text(\"Old\").tw(\"bogus-two\")",
                with: "Text(\"Old\").tw(\"bogus-two\")\n            Text(\"New\").tw(\"bogus-new\")")
        try moved.write(toFile: root + "/Sources/Card.swift", atomically: true, encoding: .utf8)
        let again = try twhost(["check", "--baseline", "twhost-baseline.json", "Sources"], directory: root)
        #expect(
            again.stdout == """
                Sources/Card.swift:13:29: warning[unknown-class] unknown class 'bogus-new'
                0 error(s), 1 warning(s), 0 note(s) in 1 file(s), 5 surface(s); 1 suppressed in source; 3 in the baseline

                """)
        #expect(again.status == 0)
        // A finding fixed: its entry is listed as gone.
        try Self.card.replacing("frostd", with: "frosted").write(
            toFile: root + "/Sources/Card.swift", atomically: true, encoding: .utf8)
        let fixed = try twhost(["check", "--baseline", "twhost-baseline.json", "Sources"], directory: root)
        #expect(
            fixed.stdout == """
                Sources/Card.swift:7: baseline entry no longer found: unknown-class 'frostd' — unknown class 'frostd'
                0 error(s), 0 warning(s), 0 note(s) in 1 file(s), 4 surface(s); 1 suppressed in source; 2 in the baseline; 1 baseline entry no longer found

                """)
        // A corrupt baseline is a clear error, exit 2.
        try "{\"twhostBaseline\": 1, \"findings\": [{\"rule\": 3}]}".write(
            toFile: root + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try twhost(["check", "--baseline", "bad.json", "Sources"], directory: root)
        #expect(bad.status == 2)
        #expect(bad.stdout == "")
        #expect(bad.stderr == "error: baseline bad.json:1: a finding's 'line' is missing or not a line number\n")
        let both = try twhost(["check", "--baseline", "a", "--write-baseline", "b", "Sources"], directory: root)
        #expect(both.status == 64)
    }

    @Test("SARIF keeps suppressed findings with their suppression: inSource for comments, external for the baseline")
    func sarifSuppressions() throws {
        let root = try Self.app("adopt-sarif")
        _ = try twhost(["check", "--write-baseline", "b.json", "Sources/Card.swift"], directory: root)
        try Self.card.replacing("Text(\"Plain\")", with: "Text(\"Plain\").tw(\"zzz\")").write(
            toFile: root + "/Sources/Card.swift", atomically: true, encoding: .utf8)
        let result = try twhost(["check", "--baseline", "b.json", "--format", "sarif", "Sources"], directory: root)
        let log = try JSONParser.parse(Array(result.stdout.utf8))
        let validator = try SchemaValidator(
            schema: Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: TestPaths.repository + "/Tests/Fixtures/sarif-2.1.0-required.schema.json"))))
        #expect(validator.validate(log) == [])
        let text = result.stdout
        #expect(text.contains("\"kind\": \"inSource\""))
        #expect(text.contains("\"justification\": \"// twhost:disable:next unknown-class\""))
        #expect(text.contains("\"kind\": \"external\""))
        #expect(text.contains("\"justification\": \"in the baseline b.json\""))
    }

    @Test("JUnit, Checkstyle and Code Climate reports validate against their formats, with repository paths")
    func reporters() throws {
        let root = try Self.app("adopt-reporters")
        // Run from inside Sources: reports still give paths from the repository root.
        let junit = try twhost(["check", "--format", "junit", "."], directory: root + "/Sources")
        #expect(junit.status == 0)
        #expect(XMLStructure.junit.validate(junit.stdout) == [])
        #expect(
            junit.stdout.contains(
                "<testsuite name=\"Sources/Card.swift\" tests=\"3\" failures=\"3\" errors=\"0\" skipped=\"0\">"))
        #expect(
            junit.stdout.contains(
                "<testcase name=\"unknown-class at Sources/Card.swift:7:29\" classname=\"Sources/Card.swift\" file=\"Sources/Card.swift\" line=\"7\">\n      <failure message=\"unknown class &apos;frostd&apos; — did you mean &apos;frosted&apos;?\" type=\"warning\">"
            ))
        let checkstyle = try twhost(["check", "--format", "checkstyle", "."], directory: root + "/Sources")
        #expect(XMLStructure.checkstyle.validate(checkstyle.stdout) == [])
        #expect(
            checkstyle.stdout == """
                <?xml version="1.0" encoding="UTF-8"?>
                <checkstyle version="8.0">
                  <file name="Sources/Card.swift">
                    <error line="7" column="29" severity="warning" message="unknown class &apos;frostd&apos; — did you mean &apos;frosted&apos;?" source="twhost.unknown-class"/>
                    <error line="10" column="29" severity="warning" message="unknown class &apos;bogus-two&apos;" source="twhost.unknown-class"/>
                    <error line="11" column="13" severity="warning" message="this suppression of &apos;unstable-row-id&apos; suppresses nothing — remove the comment, or the rule from it" source="twhost.unused-suppression"/>
                  </file>
                </checkstyle>

                """)
        let climate = try twhost(["check", "--format", "codeclimate", "."], directory: root + "/Sources")
        let issues = try JSONParser.parse(Array(climate.stdout.utf8))
        let validator = try SchemaValidator(
            schema: Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: TestPaths.repository + "/Tests/Fixtures/codeclimate-gitlab.schema.json"))))
        #expect(validator.validate(issues) == [])
        guard case .array(let list) = issues.value else { throw SchemaKeysMissing() }
        #expect(list.count == 3)
        let first = try #require(list.first)
        #expect(ResolveOutput.string(first, "check_name") == "unknown-class")
        let location = try #require(ResolveOutput.field(first, "location"))
        #expect(ResolveOutput.string(location, "path") == "Sources/Card.swift")
        #expect(ResolveOutput.string(first, "severity") == "minor")
        let fingerprints = list.compactMap { ResolveOutput.string($0, "fingerprint") }
        #expect(Set(fingerprints).count == 3)
        // Nothing to report: each format still parses and says so.
        let clean = try Self.app(
            "adopt-clean", card: "struct C: View { var body: some View { Text(\"c\").tw(\"p-[4]\") } }")
        let cleanJUnit = try twhost(["check", "--format", "junit", "Sources"], directory: clean)
        #expect(cleanJUnit.status == 0)
        #expect(XMLStructure.junit.validate(cleanJUnit.stdout) == [])
        #expect(cleanJUnit.stdout.contains("<testsuite name=\"twhost check\" tests=\"1\" failures=\"0\""))
        let cleanClimate = try twhost(["check", "--format", "codeclimate", "Sources"], directory: clean)
        #expect(cleanClimate.stdout == "[]\n")
        // The validators fail what does not fit.
        #expect(
            XMLStructure.checkstyle.validate("<checkstyle><file><error line=\"x\"/></file></checkstyle>").count == 5)
        #expect(
            XMLStructure.junit.validate("<testsuites><testsuite/></testsuites>") == [
                "/testsuites/testsuite: attribute 'name' missing", "/testsuites/testsuite: attribute 'tests' missing",
            ])
    }

    @Test("suppression comments: this, regions, all, unknown rules and an enable that ends nothing")
    func suppressionForms() throws {
        let source = """
            Text("a").tw("bad-a") // twhost:disable:this unknown-class
            // twhost:disable all
            Text("b").tw("bad-b")
            Text("c").tw("bad-c")
            // twhost:enable all
            Text("d").tw("bad-d")
            // twhost:disable:next unknwn-class
            // twhost:enable unknown-class
            let url = "http://example.com" // twhost:disable:this unknown-class
            """
        let s = SourceSuppressions(file: "F.swift", bytes: Array(source.utf8))
        #expect(s.directives.map(\.kind) == [.this, .region, .this])
        #expect(s.directives.map(\.lines) == [1...1, 2...5, 9...9])
        #expect(s.covering(.unknownClass, line: 1) == 0)
        #expect(s.covering(.unknownClass, line: 4) == 1)
        #expect(s.covering(.unstableRowID, line: 4) == 1)
        #expect(s.covering(.unknownClass, line: 6) == nil)
        #expect(s.covering(.unstableRowID, line: 1) == nil)
        #expect(s.directives[2].location == SourceLocation(file: "F.swift", line: 9, column: 32))
        #expect(
            s.problems.map(\.message) == [
                "'unknwn-class' is not a rule", "'twhost:enable unknown-class' ends no 'twhost:disable'",
            ])
        #expect(s.problems.map(\.hint) == ["did you mean 'unknown-class'?", "remove the comment"])
        // The same comments in a file whose lines end in CR LF or a lone CR: the same lines and columns.
        for end in ["\r\n", "\r"] {
            let other = SourceSuppressions(file: "F.swift", bytes: Array(source.replacing("\n", with: end).utf8))
            #expect(other.directives == s.directives, "\(end.debugDescription)")
            #expect(other.problems.map(\.location) == s.problems.map(\.location), "\(end.debugDescription)")
        }
    }

    @Test("UTF-16 columns count from the start of the line the table numbers, whatever ends the lines")
    func utf16ColumnsByLine() throws {
        let directory = TestPaths.temporaryDirectory("utf16-columns")
        for end in ["\n", "\r\n", "\r"] {
            let path = directory + "/F\(end.utf8.count)\(end.utf8.first!).swift"
            try Data("let a = 1\(end)let é = \"x\"\(end)".utf8).write(to: URL(fileURLWithPath: path))
            var columns = CheckReport.UTF16Columns()
            // Line 2, UTF-8 column 10 (after `let é = `, where `é` is two bytes): UTF-16 column 9.
            #expect(columns.column(file: path, line: 2, column: 10) == 9, "\(end.debugDescription)")
        }
    }
}

extension AdoptionTests {
    @Test("docs/CI.md's walk-through shows the app and the outputs the binary gives for it")
    func walkThrough() throws {
        let page = try String(contentsOfFile: TestPaths.repository + "/docs/CI.md", encoding: .utf8)
        #expect(page.contains("```swift\n" + Self.card + "\n```\n"))
        let root = try Self.app("adopt-doc")
        let run = try twhost(["check", "Sources"], directory: root)
        #expect(page.contains("```\n" + run.stdout + "```\n"), "\(run.stdout)")
        _ = try twhost(["check", "--write-baseline", "b.json", "Sources"], directory: root)
        try Self.card.replacing("frostd", with: "frosted").write(
            toFile: root + "/Sources/Card.swift", atomically: true, encoding: .utf8)
        let fixed = try twhost(["check", "--baseline", "b.json", "Sources"], directory: root)
        #expect(page.contains("```\n" + fixed.stdout + "```\n"), "\(fixed.stdout)")
        let bad = try Self.app("adopt-doc-bad", config: "{\n  \"plugin\": [\"material\"]\n}\n")
        let error = try twhost(["check", "Sources"], directory: bad)
        #expect(page.contains(error.stderr.replacing(bad, with: "/app")))
    }
}
