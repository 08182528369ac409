import Foundation
import Testing

@testable import TWHost

/// What `check` reports as edits — the lints' fixes and the did-you-mean
/// suggestions — in its JSON report and as SARIF `fixes`, and that `--fix`
/// applies only the first; through the real binary.
@Suite("check: fixes and suggestions in JSON and SARIF", .removesTemporaryDirectories)
struct SuggestionFixTests {
    /// Non-ASCII text before the first literal: its UTF-8 and UTF-16 columns differ by 3.
    static let card = """
        import SwiftUI

        struct Card: View {
            var body: some View {
                VStack {
                    Text("Café ☕").tw("p-[8] p-[16]")
                    Text("b").tw("roundd-lg")
                    Text("c").tw("hovr:p-[2]")
                }
            }
        }

        """

    static func app(_ label: String) throws -> String {
        let root = TestPaths.temporaryDirectory(label)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try card.write(toFile: root + "/Card.swift", atomically: true, encoding: .utf8)
        return root
    }

    /// The byte offset of a 1-based line and UTF-8 column of `card`.
    static func offset(_ line: Int, _ column: Int) -> Int {
        card.split(separator: "\n", omittingEmptySubsequences: false)[..<(line - 1)].map { $0.utf8.count + 1 }
            .reduce(0, +) + column - 1
    }

    static func edit(_ line: Int, _ start: Int, _ end: Int, _ text: String) -> String {
        #"{"file":"Card.swift","start":{"line":\#(line),"column":\#(start),"offset":\#(offset(line, start))},"end":{"line":\#(line),"column":\#(end),"offset":\#(offset(line, end))},"replacement":"\#(text)"}"#
    }

    @Test("JSON: the lint's fix and each did-you-mean as an edit with its exact range; the text report is unchanged")
    func json() throws {
        let root = try Self.app("fixes-json")
        let result = try twhost(["check", "--format", "json", "Card.swift"], directory: root)
        #expect(result.status == 1)
        let report = try JSONParser.parse(Array(result.stdout.utf8))
        let findings = try #require(report["findings"]?.array)
        #expect(
            findings.map { "\($0["code"]?.string ?? "") \($0["line"]?.int ?? 0):\($0["column"]?.int ?? 0)" } == [
                "overridden-class 6:35", "unknown-class 7:27", "unknown-variant 8:27",
            ])
        // The lint: "p-[8]" and the space after it; nothing suggested.
        #expect(findings[0]["fix"]?.compact == Self.edit(6, 35, 41, ""))
        #expect(findings[0]["suggestion"] == nil)
        // The suggestions: the whole class, replaced by the spelling the hint names; no fix.
        #expect(findings[1]["fix"] == nil)
        #expect(findings[1]["suggestion"]?.compact == Self.edit(7, 27, 36, "rounded-lg"))
        #expect(findings[2]["suggestion"]?.compact == Self.edit(8, 27, 37, "hover:p-[2]"))
        let text = try twhost(["check", "Card.swift"], directory: root)
        #expect(
            text.stdout == """
                Card.swift:6:35: warning[overridden-class] 'p-[8]' has no effect: 'p-[16]' later in the literal sets every property it sets — remove it (twhost check --fix does)
                Card.swift:7:27: error[unknown-class] unknown class 'roundd-lg' — did you mean 'rounded-lg'?
                Card.swift:8:27: error[unknown-variant] 'hovr:p-[2]': unknown variant 'hovr:' — did you mean 'hover:'?
                2 error(s), 1 warning(s), 0 note(s) in 1 file(s), 3 surface(s)

                """)
    }

    @Test("SARIF: fixes with deletedRegion and insertedContent, columns in UTF-16 code units like the results'")
    func sarif() throws {
        let root = try Self.app("fixes-sarif")
        let result = try twhost(["check", "--format", "sarif", "Card.swift"], directory: root)
        #expect(result.status == 1)
        let log = try JSONParser.parse(Array(result.stdout.utf8))
        let validator = try SchemaValidator(
            schema: Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: TestPaths.repository + "/Tests/Fixtures/sarif-2.1.0-required.schema.json"))))
        #expect(validator.validate(log) == [])
        let results = try #require(log["runs"]?.array?.first?["results"]?.array)
        #expect(results.count == 3)
        func fix(_ title: String, _ line: Int, _ start: Int, _ end: Int, _ text: String) -> String {
            #"[{"description":{"text":"\#(title)"},"artifactChanges":[{"artifactLocation":{"uri":"Card.swift"},"replacements":[{"deletedRegion":{"startLine":\#(line),"startColumn":\#(start),"endLine":\#(line),"endColumn":\#(end)},"insertedContent":{"text":"\#(text)"}}]}]}]"#
        }
        // Line 6 has "é" (2 bytes, 1 unit) and "☕" (3 bytes, 1 unit) before the class: UTF-8 35–41 is UTF-16 32–38.
        #expect(results[0]["locations"]?.array?.first?["physicalLocation"]?["region"]?["startColumn"]?.int == 32)
        #expect(results[0]["fixes"]?.compact == fix("Remove 'p-[8]'", 6, 32, 38, ""))
        #expect(results[1]["fixes"]?.compact == fix("Replace 'roundd-lg' with 'rounded-lg'", 7, 27, 36, "rounded-lg"))
        #expect(
            results[2]["fixes"]?.compact == fix("Replace 'hovr:p-[2]' with 'hover:p-[2]'", 8, 27, 37, "hover:p-[2]"))
    }

    @Test("--fix removes the overridden class and leaves both suggestions unapplied")
    func fixLeavesSuggestions() throws {
        let root = try Self.app("fixes-apply")
        let result = try twhost(["check", "--fix", "Card.swift"], directory: root)
        // The two unknown classes are still errors after the fix.
        #expect(result.status == 1)
        #expect(result.stderr == "Card.swift:6:35: fixed: removed 'p-[8]' (overridden-class)\n")
        let after = try String(contentsOfFile: root + "/Card.swift", encoding: .utf8)
        #expect(
            after
                == Self.card.replacingOccurrences(of: #".tw("p-[8] p-[16]")"#, with: #".tw("p-[16]")"#))
        #expect(after.contains(#".tw("roundd-lg")"#) && after.contains(#".tw("hovr:p-[2]")"#))
    }
}

/// `colorScheme` in `.twhost.json`: the `--color-scheme` of every command that
/// takes one, with the command line winning.
@Suite("configuration: colorScheme", .removesTemporaryDirectories)
struct ConfigurationColorSchemeTests {
    static func app(_ label: String, config: String) throws -> String {
        let root = TestPaths.temporaryDirectory(label)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try config.write(toFile: root + "/.twhost.json", atomically: true, encoding: .utf8)
        try "struct Card: View {\n    var body: some View {\n        Text(\"x\").tw(\"bg-primary\")\n    }\n}\n"
            .write(toFile: root + "/Card.swift", atomically: true, encoding: .utf8)
        return root
    }

    @Test("a dark configuration resolves, explains and previews theme tokens dark; --color-scheme light wins over it")
    func dark() throws {
        let root = try Self.app("config-dark", config: #"{"colorScheme": "dark"}"#)
        let commands: [[String]] = [
            ["resolve", "Card.swift"], ["explain", "bg-primary"], ["preview", "--format", "json", "Card.swift"],
        ]
        for command in commands {
            let verb = Array(command.prefix(1))
            let rest = Array(command.dropFirst())
            let configured = try twhost(command, directory: root)
            let dark = try twhost(verb + ["--no-config", "--color-scheme", "dark"] + rest, directory: root)
            let light = try twhost(verb + ["--no-config"] + rest, directory: root)
            let overridden = try twhost(verb + ["--color-scheme", "light"] + rest, directory: root)
            #expect(configured.status == 0 && dark.status == 0 && light.status == 0, "\(command)")
            #expect(configured.stdout == dark.stdout, "\(command)")
            #expect(dark.stdout != light.stdout, "\(command)")
            #expect(overridden.stdout == light.stdout, "\(command)")
        }
        #expect(try twhost(["config", "Card.swift"], directory: root).stdout.contains(#""colorScheme": "dark""#))
    }
}
