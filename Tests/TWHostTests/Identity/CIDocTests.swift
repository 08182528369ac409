import Foundation
import Testing

@testable import TWHost

/// docs/CI.md shows the output of one change in each format: the tests run
/// that change and compare, so the page never drifts from the binary.
@Suite("docs/CI.md", .removesTemporaryDirectories)
struct CIDocTests {
    /// The page's change, made on a snapshot of the shipped plugins: `tilt`'s
    /// order from 10 to -1, its line moved to where the merged order puts it
    /// (what `twhost registry` writes for a Motion build with that order).
    static func example() throws -> String {
        let dir = TestPaths.temporaryDirectory("ci-doc")
        try FileManager.default.createDirectory(atPath: dir + "/Examples", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestPaths.repository + "/Examples/NativeRegistryExample.json",
            toPath: dir + "/Examples/NativeRegistryExample.json")
        let registry = try twhost(["registry", "--plugins", "material,motion", "-o", dir + "/base-registry.json"])
        #expect(registry.status == 0)
        var lines = try String(contentsOfFile: dir + "/base-registry.json", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let tilt = try #require(lines.firstIndex { $0.contains(#"{"name": "tilt""#) })
        let moved = lines.remove(at: tilt).replacingOccurrences(of: #""order": 10,"#, with: #""order": -1,"#)
        let inset = try #require(lines.firstIndex { $0.contains(#"{"name": "inset""#) })
        lines.insert(moved, at: inset + 1)
        try lines.joined(separator: "\n").write(to: dir + "/twhost-registry.json")
        return dir
    }

    static func run(_ format: String, in dir: String) throws -> ProcessResult {
        try twhost(
            [
                "diff", "base-registry.json", "twhost-registry.json", "--scene", "Examples/NativeRegistryExample.json",
                "--format", format,
            ], directory: dir)
    }

    @Test("the text, GitHub, JSON and SARIF outputs on the page are the binary's")
    func outputsMatch() throws {
        let page = try String(contentsOfFile: TestPaths.repository + "/docs/CI.md", encoding: .utf8)
        let dir = try Self.example()
        for format in ["text", "github", "json"] {
            let result = try Self.run(format, in: dir)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                page.contains("\n" + result.stdout + "```\n"),
                "docs/CI.md lacks the \(format) output:\n\(result.stdout)")
        }
        // SARIF: the page shows the results (and one rule) of the real log.
        let sarif = try Self.run("sarif", in: dir)
        let results = try #require(DiffOutput.at(try DiffOutput.parse(sarif.stdout), ["runs", 0, "results"]))
        let shown = try #require(page.range(of: "```json\n{\n  \"results\": ["))
        let block = page[shown.upperBound...]
        let end = try #require(block.range(of: "\n```\n"))
        let text = "{\n  \"results\": [" + block[..<end.lowerBound]
        let pageResults = try #require(ResolveOutput.field(try DiffOutput.parse(String(text)), "results"))
        #expect(JSONValue(pageResults) == JSONValue(results))
    }
}

extension JSONValue {
    /// A parsed node as a value, for comparing documents regardless of layout.
    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map { JSONValue($0) })
        case .object(let members): self = .object(members.map { ($0.key, JSONValue($0.node)) })
        }
    }
}
