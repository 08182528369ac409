import TWHost
import TWSwiftSource

/// `textDocument/codeAction`: a quick fix for each finding with an edit —
/// the removal of an overridden or duplicate class (the fix `check --fix`
/// applies) and the replacement a hint names (did you mean), both the
/// `TextEdit`s `check` reports — and "Sort classes", offered only when the
/// sorted document resolves to exactly the same chains.
enum CodeActions {
    static let sortKind = "source.sortClasses"

    /// The order classes are sorted in: classes without variants first, then
    /// by their variants, then by body; a stable sort, so equal keys keep
    /// their order.
    static func sorted(_ tokens: [String]) -> [String] {
        tokens.enumerated().sorted { a, b in
            let va = ClassText.variants(a.element)
            let vb = ClassText.variants(b.element)
            if va != vb {
                if va.isEmpty || vb.isEmpty { return va.isEmpty }
                return va.utf8.lexicographicallyPrecedes(vb.utf8)
            }
            let ba = ClassText.body(a.element)
            let bb = ClassText.body(b.element)
            if ba != bb { return ba.utf8.lexicographicallyPrecedes(bb.utf8) }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// What must not change when classes are reordered: every surface's
    /// chain, status, animation, button style and identity, and the findings.
    static func fingerprint(_ file: ScannedFile) -> [String] {
        var out: [String] = []
        for record in file.resolution?.surfaces ?? [] {
            for s in record.allSurfaces {
                out.append(s.chain.map { SurfaceReport.entryLine($0) }.joined(separator: "\n"))
                out.append("\(s.decorated) \(s.identity) \(s.nativeButtonStyle ?? "-") \(s.animation?.modifier ?? "-")")
                out.append(s.diagnostics.map { "\($0.code) \($0.className ?? "")" }.sorted().joined(separator: ","))
            }
        }
        return out
    }
}

extension LanguageServer {
    func codeActions(_ params: JSONNode?) throws(RPCError) -> JSONValue {
        let doc = try document(params)
        guard let r = range(params?["range"], in: doc) else { throw RPCError(.invalidParams, "'range' is missing") }
        let only = params?["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool {
            only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
        }
        let a = analysis(doc)
        var actions: [JSONValue] = []
        if wanted("quickfix") {
            for f in a.findings
            where f.range.overlaps(r) || f.range.lowerBound == r.lowerBound || r.contains(f.range.lowerBound) {
                guard let name = f.diagnostic.className else { continue }
                for fix in [f.fix, f.suggestion].compactMap({ $0 }) where fix.end <= doc.bytes.count {
                    actions.append(
                        .object([
                            ("title", .string(fix.title(of: name))), ("kind", .string("quickfix")),
                            ("diagnostics", .array([f.json])), ("isPreferred", .bool(true)),
                            ("edit", edit(doc, [(fix.start..<fix.end, fix.replacement)])),
                        ]))
                }
            }
        }
        if wanted("quickfix") {
            // An API the deployment target lacks: raise the target in the `.twhost.json` in force.
            var targets: [(version: Int, finding: Analysis.Finding)] = []
            for f in a.findings where f.range.overlaps(r) || r.contains(f.range.lowerBound) {
                guard let v = f.diagnostic.deploymentTarget, !targets.contains(where: { $0.version == v }) else {
                    continue
                }
                targets.append((v, f))
            }
            for (v, f) in targets.sorted(by: { $0.version < $1.version }) {
                if let action = deploymentTargetAction(v, f) { actions.append(action) }
            }
        }
        if wanted(CodeActions.sortKind), let sort = sortAction(doc, a) { actions.append(sort) }
        return .array(actions)
    }

    func edit(_ doc: TextDocument, _ edits: [(Range<Int>, String)]) -> JSONValue {
        .object([
            (
                "changes",
                .object([
                    (
                        doc.uri,
                        .array(
                            edits.map { .object([("range", rangeJSON($0.0, doc)), ("newText", .string($0.1))]) })
                    )
                ])
            )
        ])
    }

    /// Every plain literal's classes sorted, when the document resolved
    /// again gives every chain it gave before.
    func sortAction(_ doc: TextDocument, _ a: Analysis) -> JSONValue? {
        guard a.scanned.wasRead else { return nil }
        var edits: [(Range<Int>, String)] = []
        for (i, site) in a.sites.enumerated() where site.isPlain {
            let tokens = a.tokens[i].map(\.text)
            let sorted = CodeActions.sorted(tokens)
            guard sorted != tokens, let first = a.tokens[i].first, let last = a.tokens[i].last else { continue }
            edits.append((first.start..<last.end, sorted.joined(separator: " ")))
        }
        guard !edits.isEmpty else { return nil }
        // The proof: resolve the sorted document and compare with the document as it is.
        var bytes = doc.bytes
        for (r, text) in edits.reversed() { bytes.replaceSubrange(r, with: Array(text.utf8)) }
        let path = doc.isSwift && !doc.path.hasSuffix(".swift") ? doc.path + ".swift" : doc.path
        let again = SourceScan.run(
            document: path, bytes: bytes, plugins: workspace.plugins, options: workspace.options,
            shared: workspace.shared)
        guard CodeActions.fingerprint(again) == CodeActions.fingerprint(a.scanned) else {
            log(.info, "sorting the classes of \(doc.path.escapingControlCharacters) would change a chain; not offered")
            return nil
        }
        return .object([
            ("title", .string("Sort classes")), ("kind", .string(CodeActions.sortKind)), ("edit", edit(doc, edits)),
        ])
    }
}

extension LanguageServer {
    /// "Raise the deployment target to iOS 17": the `osVersion` of the
    /// `.twhost.json` in force set to `version` (written in if it is not
    /// there). Offered only when that file is read: settings from the client
    /// are the client's to change.
    func deploymentTargetAction(_ version: Int, _ finding: Analysis.Finding) -> JSONValue? {
        guard let file = configurationFile, let bytes = try? FileIO.read(file),
            let edit = CodeActions.osVersionEdit(bytes, version)
        else { return nil }
        let config = TextDocument(
            uri: fileURI(file), path: file, languageID: "json", version: 0, text: String(decoding: bytes, as: UTF8.self)
        )
        let platform = Availability.platformName(workspace.configuration.environment.platform)
        return .object([
            ("title", .string("Raise the deployment target to \(platform) \(version) (.twhost.json)")),
            ("kind", .string("quickfix")), ("diagnostics", .array([finding.json])),
            ("edit", self.edit(config, [(edit.range, edit.text)])),
        ])
    }
}

extension CodeActions {
    /// The edit of a `.twhost.json` that sets `osVersion` to `version`: its
    /// number replaced, or the key written first in the object. Nil when the
    /// file is not a JSON object or its `osVersion` is not a number.
    static func osVersionEdit(_ bytes: [UInt8], _ version: Int) -> (range: Range<Int>, text: String)? {
        guard (try? JSONParser.checkDocument(bytes)) != nil else { return nil }
        var parser = JSONParser(streaming: bytes)
        let root = parser.position
        guard let members = parser.members(at: root) else { return nil }
        let lines = TextDocument.lineStarts(bytes)
        func offset(_ p: JSONPosition) -> Int { lines[p.lineNumber - 1] + p.column - 1 }
        if let value = members.first(where: { $0.key == "osVersion" })?.value {
            let start = offset(value)
            var end = start
            while end < bytes.count, Self.numberBytes.contains(bytes[end]) { end += 1 }
            guard end > start else { return nil }
            return (start..<end, String(version))
        }
        let brace = offset(root) + 1
        return (brace..<brace, "\"osVersion\": \(version)" + (members.isEmpty ? "" : ", "))
    }

    private static let numberBytes = Set("0123456789+-.eE".utf8)
}
