import Foundation
import TWLanguageServer
import Testing

@testable import TWHost

/// `twhost lsp` driven by a scripted JSON-RPC client: the real binary as a
/// subprocess, every method and every robustness case, exact answers.
@Suite("twhost lsp: the scripted client", .removesTemporaryDirectories)
struct LanguageServerTests {
    /// Non-ASCII text before the classes: UTF-16 and UTF-8 columns differ there.
    static let card = """
        import SwiftUI

        struct CardView: View {
            var body: some View {
                Text("héllo 😀").tw("p-[16] roundd-lg tilt-[8deg]")
            }
        }

        """

    static let plugins: JSONValue = .object([
        ("plugins", .array([.string("material"), .string("motion")])),
        ("pluginPaths", .array([.string(TestPaths.binDirectory)])),
    ])

    static func started(_ label: String, options: JSONValue = plugins, capabilities: JSONValue = .object([])) throws
        -> (LSPClient, String, JSONNode)
    {
        let root = TestPaths.temporaryDirectory(label)
        let client = try LSPClient()
        let result = try client.start(root: root, options: options, capabilities: capabilities)
        return (client, root, result)
    }

    static func diagnosticsHref() -> String {
        fileURI(TestPaths.repository + "/docs/Diagnostics.md") + "#diagnostic-codes"
    }

    // MARK: lifecycle

    @Test("initialize: capabilities, UTF-16 positions by default, the watchers registered; shutdown and exit 0")
    func lifecycle() throws {
        let (client, _, result) = try Self.started("lsp-life")
        let caps = try #require(result["result"]?["capabilities"])
        #expect(caps["positionEncoding"]?.string == "utf-16")
        #expect(
            caps["textDocumentSync"]?.compact == #"{"openClose":true,"change":2,"save":{"includeText":false}}"#)
        #expect(
            caps["completionProvider"]?.compact
                == #"{"triggerCharacters":["-",":","["," ","\""],"resolveProvider":true}"#)
        #expect(caps["hoverProvider"]?.bool == true)
        #expect(
            caps["codeActionProvider"]?.compact
                == #"{"codeActionKinds":["quickfix","source.sortClasses"],"resolveProvider":false}"#)
        #expect(caps["colorProvider"]?.bool == true)
        #expect(
            caps["diagnosticProvider"]?.compact
                == #"{"identifier":"twhost","interFileDependencies":false,"workspaceDiagnostics":false}"#)
        #expect(
            caps["workspace"]?.compact == #"{"workspaceFolders":{"supported":true,"changeNotifications":true}}"#)
        #expect(result["result"]?["serverInfo"]?["name"]?.string == "twhost")
        let registration = try client.message("client/registerCapability")
        #expect(
            registration["params"]?.compact
                == #"{"registrations":[{"id":"twhost-watched-files","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/.twhost.json"},{"globPattern":"**/*.so"}]}}]}"#
        )
        #expect(try client.stop() == 0)
    }

    @Test("UTF-8 positions when the client offers them")
    func utf8Negotiated() throws {
        let capabilities: JSONValue = .object([
            ("general", .object([("positionEncodings", .array([.string("utf-8"), .string("utf-16")]))]))
        ])
        let (client, root, result) = try Self.started("lsp-utf8", capabilities: capabilities)
        #expect(result["result"]?["capabilities"]?["positionEncoding"]?.string == "utf-8")
        let uri = fileURI(root + "/Card.swift")
        client.open(uri, Self.card)
        let d = try client.diagnostics(uri)
        // `roundd-lg` starts at byte 39 of its line: é is two bytes, 😀 four.
        #expect(d["params"]?["diagnostics"]?.array?.first?["range"]?.compact == LSPClient.json(lspRange(4, 39, 4, 48)))
        #expect(try client.stop() == 0)
    }

    @Test("exit without shutdown is exit 1; the input ending is exit 1")
    func exitWithoutShutdown() throws {
        let (client, _, _) = try Self.started("lsp-exit1")
        client.notify("exit")
        #expect(try client.wait() == 1)
        let (ended, _, _) = try Self.started("lsp-eof")
        try ended.closeInput()
        #expect(try ended.wait() == 1)
        #expect(ended.stderrText().contains("twhost lsp: error: the input ended without 'exit'\n"))
    }

    // MARK: robustness

    @Test("requests before initialize: ServerNotInitialized; notifications before it are dropped")
    func beforeInitialize() throws {
        let client = try LSPClient()
        client.notify("textDocument/didOpen", .object([]))
        client.request(5, "textDocument/hover", positionParams("file:///x.swift", 0, 0))
        let r = try client.response(5)
        #expect(
            r.compact
                == #"{"jsonrpc":"2.0","id":5,"error":{"code":-32002,"message":"'textDocument/hover' before 'initialize'"}}"#
        )
        client.request(6, "shutdown", .null)
        #expect(try client.response(6)["error"]?["code"]?.int == -32002)
        client.notify("exit")
        #expect(try client.wait() == 1)
    }

    @Test("malformed JSON, a frame without Content-Length, an unknown method: errors, and the server goes on")
    func malformed() throws {
        let (client, _, _) = try Self.started("lsp-bad")
        client.write(raw: LSPClient.frame("{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": "))
        let parse = try client.nullResponse()
        #expect(parse["error"]?["code"]?.int == -32700)
        #expect(parse["id"]?.isNull == true)
        client.write(raw: Array("Content-Type: text/plain\r\n\r\n".utf8))
        let header = try client.nullResponse()
        #expect(
            header["error"]?.compact
                == #"{"code":-32700,"message":"a message without a valid Content-Length header: 'Content-Type: text/plain'"}"#
        )
        client.write(raw: LSPClient.frame("[1, 2]"))
        #expect(try client.nullResponse()["error"]?["code"]?.int == -32600)
        client.request(4, "textDocument/rename")
        #expect(
            try client.response(4).compact
                == #"{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"no method 'textDocument/rename'"}}"#)
        client.notify("workspace/somethingElse")
        client.notify("$/setTrace", .object([("value", .string("off"))]))
        client.request(5, "textDocument/hover", positionParams("file:///nowhere.swift", 0, 0))
        #expect(try client.response(5)["error"]?["code"]?.int == -32602)
        #expect(try client.stop() == 0)
        let stderr = client.stderrText()
        #expect(stderr.contains("twhost lsp: error: cannot read a message: the message is not JSON: "))
        #expect(stderr.contains("notification 'workspace/somethingElse' not handled"))
    }

    @Test("a request cancelled in the same write as itself: RequestCancelled; requests after shutdown: InvalidRequest")
    func cancelAndShutdown() throws {
        let (client, root, _) = try Self.started("lsp-cancel")
        let uri = fileURI(root + "/Card.swift")
        client.open(uri, Self.card)
        let hover = LSPClient.frame(
            LSPClient.json(LSPClient.requestValue(7, "textDocument/hover", positionParams(uri, 4, 40))))
        let cancel = LSPClient.frame(
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
        client.write(raw: hover + cancel)
        #expect(
            try client.response(7).compact
                == #"{"jsonrpc":"2.0","id":7,"error":{"code":-32800,"message":"the request was cancelled"}}"#)
        client.request(8, "shutdown", .null)
        #expect(try client.response(8).compact == #"{"jsonrpc":"2.0","id":8,"result":null}"#)
        client.request(9, "textDocument/hover", positionParams(uri, 4, 40))
        #expect(try client.response(9)["error"]?["code"]?.int == -32600)
        client.notify("exit")
        #expect(try client.wait() == 0)
    }

    @Test("a document that does not parse: its syntax errors, at their place")
    func unparsable() throws {
        let (client, root, _) = try Self.started("lsp-syntax")
        let uri = fileURI(root + "/Broken.swift")
        client.open(uri, "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"p-[4]\"\n}\n")
        let d = try client.diagnostics(uri)
        let items = try #require(d["params"]?["diagnostics"]?.array)
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0["code"]?.string == "syntax-error" && $0["severity"]?.int == 1 })
        // Completion still works inside the half-written literal.
        client.request(2, "textDocument/completion", positionParams(uri, 2, 24))
        let labels = try client.response(2)["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
        #expect(labels.contains("p-4"))
        #expect(try client.stop() == 0)
    }

    @Test("a huge document: 5,000 views read and published, one finding at its exact place")
    func hugeDocument() throws {
        let (client, root, _) = try Self.started("lsp-huge")
        var text = "import SwiftUI\n\nstruct Big: View {\n    var body: some View {\n        VStack {\n"
        for i in 0..<5_000 { text += "            Text(\"\(i)\").tw(\"p-[\(i % 40)] bg-primary\")\n" }
        text += "            Text(\"last\").tw(\"p-[2] bgg-primary\")\n        }\n    }\n}\n"
        let uri = fileURI(root + "/Big.swift")
        client.open(uri, text)
        let d = try client.diagnostics(uri)
        let items = try #require(d["params"]?["diagnostics"]?.array)
        #expect(items.count == 1)
        #expect(items.first?["range"]?.compact == LSPClient.json(lspRange(5_005, 35, 5_005, 46)))
        #expect(items.first?["code"]?.string == "unknown-class")
        #expect(try client.stop() == 0)
    }

    // MARK: documents and diagnostics

    @Test("published diagnostics: the class's exact range, code and link; pull diagnostics the same")
    func diagnostics() throws {
        let (client, root, _) = try Self.started("lsp-diag")
        let uri = fileURI(root + "/Card.swift")
        client.open(uri, Self.card)
        let d = try client.diagnostics(uri)
        #expect(d["params"]?["version"]?.int == 1)
        let items = try #require(d["params"]?["diagnostics"]?.array)
        // The finding points at the class itself, so no place of the surface is added.
        let expected =
            #"{"range":{"start":{"line":4,"character":36},"end":{"line":4,"character":45}},"severity":1,"code":"unknown-class","codeDescription":{"href":"\#(Self.diagnosticsHref())"},"source":"twhost","message":"unknown class 'roundd-lg' — did you mean 'rounded-lg'?"}"#
        #expect(items.map(\.compact) == [expected])
        client.request(2, "textDocument/diagnostic", .object([("textDocument", textDocument(uri))]))
        let pulled = try client.response(2)
        #expect(pulled["result"]?["kind"]?.string == "full")
        #expect(pulled["result"]?["items"]?.array?.map(\.compact) == [expected])
        #expect(try client.stop() == 0)
    }

    @Test("a finding on a plugin registration's class relates the registration, at the plugin's file")
    func relatedRegistration() throws {
        let (client, root, _) = try Self.started("lsp-related")
        let uri = fileURI(root + "/Tilt.swift")
        client.open(uri, "struct V: View {\n    var body: some View { Text(\"t\").tw(\"tilt-[nope]\") }\n}\n")
        let items = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(items.count == 1)
        let related = try #require(items.first?["relatedInformation"]?.array)
        #expect(related.count == 1)
        #expect(related.first?["message"]?.string?.hasPrefix("registration tilt (plugin motion, effects, ") == true)
        #expect(related.first?["location"]?["uri"]?.string == fileURI(TestPaths.binDirectory + "/libMotion.so"))
        #expect(try client.stop() == 0)
    }

    @Test("incremental changes, save and close: each published again")
    func incrementalSync() throws {
        let (client, root, _) = try Self.started("lsp-sync")
        let uri = fileURI(root + "/Card.swift")
        client.open(uri, Self.card)
        _ = try client.diagnostics(uri)
        // `roundd-lg` → `rounded-lg`: insert "e" at UTF-16 column 42 (after "roundd"… "round" + "e").
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
                (
                    "contentChanges",
                    .array([.object([("range", lspRange(4, 41, 4, 41)), ("text", .string("e"))])])
                ),
            ]))
        let fixed = try client.diagnostics(uri)
        #expect(fixed["params"]?.compact == #"{"uri":"\#(uri)","version":2,"diagnostics":[]}"#)
        // A second change across lines: a new line with a misspelt variant.
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .number(3))])),
                (
                    "contentChanges",
                    .array([
                        .object([
                            ("range", lspRange(4, 60, 5, 0)),
                            ("text", .string("\n        Text(\"b\").tw(\"hovr:p-[2]\")\n")),
                        ])
                    ])
                ),
            ]))
        let variant = try client.diagnostics(uri)
        let items = try #require(variant["params"]?["diagnostics"]?.array)
        #expect(items.map { $0["code"]?.string } == ["unknown-variant"])
        #expect(items.first?["range"]?.compact == LSPClient.json(lspRange(5, 22, 5, 32)))
        client.notify("textDocument/didSave", .object([("textDocument", textDocument(uri))]))
        let saved = try client.diagnostics(uri)
        #expect(saved["params"]?["diagnostics"]?.array?.count == 1)
        client.notify("textDocument/didClose", .object([("textDocument", textDocument(uri))]))
        let closed = try client.diagnostics(uri)
        #expect(closed["params"]?.compact == #"{"uri":"\#(uri)","diagnostics":[]}"#)
        client.request(3, "textDocument/diagnostic", .object([("textDocument", textDocument(uri))]))
        #expect(try client.response(3)["error"]?["code"]?.int == -32602)
        #expect(try client.stop() == 0)
    }

    @Test("a scene file's tw field: the finding at the class")
    func sceneDocument() throws {
        let (client, root, _) = try Self.started("lsp-scene")
        let uri = fileURI(root + "/scene.json")
        client.open(
            uri,
            "{\"scene\": 1, \"root\": {\"type\": \"VStack\", \"children\": [\n  {\"type\": \"Text\", \"tw\": \"p-[4] shadw\"}\n]}}\n",
            language: "json")
        let d = try client.diagnostics(uri)
        let items = try #require(d["params"]?["diagnostics"]?.array)
        #expect(items.map { $0["code"]?.string } == ["unknown-class"])
        #expect(items.first?["range"]?.compact == LSPClient.json(lspRange(1, 32, 1, 37)))
        #expect(try client.stop() == 0)
    }

    // MARK: completion

    static func labels(_ r: JSONNode) -> [String] {
        r["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }

    @Test(
        "completion: built-ins with their scale values after p-, variants, a plugin registration with its argument form"
    )
    func completion() throws {
        let (client, root, _) = try Self.started(
            "lsp-complete",
            capabilities: .object([
                (
                    "textDocument",
                    .object([("completion", .object([("completionItem", .object([("snippetSupport", .bool(true))]))]))])
                )
            ]))
        let uri = fileURI(root + "/Card.swift")
        client.open(
            uri,
            "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"p- hover:bg- ti tilt-[\")\n    }\n}\n"
        )
        _ = try client.diagnostics(uri)
        client.request(2, "textDocument/completion", positionParams(uri, 2, 24))
        let p = try client.response(2)
        #expect(Self.labels(p) == ["p-0", "p-1", "p-10", "p-12", "p-16", "p-2", "p-3", "p-4", "p-5", "p-6", "p-8"])
        let first = try #require(p["result"]?["items"]?.array?.first)
        #expect(
            first.compact
                == #"{"label":"p-0","kind":12,"detail":"built-in","filterText":"p-0","textEdit":{"range":{"start":{"line":2,"character":22},"end":{"line":2,"character":24}},"newText":"p-0"},"data":{"class":"p-0","target":"modifier"}}"#
        )
        // After a variant: colours, with their hex values.
        client.request(3, "textDocument/completion", positionParams(uri, 2, 34))
        let bg = try client.response(3)
        let primary = try #require(bg["result"]?["items"]?.array?.first { $0["label"]?.string == "bg-primary" })
        #expect(primary["kind"]?.int == 16)
        #expect(primary["detail"]?.string == "#171717")
        #expect(primary["textEdit"]?["range"]?.compact == LSPClient.json(lspRange(2, 31, 2, 34)))
        // A plugin registration with its argument form, as a snippet; and the variants.
        client.request(4, "textDocument/completion", positionParams(uri, 2, 37))
        let ti = try client.response(4)
        let tilt = try #require(ti["result"]?["items"]?.array?.first { $0["label"]?.string == "tilt-[…]" })
        #expect(
            tilt.compact
                == #"{"label":"tilt-[…]","kind":15,"detail":"registration tilt (plugin motion, effects, angle)","filterText":"tilt-[…]","textEdit":{"range":{"start":{"line":2,"character":35},"end":{"line":2,"character":37}},"newText":"tilt-[${1:0deg}]"},"insertTextFormat":2,"data":{"class":"tilt-[…]","target":"modifier"}}"#
        )
        client.request(5, "textDocument/completion", positionParams(uri, 2, 22))
        let empty = try client.response(5)
        #expect(Array(Self.labels(empty).prefix(Variant.names.count)) == Variant.names.map { $0 + ":" })
        #expect(Self.labels(empty).contains("frosted"))
        // Inside brackets: the registration's default.
        client.request(6, "textDocument/completion", positionParams(uri, 2, 44))
        #expect(Self.labels(try client.response(6)) == ["0deg"])
        // Outside a class string: nothing.
        client.request(7, "textDocument/completion", positionParams(uri, 2, 10))
        #expect(try client.response(7)["result"]?.isNull == true)
        // completionItem/resolve: what the class produces.
        client.request(8, "completionItem/resolve", tilt.jsonValue)
        let resolved = try client.response(8)
        #expect(
            resolved["result"]?["documentation"]?["value"]?.string
                == "registration tilt (plugin motion, effects, angle)\n\n`tilt-[0deg]`: registration tilt (plugin motion, value form) = 0deg\n\n```swift\n"
                + chain(["tilt-[0deg]"]) + "\n```")
        #expect(try client.stop() == 0)
    }

    /// The chain `explain` prints for classes (without padding), for comparison.
    func chain(_ classes: [String]) -> String {
        let result = try? twhost(
            ["explain", "--plugin-path", TestPaths.binDirectory, "--plugins", "material,motion"] + classes)
        let text = result?.stdout ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("chain (") }) else { return "" }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }.joined(
            separator: "\n")
    }

    // MARK: hover

    @Test("hover on a class: what it matched, what it sets and who wins, its chain entries; on .tw: the whole chain")
    func hover() throws {
        let (client, root, _) = try Self.started("lsp-hover")
        let uri = fileURI(root + "/Card.swift")
        client.open(
            uri,
            "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"p-[8] tilt-[8deg] p-[16]\")\n    }\n}\n"
        )
        _ = try client.diagnostics(uri)
        client.request(2, "textDocument/hover", positionParams(uri, 2, 26))
        let first = try client.response(2)
        #expect(
            first["result"]?.compact
                == LSPClient.json(
                    .object([
                        (
                            "contents",
                            .object([
                                ("kind", .string("markdown")),
                                (
                                    "value",
                                    .string(
                                        "**`p-[8]`** — built-in p → paddingTop, paddingLeading, paddingBottom, paddingTrailing\n\nsets:\n- `paddingTop`: overridden by `p-[16]`\n- `paddingLeading`: overridden by `p-[16]`\n- `paddingBottom`: overridden by `p-[16]`\n- `paddingTrailing`: overridden by `p-[16]`"
                                    )
                                ),
                            ])
                        ), ("range", lspRange(2, 22, 2, 27)),
                    ])))
        client.request(3, "textDocument/hover", positionParams(uri, 2, 32))
        let tilt = try #require(try client.response(3)["result"]?["contents"]?["value"]?.string)
        #expect(
            tilt
                == "**`tilt-[8deg]`** — registration tilt (plugin motion, value form) = 8deg\n\nsets:\n- `conflict key orientation`: wins\n\nchain entries:\n```swift\n.rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))  // effects · tilt (motion) · active\n```"
        )
        client.request(4, "textDocument/hover", positionParams(uri, 2, 19))
        let call = try #require(try client.response(4)["result"]?["contents"]?["value"]?.string)
        #expect(
            call.hasPrefix(
                "**.tw** surface `\(root)/Card.swift:A.body`\n\n```text\nclasses: p-[8] tilt-[8deg] p-[16]\n"))
        #expect(call.contains("  .padding(16)"))
        #expect(call.contains(".rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))"))
        #expect(call.contains("\n\nidentity `"))
        client.request(5, "textDocument/hover", positionParams(uri, 0, 3))
        #expect(try client.response(5)["result"]?.isNull == true)
        #expect(try client.stop() == 0)
    }

    // MARK: code actions

    @Test("code actions: did-you-mean replacements; sort classes only when every chain stays the same")
    func codeActions() throws {
        let (client, root, _) = try Self.started("lsp-actions")
        let uri = fileURI(root + "/Card.swift")
        let text =
            "struct A: View {\n    var body: some View {\n        VStack {\n            Text(\"a\").tw(\"tilt-[8deg] p-[8] hovr:p-[2] roundd-lg\")\n            Text(\"b\").tw(\"rounded-lg bg-primary p-[8]\")\n        }\n    }\n}\n"
        client.open(uri, text)
        _ = try client.diagnostics(uri)
        client.request(
            2, "textDocument/codeAction",
            .object([
                ("textDocument", textDocument(uri)), ("range", lspRange(3, 0, 3, 80)),
                ("context", .object([("diagnostics", .array([]))])),
            ]))
        let actions = try #require(try client.response(2)["result"]?.array)
        let fixes = actions.filter { $0["kind"]?.string == "quickfix" }
        #expect(
            fixes.map { $0["title"]?.string ?? "" } == [
                "Replace 'hovr:p-[2]' with 'hover:p-[2]'", "Replace 'roundd-lg' with 'rounded-lg'",
            ])
        #expect(
            fixes.map { $0["edit"]?.compact ?? "" } == [
                LSPClient.json(
                    .object([
                        (
                            "changes",
                            .object([
                                (
                                    uri,
                                    .array([
                                        .object([
                                            ("range", lspRange(3, 44, 3, 54)), ("newText", .string("hover:p-[2]")),
                                        ])
                                    ])
                                )
                            ])
                        )
                    ])),
                LSPClient.json(
                    .object([
                        (
                            "changes",
                            .object([
                                (
                                    uri,
                                    .array([
                                        .object([("range", lspRange(3, 55, 3, 64)), ("newText", .string("rounded-lg"))])
                                    ])
                                )
                            ])
                        )
                    ])),
            ])
        #expect(fixes.allSatisfy { $0["isPreferred"]?.bool == true && $0["diagnostics"]?.array?.count == 1 })
        // The first literal has errors (its chain is the undecorated one either way); the second sorts.
        let sort = try #require(actions.first { $0["kind"]?.string == "source.sortClasses" })
        #expect(sort["title"]?.string == "Sort classes")
        let edits = try #require(sort["edit"]?["changes"]?[uri]?.array)
        #expect(
            edits.map(\.compact) == [
                LSPClient.json(
                    .object([
                        ("range", lspRange(3, 26, 3, 64)),
                        ("newText", .string("p-[8] roundd-lg tilt-[8deg] hovr:p-[2]")),
                    ])),
                LSPClient.json(
                    .object([("range", lspRange(4, 26, 4, 53)), ("newText", .string("bg-primary p-[8] rounded-lg"))])),
            ])
        // Two classes that conflict: sorting would change the winner, so it is not offered.
        let conflict = fileURI(root + "/Conflict.swift")
        client.open(
            conflict,
            "struct B: View {\n    var body: some View {\n        Text(\"x\").tw(\"p-[8] p-[16]\")\n    }\n}\n")
        _ = try client.diagnostics(conflict)
        client.request(
            3, "textDocument/codeAction",
            .object([
                ("textDocument", textDocument(conflict)), ("range", lspRange(2, 0, 2, 0)),
                ("context", .object([("diagnostics", .array([])), ("only", .array([.string("source")]))])),
            ]))
        #expect(try client.response(3)["result"]?.compact == "[]")
        #expect(try client.stop() == 0)
        #expect(
            client.stderrText().contains(
                "sorting the classes of \(root)/Conflict.swift would change a chain; not offered"))
    }

    @Test("code actions: an overridden and a duplicate class are removed with check's own fix ranges")
    func lintActions() throws {
        let (client, root, _) = try Self.started("lsp-lint-actions")
        let uri = fileURI(root + "/Pad.swift")
        client.open(
            uri,
            "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"p-[8] p-[16] p-[16]\")\n    }\n}\n")
        let items = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(
            items.map { "\($0["code"]?.string ?? "") \($0["severity"]?.int ?? 0) \($0["range"]?.compact ?? "")" } == [
                "overridden-class 2 \(LSPClient.json(lspRange(2, 22, 2, 27)))",
                "duplicate-class 2 \(LSPClient.json(lspRange(2, 35, 2, 41)))",
            ])
        client.request(
            2, "textDocument/codeAction",
            .object([
                ("textDocument", textDocument(uri)), ("range", lspRange(2, 0, 2, 60)),
                ("context", .object([("diagnostics", .array([])), ("only", .array([.string("quickfix")]))])),
            ]))
        let actions = try #require(try client.response(2)["result"]?.array)
        #expect(actions.map { $0["title"]?.string ?? "" } == ["Remove 'p-[8]'", "Remove 'p-[16]'"])
        // The class and the space after it; the last class and the space before it.
        #expect(
            actions.map { $0["edit"]?["changes"]?[uri]?.compact ?? "" } == [
                LSPClient.json(.array([.object([("range", lspRange(2, 22, 2, 28)), ("newText", .string(""))])])),
                LSPClient.json(.array([.object([("range", lspRange(2, 34, 2, 41)), ("newText", .string(""))])])),
            ])
        #expect(actions.allSatisfy { $0["kind"]?.string == "quickfix" && $0["diagnostics"]?.array?.count == 1 })
        #expect(try client.stop() == 0)
    }

    @Test(
        ".twhost.json is read by check's loader: found above the root, every key accepted, colorScheme applied, errors as check prints them"
    )
    func sharedConfigurationLoader() throws {
        let top = TestPaths.temporaryDirectory("lsp-lint-config")
        let root = top + "/App"
        try FileManager.default.createDirectory(atPath: top + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // Keys the server does not use (include, theme's neighbours) are still the file's keys.
        try
            #"{"plugins": ["material", "motion"], "pluginPaths": ["\#(TestPaths.binDirectory)"], "colorScheme": "dark", "include": ["**"], "rules": {"unknown-class": "warning"}}"#
            .write(toFile: top + "/.twhost.json", atomically: true, encoding: .utf8)
        let client = try LSPClient()
        try client.start(root: root)
        let uri = fileURI(root + "/Card.swift")
        client.open(
            uri,
            "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"tilt-[8deg] bogus-x bg-primary\")\n    }\n}\n"
        )
        // motion is loaded (tilt is known) and unknown-class is a warning: the parent folder's file is in force.
        let items = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(items.map { "\($0["code"]?.string ?? "") \($0["severity"]?.int ?? 0)" } == ["unknown-class 2"])
        // colorScheme dark: the token's swatch is its dark value.
        client.request(2, "textDocument/documentColor", .object([("textDocument", textDocument(uri))]))
        let colors = try #require(try client.response(2)["result"]?.array)
        let dark = try #require(Theme.defaultDarkColors["primary"])
        #expect(colors.count == 1)
        #expect(colors.first?["color"]?["red"]?.double == dark.red)
        #expect(colors.first?["color"]?["green"]?.double == dark.green)
        #expect(colors.first?["color"]?["blue"]?.double == dark.blue)
        // A key check rejects: the server shows check's own message and falls back to the client's settings.
        try #"{"plugin": ["material"]}"#.write(toFile: top + "/.twhost.json", atomically: true, encoding: .utf8)
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([.object([("uri", .string(fileURI(top + "/.twhost.json"))), ("type", .number(2))])])
                )
            ]))
        let shown = try client.message("window/showMessage") { $0["params"]?["type"]?.int == 1 }
        let check = try twhost(["check", "App"], directory: top)
        #expect(check.status == 64)
        let message = "\(top)/.twhost.json:1: 'plugin': unknown key; did you mean 'plugins'?"
        #expect(check.stderr == "error: \(message)\n")
        #expect(shown["params"]?["message"]?.string == message)
        // Without plugins, tilt is unknown, and unknown-class is an error again.
        let again = try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
        #expect(
            again.map { "\($0["code"]?.string ?? "") \($0["severity"]?.int ?? 0)" } == [
                "unknown-class 1", "unknown-class 1",
            ])
        #expect(try client.stop() == 0)
    }

    // MARK: colours

    @Test("document colours for theme tokens and hex arguments; colour presentations")
    func colors() throws {
        let (client, root, _) = try Self.started("lsp-colors")
        let uri = fileURI(root + "/Card.swift")
        client.open(
            uri,
            "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"bg-primary text-[#ff8000] p-[4] bg-nocolor\")\n    }\n}\n"
        )
        _ = try client.diagnostics(uri)
        client.request(2, "textDocument/documentColor", .object([("textDocument", textDocument(uri))]))
        let colors = try #require(try client.response(2)["result"]?.array)
        #expect(
            colors.map(\.compact) == [
                #"{"range":{"start":{"line":2,"character":22},"end":{"line":2,"character":32}},"color":{"red":0.09,"green":0.09,"blue":0.09,"alpha":1}}"#,
                #"{"range":{"start":{"line":2,"character":33},"end":{"line":2,"character":47}},"color":{"red":1,"green":0.5019607843137255,"blue":0,"alpha":1}}"#,
            ])
        client.request(
            3, "textDocument/colorPresentation",
            .object([
                ("textDocument", textDocument(uri)), ("range", lspRange(2, 22, 2, 32)),
                (
                    "color",
                    .object([("red", .number(1)), ("green", .number(1)), ("blue", .number(1)), ("alpha", .number(1))])
                ),
            ]))
        let labels = try #require(try client.response(3)["result"]?.array).compactMap { $0["label"]?.string }
        #expect(labels == ["bg-onDestructive", "bg-onPrimary", "bg-surface", "bg-white", "bg-[#ffffff]"])
        #expect(try client.stop() == 0)
    }

    // MARK: configuration

    @Test(
        "didChangeConfiguration and a .twhost.json change reload the plugins and publish again; bad keys are reported")
    func configuration() throws {
        let (client, root, _) = try Self.started(
            "lsp-config",
            options: .object([
                ("plugins", .array([.string("material"), .string("motion")])),
                ("pluginPaths", .array([.string(TestPaths.binDirectory)])), ("platfrom", .string("ios")),
            ]))
        let shown = try client.message("window/showMessage")
        #expect(
            shown["params"]?["message"]?.string
                == "initializationOptions: 'platfrom': unknown key; did you mean 'platform'?")
        let uri = fileURI(root + "/Card.swift")
        client.open(
            uri, "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"tilt-[8deg]\")\n    }\n}\n")
        #expect(try client.diagnostics(uri)["params"]?["diagnostics"]?.array?.count == 0)
        // Without motion, tilt is unknown.
        client.notify(
            "workspace/didChangeConfiguration",
            .object([
                (
                    "settings",
                    .object([
                        (
                            "twhost",
                            .object([
                                ("plugins", .array([.string("material")])),
                                ("pluginPaths", .array([.string(TestPaths.binDirectory)])),
                                ("rules", .object([("unknown-class", .string("warning"))])),
                            ])
                        )
                    ])
                )
            ]))
        let without = try client.diagnostics(uri)
        let items = try #require(without["params"]?["diagnostics"]?.array)
        #expect(items.map { "\($0["code"]?.string ?? "") \($0["severity"]?.int ?? 0)" } == ["unknown-class 2"])
        // A .twhost.json at the root wins over the client's settings.
        try
            #"{"plugins": ["material", "motion"], "pluginPaths": ["\#(TestPaths.binDirectory)"], "rules": {"unknown-class": "off"}}"#
            .write(toFile: root + "/.twhost.json", atomically: true, encoding: .utf8)
        client.notify(
            "workspace/didChangeWatchedFiles",
            .object([
                (
                    "changes",
                    .array([.object([("uri", .string(fileURI(root + "/.twhost.json"))), ("type", .number(1))])])
                )
            ]))
        #expect(try client.diagnostics(uri)["params"]?["diagnostics"]?.array?.count == 0)
        #expect(try client.stop() == 0)
    }

    // MARK: plugin crashes

    @Test("a plugin that crashes: the request fails, showMessage and a diagnostic say why, the server keeps running")
    func pluginCrash() throws {
        let dir = TestPaths.temporaryDirectory("lsp-crashy")
        try FixtureCompiler.build(
            name: "crashy", defines: ["CRASH_ON_13"],
            source: TestPaths.repository + "/Tests/Fixtures/plugins/hostile.c",
            in: dir)
        let (client, root, _) = try Self.started(
            "lsp-crash",
            options: .object([("plugins", .array([.string("crashy")])), ("pluginPaths", .array([.string(dir)]))]))
        let uri = fileURI(root + "/Fade.swift")
        client.open(
            uri, "struct A: View {\n    var body: some View {\n        Text(\"x\").tw(\"fade-[12]\")\n    }\n}\n")
        #expect(try client.diagnostics(uri)["params"]?["diagnostics"]?.array?.count == 0)
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
                ("contentChanges", .array([.object([("range", lspRange(2, 28, 2, 30)), ("text", .string("13"))])])),
            ]))
        client.request(2, "textDocument/hover", positionParams(uri, 2, 26))
        let message = "plugin 'crashy' crashed in the factory of 'fade' (active) (SIGSEGV)"
        #expect(
            try client.response(2)["error"]?.compact
                == #"{"code":-32803,"message":"\#(message); the server was started again"}"#)
        let shown = try client.message("window/showMessage")
        #expect(shown["params"]?.compact == #"{"type":1,"message":"\#(message)"}"#)
        let d = try client.diagnostics(uri)
        #expect(d["params"]?["version"]?.int == 2)
        let items = try #require(d["params"]?["diagnostics"]?.array)
        #expect(
            items.map { "\($0["code"]?.string ?? "") \($0["range"]?.compact ?? "") \($0["message"]?.string ?? "")" }
                == [
                    "plugin-load-failed \(LSPClient.json(lspRange(0, 0, 0, 0))) \(message); the plugin is not loaded until the configuration or the plugin changes",
                    "unknown-class \(LSPClient.json(lspRange(2, 22, 2, 31))) unknown class 'fade-[…]'",
                ])
        // The server answers again.
        client.request(3, "textDocument/hover", positionParams(uri, 2, 26))
        #expect(try client.response(3)["result"]?["range"]?.compact == LSPClient.json(lspRange(2, 22, 2, 31)))
        #expect(try client.stop() == 0)
    }
}
