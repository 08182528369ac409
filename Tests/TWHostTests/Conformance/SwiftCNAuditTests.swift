import Foundation
import Testing

/// Disagreements an audit of swiftcn's own unit tests found (issue 25), each
/// pinned against the real `twhost` binary: exact chains, findings and exit
/// statuses. Every test names the swiftcn test file and test it follows.
@Suite("swiftcn parity: the audit's findings, through the binary", .removesTemporaryDirectories)
struct SwiftCNAuditTests {
    /// Writes `contents` to a fresh folder as `name` and runs `twhost ARGS… name` there.
    static func run(_ arguments: [String], _ name: String, _ contents: String) throws -> ProcessResult {
        let dir = TestPaths.temporaryDirectory("swiftcn-audit")
        try contents.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        return try twhost(arguments + [name], directory: dir)
    }

    /// The lines under the surface whose header names `path` (`body/0`, `/1`), up to the blank line.
    static func block(_ output: String, _ path: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(where: { $0.contains(" \(path)  ") }) else { return [] }
        return Array(lines[(header + 1)...].prefix { !$0.isEmpty })
    }

    static func explain(_ arguments: [String]) throws -> (status: Int32, chain: [String], diagnostics: [String]) {
        let result = try twhost(["explain"] + arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func section(_ title: String) -> [String] {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(title) }) else { return [] }
            return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
        }
        return (result.status, section("chain ("), section("diagnostics:"))
    }

    // swiftcn Tests/SwiftCNTests/ArgumentTests.swift, invalidArgumentsFailWithoutCallingNativePreconditions
    // (`scale-[-1]` throws): swiftcn's scale takes factors of 0 or more (ArgumentUtilities.swift).
    @Test("a negative scale factor is refused, however it is written")
    func negativeScale() throws {
        for classes in ["scale-[-1]", "scale-[1,-1]", "-scale-50", "-scale-[2]"] {
            let result = try Self.explain(["--", classes])
            #expect(result.status == 1, "\(classes)")
            #expect(result.chain == ["  (no modifiers)"], "\(classes)")
            #expect(
                result.diagnostics == ["  error[invalid-argument] (value): '\(classes)': a scale factor cannot be negative"])
        }
        let zero = try Self.explain(["scale-[0]"])
        #expect(zero.status == 0)
        #expect(zero.chain == ["  .scaleEffect(0)  // style · built-in scale ← scale-[0]"])
    }
}
