import Foundation
import Testing

/// Test support removes what each test made in the temporary directory.
@Suite("Temporary folders of the tests", .removesTemporaryDirectories)
struct TemporaryDirectoriesTests {
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test("a folder made in a test is removed, with its contents, when the test ends")
    func removedAtTheEnd() async throws {
        var made = ""
        try await TemporaryDirectories.withScope {
            made = TestPaths.temporaryDirectory("probe")
            try FileManager.default.createDirectory(atPath: made + "/a/b", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: made + "/a/b/file"))
            #expect(Self.exists(made + "/a/b/file"))
        }
        #expect(!made.isEmpty)
        #expect(!Self.exists(made), "\(made) outlived its test")
    }

    @Test("a test of a marked suite makes its folders in its own scope, under the process's root")
    func inItsScope() throws {
        let scope = try #require(TemporaryDirectories.scope)
        #expect(scope.hasPrefix(TemporaryDirectories.root + "/"))
        #expect(TestPaths.temporaryDirectory("mine").hasPrefix(scope + "/"))
        #expect(TestPaths.sharedDirectory("fixture").hasPrefix(TemporaryDirectories.root + "/"))
        #expect(!TestPaths.sharedDirectory("fixture").hasPrefix(scope))
    }

    @Test("a folder made outside a scope fails the test that made it")
    func outsideAScope() {
        var made = ""
        withKnownIssue {
            TemporaryDirectories.$scope.withValue(nil) { made = TestPaths.temporaryDirectory("unscoped") }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("made outside a .removesTemporaryDirectories scope") }
        }
        try? FileManager.default.removeItem(atPath: made)
    }

    @Test("the root of a test process that is gone is removed; a running one's is kept")
    func abandonedRoots() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        let abandoned =
            NSTemporaryDirectory() + TemporaryDirectories.prefix + "\(process.processIdentifier)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: abandoned + "/left", withIntermediateDirectories: true)
        TemporaryDirectories.removeAbandonedRoots()
        #expect(!Self.exists(abandoned))
        #expect(Self.exists(TemporaryDirectories.root))
    }
}
