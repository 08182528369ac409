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

    /// Table rows whose first cell is a class list: (classes, second cell without its backticks).
    static let cells: [(String, String)] = {
        let text = (try? String(contentsOfFile: TestPaths.repository + "/docs/Classes.md", encoding: .utf8)) ?? ""
        var rows: [(String, String)] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("`") else { continue }
            var code = cells[2]
            if code.hasPrefix("`") { code = String(code.dropFirst().dropLast()) }
            rows.append((String(cells[1].dropFirst().dropLast()), code))
        }
        return rows
    }()

    /// Rows whose second cell is SwiftUI code; the recipe table's rows are classes.
    static let rows: [Row] = cells.compactMap { classes, code in
        guard code.hasPrefix(".") || code == "(none)" else { return nil }
        return Row(classes: classes, code: code == "(none)" ? "" : code)
    }

    @Test("the recipe table lists every built-in recipe with its classes")
    func recipes() {
        var documented: [String: String] = [:]
        for (name, classes) in Self.cells where BuiltinRecipes.definitions[name] != nil && !classes.hasPrefix(".") {
            documented[name] = classes.hasPrefix("(nothing") ? "" : classes
        }
        #expect(documented == BuiltinRecipes.definitions)
    }

    @Test("the document lists the built-in classes")
    func coverage() {
        #expect(Self.rows.count > 70)
    }

    @Test("each documented class resolves to its documented code", arguments: rows)
    func documented(_ row: Row) {
        let button = row.code.hasPrefix(".buttonStyle(")
        // Button rows are documented on macOS 26, where every native style exists.
        let environment = button ? RenderEnvironment(platform: .macos, osVersion: 26) : RenderEnvironment()
        // Tracking is a Text method, drawn only on the Text `.tw` is written on: its rows are on a Text.
        let kind: SurfaceSource.Kind = button ? .button : row.classes.contains("tracking-") ? .text : .view
        let surface = Engine.resolve(TWClasses(row.classes), kind, environment: environment)
        #expect(surface.decorated, "\(surface.diagnostics)")
        #expect(surface.diagnostics.isEmpty, "\(surface.diagnostics)")
        var actual = surface.style
        if let style = surface.nativeButtonStyle { actual.insert(".buttonStyle(.\(style))", at: 0) }
        if let animation = surface.animation?.modifier { actual.append(".animation(\(animation))") }
        #expect(actual.joined(separator: " ") == row.code)
    }
}
