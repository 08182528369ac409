import Foundation
import Testing

/// Every public declaration of the plugin author's modules has a doc comment
/// with an example, read from the symbol graph the toolchain extracts from
/// the modules this test was built with (the same graph `Scripts/api-docs.sh`
/// gives `docc`).
@Suite("The authoring modules document every public declaration with an example")
struct DocumentationTests {
    static let buildFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Symbol {
        var path: String
        var location: String
        var documented: Bool
    }

    /// The module's own public symbols (declared in its source folder), from swift-symbolgraph-extract.
    func symbols(of module: String, sources: String) throws -> [Symbol] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let tool = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                .map { $0 + "/swift-symbolgraph-extract" }.first { FileManager.default.isExecutableFile(atPath: $0) },
            "swift-symbolgraph-extract is not on PATH")
        #if arch(x86_64)
            let triple = "x86_64-unknown-linux-gnu"
        #else
            let triple = "aarch64-unknown-linux-gnu"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [
            "-module-name", module, "-target", triple, "-I", Self.buildFolder.appendingPathComponent("Modules").path,
            "-Xcc",
            "-fmodule-map-file=" + Self.buildFolder.appendingPathComponent("TWPluginAPI.build/module.modulemap").path,
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var found: [Symbol] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
                let location = symbol["location"] as? [String: Any]
                let uri = location?["uri"] as? String ?? ""
                guard uri.contains(sources) else { continue }
                let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []
                let text = lines.compactMap { $0["text"] as? String }.joined(separator: "\n")
                let line = ((location?["position"] as? [String: Any])?["line"] as? Int ?? 0) + 1
                found.append(
                    Symbol(
                        path: (symbol["pathComponents"] as? [String] ?? []).joined(separator: "."),
                        location: (uri as NSString).lastPathComponent + ":\(line)",
                        documented: text.contains("```")))
            }
        }
        return found
    }

    @Test(
        "every public declaration has a doc comment with an example",
        arguments: [("TWPluginKit", "/Sources/TWPluginKit/"), ("TWPluginTesting", "/Sources/TWPluginTesting/")])
    func documented(_ module: (name: String, sources: String)) throws {
        let all = try symbols(of: module.name, sources: module.sources)
        // The graph holds the module's declarations (not an empty or foreign graph).
        #expect(all.count > (module.name == "TWPluginKit" ? 200 : 15))
        let missing = all.filter { !$0.documented }.map { "\($0.location) \($0.path)" }
        #expect(
            missing.isEmpty,
            "public declarations without a doc comment and an example:\n\(missing.joined(separator: "\n"))")
    }
}
