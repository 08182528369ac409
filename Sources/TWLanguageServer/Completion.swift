import TWHost
import TWSwiftSource

/// `textDocument/completion` and `completionItem/resolve`: inside a class
/// string, every class the scope knows (built-ins with their scale values,
/// recipes, theme colours, each plugin registration with its argument form),
/// the variants, and inside brackets the values the argument takes.
extension LanguageServer {
    enum ItemKind: Int {
        case text = 1
        case value = 12
        case keyword = 14
        case snippet = 15
        case color = 16
        case constant = 21
    }

    func completion(_ params: JSONNode?) throws(RPCError) -> JSONValue {
        let doc = try document(params)
        let offset = doc.offset(try position(params), encoding)
        let a = analysis(doc)
        guard let (siteIndex, token) = a.token(at: offset) else { return .null }
        let site = a.sites[siteIndex]
        let start = token?.start ?? offset
        let typed = doc.text(start..<offset)
        var items: [JSONValue] = []
        let variants = ClassText.variants(typed)
        let body = String(typed.dropFirst(variants.count))
        let bodyStart = start + variants.utf8.count
        if let open = body.lastIndex(of: "["), !body[open...].contains("]") {
            // Inside brackets: the values of the registration's or the root's argument.
            let root = String(body[..<open]).hasSuffix("-") ? String(body[..<open].dropLast()) : String(body[..<open])
            let valueStart = bodyStart + body[...open].utf8.count
            let valueTyped = String(body[body.index(after: open)...])
            for (label, detail, kind) in bracketValues(root) where label.hasPrefix(valueTyped) {
                items.append(
                    item(
                        label: label, detail: detail, kind: kind, range: valueStart..<offset, newText: label, doc: doc,
                        data: nil))
            }
            return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
        }
        if body.isEmpty || Variant.names.contains(where: { $0.hasPrefix(body) }) {
            let used = Set(variants.split(separator: ":").map(String.init))
            for v in Variant.names where v.hasPrefix(body) && !used.contains(v) {
                items.append(
                    item(
                        label: v + ":", detail: "variant", kind: .keyword, range: bodyStart..<offset, newText: v + ":",
                        doc: doc, data: nil, retrigger: true))
            }
        }
        let scope = workspace.scope
        for name in scope.classNames where name.hasPrefix(body) {
            let detail = describe(name)
            if name.hasSuffix("-[…]") {
                let root = String(name.dropLast(4))
                let argument = argumentName(root)
                let text = snippets ? "\(root)-[${1:\(argument)}]" : "\(root)-[]"
                items.append(
                    item(
                        label: name, detail: detail, kind: .snippet, range: bodyStart..<offset, newText: text,
                        doc: doc, data: .object([("class", .string(name)), ("target", .string(site.kind.rawValue))]),
                        snippet: snippets))
            } else {
                let color = Colors.split(name, theme: scope.rules.theme).map { Colors.hex($0.color) }
                items.append(
                    item(
                        label: name, detail: color ?? detail, kind: color != nil ? .color : .value,
                        range: bodyStart..<offset, newText: name, doc: doc,
                        data: .object([("class", .string(name)), ("target", .string(site.kind.rawValue))])))
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    func item(
        label: String, detail: String, kind: ItemKind, range: Range<Int>, newText: String, doc: TextDocument,
        data: JSONValue?, snippet: Bool = false, retrigger: Bool = false
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("label", .string(label)), ("kind", .number(Double(kind.rawValue))), ("detail", .string(detail)),
            ("filterText", .string(label)),
            ("textEdit", .object([("range", rangeJSON(range, doc)), ("newText", .string(newText))])),
        ]
        if snippet { members.append(("insertTextFormat", .number(2))) }
        if retrigger {
            members.append(
                (
                    "command",
                    .object([("title", .string("Suggest")), ("command", .string("editor.action.triggerSuggest"))])
                ))
        }
        if let data { members.append(("data", data)) }
        return .object(members)
    }

    /// What a known class name is: a registration, utility, recipe, animation or built-in.
    func describe(_ name: String) -> String {
        let registry = workspace.registry
        let root = name.hasSuffix("-[…]") ? String(name.dropLast(4)) : name
        if let m = registry.modifier(named: root) {
            return "registration \(m.name) (plugin \(m.plugin), \(m.phase.rawValue), \(m.argumentType.rawValue))"
        }
        if let u = registry.utility(prefix: root) { return "utility \(u.prefix) (plugin \(u.plugin))" }
        if let r = registry.recipe(named: name) { return "recipe \(r.name) (plugin \(r.plugin))" }
        if workspace.scope.rules.named[name] != nil || BuiltinRecipes.definitions[name] != nil { return "recipe" }
        if name.hasPrefix("animate-") {
            if let a = registry.animation(named: String(name.dropFirst(8))) {
                return "animation preset \(a.name) (plugin \(a.plugin))"
            }
            return "animation"
        }
        return "built-in"
    }

    func argumentName(_ root: String) -> String {
        if let m = workspace.registry.modifier(named: root) { return m.defaultArgument ?? m.argumentType.rawValue }
        return "value"
    }

    /// Values a bracket takes after `root-[`: a registration's default and,
    /// for colours, the theme's colour names.
    func bracketValues(_ root: String) -> [(String, String, ItemKind)] {
        var out: [(String, String, ItemKind)] = []
        let theme = workspace.scope.rules.theme
        if let m = workspace.registry.modifier(named: root) {
            if let d = m.defaultArgument {
                out.append((d, "the default of \(m.name) (\(m.argumentType.rawValue))", .constant))
            }
            if m.argumentType != .color { return out }
        } else if Colors.split(root + "-[#000000]", theme: theme) == nil {
            return out
        }
        for name in theme.colors.keys.sorted() {
            if let c = theme.colors[name] { out.append((name, Colors.hex(c), .color)) }
        }
        return out
    }

    func resolveCompletion(_ params: JSONNode?) throws(RPCError) -> JSONValue {
        guard let params, case .object = params.value else { throw RPCError(.invalidParams, "a completion item") }
        guard let name = params["data"]?["class"]?.string else { return params.jsonValue }
        var classText = name
        if name.hasSuffix("-[…]") {
            let root = String(name.dropLast(4))
            guard let arg = workspace.registry.modifier(named: root)?.defaultArgument else {
                return withDocumentation(params, describe(name) + "\n\nTakes a bracket argument: `\(root)-[…]`.")
            }
            classText = "\(root)-[\(arg)]"
        }
        let kind: SurfaceSource.Kind = params["data"]?["target"]?.string == "buttonStyle" ? .button : .view
        let surface = SurfaceResolver.resolve(
            TWClasses(classText), source: SurfaceSource(kind), scope: workspace.scope)
        var text = describe(name)
        if let m = surface.matches.first { text += "\n\n`\(m.classText)`: \(m.matched)" }
        text += "\n\n```swift\n" + chainCode(surface) + "\n```"
        return withDocumentation(params, text)
    }

    func withDocumentation(_ item: JSONNode, _ markdownText: String) -> JSONValue {
        guard case .object(let members) = item.jsonValue else { return item.jsonValue }
        return .object(
            members.filter { $0.0 != "documentation" } + [
                ("documentation", .object([("kind", .string("markdown")), ("value", .string(markdownText))]))
            ])
    }

    /// A surface's chain as Swift, one modifier a line with its phase and origin.
    func chainCode(_ surface: ResolvedSurface) -> String {
        SurfaceReport.chainLines(surface, palette: Palette(enabled: false), indent: "").joined(separator: "\n")
    }
}
