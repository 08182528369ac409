import Foundation
import Testing

@testable import TWHost

/// docs/Diagnostics.md and docs/CI.md list every code twhost reports: each
/// table is compared with its enum both ways, so a code cannot be added
/// without its row, nor a row kept for a code that is gone.
@Suite("docs/Diagnostics.md", .removesTemporaryDirectories)
struct DiagnosticsDocTests {
    /// The rows of the table under `heading` (up to the next heading), as
    /// trimmed cells without the outer pipes; the header and rule rows are dropped.
    static func table(in page: String, under heading: String) -> [[String]] {
        guard let start = page.range(of: "\n" + heading + "\n") else { return [] }
        var rows: [[String]] = []
        for line in page[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| `") else { continue }
            // A cell may hold an escaped pipe (`\|`); none of these tables do.
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            rows.append(cells.map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return rows
    }

    static func page(_ name: String) throws -> String {
        try String(contentsOfFile: TestPaths.repository + "/docs/" + name, encoding: .utf8)
    }

    static func code(_ cell: String) -> String { String(cell.dropFirst().dropLast()) }

    @Test("every DiagnosticCode has its row, in the enum's order, with its severity, meaning and fix")
    func diagnosticCodes() throws {
        let rows = Self.table(in: try Self.page("Diagnostics.md"), under: "## Diagnostic codes")
        #expect(rows.map { Self.code($0[0]) } == DiagnosticCode.allCases.map(\.rawValue))
        for row in rows {
            let code = try #require(DiagnosticCode(rawValue: Self.code(row[0])), "no code \(row[0])")
            #expect(row.count == 4, "\(row)")
            #expect(row[1] == code.severity.rawValue, "\(code)")
            #expect(row[2] == code.summary, "\(code)")
            #expect(row[3] == code.help, "\(code)")
        }
    }

    @Test("every plugins check rule has its row here and its section in docs/PluginAuthoring.md")
    func checkRules() throws {
        let rows = Self.table(in: try Self.page("Diagnostics.md"), under: "## `plugins check` rules")
        #expect(rows.map { Self.code($0[0]) } == CheckRule.allCases.map(\.rawValue))
        for row in rows {
            let rule = try #require(CheckRule(rawValue: Self.code(row[0])), "no rule \(row[0])")
            #expect(row[1] == rule.severity.rawValue, "\(rule)")
            #expect(row[2] == rule.summary, "\(rule)")
        }
        let authoring = try Self.page("PluginAuthoring.md")
        let documented = Self.table(in: authoring, under: "### Rules, each with a bad and a fixed example")
        #expect(documented.map { Self.code($0[0]) } == CheckRule.allCases.map(\.rawValue))
        let sections = authoring.split(separator: "\n").filter { $0.hasPrefix("#### ") }
        for rule in CheckRule.allCases {
            // not-neutral and neutrality-unknown share one section.
            #expect(sections.contains { $0.contains("`\(rule.rawValue)`") }, "no example section for \(rule)")
        }
    }

    @Test("every diff rule has its row in docs/CI.md, with its category and level")
    func diffRules() throws {
        let rows = Self.table(in: try Self.page("CI.md"), under: "## Findings")
        // The page orders the rules by level, the enum by category: compare as sorted lists.
        #expect(rows.map { Self.code($0[0]) }.sorted() == DiffRule.allCases.map(\.rawValue).sorted())
        for row in rows {
            let rule = try #require(DiffRule(rawValue: Self.code(row[0])), "no rule \(row[0])")
            #expect(row[2] == rule.level.rawValue, "\(rule)")
            // registration-moved is identity or breaking, by whether the registration holds a slot.
            if rule != .registrationMoved { #expect(row[1] == rule.category.rawValue, "\(rule)") }
        }
    }
}
