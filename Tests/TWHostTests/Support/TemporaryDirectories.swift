import Foundation
import Glibc
import Testing

/// Where test support makes temporary folders, so that a test run leaves
/// nothing in the temporary directory.
///
/// Every folder is made under one root per test process
/// (`twhost-tests-run-<pid>-<uuid>`), removed when the process exits. Inside a
/// test of a suite marked `.removesTemporaryDirectories`, a folder goes under
/// that test's own scope and is removed as soon as the test ends. A folder that
/// a test makes outside any scope would outlive it: that is recorded as an
/// issue, failing the test. Fixtures shared by many tests (`static let`) use
/// `TestPaths.sharedDirectory`, which lives as long as the process.
enum TemporaryDirectories {
    static let prefix = "twhost-tests-run-"

    /// The root of this process's folders, made on first use.
    static let root: String = {
        removeAbandonedRoots()
        let path = NSTemporaryDirectory() + prefix + "\(getpid())-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // A C function pointer: it captures nothing and reads `root` again.
        atexit { try? FileManager.default.removeItem(atPath: TemporaryDirectories.root) }
        return path
    }()

    /// The folder of the test running in this task, when it runs in a scope.
    @TaskLocal static var scope: String?

    /// A new folder named after `label`: in the current test's scope, or
    /// under the process root for a fixture shared by tests.
    static func make(_ label: String, shared: Bool) -> String {
        if !shared, scope == nil, Test.current != nil {
            Issue.record(
                "temporary folder '\(label)' made outside a .removesTemporaryDirectories scope: it would outlive its test"
            )
        }
        let parent = shared ? root : scope ?? root
        let path = parent + "/\(label)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs `body` with its own scope folder, removed when it returns or throws.
    static func withScope<R>(_ body: () async throws -> R) async rethrows -> R {
        let folder = root + "/test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try await $scope.withValue(folder) { try await body() }
    }

    /// Roots of test processes that are gone (killed, or crashed before exit).
    /// Roots of running processes — another `swift test` on the machine — are kept.
    static func removeAbandonedRoots() {
        let temporary = NSTemporaryDirectory()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }) else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: temporary + name)
            }
        }
    }
}

/// Gives each test (each case of a parameterized test) its own temporary
/// folder scope, removed when the test ends: `@Suite("…", .removesTemporaryDirectories)`.
struct RemovesTemporaryDirectories: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await TemporaryDirectories.withScope { try await function() }
    }
}

extension Trait where Self == RemovesTemporaryDirectories {
    static var removesTemporaryDirectories: Self { Self() }
}
