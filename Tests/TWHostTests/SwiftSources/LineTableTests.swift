import Foundation
import Testing

@testable import TWHost
@testable import TWSwiftSource

@Suite("Line table")
struct LineTableTests {
    @Test("lines and columns are SwiftSyntax's at every token: \\n, \\r\\n and a lone \\r end a line; columns count UTF-8 bytes")
    func agreesWithSwiftSyntax() throws {
        let sources = [
            "struct A: View {\n    var body: some View { Text(\"café ✓\").tw(\"p-4\") }\n}\n",
            "struct A: View {\r\n    var body: some View {\r\n        Text(\"x\")\r\n            .tw(\"p-4\")\r\n    }\r\n}",
            "struct A: View {\r    var body: some View {\r        Text(\"é\").tw(\"p-4\") // ✓\r    }\r}\r",
            "/* a\r\nb\rc\n */ let x = \"\"\"\r\n  line\r  other\n  \"\"\"\n\n\r\r\n\nlet y = 1",
            "",
        ]
        for source in sources {
            let bytes = Array(source.utf8)
            #expect(SwiftSources.lineTableDisagreements(bytes) == [], "\(source.debugDescription)")
        }
        let table = LineTable(Array("a\r\nb\rc\nd".utf8))
        #expect(table.place(0) == (1, 1))
        #expect(table.place(3) == (2, 1))
        #expect(table.place(5) == (3, 1))
        #expect(table.place(7) == (4, 1))
        #expect(table.offset(line: 3, column: 1) == 5)
    }

    @Test("every Swift fixture and example: the table and SwiftSyntax agree")
    func fixtures() throws {
        let files = try TestPaths.swiftFixtures()
        for (name, bytes) in files {
            #expect(SwiftSources.lineTableDisagreements(bytes) == [], "\(name)")
        }
        #expect(files.count > 10)
    }

    @Test("lines: each line's bytes without its end, as the table numbers them (\\n, \\r\\n, a lone \\r)")
    func lines() throws {
        func texts(_ source: String) -> [String] {
            LineTable.lines(Array(source.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(texts("a\r\nb\rc\nd") == ["a", "b", "c", "d"])
        #expect(texts("a\n") == ["a", ""])
        #expect(texts("a\r\r\n") == ["a", "", ""])
        #expect(texts("") == [""])
        #expect(texts("\r") == ["", ""])
        // As many lines as the table has, for every fixture.
        for (name, bytes) in try TestPaths.swiftFixtures() {
            let table = LineTable(bytes)
            #expect(LineTable.lines(bytes).count == table.place(bytes.count).line, "\(name)")
        }
    }
}
