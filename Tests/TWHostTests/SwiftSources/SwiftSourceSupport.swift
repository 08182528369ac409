import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// Reading and resolving Swift sources in process, with the shipped plugins.
enum SwiftSource {
    /// The file's scene and reader diagnostics.
    static func read(_ source: String, path: String = "View.swift") -> SwiftSourceFile {
        SwiftSources.read(path: path, bytes: Array(source.utf8))
    }

    /// The file resolved with the named shipped plugins.
    static func resolve(_ source: String, plugins: [String] = [], path: String = "View.swift") throws
        -> SceneResolution
    {
        let file = read(source, path: path)
        guard let scene = file.scene else {
            Issue.record("the source did not parse: \(file.diagnostics.map(\.message))")
            throw SwiftSourceTestError.unreadable
        }
        return try SceneResolver.resolve(scene, plugins: try FixturePlugins.shipped(plugins))
    }

    /// A folder of Swift files (name → source) under a fresh temporary directory.
    static func folder(_ files: [String: String], label: String) throws -> String {
        let root = TestPaths.temporaryDirectory(label)
        for (name, source) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try source.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }
}

enum SwiftSourceTestError: Error { case unreadable }

extension SceneResolution {
    /// The surface at a path.
    func record(_ path: String) -> SurfaceRecord? { surfaces.first { $0.path == path } }
}

extension SurfaceRecord {
    /// Every diagnostic of the record: its surfaces' and its own findings.
    var allDiagnostics: [Diagnostic] { allSurfaces.flatMap(\.diagnostics) + findings }
}

extension ResolveOutput {
    /// The `modifier` strings of a surface's chain, in order.
    func modifiers(_ path: String) -> [String] { chain(path).map(\.modifier) }

    /// A surface's combinations: `when` (condition → value), identity and chain modifiers.
    func combinations(_ path: String) -> [(when: [String: Bool], identity: String, modifiers: [String])] {
        guard let s = surface(path), let c = Self.field(s, "combinations"), case .array(let items) = c.value else {
            return []
        }
        return items.map { item in
            var when: [String: Bool] = [:]
            if let w = Self.field(item, "when"), case .object(let members) = w.value {
                for m in members { if case .bool(let b) = m.node.value { when[m.key] = b } }
            }
            var modifiers: [String] = []
            if let chain = Self.field(item, "chain"), case .array(let entries) = chain.value {
                modifiers = entries.compactMap { Self.string($0, "modifier") }
            }
            return (when, Self.string(item, "identity") ?? "", modifiers)
        }
    }
}
