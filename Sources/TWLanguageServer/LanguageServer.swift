import Glibc
import TWHost
import TWSwiftSource

/// The language server: reads framed JSON-RPC messages, answers them one at
/// a time in order, and publishes diagnostics (LSP 3.17). Only protocol
/// messages are written to `output`; logs go to `log` (standard error) and
/// to the client as `window/logMessage`.
public final class LanguageServer {
    let reader: MessageReader
    let writer: MessageWriter
    let logDescriptor: Int32

    /// Plugins that crashed in an earlier server process and are not loaded
    /// again, with what happened (`LanguageServerSupervisor`).
    public var crashedPlugins: [(name: String, message: String)] = []

    var initialized = false
    var shutdownRequested = false
    var encoding = PositionEncoding.utf16
    var snippets = false
    var markdown = true
    var rootPath: String?
    /// `initializationOptions`, and the last `workspace/didChangeConfiguration` settings.
    var clientConfiguration = ServerConfiguration()
    public private(set) var configuration = ServerConfiguration()
    /// Where the configuration came from: `.twhost.json`'s path, or nil for the client's.
    var configurationFile: String?
    var workspace = Workspace(configuration: ServerConfiguration(), plugins: [])
    var documents: [String: TextDocument] = [:]
    var analyses: [String: Analysis] = [:]
    /// Each open Swift document's parse, kept to parse the next change incrementally.
    var syntax: [String: SwiftDocument] = [:]
    /// What each open document's last analysis kept for the next change (`DocumentMemo`).
    var memos: [String: DocumentMemo] = [:]
    /// Ids of requests cancelled before they were answered.
    var cancelled = Set<String>()
    var nextServerRequest = 1

    public init(input: Int32, output: Int32, log: Int32) {
        reader = MessageReader(fd: input)
        writer = MessageWriter(fd: output)
        logDescriptor = log
    }

    /// Serves until `exit` (0 after `shutdown`, else 1) or the end of the
    /// input (1); 2 when the output cannot be written.
    public func run() -> Int32 {
        while true {
            let frames = reader.readAvailable()
            if frames.isEmpty && reader.atEnd {
                log(.error, "the input ended without 'exit'")
                return 1
            }
            var messages: [RPCMessage] = []
            for frame in frames {
                switch frame {
                case .invalid(let reason):
                    log(.error, "cannot read a message: \(reason)")
                    writer.respond(nil, error: RPCError(.parseError, reason))
                case .message(let bytes):
                    do throws(RPCError) {
                        messages.append(try RPCMessage(parsing: bytes))
                    } catch {
                        log(.error, "cannot read a message: \(error.message)")
                        writer.respond(nil, error: error)
                    }
                }
            }
            // Cancellations written with the requests they cancel apply to them.
            for m in messages where m.method == "$/cancelRequest" {
                if let id = m.params?["id"] { cancelled.insert(key(id.jsonValue)) }
            }
            for m in messages {
                if let status = handle(m) { return status }
            }
            if let failure = writer.failure {
                log(.error, "cannot write to the client: \(failure)")
                return 2
            }
        }
    }

    func key(_ id: JSONValue) -> String {
        switch id {
        case .string(let s): return "s:" + s
        case .number(let n): return "n:" + JSONValue.format(n)
        default: return "?"
        }
    }

    /// Handles one message; an exit status when the server is to stop.
    func handle(_ m: RPCMessage) -> Int32? {
        guard let method = m.method else { return nil }  // a response to a request of ours
        if method == "exit" { return shutdownRequested ? 0 : 1 }
        guard let id = m.id else {
            notification(method, m.params)
            return nil
        }
        if cancelled.remove(key(id)) != nil {
            writer.respond(id, error: RPCError(.requestCancelled, "the request was cancelled"))
            return nil
        }
        do throws(RPCError) {
            let result = try request(method, m.params)
            writer.respond(id, result: result)
        } catch {
            writer.respond(id, error: error)
        }
        return nil
    }

    func request(_ method: String, _ params: JSONNode?) throws(RPCError) -> JSONValue {
        if method == "initialize" {
            guard !initialized else { throw RPCError(.invalidRequest, "the server is initialized already") }
            return initialize(params)
        }
        guard initialized else {
            throw RPCError(.serverNotInitialized, "'\(method)' before 'initialize'")
        }
        guard !shutdownRequested else { throw RPCError(.invalidRequest, "'\(method)' after 'shutdown'") }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/diagnostic":
            let doc = try document(params)
            return .object([("kind", .string("full")), ("items", .array(analysis(doc).diagnostics))])
        case "textDocument/completion": return try completion(params)
        case "completionItem/resolve": return try resolveCompletion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/documentColor": return try documentColors(params)
        case "textDocument/colorPresentation": return try colorPresentations(params)
        default: throw RPCError(.methodNotFound, "no method '\(method.escapingControlCharacters)'")
        }
    }

    func notification(_ method: String, _ params: JSONNode?) {
        guard initialized else {
            log(.warning, "'\(method.escapingControlCharacters)' before 'initialize' is dropped")
            return
        }
        switch method {
        case "initialized": registerWatchers()
        case "$/cancelRequest": break
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeConfiguration":
            let settings = params?["settings"]
            var problems: [String] = []
            clientConfiguration = ServerConfiguration.read(
                settings?["twhost"] ?? settings, source: "the configuration", problems: &problems)
            for p in problems { show(.warning, p) }
            crashedPlugins.removeAll()
            reconfigure(reason: "the configuration changed")
        case "workspace/didChangeWatchedFiles":
            let changed = (params?["changes"]?.array ?? []).compactMap { $0["uri"]?.string }
            let baseline = Workspace.baselinePath(configuration, root: rootPath)
            if changed.contains(where: {
                $0.hasSuffix("/.twhost.json") || $0.hasSuffix(".so")
                    || (baseline != nil && pathOfFileURI($0) == baseline)
            }) {
                crashedPlugins.removeAll()
                reconfigure(reason: "\(changed.count) watched file(s) changed")
            }
        case "workspace/didChangeWorkspaceFolders":
            if let added = params?["event"]?["added"]?.array?.first?["uri"]?.string, rootPath == nil {
                rootPath = pathOfFileURI(added)
                reconfigure(reason: "a workspace folder was added")
            }
        default:
            if !method.hasPrefix("$/") { log(.info, "notification '\(method.escapingControlCharacters)' not handled") }
        }
    }

    // MARK: lifecycle

    func initialize(_ params: JSONNode?) -> JSONValue {
        initialized = true
        let capabilities = params?["capabilities"]
        let offered = capabilities?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        // UTF-8 is what twhost counts in; otherwise the spec's default.
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        snippets = capabilities?["textDocument"]?["completion"]?["completionItem"]?["snippetSupport"]?.bool ?? false
        let formats = capabilities?["textDocument"]?["hover"]?["contentFormat"]?.array?.compactMap(\.string)
        markdown = formats.map { $0.isEmpty || $0.contains("markdown") } ?? true
        if let folder = params?["workspaceFolders"]?.array?.first?["uri"]?.string {
            rootPath = pathOfFileURI(folder)
        } else if let uri = params?["rootUri"]?.string {
            rootPath = pathOfFileURI(uri)
        } else if let path = params?["rootPath"]?.string {
            rootPath = path
        }
        var problems: [String] = []
        clientConfiguration = ServerConfiguration.read(
            params?["initializationOptions"], source: "initializationOptions", problems: &problems)
        for p in problems { show(.warning, p) }
        reconfigure(reason: nil)
        let sync: JSONValue = .object([
            ("openClose", .bool(true)), ("change", .number(2)), ("save", .object([("includeText", .bool(false))])),
        ])
        return .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string(encoding.rawValue)),
                    ("textDocumentSync", sync),
                    (
                        "completionProvider",
                        .object([
                            ("triggerCharacters", .array(["-", ":", "[", " ", "\""].map(JSONValue.string))),
                            ("resolveProvider", .bool(true)),
                        ])
                    ),
                    ("hoverProvider", .bool(true)),
                    (
                        "codeActionProvider",
                        .object([
                            ("codeActionKinds", .array([.string("quickfix"), .string(CodeActions.sortKind)])),
                            ("resolveProvider", .bool(false)),
                        ])
                    ),
                    ("colorProvider", .bool(true)),
                    (
                        "diagnosticProvider",
                        .object([
                            ("identifier", .string("twhost")), ("interFileDependencies", .bool(false)),
                            ("workspaceDiagnostics", .bool(false)),
                        ])
                    ),
                    (
                        "workspace",
                        .object([
                            (
                                "workspaceFolders",
                                .object([("supported", .bool(true)), ("changeNotifications", .bool(true))])
                            )
                        ])
                    ),
                ])
            ),
            ("serverInfo", .object([("name", .string("twhost")), ("version", .string(TWHostVersion.string))])),
        ])
    }

    /// Asks the client to report changes of `.twhost.json` and plugin `.so` files.
    func registerWatchers() {
        let watchers: JSONValue = .array([
            .object([("globPattern", .string("**/.twhost.json"))]), .object([("globPattern", .string("**/*.so"))]),
        ])
        let registration: JSONValue = .object([
            ("id", .string("twhost-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", watchers)])),
        ])
        writer.send(
            .object([
                ("jsonrpc", .string("2.0")), ("id", .string("twhost-\(nextServerRequest)")),
                ("method", .string("client/registerCapability")),
                ("params", .object([("registrations", .array([registration]))])),
            ]))
        nextServerRequest += 1
    }

    /// The configuration in force: the `.twhost.json` `twhost check` would
    /// read for the workspace root (the nearest at or above it, up to the
    /// folder that holds `.git`) when there is one, else the client's; a file
    /// that `check` rejects is shown with `check`'s message and the client's
    /// is used. Plugins are loaded again and every open document is
    /// published again.
    func reconfigure(reason: String?) {
        var next = clientConfiguration
        configurationFile = nil
        if let root = rootPath, let file = LintConfiguration.find(from: root) {
            do throws(ConfigurationError) {
                next = ServerConfiguration(try LintConfiguration.load(file))
                configurationFile = file
            } catch {
                show(.error, error.description)
            }
        }
        configuration = next
        workspace = Workspace.load(next, root: rootPath, crashed: crashedPlugins.map(\.name))
        for e in workspace.loadErrors { show(.error, e) }
        for c in crashedPlugins {
            show(
                .error,
                "\(c.message.escapingControlCharacters); the plugin is not loaded until the configuration or the plugin changes"
            )
        }
        if let reason {
            log(.info, "\(reason): plugins \(workspace.plugins.map(\.info.name).joined(separator: ", "))")
        }
        analyses.removeAll()
        for uri in documents.keys.sorted() { publish(uri) }
    }

    // MARK: documents

    func documentURI(_ params: JSONNode?) throws(RPCError) -> String {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            throw RPCError(.invalidParams, "'textDocument.uri' is missing")
        }
        return uri
    }

    func document(_ params: JSONNode?) throws(RPCError) -> TextDocument {
        let uri = try documentURI(params)
        guard let doc = documents[uri] else {
            throw RPCError(.invalidParams, "'\(uri.escapingControlCharacters)' is not open")
        }
        return doc
    }

    func position(_ params: JSONNode?) throws(RPCError) -> Position {
        guard let line = params?["position"]?["line"]?.int, let character = params?["position"]?["character"]?.int,
            line >= 0, character >= 0
        else { throw RPCError(.invalidParams, "'position' needs a line and a character") }
        return Position(line: line, character: character)
    }

    func range(_ node: JSONNode?, in doc: TextDocument) -> Range<Int>? {
        guard let s = node?["start"], let e = node?["end"], let sl = s["line"]?.int, let sc = s["character"]?.int,
            let el = e["line"]?.int, let ec = e["character"]?.int
        else { return nil }
        let a = doc.offset(Position(line: sl, character: sc), encoding)
        let b = doc.offset(Position(line: el, character: ec), encoding)
        return min(a, b)..<max(a, b)
    }

    func didOpen(_ params: JSONNode?) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string
        else { return log(.error, "didOpen without a textDocument's uri and text") }
        let path = pathOfFileURI(uri) ?? uri
        documents[uri] = TextDocument(
            uri: uri, path: path, languageID: item["languageId"]?.string ?? "", version: item["version"]?.int ?? 0,
            text: text)
        analyses[uri] = nil
        syntax[uri] = nil
        memos[uri] = nil
        publish(uri)
    }

    func didChange(_ params: JSONNode?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, var doc = documents[uri] else {
            return log(.error, "didChange of a document that is not open")
        }
        // The same changes, as edits of the bytes, for the incremental parse.
        var edits: [SwiftDocument.Edit] = []
        for change in params?["contentChanges"]?.array ?? [] {
            guard let text = change["text"]?.string else { continue }
            if change["range"] != nil {
                guard let r = range(change["range"], in: doc) else {
                    log(.error, "didChange with an invalid range")
                    continue
                }
                edits.append(SwiftDocument.Edit(range: r, replacement: Array(text.utf8)))
                doc.replace(r, with: text)
            } else {
                edits.append(SwiftDocument.Edit(range: 0..<doc.bytes.count, replacement: Array(text.utf8)))
                doc.setText(text)
            }
        }
        syntax[uri] = syntax[uri]?.applying(edits)
        if let v = params?["textDocument"]?["version"]?.int { doc.version = v }
        documents[uri] = doc
        analyses[uri] = nil
        publish(uri)
    }

    func didSave(_ params: JSONNode?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, documents[uri] != nil else { return }
        analyses[uri] = nil
        publish(uri)
    }

    func didClose(_ params: JSONNode?) {
        guard let uri = params?["textDocument"]?["uri"]?.string else { return }
        documents[uri] = nil
        analyses[uri] = nil
        syntax[uri] = nil
        memos[uri] = nil
        writer.notify(
            "textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
    }

    /// The document's analysis, computed once per version.
    func analysis(_ doc: TextDocument) -> Analysis {
        if let a = analyses[doc.uri], a.version == doc.version, a.length == doc.bytes.count { return a }
        var parsed: SwiftDocument?
        if doc.isSwift {
            // The parse kept from the last change when it is of these bytes, else a fresh one.
            let kept = syntax[doc.uri].flatMap { $0.bytes == doc.bytes ? $0 : nil } ?? SwiftDocument(doc.bytes, forEdits: true)
            syntax[doc.uri] = kept
            parsed = kept
        }
        let memo = memos[doc.uri] ?? DocumentMemo()
        memos[doc.uri] = memo
        let a = Analysis(doc, syntax: parsed, memo: memo, workspace: workspace, server: self)
        analyses[doc.uri] = a
        return a
    }

    func publish(_ uri: String) {
        guard let doc = documents[uri] else { return }
        let a = analysis(doc)
        writer.notify(
            "textDocument/publishDiagnostics",
            .object([
                ("uri", .string(uri)), ("version", .number(Double(doc.version))),
                ("diagnostics", .array(a.diagnostics)),
            ]))
    }

    // MARK: logging

    enum MessageType: Int {
        case error = 1
        case warning = 2
        case info = 3
        case log = 4
    }

    /// A line on standard error and a `window/logMessage`.
    func log(_ type: MessageType, _ text: String) {
        let line = "twhost lsp: \(type == .error ? "error: " : type == .warning ? "warning: " : "")\(text)\n"
        try? FileDescriptorIO.writeAll(Array(line.utf8), to: logDescriptor)
        writer.notify(
            "window/logMessage", .object([("type", .number(Double(type.rawValue))), ("message", .string(text))]))
    }

    /// A log line and a `window/showMessage` the user sees.
    func show(_ type: MessageType, _ text: String) {
        log(type, text)
        writer.notify(
            "window/showMessage", .object([("type", .number(Double(type.rawValue))), ("message", .string(text))]))
    }

}
