import Foundation
import Testing

@testable import TWHost
@testable import TWSupport

/// A JSON value as canonical text (members in document order).
private func canonical(_ node: JSONNode) -> String {
    switch node.value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return JSONValue.format(n)
    case .string(let s): return JSONValue.string(s).serializedOnOneLine()
    case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
    case .object(let members):
        return "{"
            + members.map { JSONValue.string($0.key).serializedOnOneLine() + ":" + canonical($0.node) }
            .joined(separator: ",") + "}"
    }
}

private func members(_ node: JSONNode) -> [JSONMember] {
    if case .object(let members) = node.value { return members }
    return []
}

private func items(_ node: JSONNode?) -> [JSONNode] {
    if let node, case .array(let items) = node.value { return items }
    return []
}

private func field(_ node: JSONNode, _ key: String) -> JSONNode? {
    members(node).first { $0.key == key }?.node
}

private func validator(_ name: String) throws -> SchemaValidator {
    try SchemaValidator(
        schema: Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/schema/" + name))))
}

private func index(_ node: JSONNode?) -> Int {
    if let node, case .number(let n) = node.value { return Int(n) }
    return -1
}

/// A compact surface with its indices replaced by what they point at, as the JSON format writes it.
private func expand(_ surface: JSONNode, in document: JSONNode) -> JSONNode {
    let identities = items(field(document, "identities"))
    let entries = items(field(document, "entries"))
    let tails = items(field(document, "tails"))
    var out: [JSONMember] = []
    for m in members(surface) {
        switch m.key {
        case "identity": out.append(JSONMember(key: "identity", node: identities[index(m.node)]))
        case "chain":
            let chain = items(m.node).map { entries[index($0)] }
            out.append(JSONMember(key: "chain", node: JSONNode(value: .array(chain), line: 0)))
        case "tail": out += members(tails[index(m.node)])
        default: out.append(m)
        }
    }
    return JSONNode(value: .object(out), line: 0)
}

/// `--format compact` and `--summary` carry the JSON report's data.
@Suite("Compact and summary reports", .removesTemporaryDirectories)
struct CompactReportTests {
    @Test("every example's compact report, expanded, is its JSON report: surfaces, backing, diagnostics, summary")
    func compactExpandsToJSON() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repository + "/Examples")
            .filter { $0.hasSuffix(".json") }.sorted()
        for name in examples + ["mixed"] {
            let args: [String]
            var input: String?
            if name == "mixed" {
                args = ["-"]
                input = CorpusDigestTests.mixedScene(rows: 40)
            } else {
                args = [TestPaths.repository + "/Examples/" + name]
            }
            let json = try twhost(["resolve", "--format", "json"] + args, input: input)
            let compact = try twhost(["resolve", "--format", "compact", "--jobs", "2"] + args, input: input)
            #expect(compact.status == json.status)
            #expect(compact.stderr == json.stderr)
            let full = try JSONParser.parse(Array(json.stdout.utf8))
            let small = try JSONParser.parse(Array(compact.stdout.utf8))
            #expect(canonical(try #require(field(small, "format"))) == #""compact""#)
            #expect(try validator("resolve-compact.schema.json").validate(small) == [], "\(name)")
            let expanded = items(field(small, "surfaces")).map { canonical(expand($0, in: small)) }
            let surfaces = items(field(full, "surfaces")).map(canonical)
            #expect(expanded.count == surfaces.count, "\(name)")
            #expect(expanded == surfaces, "\(name)")
            for key in ["twhost", "plugins", "backing", "diagnostics", "summary"] {
                #expect(field(small, key).map(canonical) == field(full, key).map(canonical), "\(name) \(key)")
            }
            // Each distinct entry once.
            let entries = items(field(small, "entries")).map(canonical)
            #expect(Set(entries).count == entries.count)
        }
    }

    @Test("a tail known by its animation and backing is the tail it renders, beside tails that hold more")
    func keyedTails() throws {
        // Each row with something more in its tail than its animation and
        // backing (diagnostics, `twAnimation`, a button style, an adapter)
        // comes after a row with the same animation and backing, and plain
        // rows come after it.
        let rows = [
            #"{"type": "Text", "tw": "p-4"}"#, #"{"type": "Text", "tw": "p-4 bogus-thing"}"#,
            #"{"type": "Text", "tw": "p-2"}"#, #"{"type": "Text", "tw": "p-4", "twAnimation": "animate-smooth"}"#,
            #"{"type": "Text", "tw": "p-2"}"#, #"{"type": "Button", "tw": "p-2"}"#,
            #"{"type": "Button", "tw": "p-4", "buttonStyle": "button-primary"}"#,
            #"{"type": "Text", "tw": "p-4 duration-300"}"#, #"{"type": "Text", "tw": "p-2 hover:bogus"}"#,
            #"{"type": "Text", "tw": "duration-300 p-2"}"#, #"{"type": "Text", "tw": "p-2"}"#,
            #"{"type": "Text", "tw": "p-4 animate-spin"}"#, #"{"type": "Text", "tw": "p-2 duration-300"}"#,
            // Adapters: the same backing as the plain text fields around them.
            #"{"type": "TextField", "label": "A", "tw": "p-2"}"#,
            #"{"type": "TextField", "label": "B", "tw": "p-4", "textFieldStyle": "p-3"}"#,
            #"{"type": "TextField", "label": "C", "tw": "p-2"}"#,
        ]
        let scene = #"{"scene": 1, "root": {"type": "VStack", "children": [\#(rows.joined(separator: ",\n"))]}}"#
        for jobs in ["1", "2"] {
            let json = try twhost(["resolve", "--format", "json", "--jobs", jobs, "-"], input: scene)
            let compact = try twhost(["resolve", "--format", "compact", "--jobs", jobs, "-"], input: scene)
            #expect(json.status == 1)
            #expect(compact.status == json.status)
            let full = try JSONParser.parse(Array(json.stdout.utf8))
            let small = try JSONParser.parse(Array(compact.stdout.utf8))
            let surfaces = items(field(full, "surfaces")).map(canonical)
            #expect(surfaces.count == rows.count)
            #expect(items(field(small, "surfaces")).map { canonical(expand($0, in: small)) } == surfaces)
            // The plain rows share one tail; the others each have their own.
            #expect(items(field(small, "surfaces")).map { index(field($0, "tail")) } == [0, 1, 0, 2, 0, 3, 4, 5, 6, 5, 0, 7, 5, 8, 9, 8])
        }
    }

    @Test("the summary keeps each surface's path, id, location, status, identity and diagnostics")
    func summary() throws {
        let scene = CorpusDigestTests.mixedScene(rows: 30)
        let json = try twhost(["resolve", "--format", "json", "-"], input: scene)
        let summary = try twhost(["resolve", "--format", "json", "--summary", "-"], input: scene)
        #expect(summary.status == json.status)
        let full = try JSONParser.parse(Array(json.stdout.utf8))
        let short = try JSONParser.parse(Array(summary.stdout.utf8))
        let keys = ["path", "id", "location", "status", "identity", "diagnostics"]
        let want = items(field(full, "surfaces")).map { s in
            keys.map { k in field(s, k).map(canonical) ?? "?" }.joined(separator: "|")
        }
        let got = items(field(short, "surfaces")).map { s in
            #expect(members(s).map(\.key) == keys)
            return keys.map { k in field(s, k).map(canonical) ?? "?" }.joined(separator: "|")
        }
        #expect(got == want)
        #expect(try validator("resolve-summary.schema.json").validate(short) == [])
        #expect(field(short, "summary").map(canonical) == field(full, "summary").map(canonical))
        let text = try twhost(["resolve", "--summary", "-"], input: scene)
        #expect(text.status == json.status)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.first == "<stdin>:1:178: /0/0  id 0  (decorated)  identity 307049d0040baffa")
        #expect(lines.last == "90 surface(s): 55 decorated, 35 undecorated; 35 error(s), 0 warning(s)")
        #expect(lines.last == (try twhost(["resolve", "-"], input: scene)).stdout.split(separator: "\n").last)
        let misuse = try twhost(["resolve", "--summary", "--format", "compact", "-"], input: scene)
        #expect(misuse.status == 64)
        #expect(misuse.stderr == "error: --summary writes text or json, not compact\n")
    }
}

extension CompactReportTests {
    /// One compact report of `records` in process, each surface rendered and
    /// written as the command does (its own writer), optionally after `before`.
    private static func report(_ records: [SurfaceRecord], after before: [SurfaceRecord] = []) throws -> JSONNode {
        let out = ByteWriter()
        let report = CompactReport(writer: out)
        report.writeHeader(plugins: [])
        for record in before + records {
            let w = ByteWriter()
            let part = CompactReport.render(record, tables: report.tables, into: w)
            report.write(w.bytes, [part])
        }
        report.writeFooter(SceneResolution(plugins: [], surfaces: [], diagnostics: [], scopeCount: 1))
        return try JSONParser.parse(out.bytes)
    }

    @Test("reports in one process number shared entries and tails each on their own")
    func reportsInOneProcess() throws {
        // One scope for both scenes: their surfaces hand the same memoised entries around.
        let shared = SharedScopes(environment: RenderEnvironment())
        func records(_ lists: [String]) throws -> [SurfaceRecord] {
            let children = lists.map { #"{"type": "Text", "tw": "\#($0)"}"# }.joined(separator: ", ")
            var reader = SceneReader(file: "s.json")
            let scene = try reader.read(
                Array(#"{"scene": 1, "root": {"type": "VStack", "children": [\#(children)]}}"#.utf8))
            return try SceneResolver.resolve(scene, plugins: [], shared: shared).surfaces
        }
        let first = try records(["p-4 bg-blue", "p-4 bg-blue opacity-50", "font-bold p-4", "p-4 bg-blue"])
        // Another report meets other entries (and the same) first, so its numbers differ.
        let other = try records(["rounded-lg", "opacity-50 animate-spin", "font-bold", "bg-blue"])
        let alone = try Self.report(first)
        let afterOther = try Self.report(first, after: other)
        let again = try Self.report(first)
        let want = items(field(alone, "surfaces")).map { canonical(expand($0, in: alone)) }
        #expect(want.count == 4)
        let got = items(field(afterOther, "surfaces")).dropFirst(other.count).map {
            canonical(expand($0, in: afterOther))
        }
        #expect(Array(got) == want)
        #expect(items(field(again, "surfaces")).map { canonical(expand($0, in: again)) } == want)
        // The numbers kept from the report before are not this one's: its tables start again.
        #expect(canonical(try #require(field(again, "entries"))) == canonical(try #require(field(alone, "entries"))))
    }
}
