import Foundation
import Testing

@testable import TWHost

/// Examples/Swift: one view per pattern of the seeds, each resolved and
/// compared with the JSON example of the same pattern (same chains).
@Suite("Swift sources: the shipped examples", .removesTemporaryDirectories)
struct SwiftExampleTests {
    /// A Swift surface, the JSON surface it matches, and which combination of
    /// the Swift surface's conditions the JSON scene shows.
    struct Pair: Sendable {
        var swift: String
        var json: String
        var combination = 0
        /// Registrations of plugins the JSON scene drops from this subtree (Swift code cannot drop one).
        var without: [String] = []
    }

    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var type: String
        var plugins: [String]
        var pairs: [Pair]
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(
            name: "NativeRegistryExample", type: "NativeRegistryExample", plugins: ["material", "motion"],
            pairs: [Pair(swift: "body/0", json: "/0"), Pair(swift: "body/1", json: "/1")]),
        Example(
            name: "NativeCompositionExample", type: "NativeCompositionExample", plugins: ["typography", "motion"],
            pairs: [Pair(swift: "body", json: "/", combination: 1)]
                + (0...5).map { Pair(swift: "body/\($0)", json: "/\($0)") }),
        Example(
            name: "TypedInterpolationExample", type: "TypedInterpolationExample", plugins: ["motion"],
            pairs: [Pair(swift: "body/0", json: "/0"), Pair(swift: "body/1", json: "/1")]),
        Example(
            name: "InterpolatedListExample", type: "InterpolatedListExample", plugins: [],
            pairs: [
                Pair(swift: "body/0", json: "/0"), Pair(swift: "body/1/0/0/0", json: "/1/0"),
                Pair(swift: "body/1/0/0/0", json: "/1/1", combination: 1),
            ]),
        Example(
            name: "GlobalRules", type: "GlobalRulesExample", plugins: ["material", "motion"],
            pairs: [
                Pair(swift: "body/0", json: "/0"), Pair(swift: "body/0/0", json: "/0/0"),
                Pair(swift: "body/0/1", json: "/0/1"),
                Pair(swift: "body/1/0/0", json: "/1/0", without: ["inset", "spin", "tilt"]),
                Pair(swift: "body/1/0/1", json: "/1/1", without: ["inset", "spin", "tilt"]),
            ]),
        Example(name: "FocusExample", type: "FocusExample", plugins: [], pairs: [Pair(swift: "body", json: "/")]),
        Example(
            name: "NativeControls", type: "NativeControls", plugins: [],
            pairs: (0...13).map { Pair(swift: "body/\($0)", json: "/\($0)") }),
    ]

    @Test("each Swift example resolves to the chains of its JSON scene", arguments: examples)
    func agrees(_ example: Example) throws {
        let plugins = example.plugins.isEmpty ? [] : ["--plugins", example.plugins.joined(separator: ",")]
        let swift = try twhost(
            ["resolve", "--format", "json", "Examples/Swift/\(example.name).swift"] + plugins,
            directory: TestPaths.repository)
        #expect(swift.status == 0, "\(swift.stdout)\(swift.stderr)")
        let json = try twhost(
            ["resolve", "--format", "json", "Examples/\(example.name).json"] + plugins, directory: TestPaths.repository)
        #expect(json.status == 0, "\(json.stderr)")
        let s = try ResolveOutput(swift.stdout)
        let j = try ResolveOutput(json.stdout)
        for pair in example.pairs {
            let path = "Examples/Swift/\(example.name).swift:\(example.type).\(pair.swift)"
            #expect(s.surface(path) != nil, "no surface \(path)")
            let combinations = s.combinations(path)
            var modifiers = combinations.isEmpty ? s.modifiers(path) : combinations[pair.combination].modifiers
            if !pair.without.isEmpty {
                let dropped = Set(pair.without)
                modifiers = zip(s.chain(path), modifiers).filter { !dropped.contains($0.0.name) }.map(\.1)
            }
            #expect(modifiers == j.modifiers(pair.json), "\(path) ↔ \(pair.json)")
            #expect(s.diagnostics(path).filter { $0 != "shadowed-registration" } == j.diagnostics(pair.json))
            if pair.without.isEmpty && pair.combination == 0 {
                #expect(
                    ResolveOutput.string(s.surface(path), "identity")
                        == ResolveOutput.string(j.surface(pair.json), "identity"),
                    "\(path) ↔ \(pair.json)")
            }
        }
        // The output follows schema/resolve-output.schema.json.
        let output = try SchemaValidator(
            schema: Array(
                try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/schema/resolve-output.schema.json")))
        )
        #expect(output.validate(try JSONParser.parse(Array(swift.stdout.utf8))) == [])
    }
}
