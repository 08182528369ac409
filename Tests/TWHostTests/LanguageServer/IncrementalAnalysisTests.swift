import Foundation
import TWLanguageServer
import Testing

@testable import TWHost

/// A document edited change by change (reparsed incrementally, each
/// literal's lints kept from the change before) publishes exactly what a
/// fresh analysis of the same text publishes.
@Suite("twhost lsp: incremental analysis", .removesTemporaryDirectories)
struct IncrementalAnalysisTests {
    static let start = """
        import SwiftUI

        struct Rows: View {
            let card: TWClasses = "p-[8] rounded-lg"
            @State var on = false
            var body: some View {
                VStack {
                    Text("héllo").tw("p-[16] roundd-lg tilt-[8deg]")
                    Text("b").tw("p-[8] p-[16] p-[16]")
                    Text("c").padding().tw(on ? "bg-primary hovr:p-[2]" : "font-bold")
                    Button("d") {}.buttonStyle(.tw("bg-primary shadow-md"))
                    Text("e").tw(card)
                }
            }
        }

        """

    /// What typing in a class string inserts: classes, misspellings, half-written ones.
    static let classPieces = [
        " p-[4]", " roundd-lg", " rounded-lg", " hover:bg-primary", " tilt-[nope]", " p-[4]", " bogus", " é", " ",
        "[", "]", ":", "-", "x", " p-[8] p-[8]",
    ]
    /// What breaks the file for one change (the next change takes it out again), or moves lines.
    static let breaking = ["\"", "(", "{", "}", "\n", ")", " // twhost:disable:this unknown-class"]

    /// The offset after the first `pattern` in `bytes`.
    static func end(of pattern: String, in bytes: [UInt8]) -> Int? {
        let p = Array(pattern.utf8)
        guard bytes.count >= p.count else { return nil }
        for i in 0...(bytes.count - p.count) where bytes[i..<(i + p.count)].elementsEqual(p) { return i + p.count }
        return nil
    }

    /// The content ranges of the `.tw("…")`-style literals of the text (between `("` and the next `"`).
    static func literals(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "("), bytes[i + 1] == UInt8(ascii: "\""),
                let end = bytes[(i + 2)...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == 0x0A }),
                bytes[end] == UInt8(ascii: "\"")
            {
                out.append((i + 2)..<end)
                i = end
            }
            i += 1
        }
        return out
    }

    /// A generator with a fixed seed (SplitMix64): the same edits on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Int(z % UInt64(bound))
        }
    }

    /// The line and UTF-8 column of a byte offset (the clients ask for UTF-8 positions).
    static func position(_ offset: Int, in bytes: [UInt8]) -> JSONValue {
        var line = 0
        var lineStart = 0
        for (i, b) in bytes[..<offset].enumerated() where b == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return lspPosition(line, offset - lineStart)
    }

    /// A byte offset at a character boundary at or before `offset`.
    static func boundary(_ offset: Int, in bytes: [UInt8]) -> Int {
        var o = min(offset, bytes.count)
        while o > 0, o < bytes.count, bytes[o] & 0xC0 == 0x80 { o -= 1 }
        return o
    }

    @Test("random edits: after each, the published diagnostics are byte for byte a fresh analysis's")
    func randomEdits() throws {
        let (codes, distinct) = try Self.editRandomly(Self.start, seed: 30, toggles: [])
        // The edits went through lint findings, did-you-means and syntax errors, not one unchanging answer.
        #expect(codes.isSuperset(of: ["unknown-class", "overridden-class", "duplicate-class", "syntax-error"]))
        #expect(distinct > 30)
    }

    /// Views that use each other, rows of a `ForEach`, both branches of an
    /// `if`, a constant and rules set in one view for another: what a kept
    /// view reads outside itself.
    static let views = """
        import SwiftUI

        struct Badge: View {
            var body: some View {
                Text("new").tw("p-[2] roundd-lg card")
            }
        }

        struct Screen: View {
            let tone: TWClasses = "bg-primary p-[2] p-[2]"
            @State var on = false
            var body: some View {
                VStack {
                    Badge()
                    Text("a").tw("p-[4] bg-primary")
                    Text("b").tw(tone)
                    Text("c").tw(extra)
                    if on {
                        Text("d").tw("p-[8] hovr:p-[2]")
                    } else {
                        Text("d").tw("font-bold font-bold")
                    }
                    ForEach(items) { item in
                        Text("e").tw("p-[1] rounded-lg")
                    }
                }
                .twRules { rules in
                    rules.named["card"] = "p-[8] bg-primary"
                }
            }
        }

        """

    @Test(
        "random edits of views that use each other, a declaration added and taken out, lines moved: each publish is a fresh analysis's"
    )
    func randomEditsAcrossViews() throws {
        // `extra` is declared and undeclared again, in Screen (moving the rows) and at the file's end
        // (moving nothing it is used by); a row goes in above every other; Badge's body grows.
        let toggles = [
            ("struct Screen: View {\n", "    let extra: TWClasses = \"roundd-lg p-[3]\"\n"),
            ("            }\n        }\n    }\n}\n", "\nlet extra: TWClasses = \"p-[5] p-[5]\"\n"),
            ("        VStack {\n", "            Text(\"x\").tw(\"p-[1] p-[2] p-[2]\")\n"),
            ("var body: some View {\n        Text(\"new\")", ".tw(\"p-[6]\")\n        Text(\"old\")"),
        ]
        let (codes, distinct) = try Self.editRandomly(Self.views, seed: 81, toggles: toggles)
        #expect(codes.isSuperset(of: ["unknown-class", "overridden-class", "duplicate-class", "syntax-error"]))
        #expect(distinct > 30)
    }

    /// A diagnostic of a publish as `line:character code message`.
    static func lines(_ publish: JSONNode) -> [String] {
        (publish["params"]?["diagnostics"]?.array ?? []).map { d in
            let at = d["range"]?["start"]
            return "\(at?["line"]?.int ?? -1):\(at?["character"]?.int ?? -1) \(d["code"]?.string ?? "") "
                + (d["message"]?.string ?? "")
        }
    }

    /// Opens `start`, expects `initial`, then applies each step's change and
    /// expects its diagnostics — each publish also equal to a fresh server's.
    static func check(
        _ start: String, initial: [String], steps: [(range: JSONValue, text: String, expected: [String])]
    ) throws {
        let root = TestPaths.temporaryDirectory("lsp-steps")
        let utf8: JSONValue = .object([("general", .object([("positionEncodings", .array([.string("utf-8")]))]))])
        let edited = try LSPClient()
        try edited.start(root: root, options: LanguageServerTests.plugins, capabilities: utf8)
        let fresh = try LSPClient()
        try fresh.start(root: root, options: LanguageServerTests.plugins, capabilities: utf8)
        let uri = fileURI(root + "/Screen.swift")
        edited.open(uri, start)
        #expect(lines(try edited.diagnostics(uri)) == initial)
        var text = start
        for (i, step) in steps.enumerated() {
            edited.notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .number(Double(i + 2)))])),
                    ("contentChanges", .array([.object([("range", step.range), ("text", .string(step.text))])])),
                ]))
            let published = try edited.diagnostics(uri)
            #expect(lines(published) == step.expected, "after change \(i + 1)")
            text = applied(step.range, step.text, to: text)
            fresh.open(uri, text, version: i + 2)
            #expect(published["params"]?.compact == (try fresh.diagnostics(uri))["params"]?.compact)
            fresh.notify("textDocument/didClose", .object([("textDocument", textDocument(uri))]))
            _ = try fresh.diagnostics(uri)
        }
        #expect(try edited.stop() == 0)
        #expect(try fresh.stop() == 0)
    }

    @Test("a change to a view another view uses, or to the rules the user sets for it, changes the user's diagnostics")
    func viewUsedElsewhere() throws {
        let start = """
            import SwiftUI

            struct Badge: View {
                var body: some View {
                    Text("new").tw("p-[2] roundd-lg card")
                }
            }

            struct Screen: View {
                var body: some View {
                    VStack {
                        Badge()
                        Text("a").tw("p-[4] bg-primary")
                    }
                    .twRules { rules in
                        rules.named["card"] = "p-[8] bg-primary"
                    }
                }
            }

            """
        let overridden = [
            "4:24 overridden-class 'p-[2]' has no effect: 'card' later in the literal sets every property it sets — remove it (twhost check --fix does)",
            "4:30 overridden-class 'rounded-lg' has no effect: 'card' later in the literal sets every property it sets — remove it (twhost check --fix does)",
        ]
        // Badge's literal mended, then the recipe Screen sets for Badge's `card` broken, then a row of Screen's own.
        let steps: [(range: JSONValue, text: String, expected: [String])] = [
            (lspRange(4, 30, 4, 39), "rounded-lg", overridden),
            (lspRange(15, 41, 15, 51), "nope-zz", overridden + ["4:41 unknown-class unknown class 'nope-zz'"]),
            (
                lspRange(12, 26, 12, 26), "p-[4] ",
                overridden + [
                    "4:41 unknown-class unknown class 'nope-zz'",
                    "12:32 duplicate-class 'p-[4]' is already written at column 27 of this literal — remove it (twhost check --fix does)",
                ]
            ),
            (
                lspRange(15, 41, 15, 48), "bg-primary",
                overridden + [
                    "12:32 duplicate-class 'p-[4]' is already written at column 27 of this literal — remove it (twhost check --fix does)"
                ]
            ),
        ]
        try Self.check(
            start, initial: ["4:30 unknown-class unknown class 'roundd-lg' — did you mean 'rounded-lg'?"], steps: steps)
    }

    @Test("a name a kept view looked for and did not find, declared later in the file: the view is read again")
    func nameDeclaredLater() throws {
        let start = """
            import SwiftUI

            struct Screen: View {
                var body: some View {
                    Text("c").tw(extra)
                }
            }

            """
        let dynamic =
            "4:21 dynamic-classes `extra` is known only at run time (a value, not a class constant); its classes are not checked"
            + " — write the classes as literals, TWClasses constants or cn(…) in this file to have them checked"
        let declared = "let extra: TWClasses = \"p-[5] p-[5]\"\n"
        try Self.check(
            start, initial: [dynamic],
            steps: [
                (lspRange(7, 0, 7, 0), declared, []),
                (lspRange(7, 0, 8, 0), "", [dynamic]),
            ])
    }

    /// `text` with a UTF-8 LSP range replaced.
    static func applied(_ range: JSONValue, _ piece: String, to text: String) -> String {
        var bytes = Array(text.utf8)
        func offset(_ p: JSONValue?) -> Int {
            guard case .object(let members)? = p else { return 0 }
            var line = 0
            var character = 0
            for (k, v) in members {
                if case .number(let n) = v { if k == "line" { line = Int(n) } else { character = Int(n) } }
            }
            var at = 0
            for _ in 0..<line { at = (bytes[at...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1 }
            return at + character
        }
        guard case .object(let members) = range else { return text }
        let start = offset(members.first { $0.0 == "start" }?.1)
        let end = offset(members.first { $0.0 == "end" }?.1)
        bytes.replaceSubrange(start..<end, with: Array(piece.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Applies 60 changes chosen by `seed` through `didChange`, each compared
    /// with a fresh server's publish of the same text; `toggles` are texts
    /// inserted after an anchor and taken out again by a later change.
    /// Returns the codes published and how many distinct publishes there were.
    static func editRandomly(_ start: String, seed: UInt64, toggles: [(anchor: String, text: String)]) throws -> (
        Set<String>, Int
    ) {
        let root = TestPaths.temporaryDirectory("lsp-incremental")
        let utf8: JSONValue = .object([("general", .object([("positionEncodings", .array([.string("utf-8")]))]))])
        let edited = try LSPClient()
        try edited.start(root: root, options: LanguageServerTests.plugins, capabilities: utf8)
        let fresh = try LSPClient()
        try fresh.start(root: root, options: LanguageServerTests.plugins, capabilities: utf8)
        let uri = fileURI(root + "/Rows.swift")
        var text = Array(start.utf8)
        edited.open(uri, start)
        _ = try edited.diagnostics(uri)
        var random = Generator(state: seed)
        var inserted = [Bool](repeating: false, count: toggles.count)
        var codes = Set<String>()
        var broken: (at: Int, length: Int)?
        var distinct = Set<String>()
        for version in 2...61 {
            // A broken file is mended by the next change; otherwise one or two changes in class
            // strings, a new row after `VStack {`, or a change that breaks the file.
            var changes: [JSONValue] = []
            func change(_ lower: Int, _ upper: Int, _ piece: String) {
                let range: JSONValue = .object([
                    ("start", Self.position(lower, in: text)), ("end", Self.position(upper, in: text)),
                ])
                changes.append(.object([("range", range), ("text", .string(piece))]))
                text.replaceSubrange(lower..<upper, with: Array(piece.utf8))
            }
            if let (at, length) = broken {
                change(at, at + length, "")
                broken = nil
            } else if !toggles.isEmpty, random.next(4) == 0 {
                let k = random.next(toggles.count)
                let piece = Array(toggles[k].text.utf8)
                if inserted[k], let end = Self.end(of: toggles[k].anchor + toggles[k].text, in: text) {
                    change(end - piece.count, end, "")
                    inserted[k] = false
                } else if !inserted[k], let end = Self.end(of: toggles[k].anchor, in: text) {
                    change(end, end, toggles[k].text)
                    inserted[k] = true
                }
            } else if random.next(6) == 0 {
                let at = Self.boundary(random.next(text.count + 1), in: text)
                let piece = Self.breaking[random.next(Self.breaking.count)]
                change(at, at, piece)
                broken = (at, piece.utf8.count)
            } else if random.next(5) == 0, let stack = Self.end(of: "VStack {\n", in: text) {
                change(stack, stack, "            Text(\"x\").tw(\"p-[1] p-[2] p-[2]\")\n")
            } else {
                for _ in 0..<(1 + random.next(2)) {
                    let sites = Self.literals(text)
                    guard !sites.isEmpty else { break }
                    let site = sites[random.next(sites.count)]
                    let lower = Self.boundary(site.lowerBound + random.next(site.count + 1), in: text)
                    let upper =
                        random.next(3) == 0
                        ? Self.boundary(min(site.upperBound, lower + random.next(8)), in: text) : lower
                    change(lower, upper, Self.classPieces[random.next(Self.classPieces.count)])
                }
            }
            edited.notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .number(Double(version)))])),
                    ("contentChanges", .array(changes)),
                ]))
            let incremental = try edited.diagnostics(uri)
            let source = String(decoding: text, as: UTF8.self)
            fresh.open(uri, source, version: version)
            let full = try fresh.diagnostics(uri)
            fresh.notify("textDocument/didClose", .object([("textDocument", textDocument(uri))]))
            _ = try fresh.diagnostics(uri)
            #expect(
                incremental["params"]?.compact == full["params"]?.compact, "after change \(version - 1):\n\(source)")
            let items = full["params"]?["diagnostics"]?.array ?? []
            for d in items { codes.insert(d["code"]?.string ?? "") }
            distinct.insert(full["params"]?["diagnostics"]?.compact ?? "")
        }
        #expect(try edited.stop() == 0)
        #expect(try fresh.stop() == 0)
        return (codes, distinct.count)
    }
}
