import Glibc
import TWHost
import TWSwiftSource

/// What documents are resolved with: the loaded plugins, their registry and
/// a scope for completion and hover, and the scopes resolution shares.
struct Workspace {
    var configuration: ServerConfiguration
    var plugins: [LoadedPlugin]
    var loadErrors: [String] = []
    var registry: PluginRegistry
    var scope: ResolutionScope
    var shared: SharedScopes
    var options: SourceScan.Options
    /// The baseline the configuration names (`baseline`), as `check --baseline` reads it.
    var baseline: CheckBaseline?

    init(configuration: ServerConfiguration, plugins: [LoadedPlugin]) {
        self.configuration = configuration
        self.plugins = plugins
        registry = PluginRegistry(plugins: plugins)
        options = configuration.scanOptions
        scope = ResolutionScope(registry: registry, environment: configuration.environment)
        shared = SourceScan.sharedScopes(options)
    }

    /// Loads the configured plugins (those that crashed before left out), as
    /// `--plugins` and `--plugin-path` do; relative folders are the workspace's.
    static func load(_ configuration: ServerConfiguration, root: String?, crashed: [String]) -> Workspace {
        // The client's relative folders are the workspace's; a file's are already its folder's.
        let explicit = configuration.pluginPaths.map { p in
            p.hasPrefix("/") || root == nil ? p : (root ?? "") + "/" + p
        }
        let env = getenv("TWHOST_PLUGIN_PATH").map { String(cString: $0) }
        let path = PluginSearchPath.standard(
            explicit: explicit, environment: env, executable: PluginSearchPath.currentExecutable())
        let requested = configuration.plugins.filter { !crashed.contains($0) }
        let result = PluginSet.load(requested, searchPath: path)
        var w = Workspace(configuration: configuration, plugins: result.plugins)
        w.loadErrors = path.warnings + result.errors.map { "\(DiagnosticCode.pluginLoadFailed): \($0.description)" }
        if let file = baselinePath(configuration, root: root) {
            do throws(BaselineError) {
                w.baseline = try CheckBaseline.read(file)
            } catch {
                w.loadErrors.append(error.description)
            }
        }
        return w
    }

    /// The baseline file in force: a `.twhost.json`'s is its folder's already, the client's is the workspace's.
    static func baselinePath(_ configuration: ServerConfiguration, root: String?) -> String? {
        guard let file = configuration.keys.baseline else { return nil }
        return file.hasPrefix("/") || root == nil ? file : (root ?? "") + "/" + file
    }

    /// The `file://` address of docs/Diagnostics.md: installed beside twhost
    /// (`share/doc/twhost`), or in the source tree twhost was built in.
    static let diagnosticsDocument: String? = {
        guard let exe = PluginSearchPath.currentExecutable(), let slash = exe.lastIndex(of: "/") else { return nil }
        var folder = String(exe[..<slash])
        var candidates = [folder + "/../share/doc/twhost/Diagnostics.md"]
        for _ in 0..<5 {
            candidates.append(folder + "/docs/Diagnostics.md")
            guard let up = folder.lastIndex(of: "/"), up > folder.startIndex else { break }
            folder = String(folder[..<up])
        }
        for c in candidates {
            if let real = realPath(c) { return fileURI(real) }
        }
        return nil
    }()
}

/// One document resolved: its class sites, what `twhost check` finds in it,
/// and those findings as LSP diagnostics with exact ranges.
struct Analysis {
    struct Finding {
        var diagnostic: Diagnostic
        var range: Range<Int>
        var json: JSONValue
        /// The lint's fix (`check --fix` applies it), as byte offsets into the document.
        var fix: TextEdit? = nil
        /// The did-you-mean as an edit of the class, as `check` reports it.
        var suggestion: TextEdit? = nil
    }

    let version: Int
    let length: Int
    let sites: [ClassSite]
    /// Each site's classes, in order.
    let tokens: [[ClassSite.Token]]
    let scanned: ScannedFile
    let findings: [Finding]
    var diagnostics: [JSONValue] { findings.map(\.json) }

    /// - Parameters:
    ///   - syntax: a Swift document's parse (of `doc.bytes`), shared by every reader of it.
    ///   - memo: what the document's last analysis kept for this one (`DocumentMemo`).
    init(
        _ doc: TextDocument, syntax: SwiftDocument?, memo: DocumentMemo, workspace: Workspace,
        server: LanguageServer
    ) {
        version = doc.version
        length = doc.bytes.count
        let swift = doc.isSwift ? syntax ?? SwiftDocument(doc.bytes, forEdits: true) : nil
        // A `.swift` path is read as Swift whatever its language id says, and the reverse.
        let path = doc.isSwift && !doc.path.hasSuffix(".swift") ? doc.path + ".swift" : doc.path
        sites = swift.map { ClassSites.find(in: $0, file: path, memo: memo) } ?? SceneSites.find(in: doc.bytes)
        tokens = sites.map { $0.tokens(in: doc.bytes) }
        scanned = SourceScan.run(
            document: path, bytes: doc.bytes, swift: swift, plugins: workspace.plugins, options: workspace.options,
            shared: workspace.shared, memo: memo)
        var out: [Finding] = []
        let crashed = server.crashedPlugins
        for c in crashed {
            let json = Analysis.json(
                range: 0..<0, doc: doc, server: server, severity: 1, code: DiagnosticCode.pluginLoadFailed.rawValue,
                message: c.message.escapingControlCharacters
                    + "; the plugin is not loaded until the configuration or the plugin changes",
                related: [])
            let d = Diagnostic(PluginCrash(message: c.message))
            out.append(Finding(diagnostic: d, range: 0..<0, json: json))
        }
        // The findings `twhost check` reports for the document as it is in the editor: the class
        // lints, then suppression comments, the rules' settings and the baseline, as `check` applies them.
        var report = CheckReport([scanned])
        let bytes = doc.bytes
        if let swift, scanned.wasRead {
            report.addClassLints(
                [path], order: [path], scope: workspace.scope, documents: { $0 == path ? swift : nil }, memo: memo)
        }
        let keys = workspace.configuration.keys
        report.adopt(
            sources: doc.isSwift ? [path] : [], setting: { _, code in keys.setting(for: code) },
            baseline: workspace.baseline, bytes: { $0 == path ? bytes : CheckReport.fileBytes($0) })
        let lines = LineTable(bytes)
        for f in report.findings {
            let d = f.diagnostic
            let severity = d.severity
            let at = doc.offset(line: f.location.line, column: f.location.column)
            let range = Analysis.range(of: d.className, near: at, tokens: tokens, doc: doc)
            let suggestion = TextEdit.suggestion(for: d, at: range.lowerBound, in: bytes, file: path, lines: lines)
            var related: [JSONValue] = []
            if range.lowerBound != at, let surface = f.surface {
                related.append(
                    Analysis.related(
                        doc.uri, at..<at, doc, server, "the surface \(surface.escapingControlCharacters)"))
            }
            if let name = d.className, let registration = Analysis.registration(name, workspace.registry) {
                related.append(registration(doc, server))
            }
            var message = d.message.escapingControlCharacters
            if let hint = d.hint { message += " — " + hint.escapingControlCharacters }
            let level = severity == .error ? 1 : severity == .warning ? 2 : 3
            out.append(
                Finding(
                    diagnostic: d, range: range,
                    json: Analysis.json(
                        range: range, doc: doc, server: server, severity: level, code: d.code.rawValue,
                        message: message, related: related), fix: f.fix, suggestion: suggestion))
        }
        findings = out
    }

    struct PluginCrash: DiagnosticKind {
        var message: String
        var code: DiagnosticCode { .pluginLoadFailed }
    }

    static func json(
        range: Range<Int>, doc: TextDocument, server: LanguageServer, severity: Int, code: String, message: String,
        related: [JSONValue]
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("range", server.rangeJSON(range, doc)), ("severity", .number(Double(severity))), ("code", .string(code)),
        ]
        if let doc = Workspace.diagnosticsDocument {
            members.append(("codeDescription", .object([("href", .string(doc + "#diagnostic-codes"))])))
        }
        members.append(("source", .string("twhost")))
        members.append(("message", .string(message)))
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    static func related(
        _ uri: String, _ range: Range<Int>, _ doc: TextDocument, _ server: LanguageServer, _ message: String
    ) -> JSONValue {
        .object([
            ("location", .object([("uri", .string(uri)), ("range", server.rangeJSON(range, doc))])),
            ("message", .string(message)),
        ])
    }

    /// The registration a class names, as related information: an inline one
    /// where it is written, a plugin's at its `.so`.
    static func registration(_ className: String, _ registry: PluginRegistry) -> (
        (TextDocument, LanguageServer) -> JSONValue
    )? {
        let body = ClassText.body(className)
        let root = body.firstRange(of: "-[").map { String(body[..<$0.lowerBound]) } ?? body
        guard let m = registry.modifier(named: root) ?? registry.modifier(named: body) else { return nil }
        let plugin = registry.plugins.first { $0.name == m.plugin }
        let text = "registration \(m.name) (plugin \(m.plugin), \(m.phase.rawValue), \(m.argumentType.rawValue))"
        return { doc, server in
            if let location = m.location, location.file == doc.path {
                let at = doc.offset(line: location.line, column: location.column)
                return related(doc.uri, at..<at, doc, server, text)
            }
            let uri = plugin.map { fileURI($0.path) } ?? doc.uri
            return .object([
                (
                    "location",
                    .object([
                        ("uri", .string(uri)),
                        (
                            "range",
                            .object([
                                ("start", .object([("line", .number(0)), ("character", .number(0))])),
                                ("end", .object([("line", .number(0)), ("character", .number(0))])),
                            ])
                        ),
                    ])
                ), ("message", .string(text)),
            ])
        }
    }

    /// The range of a finding: the class it is about inside its literal (the
    /// first with that text at or after the finding's location, else the last
    /// before it), else the word at the location.
    static func range(of className: String?, near at: Int, tokens: [[ClassSite.Token]], doc: TextDocument) -> Range<
        Int
    > {
        if let name = className {
            var before: ClassSite.Token?
            for t in tokens.joined() where t.text == name {
                if t.start >= at { return t.start..<t.end }
                before = t
            }
            if let before { return before.start..<before.end }
        }
        var end = at
        let bytes = doc.bytes
        while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x0A, bytes[end] != 0x09, bytes[end] != 0x0D,
            bytes[end] != UInt8(ascii: "(")
        {
            end += 1
        }
        return at..<end
    }

    /// The site and class at a byte offset (the end of a class counts as in it).
    func token(at offset: Int) -> (site: Int, token: ClassSite.Token?)? {
        for (i, s) in sites.enumerated() where s.contentStart <= offset && offset <= s.contentEnd {
            return (i, tokens[i].first { $0.start <= offset && offset <= $0.end })
        }
        return nil
    }
}

/// Parts of a class's text.
enum ClassText {
    /// The class without its variants (`hover:bg-red` → `bg-red`).
    static func body(_ text: String) -> String {
        var depth = 0
        var last: String.Index?
        for i in text.indices {
            switch text[i] {
            case "[": depth += 1
            case "]": depth -= 1
            case ":" where depth == 0: last = i
            default: break
            }
        }
        return last.map { String(text[text.index(after: $0)...]) } ?? text
    }

    /// The variants with their colons (`hover:bg-red` → `hover:`).
    static func variants(_ text: String) -> String { String(text.dropLast(body(text).count)) }
}

/// The `"tw"`, `"buttonStyle"` and `"twAnimation"` fields of a scene file.
enum SceneSites {
    static let fields: Set<String> = ["tw", "buttonStyle", "twAnimation"]

    static func find(in bytes: [UInt8]) -> [ClassSite] {
        guard let root = try? JSONParser.parse(bytes) else { return [] }
        let starts = TextDocument.lineStarts(bytes)
        var out: [ClassSite] = []
        func walk(_ node: JSONNode) {
            switch node.value {
            case .object(let members):
                for m in members {
                    if fields.contains(m.key), m.node.string != nil, m.node.line - 1 < starts.count {
                        let quote = starts[m.node.line - 1] + m.node.column - 1
                        if quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") {
                            var i = quote + 1
                            var plain = true
                            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                                if bytes[i] == UInt8(ascii: "\\") {
                                    plain = false
                                    i += 1
                                }
                                i += 1
                            }
                            out.append(
                                ClassSite(
                                    kind: m.key == "buttonStyle" ? .buttonStyle : .scene, contentStart: quote + 1,
                                    contentEnd: min(i, bytes.count), isPlain: plain, call: nil))
                        }
                    }
                    walk(m.node)
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(root)
        return out.sorted { $0.contentStart < $1.contentStart }
    }
}

extension LanguageServer {
    func positionJSON(_ offset: Int, _ doc: TextDocument) -> JSONValue {
        let p = doc.position(offset, encoding)
        return .object([("line", .number(Double(p.line))), ("character", .number(Double(p.character)))])
    }

    func rangeJSON(_ range: Range<Int>, _ doc: TextDocument) -> JSONValue {
        .object([("start", positionJSON(range.lowerBound, doc)), ("end", positionJSON(range.upperBound, doc))])
    }
}
