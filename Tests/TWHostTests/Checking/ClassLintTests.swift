import Foundation
import Testing

@testable import TWHost
@testable import TWSwiftSource

/// `overridden-class`, `duplicate-class` and `check --fix`, through the real binary.
@Suite("check: overridden and duplicate classes, --fix", .removesTemporaryDirectories)
struct ClassLintTests {
    static let badge = """
        import SwiftUI

        struct Badge: View {
            var body: some View {
                Text("New")
                    .tw("p-[8]  rounded-[4] p-[12] rounded-[4]")
            }
        }
        """

    static func app(_ label: String, source: String = badge) throws -> String {
        let root = try AdoptionTests.app(label, config: "{\"plugins\": [\"material\"]}")
        try FileManager.default.removeItem(atPath: root + "/Sources/Card.swift")
        try source.write(toFile: root + "/Sources/Badge.swift", atomically: true, encoding: .utf8)
        return root
    }

    @Test("an overridden class and a duplicate are warnings at the class, each with its fix's exact range")
    func findings() throws {
        let root = try Self.app("lint-findings")
        let result = try twhost(["check", "Sources"], directory: root)
        #expect(
            result.stdout == """
                Sources/Badge.swift:6:18: warning[overridden-class] 'p-[8]' has no effect: 'p-[12]' later in the literal sets every property it sets — remove it (twhost check --fix does)
                Sources/Badge.swift:6:44: warning[duplicate-class] 'rounded-[4]' is already written at column 25 of this literal — remove it (twhost check --fix does)
                0 error(s), 2 warning(s), 0 note(s) in 1 file(s), 1 surface(s)

                """)
        #expect(result.status == 0)
        let json = try JSONParser.parse(
            Array(try twhost(["check", "--format", "json", "Sources"], directory: root).stdout.utf8))
        guard case .array(let findings)? = ResolveOutput.field(json, "findings")?.value else {
            Issue.record("no findings")
            return
        }
        let fix = try #require(ResolveOutput.field(findings[0], "fix"))
        let start = try #require(ResolveOutput.field(fix, "start"))
        let end = try #require(ResolveOutput.field(fix, "end"))
        // "p-[8]" and the two spaces after it: columns 18 to 25 of line 6.
        let lineStart = Self.badge.split(separator: "\n", omittingEmptySubsequences: false)[..<5].map {
            $0.utf8.count + 1
        }.reduce(0, +)
        #expect(SwiftCLITests.number(start, "line") == 6)
        #expect(SwiftCLITests.number(start, "column") == 18)
        #expect(SwiftCLITests.number(start, "offset") == Double(lineStart + 17))
        #expect(SwiftCLITests.number(end, "column") == 25)
        #expect(SwiftCLITests.number(end, "offset") == Double(lineStart + 24))
        #expect(ResolveOutput.string(fix, "replacement") == "")
        // The duplicate: the space before it and the class.
        let second = try #require(ResolveOutput.field(findings[1], "fix"))
        let secondStart = try #require(ResolveOutput.field(second, "start"))
        let secondEnd = try #require(ResolveOutput.field(second, "end"))
        #expect(SwiftCLITests.number(secondStart, "column") == 43)
        #expect(SwiftCLITests.number(secondEnd, "column") == 55)
    }

    @Test(
        "--fix --dry-run prints a unified diff and writes nothing; --fix writes it and every chain and identity stays")
    func fix() throws {
        let root = try Self.app("lint-fix")
        let before = try twhost(["resolve", "--format", "json", "Sources"], directory: root)
        #expect(before.status == 0)
        let dry = try twhost(["check", "--fix", "--dry-run", "Sources"], directory: root)
        #expect(
            dry.stdout == """
                --- a/Sources/Badge.swift
                +++ b/Sources/Badge.swift
                @@ -3,6 +3,6 @@
                 struct Badge: View {
                     var body: some View {
                         Text("New")
                -            .tw("p-[8]  rounded-[4] p-[12] rounded-[4]")
                +            .tw("rounded-[4] p-[12]")
                     }
                 }

                """)
        #expect(dry.status == 1)
        let page = try String(contentsOfFile: TestPaths.repository + "/docs/CI.md", encoding: .utf8)
        #expect(page.contains("```diff\n" + dry.stdout + "```\n"))
        #expect(try String(contentsOfFile: root + "/Sources/Badge.swift", encoding: .utf8) == Self.badge)
        let fixed = try twhost(["check", "--fix", "Sources"], directory: root)
        #expect(fixed.status == 0)
        #expect(
            fixed.stderr == """
                Sources/Badge.swift:6:18: fixed: one space between classes
                Sources/Badge.swift:6:18: fixed: removed 'p-[8]' (overridden-class)
                Sources/Badge.swift:6:44: fixed: removed 'rounded-[4]' (duplicate-class)

                """)
        #expect(fixed.stdout == "0 error(s), 0 warning(s), 0 note(s) in 1 file(s), 1 surface(s)\n")
        #expect(
            try String(contentsOfFile: root + "/Sources/Badge.swift", encoding: .utf8)
                == Self.badge.replacing("p-[8]  rounded-[4] p-[12] rounded-[4]", with: "rounded-[4] p-[12]"))
        // Re-resolved: the same surfaces, chains and identities.
        let after = try twhost(["resolve", "--format", "json", "Sources"], directory: root)
        let a = try ResolveOutput(before.stdout)
        let b = try ResolveOutput(after.stdout)
        let path = "Sources/Badge.swift:Badge.body"
        #expect(a.surfaces.count == 1)
        #expect(b.surfaces.count == 1)
        #expect(!a.modifiers(path).isEmpty)
        #expect(a.modifiers(path) == b.modifiers(path))
        #expect(
            ResolveOutput.string(a.surface(path), "identity") == ResolveOutput.string(b.surface(path), "identity"))
        // Nothing left to fix.
        let again = try twhost(["check", "--fix", "--dry-run", "Sources"], directory: root)
        #expect(again.stdout == "")
        #expect(again.status == 0)
        let usage = try twhost(["check", "--dry-run", "Sources"], directory: root)
        #expect(usage.status == 64)
        #expect(usage.stderr == "error: --dry-run goes with --fix\n")
    }

    @Test("classes that still set something, other states and suppressed findings are neither reported nor fixed")
    func notDead() throws {
        let source = """
            import SwiftUI

            struct Row: View {
                var body: some View {
                    VStack {
                        Text("a").tw("p-[8] px-[12]")
                        Text("b").tw("p-[8] hover:p-[12]")
                        // twhost:disable:next duplicate-class
                        Text("c").tw("rounded-[8] rounded-[8]")
                    }
                }
            }
            """
        let root = try Self.app("lint-alive", source: source)
        let result = try twhost(["check", "Sources"], directory: root)
        #expect(
            result.stdout == "0 error(s), 0 warning(s), 0 note(s) in 1 file(s), 3 surface(s); 1 suppressed in source\n")
        let dry = try twhost(["check", "--fix", "--dry-run", "Sources"], directory: root)
        #expect(dry.stdout == "")
        #expect(dry.status == 0)
    }

    @Test("the literal finder gives each class's bytes and location; edits apply by offset")
    func literals() throws {
        let source = "Text(\"x\").padding().tw(\"a  b\")\nImage(\"y\").tw(\"c \\(v)\")\nButton(\"z\") {}.tw(\"d\")\n"
        let found = ClassLiteral.all(file: "F.swift", bytes: Array(source.utf8))
        #expect(found.count == 1)
        let literal = try #require(found.first)
        #expect(literal.classes.map(\.text) == ["a", "b"])
        #expect(literal.classes.map(\.location.column) == [25, 28])
        #expect(literal.source == SurfaceSource(.text, wrapped: true))
        let edit = literal.edit(keeping: [1], lines: LineTable(Array(source.utf8)))
        #expect(
            String(decoding: TextEdit.apply([edit], to: Array(source.utf8)), as: UTF8.self).hasPrefix(
                "Text(\"x\").padding().tw(\"b\")\n"))
    }
}
