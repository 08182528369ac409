import TWHost
import TWSwiftSource

/// `textDocument/hover`: on a class, what it matched, what it sets and
/// whether it wins, and the chain entries it produces; on the `.tw` name,
/// the surface's whole chain, identity and conditions.
extension LanguageServer {
    func hover(_ params: JSONNode?) throws(RPCError) -> JSONValue {
        let doc = try document(params)
        let offset = doc.offset(try position(params), encoding)
        let a = analysis(doc)
        if let (i, call) = a.sites.enumerated().lazy.compactMap({ s in s.1.call.map { (s.0, $0) } }).first(where: {
            $0.1.contains(offset) || $0.1.upperBound == offset
        }) {
            let (surface, record) = resolved(site: i, a, doc)
            var text = "**.\(doc.text(call))** surface"
            if let record { text += " `\(record.path.escapingControlCharacters)`" }
            text +=
                "\n\n```text\n" + SurfaceReport.explain(classes(i, a), surface, palette: Palette(enabled: false))
                + "```"
            text += "\n\nidentity `\(surface.identity)`"
            if let conditions = record?.node.conditions, !conditions.isEmpty {
                text +=
                    "\n\nconditions: "
                    + conditions.map { "`\($0.text.escapingControlCharacters)`" }.joined(separator: ", ")
            }
            return hoverJSON(text, range: call, doc)
        }
        guard let (i, found) = a.token(at: offset), let token = found else { return .null }
        let (surface, _) = resolved(site: i, a, doc)
        return hoverJSON(classHover(token.text, in: surface), range: token.start..<token.end, doc)
    }

    func hoverJSON(_ markdownText: String, range: Range<Int>, _ doc: TextDocument) -> JSONValue {
        .object([
            (
                "contents",
                .object([("kind", .string(markdown ? "markdown" : "plaintext")), ("value", .string(markdownText))])
            ),
            ("range", rangeJSON(range, doc)),
        ])
    }

    func classes(_ site: Int, _ a: Analysis) -> TWClasses {
        TWClasses(a.tokens[site].map(\.text).joined(separator: " "))
    }

    /// The surface a site's classes make, resolved with every detail
    /// (matches, winners) on the native source of the view it decorates, and
    /// that view's record in the file's resolution (its path and conditions)
    /// when there is one.
    func resolved(site i: Int, _ a: Analysis, _ doc: TextDocument) -> (ResolvedSurface, SurfaceRecord?) {
        let site = a.sites[i]
        let text = a.tokens[i].map(\.text).joined(separator: " ")
        let at = doc.position(site.contentStart, .utf8)
        var best: SurfaceRecord?
        for record in a.scanned.resolution?.surfaces ?? [] {
            guard let l = record.location, l.line - 1 <= at.line else { continue }
            let classes = site.kind == .buttonStyle ? record.node.buttonStyle : record.node.tw
            guard let written = classes?.description, !text.isEmpty, written.contains(text) else { continue }
            best = record
        }
        var source = SurfaceSource(site.kind == .buttonStyle ? .button : .view)
        if let best { source = site.kind == .buttonStyle ? (best.buttonStyle?.source ?? source) : best.surface.source }
        return (SurfaceResolver.resolve(TWClasses(text), source: source, scope: workspace.scope), best)
    }

    func classHover(_ name: String, in surface: ResolvedSurface) -> String {
        var text = "**`\(name.escapingControlCharacters)`**"
        let matches = surface.matches.filter { $0.classText == name && $0.depth == 0 }
        if let m = matches.first { text += " — \(m.matched.escapingControlCharacters)" }
        // What the class sets on its own, and who wins each of those keys here.
        let alone = SurfaceResolver.resolve(TWClasses(name), source: surface.source, scope: workspace.scope)
        var surface = surface
        if !surface.decorated && alone.decorated {
            text += "\n\nThe surface is left undecorated by an invalid class; on its own this class gives:"
            surface = alone
        }
        var lines: [String] = []
        for key in alone.winners.map(\.key) {
            let winners = surface.winners.filter { $0.key == key }
            if winners.contains(where: { $0.className == name }) {
                lines.append("- `\(key)`: wins")
            } else if let other = winners.last {
                lines.append("- `\(key)`: overridden by `\(other.className.escapingControlCharacters)`")
            } else {
                lines.append("- `\(key)`")
            }
        }
        if !lines.isEmpty { text += "\n\nsets:\n" + lines.joined(separator: "\n") }
        let own = surface.chain.filter { $0.className == name || ($0.className == nil && ownsSlot($0, name)) }
        if !own.isEmpty {
            var part = surface
            part.chain = own
            text += "\n\nchain entries:\n```swift\n" + chainCode(part) + "\n```"
        }
        for d in surface.diagnostics where d.className == name {
            text += "\n\n\(d.severity.rawValue)[\(d.code)]: \(d.message.escapingControlCharacters)"
        }
        return text
    }

    /// A registration's slot set by this class (slots carry the registration, not the class).
    func ownsSlot(_ entry: ChainEntry, _ name: String) -> Bool {
        guard entry.active == true else { return false }
        let body = ClassText.body(name)
        switch entry.origin {
        case .registration(let n, _), .source(let n, _): return body == n || body.hasPrefix(n + "-[")
        case .builtin: return false
        }
    }
}
