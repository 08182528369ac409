import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// Inputs the fuzzers found crashes with (Tests/Fixtures/fuzz), kept as tests.
@Suite("Fuzz regressions", .removesTemporaryDirectories)
struct FuzzRegressionTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Tests/Fixtures/fuzz/" + name)))
    }

    @Test("a snapshot whose utility has fewer probes than twhost writes prints and diffs")
    func fewProbes() throws {
        let bytes = try Self.fixture("snapshot-few-probes.json")
        let snapshot = try RegistrySnapshot.read(bytes)
        #expect(snapshot.entry(.utility, "surface")?.probes?.count == 2)
        #expect(snapshot.text.contains("utility   surface-[…] (material)  (no probe for 4)"))
        let again = try RegistrySnapshot.read(Array(snapshot.json.serialized().utf8))
        #expect(again == snapshot)
        let dir = TestPaths.temporaryDirectory("fuzz-few-probes")
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/few.json"))
        let diff = try twhost(["diff", dir + "/few.json", "plugins:material,motion,typography"])
        // The hand-made snapshot has only the material plugin's old registrations: the
        // motion and typography slots are new to it (identity findings, blocking), in
        // plugins whose versions did not go up.
        #expect(diff.status == 1)
        #expect(diff.stdout.contains("utility-changed"))
        #expect(
            diff.stdout.hasSuffix(
                "12 finding(s): 7 blocking, 0 allowed; identity 6, breaking 0, behavior 1, compatible 3, version 2, input 0\n"
            ))
    }

    @Test("Swift with brackets nested 54 deep is refused before the parser, which takes exponential time on it")
    func nestedBrackets() throws {
        // FuzzSwiftSource: SwiftParser took minutes on these 391 bytes.
        let bytes = try Self.fixture("swift-nested-brackets.swift.txt")
        let file = SwiftSources.read(path: "Slow.swift", bytes: bytes)
        #expect(file.scene == nil)
        #expect(file.diagnostics.map(\.code.rawValue) == ["parse-limit"])
        #expect(file.diagnostics.first?.location == SourceLocation(file: "Slow.swift", line: 4, column: 77))
        #expect(
            file.diagnostics.first?.message
                == "brackets nested 54 deep (array, dictionary or subscript brackets without a brace between): the Swift parser takes exponential time on such nesting, so the file is not read"
        )
        // Brackets in strings, interpolations' strings and comments are not code; a brace starts over.
        let fine = #"""
            let s = "[[[[[[[[[[[[[[[[[[[[[[[ \([1, [2]]) \(["a": [[3]]])"
            // [[[[[[[[[[[[[[[[[[[[[[[[
            /* [[[[[[[ /* [[[[[[[[[[[[[ */ [[[[[[[[ */
            let t = [[[[[[[[[[[{ [[[[[[[[[[[1]]]]]]]]]]] }]]]]]]]]]]]
            """#
        #expect(SwiftSources.read(path: "Fine.swift", bytes: Array(fine.utf8)).scene != nil)
        // A one-line string ends at its line, closed or not: what follows is code again.
        let unterminated = SwiftSources.read(
            path: "Open.swift", bytes: try Self.fixture("swift-unterminated-string.swift.txt"))
        #expect(unterminated.diagnostics.map(\.code.rawValue) == ["parse-limit"])
        #expect(unterminated.diagnostics.first?.location == SourceLocation(file: "Open.swift", line: 37, column: 50))
        // Many shallower nestings add up: parsing them would take seconds each hundred.
        let many = String(
            repeating: "let a = " + String(repeating: "[", count: 11) + "1" + String(repeating: "]", count: 11) + "\n",
            count: 100)
        let refused = SwiftSources.read(path: "Many.swift", bytes: Array(many.utf8))
        #expect(refused.diagnostics.map(\.code.rawValue) == ["parse-limit"])
    }

    @Test("Swift that made the parser's diagnostics generator trap is reported from the tree instead")
    func fixItTrap() throws {
        // FuzzSwiftSource: SwiftParserDiagnostics built a Fix-It with no change and trapped.
        let file = SwiftSources.read(path: "Trap.swift", bytes: try Self.fixture("swift-fixit-trap.swift.txt"))
        #expect(file.scene == nil)
        #expect(
            file.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == [
                "7:24 invalid character U+0017 in the source (82 in a row)",
                "45:59 invalid character U+001E in the source",
            ])
        #expect(file.diagnostics.allSatisfy { $0.code == .syntaxError && $0.severity == .error })
    }

    @Test("rules whose getter returns the property itself end with a note, not a stack overflow")
    func selfReferencingRules() throws {
        // FuzzSwiftSource: `var rules: TWGlobalRules { … return rules }` recursed without end.
        let file = SwiftSources.read(
            path: "Rules.swift", bytes: try Self.fixture("swift-self-referencing-rules.swift.txt"))
        let scene = try #require(file.scene)
        let resolution = try SceneResolver.resolve(scene, plugins: [])
        #expect(resolution.surfaces.count == 5)
        #expect(
            resolution.diagnostics.map(\.message) == [
                "the rules `rules` is not read statically; what it adds is not checked"
            ])
        // Chained ternaries and nested styles nest as deep as the input: past a bound, a value is symbolic.
        let ternaries =
            "struct T: View { @State var c = 0\n var body: some View { Text(\"x\").tw("
            + String(repeating: "c == 1 ? \"p-1\" : ", count: 5_000) + "\"p-2\") } }"
        let t = try #require(SwiftSources.read(path: "T.swift", bytes: Array(ternaries.utf8)).scene)
        #expect(try SceneResolver.resolve(t, plugins: []).surfaces.count == 1)
        let styles =
            "struct S: View { var body: some View { Text(\"x\").tw(" + String(repeating: ".hover(", count: 60) + ".p(3)"
            + String(repeating: ")", count: 60) + ") } }"
        let st = try #require(SwiftSources.read(path: "S.swift", bytes: Array(styles.utf8)).scene)
        let record = try #require(try SceneResolver.resolve(st, plugins: []).surfaces.first)
        #expect(record.findings.map(\.code.rawValue) == ["dynamic-classes"])
    }

    @Test("a snapshot version too large for an integer is refused, not a trap")
    func hugeVersion() throws {
        let bytes = try Self.fixture("snapshot-huge-version.json")
        #expect(throws: RegistrySnapshot.ReadError.self) { try RegistrySnapshot.read(bytes) }
        let huge = Array(#"{"twhostRegistry": 1e300, "plugins": [], "registrations": []}"#.utf8)
        do {
            _ = try RegistrySnapshot.read(huge)
            Issue.record("a 1e300 version was accepted")
        } catch {
            #expect(error.description.contains("snapshot format version 1e+300 is not supported"))
        }
    }

    @Test("two roots of one name (a body declared twice, functions overloaded by type) have paths of their own")
    func rootsOfOneName() throws {
        // FuzzSwiftSource (the check that no two surfaces share a path): a type with two `body`s gave both
        // roots one path, so the second's surfaces took the first's.
        let bytes = try Self.fixture("swift-two-bodies.swift.txt")
        let file = SwiftSources.read(path: "Two.swift", bytes: bytes)
        let scene = try #require(file.scene)
        let paths = try SceneResolver.resolve(scene, plugins: []).surfaces.map(\.path)
        #expect(Set(paths).count == paths.count)
        #expect(paths.filter { $0.hasPrefix("Two.swift:GlobalRulesExample.body[2]/") }.count == 2)
        // Valid Swift: `row(_:)` overloaded by its parameter's type.
        let overloads = """
            import SwiftUI
            struct Over: View {
                var body: some View { Text("b").tw("p-4") }
                func row(_ n: Int) -> some View { Text("\\(n)").tw("p-1") }
                func row(_ s: String) -> some View { Text(s).tw("p-2") }
            }
            """
        let read = SwiftSources.read(path: "Over.swift", bytes: Array(overloads.utf8))
        let resolved = try SceneResolver.resolve(try #require(read.scene), plugins: [])
        #expect(
            resolved.surfaces.map(\.path) == [
                "Over.swift:Over.body", "Over.swift:Over.row(_:)", "Over.swift:Over.row(_:)[2]",
            ])
    }
}
