import Foundation
import Testing

@testable import TWHost
@testable import TWSwiftSource

/// `.tw("p-4 rounded")` is read from the file's bytes (`SourceContext.plainLiteral`)
/// instead of through the argument's syntax; these hold that reading to the
/// evaluator's on every argument form, read or not.
@Suite("Plain literal arguments")
struct PlainLiteralTests {
    /// Argument lists, and whether they are one plain literal read from the bytes.
    static let forms: [(source: String, fromBytes: Bool)] = [
        (#""p-4""#, true),
        (#""p-4 rounded bg-blue""#, true),
        (#" "p-4" "#, true),
        (#""p-4"\#t"#, true),
        ("\n\"p-4\"\n", true),
        (#""""#, true),
        (#""  ""#, true),
        (#""p-4 ✓ é""#, true),
        (#""p-[2px] bg-[#fff] hover:p-4""#, true),
        // A comment after `(` is the parenthesis's trivia, outside the list; one after the literal is inside it.
        (#"/* c */ "p-4""#, true),
        (#""p-4" /* c */"#, false),
        ("\"p-4\" // c\n", false),
        (#""p-4\n""#, false),
        (#""p-4\t""#, false),
        (#""a\"b""#, false),
        (#""\u{41}""#, false),
        (#""p-\(x)""#, false),
        (##"#"p-4"#"##, false),
        (##"#"p-\4"#"##, false),
        ("\"\"\"\n    p-4\n    \"\"\"", false),
        (#""a" + "b""#, false),
        (#""a", "b""#, false),
        (#"("p-4")"#, false),
        (#""p-4" as String"#, false),
        (#""p-4", state: TWState(isPressed: true)"#, false),
        (#"label: "p-4""#, false),
        ("x", false),
        (".p(4)", false),
        ("", false),
    ]

    @Test("each form: read from the bytes exactly when it is one plain literal, with the evaluator's text")
    func forms() {
        for form in Self.forms {
            let source = "let x = \"p-8\"\nlet v = Text(\"a\").tw(\(form.source))\n"
            // Also after a byte-order mark and with CRLF line ends: offsets count every byte.
            let variants = [source, "\u{FEFF}" + source, source.replacing("\n", with: "\r\n")]
            for variant in variants {
                let (read, disagreements) = SwiftSources.plainLiteralDisagreements(Array(variant.utf8))
                // `Text("a")`'s own argument is a plain literal too.
                #expect(read == (form.fromBytes ? 2 : 1), "\(variant.debugDescription)")
                #expect(disagreements == [], "\(variant.debugDescription)")
            }
        }
    }

    @Test("every Swift fixture and example: each argument list read from the bytes is the evaluator's text")
    func fixtures() throws {
        var read = 0
        for (name, bytes) in try TestPaths.swiftFixtures() {
            let result = SwiftSources.plainLiteralDisagreements(bytes)
            #expect(result.disagreements == [], "\(name)")
            read += result.read
        }
        #expect(read > 50)
    }
}
