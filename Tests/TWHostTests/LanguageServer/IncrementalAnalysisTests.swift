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
        let root = TestPaths.temporaryDirectory("lsp-incremental")
        let utf8: JSONValue = .object([("general", .object([("positionEncodings", .array([.string("utf-8")]))]))])
        let edited = try LSPClient()
        try edited.start(root: root, options: LanguageServerTests.plugins, capabilities: utf8)
        let fresh = try LSPClient()
        try fresh.start(root: root, options: LanguageServerTests.plugins, capabilities: utf8)
        let uri = fileURI(root + "/Rows.swift")
        var text = Array(Self.start.utf8)
        edited.open(uri, Self.start)
        _ = try edited.diagnostics(uri)
        var random = Generator(state: 30)
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
        // The edits went through lint findings, did-you-means and syntax errors, not one unchanging answer.
        #expect(codes.isSuperset(of: ["unknown-class", "overridden-class", "duplicate-class", "syntax-error"]))
        #expect(distinct.count > 30)
        #expect(try edited.stop() == 0)
        #expect(try fresh.stop() == 0)
    }
}
