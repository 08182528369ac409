import Foundation
import Testing

@testable import TWHost

/// Every class documented in docs/Classes.md resolves to the documented code.
@Suite("docs/Classes.md", .removesTemporaryDirectories)
struct ClassesDocTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var classes: String
        var code: String
        var testDescription: String { classes }
    }

    static let rows: [Row] = {
        let text = (try? String(contentsOfFile: TestPaths.repository + "/docs/Classes.md", encoding: .utf8)) ?? ""
        var rows: [Row] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("`") else { continue }
            let classes = String(cells[1].dropFirst().dropLast())
            var code = cells[2]
            if code.hasPrefix("`") { code = String(code.dropFirst().dropLast()) }
            if code.hasPrefix("rounded-xl") { continue }  // the recipe's expansion row
            rows.append(Row(classes: classes, code: code == "(none)" ? "" : code))
        }
        return rows
    }()

    @Test("the document lists the built-in classes")
    func coverage() {
        #expect(Self.rows.count > 70)
    }

    @Test("each documented class resolves to its documented code", arguments: rows)
    func documented(_ row: Row) {
        let button = row.code.hasPrefix(".buttonStyle(")
        // Button rows are documented on macOS 26, where every native style exists.
        let environment = button ? RenderEnvironment(platform: .macos, osVersion: 26) : RenderEnvironment()
        let surface = Engine.resolve(TWClasses(row.classes), button ? .button : .view, environment: environment)
        #expect(surface.decorated, "\(surface.diagnostics)")
        #expect(surface.diagnostics.isEmpty, "\(surface.diagnostics)")
        var actual = surface.style
        if let style = surface.nativeButtonStyle { actual.insert(".buttonStyle(.\(style))", at: 0) }
        if let animation = surface.animation?.modifier { actual.append(".animation(\(animation))") }
        #expect(actual.joined(separator: " ") == row.code)
    }
}
