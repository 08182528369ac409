import Foundation

@testable import TWHost

/// Fixture plugins compiled once per test run.
enum FixturePlugins {
    /// The echoing fixture, loaded by path.
    static let echoDirectory: String = {
        let dir = TestPaths.sharedDirectory("echo")
        try! FixtureCompiler.build(name: "fixture", in: dir)
        return dir
    }()

    static func echo() throws -> LoadedPlugin {
        try PluginLoader.load(path: echoDirectory + "/libfixture.so", expectedName: "fixture").get()
    }

    /// The shipped plugins from the build folder.
    static func shipped(_ names: [String]) throws -> [LoadedPlugin] {
        let result = PluginSet.load(names, searchPath: TestPaths.searchPath)
        if let error = result.errors.first { throw error }
        return result.plugins
    }
}
