import Testing

@testable import TWHost
@testable import TWModel
@testable import TWScenes
@testable import TWSupport

/// Diagnostics written straight into the report's bytes are the bytes the
/// `JSONValue` tree gave, for every field that can be missing and every
/// character JSON must escape.
@Suite("Diagnostic writing")
struct DiagnosticWritingTests {
    /// A finding with any code, part, message and hint.
    struct Finding: DiagnosticKind {
        var code: DiagnosticCode
        var part: Diagnostic.Part?
        var message: String
        var hint: String?
    }

    static let texts = [
        "", "plain", "quote \" and backslash \\", "tab\tnew\nline\rreturn", "\u{0}\u{1}\u{1F}\u{7F}", "é…😀",
        "bench-12-[…]",
    ]

    static var diagnostics: [Diagnostic] {
        var out: [Diagnostic] = []
        let codes = DiagnosticCode.allCases
        let parts: [Diagnostic.Part?] = [nil, .variant, .root, .value, .type, .target, .identity]
        for (i, text) in texts.enumerated() {
            for (j, part) in parts.enumerated() {
                let finding = Finding(
                    code: codes[(i * 7 + j) % codes.count], part: part, message: "unknown class '\(text)'",
                    hint: j % 2 == 0 ? nil : "did you mean '\(text)'?")
                let location: TWModel.SourceLocation? =
                    j % 3 == 0
                    ? nil : TWModel.SourceLocation(file: "dir/\(text).json", line: i * 1000 + j, column: j * 77)
                var d = finding.diagnostic(className: j == 4 ? nil : text, location: location)
                if j == 5 { d = d.skipped() }
                out.append(d)
            }
        }
        return out
    }

    @Test("the same bytes as the JSON tree, for none, one and many diagnostics, locations repeated or not")
    func sameBytes() {
        let all = Self.diagnostics
        for list in [[], [all[0]], [all[3]], all, [all[1], all[1], all[0], all[1], all[2], all[2]]] {
            let w = ByteWriter()
            SceneReport.writeDiagnostics(list, to: w)
            let expected = JSONValue.array(list.map(SceneReport.diagnosticJSON)).serialized(pretty: false)
            #expect(w.string == expected)
        }
        let one = Finding(code: .unknownClass, part: .root, message: "unknown class 'a\"b'", hint: nil)
            .diagnostic(className: "a\"b", location: TWModel.SourceLocation(file: "s.json", line: 12, column: 3))
        let w = ByteWriter()
        SceneReport.writeDiagnostics([one], to: w)
        #expect(
            w.string
                == #"[{"severity":"error","code":"unknown-class","class":"a\"b","part":"root","#
                + #""message":"unknown class 'a\"b'","hint":null,"location":{"file":"s.json","line":12,"column":3}}]"#)
    }
}
