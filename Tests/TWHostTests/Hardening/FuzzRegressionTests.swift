import Foundation
import Testing

@testable import TWHost

/// Inputs the fuzzers found crashes with (Tests/Fixtures/fuzz), kept as tests.
@Suite("Fuzz regressions")
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
}
