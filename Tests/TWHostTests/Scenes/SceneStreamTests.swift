import Foundation
import Testing

@testable import TWHost
@testable import TWScenes

/// The streamed scene reads, checks and resolves as the whole-tree reader does.
@Suite("Scene stream", .removesTemporaryDirectories)
struct SceneStreamTests {
    /// Scenes wrong in one place or several, with fields in every order.
    static let wrong = [
        #"{"scene": 1, "root": {"children": [{"type": "Text", "tw": "p-4", "zz": 1}], "type": "VStack", "yy": 2}, "xx": 3}"#,
        #"{"scene": 1, "root": {"children": [{"type": "Text", "style": "swich"}], "type": "VStack", "style": "nope"}}"#,
        #"{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text", "tw": 5}]}, "rules": {"view": 7}}"#,
        #"{"scene": 1, "root": {"type": "VStack", "children": [{"type": "Text"}]}, "extra": [1, 2,]}"#,
        #"{"scene": 1, "root": {"type": "VStack", "type": "Text"}}"#,
        #"{"scene": 1, "root": {"type": "VStack", "children": {"type": "Text"}}}"#,
        #"{"scene": 1, "root": {"children": [{"tw": "p-4"}]}}"#,
        #"{"scene": 1, "root": [1, 2]}"#,
        #"[{"scene": 1}]"#,
        #"{"root": {"type": "Text"}}"#,
        #"{"scene": 2, "root": {"type": "Text"}}"#,
        "{\"scene\": 1,\n \"root\": {\"type\": \"VStack\",\n \"children\": [{\"type\": \"Text\", \"state\": {\"hovr\": true}}]}}",
    ]

    static func outcome(_ text: String) -> (error: SceneError?, warnings: [String]) {
        var reader = SceneReader(file: "s.json")
        do {
            _ = try reader.read(Array(text.utf8))
            return (nil, reader.warnings.map(\.message))
        } catch {
            return (error, reader.warnings.map(\.message))
        }
    }

    static func streamed(_ text: String, threads: Int = 2) -> (error: SceneError?, warnings: [String]) {
        do {
            let stream = try SceneStream(Array(text.utf8), file: "s.json", threads: threads)
            return (nil, stream.warnings.map(\.message))
        } catch {
            return (error, [])
        }
    }

    @Test("the check pass gives the reader's first error, or its warnings in its order")
    func sameErrors() {
        for text in Self.wrong {
            let whole = Self.outcome(text)
            let stream = Self.streamed(text)
            #expect(stream.error == whole.error, "\(text)")
            if whole.error == nil { #expect(stream.warnings == whole.warnings, "\(text)") }
        }
        // A large file checks its syntax beside its nodes when a second thread
        // is allowed, after them on one (`--jobs 1`): still the first error,
        // the syntax one first.
        let deep = #"{"scene": 1, "root": "# + String(repeating: #"{"type": "V", "children": ["#, count: 3000)
        let both = #"{"scene": 1, "root": {"type": "", "children": [{"tw": 5}]}, "x": [1,]}"#
        let size = SceneStream.concurrentSyntaxCheck
        #expect(SceneStream.checksSyntaxBeside(byteCount: size, threads: 2))
        #expect(!SceneStream.checksSyntaxBeside(byteCount: size, threads: 1))
        #expect(!SceneStream.checksSyntaxBeside(byteCount: size - 1, threads: 2))
        for text in Self.wrong + [deep, both] {
            let large = text + String(repeating: " ", count: SceneStream.concurrentSyntaxCheck)
            let whole = Self.outcome(large)
            for threads in [1, 2] {
                let stream = Self.streamed(large, threads: threads)
                #expect(stream.error != nil || whole.error == nil)
                #expect(stream.error == whole.error, "\(threads) threads: \(text.prefix(80))")
            }
        }
        // Warnings: every unknown field of a node before its children's, whatever the order in the file.
        let warned = Self.streamed(Self.wrong[0])
        #expect(warned.error == nil)
        #expect(warned.warnings.count == 3)
        #expect(warned.warnings == Self.outcome(Self.wrong[0]).warnings)
    }

    @Test("plugin names and the unknown-plugin check follow the tree reader's order")
    func plugins() throws {
        let text = #"""
            {"scene": 1, "root": {"type": "VStack", "children": [
              {"type": "Text", "children": [{"type": "Text", "rules": {"plugins": ["typography"]}}], "rules": {"plugins": ["+motion", "-material"]}}
            ], "rules": {"plugins": ["material"]}}}
            """#
        let stream = try SceneStream(Array(text.utf8))
        var reader = SceneReader()
        let scene = try reader.read(Array(text.utf8))
        #expect(stream.pluginNames == SceneResolver.pluginNames(scene))
        #expect(stream.pluginNames == ["material", "motion", "typography"])
        #expect(
            throws: SceneResolveError.unknownPlugin(
                name: "typography", path: "/root/children/0/children/0/rules/plugins", line: 2,
                loaded: ["material", "motion"])
        ) {
            try stream.checkPlugins(loaded: ["material", "motion"])
        }
    }

    @Test("every example resolves to the same records streamed as read whole")
    func sameRecords() throws {
        let plugins = try FixturePlugins.shipped(["material", "motion", "typography"])
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repository + "/Examples")
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(examples.count >= 7)
        for name in examples {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Examples/" + name)))
            var reader = SceneReader(file: name)
            let scene = try reader.read(bytes)
            let whole = try SceneResolver.resolve(scene, plugins: plugins)
            var streamed: [SurfaceRecord] = []
            let resolution = try SceneResolver.resolve(
                try SceneStream(bytes, file: name), plugins: plugins, each: { streamed.append($0) })
            let a = ByteWriter()
            let b = ByteWriter()
            for (i, r) in whole.surfaces.enumerated() { SceneReport.writeSurface(r, first: i == 0, to: a) }
            for (i, r) in streamed.enumerated() { SceneReport.writeSurface(r, first: i == 0, to: b) }
            SceneReport.writeFooter(whole, to: a)
            SceneReport.writeFooter(resolution, to: b)
            #expect(streamed.count == whole.surfaces.count, "\(name)")
            #expect(a.string == b.string, "\(name)")
        }
    }
}
