import Foundation
import Testing

@testable import TWHost
@testable import TWLanguageServer

/// Suppression comments, rule settings and the baseline apply to published
/// diagnostics as `twhost check` applies them (one code path: `adopt`).
@Suite("twhost lsp: suppressions and the baseline", .removesTemporaryDirectories)
struct LanguageServerAdoptionTests {
    static let view = """
        struct A: View {
            var body: some View {
                VStack {
                    Text("a").tw("bogus-a")
                    Text("b").tw("bogus-b") // twhost:disable:this unknown-class
                    // twhost:disable:next unknown-variant
                    Text("c").tw("p-[2]")
                    Text("d").tw("roundd-lg")
                }
            }
        }

        """

    @Test(
        "a suppressed and a baselined finding are not published; the baseline recorded by check; a changed .twhost.json republishes"
    )
    func suppressedAndBaselined() throws {
        let root = TestPaths.temporaryDirectory("lsp-adoption")
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        let file = root + "/Card.swift"
        // The baseline accepts today's 'bogus-a' finding, recorded by check itself.
        try
            "struct A: View {\n    var body: some View {\n        VStack {\n            Text(\"a\").tw(\"bogus-a\")\n        }\n    }\n}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let recorded = try twhost(["check", "--no-config", "--write-baseline", root + "/twhost-baseline.json", file])
        #expect(recorded.status == 0)
        #expect(recorded.stderr == "wrote 1 finding(s) to the baseline \(root)/twhost-baseline.json\n")
        try Self.view.write(toFile: file, atomically: true, encoding: .utf8)
        try #"{"baseline": "twhost-baseline.json"}"#.write(
            toFile: root + "/.twhost.json", atomically: true, encoding: .utf8)
        // check reads the baseline from .twhost.json as if --baseline were given.
        let check = try twhost(["check", "--format", "json", file], directory: root)
        #expect(check.status == 1)
        let checked = try JSONParser.parse(Array(check.stdout.utf8))
        let checkCodes = (checked["findings"]?.array ?? []).map {
            "\($0["code"]?.string ?? "") \($0["line"]?.int ?? 0)"
        }
        #expect(checkCodes == ["unused-suppression 6", "unknown-class 8"])

        let client = try LSPClient()
        try client.start(root: root)
        let uri = fileURI(file)
        client.open(uri, Self.view)
        // bogus-a is in the baseline, bogus-b suppressed on its line; the unused comment is reported, as check does.
        let items = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(
            items.map {
                "\($0["code"]?.string ?? "") \(LSPClient.json(.object([("r", $0["range"]?.jsonValue ?? .null)])))"
            }
                == [
                    #"unused-suppression {"r":{"start":{"line":5,"character":12},"end":{"line":5,"character":14}}}"#,
                    #"unknown-class {"r":{"start":{"line":7,"character":26},"end":{"line":7,"character":35}}}"#,
                ])
        #expect(
            items.map { "\($0["code"]?.string ?? "") \(($0["range"]?["start"]?["line"]?.int ?? -1) + 1)" }
                == checkCodes)
        // The comment covers only its own line: moved off it, bogus-b is published.
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
                ("contentChanges", .array([.object([("range", lspRange(4, 35, 4, 35)), ("text", .string("\n"))])])),
            ]))
        let moved = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(
            moved.map { "\($0["code"]?.string ?? "") \($0["range"]?["start"]?["line"]?.int ?? -1)" } == [
                "unknown-class 4", "unused-suppression 5", "unused-suppression 6", "unknown-class 8",
            ])
        // Without the baseline (a changed .twhost.json, reported by the client), bogus-a is published again.
        try #"{"rules": {"unused-suppression": "off"}}"#.write(
            toFile: root + "/.twhost.json", atomically: true, encoding: .utf8)
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([.object([("uri", .string(fileURI(root + "/.twhost.json"))), ("type", .number(2))])])
                )
            ]))
        let again = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(
            again.map { "\($0["code"]?.string ?? "") \($0["range"]?["start"]?["line"]?.int ?? -1)" } == [
                "unknown-class 3", "unknown-class 4", "unknown-class 8",
            ])
        #expect(try client.stop() == 0)
    }

    @Test("an API the deployment target lacks: a quick fix sets .twhost.json's osVersion, and the warning goes")
    func raiseDeploymentTarget() throws {
        let root = TestPaths.temporaryDirectory("lsp-target")
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        let config = root + "/.twhost.json"
        try #"{"osVersion": 13, "platform": "ios"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let client = try LSPClient()
        try client.start(root: root)
        let uri = fileURI(root + "/Title.swift")
        client.open(
            uri, "struct A: View {\n    var body: some View {\n        Text(\"a\").tw(\"text-xl p-4\")\n    }\n}\n")
        let items = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(items.map { $0["code"]?.string ?? "" } == ["unavailable-api"])
        client.request(
            2, "textDocument/codeAction",
            .object([
                ("textDocument", textDocument(uri)), ("range", lspRange(2, 0, 2, 40)),
                ("context", .object([("diagnostics", .array([]))])),
            ]))
        let actions = try #require(try client.response(2)["result"]?.array)
        let raise = actions.filter { ($0["title"]?.string ?? "").hasPrefix("Raise") }
        #expect(raise.map { $0["title"]?.string ?? "" } == ["Raise the deployment target to iOS 14 (.twhost.json)"])
        let change = LSPClient.json(
            .object([
                (
                    "changes",
                    .object([
                        (
                            fileURI(config),
                            .array([.object([("range", lspRange(0, 14, 0, 16)), ("newText", .string("14"))])])
                        )
                    ])
                )
            ]))
        #expect(raise.first?["edit"]?.compact == change)
        #expect(raise.first?["kind"]?.string == "quickfix")
        // The client applies the edit and reports the file changed: the warning is gone.
        try #"{"osVersion": 14, "platform": "ios"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([("changes", .array([.object([("uri", .string(fileURI(config))), ("type", .number(2))])]))]))
        #expect(try client.diagnostics(uri)["params"]?["diagnostics"]?.array?.count == 0)
        #expect(try client.stop() == 0)
    }

    @Test("the deployment-target edit: a number replaced, or the key written first; nothing for what is not an object")
    func osVersionEdit() {
        func edit(_ text: String) -> String? {
            guard let e = CodeActions.osVersionEdit(Array(text.utf8), 17) else { return nil }
            var bytes = Array(text.utf8)
            bytes.replaceSubrange(e.range, with: Array(e.text.utf8))
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(edit(#"{"plugins": ["material"], "osVersion": 15}"#) == #"{"plugins": ["material"], "osVersion": 17}"#)
        #expect(edit("{\n  \"osVersion\": 1.5e1\n}\n") == "{\n  \"osVersion\": 17\n}\n")
        #expect(edit(#"{"plugins": []}"#) == #"{"osVersion": 17, "plugins": []}"#)
        #expect(edit("{}") == #"{"osVersion": 17}"#)
        #expect(edit(#"{"osVersion": "15"}"#) == nil)
        #expect(edit("[1]") == nil)
        #expect(edit("{") == nil)
    }
}
