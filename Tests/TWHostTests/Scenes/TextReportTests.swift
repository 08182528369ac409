import Foundation
import Testing

@testable import TWHost
@testable import TWResolution
@testable import TWSupport

/// `twhost resolve`'s text report, on a terminal and off it.
@Suite("Text report")
struct TextReportTests {
    /// The two surfaces of a scene with the plugins in scope: one decorated
    /// (an echoed type with a control character, an id, an active and
    /// inactive slots), one undecorated (an unknown class).
    private static func records() throws -> [SurfaceRecord] {
        let text = #"""
            {"scene": 1, "root": {"type": "VStack", "rules": {"plugins": ["material", "motion"]}, "children": [
            {"type": "Te\u001Bxt", "id": "a", "tw": "p-4 frosted"},
            {"type": "Text", "tw": "bogus"}]}}
            """#
        var reader = SceneReader(file: "s.json")
        let scene = try reader.read(Array(text.utf8))
        return try SceneResolver.resolve(scene, plugins: try FixturePlugins.shipped(["material", "motion"])).surfaces
    }

    @Test("on a terminal: the head bold, tags dimmed, an inactive slot's whole line dimmed, undecorated in red")
    func coloured() throws {
        let records = try Self.records()
        let on = Palette(enabled: true)
        let first = records.map { SceneReport.text($0, palette: on) }
        // Again: the shared entries' lines are now the ones kept with them.
        #expect(records.map { SceneReport.text($0, palette: on) } == first)
        let dim = "\u{1B}[2m", bold = "\u{1B}[1m", red = "\u{1B}[31m", end = "\u{1B}[0m"
        let pad = { (code: String) in code + String(repeating: " ", count: max(0, 72 - code.count)) }
        func inactive(_ code: String, _ tag: String) -> String { dim + "  " + pad(code) + "  // " + tag + end + "\n" }
        let slots = [
            (".background { RoundedRectangle(cornerRadius: 20).fill(.regularMaterial).opacity(0) }", "effects · material (material) · inactive"),
            (".rotationEffect(.degrees(0))", "effects · spin (motion) · inactive"),
            (".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0), radius: 0, x: 0, y: 0)", "effects · elevation (material) · inactive"),
            (".rotation3DEffect(.degrees(0), axis: (x: 0, y: 1, z: 0))", "effects · tilt (motion) · inactive"),
        ].map(inactive).joined()
        #expect(
            first[0]
                == "s.json:2:1: \(bold)/0  Te\\u{1B}xt\(end)  (view, decorated)  id a\(dim)  identity 307049d0040baffa\(end)\n"
                + inactive(".padding(0)", "content · inset (motion) · inactive")
                + "  " + pad(".padding(16)") + "  \(dim)// style · built-in padding ← p-4\(end)\n"
                + "  .background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(1) }  "
                + "\(dim)// effects · frosted (material) · active\(end)\n" + slots + "\n")
        #expect(
            first[1]
                == "s.json:3:1: \(bold)/1  Text\(end)  (text, \(red)undecorated\(end))\(dim)  identity e6e835737199abf1\(end)\n"
                + inactive(".padding(0)", "content · inset (motion) · inactive")
                + inactive(
                    ".background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(0) }",
                    "effects · frosted (material) · inactive") + slots
                + "  s.json:3:1: \(red)error[unknown-class]\(end) (root): unknown class 'bogus'\n\n")
        // Off a terminal: the same text without the codes.
        let plain = records.map { SceneReport.text($0, palette: Palette(enabled: false)) }
        let stripped = first.map { text in
            [dim, bold, red, end].reduce(text) { $0.replacingOccurrences(of: $1, with: "") }
        }
        #expect(plain == stripped)
    }
}

extension TextReportTests {
    @Test("a shared entry changed is no longer shared, and keeps no line made for it before")
    func changedSharedEntry() {
        var entry = ChainEntry(
            phase: .style, origin: .builtin(property: "padding"), active: nil,
            modifier: ModifierIR([.modifier("padding", [IRArgument(nil, .number(16))])]), className: "p-4")
        entry.share()
        #expect(SurfaceReport.ChainLine.of(entry).tag == "style · built-in padding ← p-4")
        #expect(entry.textMemo != nil)
        entry.className = "p-2"
        #expect(!entry.isShared)
        #expect(entry.textMemo == nil)
        #expect(SurfaceReport.ChainLine.of(entry).tag == "style · built-in padding ← p-2")
    }

    @Test("a location in text: its file escaped, its line and column in decimal for any integer")
    func locationText() {
        for (line, column) in [(1, 1), (0, 0), (-3, 12), (Int.max, Int.min), (1_000_000_000_000_000, 7)] {
            let location = SourceLocation(file: "a\u{1B}b.json", line: line, column: column)
            let w = ByteWriter()
            location.writeText(to: w)
            #expect(w.string == location.description.escapingControlCharacters)
        }
    }
}
