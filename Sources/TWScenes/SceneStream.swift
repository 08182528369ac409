import Dispatch
import TWGrammar
import TWModel
import TWResolution
import TWSupport

/// A scene file read as a stream: checked once (the same errors and warnings
/// as `SceneReader.read`, in the same order), then its nodes handed out one at
/// a time in document order with only their ancestors held, so that a large
/// scene is never held whole (SPEC §8).
public struct SceneStream {
    /// What the file says before its nodes.
    public var name: String?
    public var environment: RenderEnvironment
    public var rules: SceneRules?
    /// Whether the environment gave an `osVersion`.
    public var osVersionGiven: Bool
    /// The reader's warnings (unknown fields), in document order.
    public var warnings: [Diagnostic]
    /// Every `rules.plugins` entry, in the order `SceneResolver.pluginNames` visits them.
    public var pluginMentions: [PluginMention]
    let bytes: [UInt8]
    public let file: String
    let root: JSONPosition

    /// One entry of a `rules.plugins` list, and where it is.
    public struct PluginMention: Sendable {
        public var change: PluginScopeChange
        /// The JSON path of the rules' node ("" for the scene's own rules).
        public var path: String
        public var line: Int
    }

    /// Check pass: reads the whole file as `SceneReader.read` does, keeping
    /// only the header, the warnings and the plugin mentions.
    /// - Parameter threads: the threads the check may use (`--jobs`): with
    ///   one, the syntax and the nodes are checked one after the other.
    public init(_ bytes: [UInt8], file: String = "<scene>", threads: Int = 2) throws(SceneError) {
        // The JSON syntax is checked on another thread while this one checks
        // the nodes (a large file, and a second thread allowed). The syntax
        // error, if any, is the one reported, as when it was checked first;
        // the node check is bounded and cannot fail otherwise on bytes that
        // are not JSON.
        let syntax = Self.checksSyntaxBeside(byteCount: bytes.count, threads: threads) ? SyntaxCheck(bytes) : nil
        if syntax == nil {
            do {
                try JSONParser.checkDocument(bytes)
            } catch {
                throw .notJSON(error)
            }
        }
        self.bytes = bytes
        self.file = file
        var check = StreamReader(bytes: bytes, file: file)
        let checked = Result { () throws(SceneError) in try check.header() }
        if let error = syntax?.wait() { throw .notJSON(error) }
        let header = try checked.get()
        name = header.name
        environment = header.environment
        rules = header.rules
        osVersionGiven = header.osVersionGiven
        root = header.root
        pluginMentions = Self.mentions(header.rules, path: "", line: 1) + header.rootMentions
        warnings = check.reader.warnings
    }

    /// From this size on, the syntax check runs beside the node check.
    static let concurrentSyntaxCheck = 256 * 1024

    /// Whether a file's syntax is checked on a second thread beside its nodes:
    /// a large file, and a second thread allowed.
    static func checksSyntaxBeside(byteCount: Int, threads: Int) -> Bool {
        threads > 1 && byteCount >= concurrentSyntaxCheck
    }

    /// `JSONParser.checkDocument` on a thread of its own.
    final class SyntaxCheck: @unchecked Sendable {
        // @unchecked: `error` is written once by the check, read after `group.wait()`.
        private var error: JSONParseError?
        private let group = DispatchGroup()

        init(_ bytes: [UInt8]) {
            DispatchQueue.global().async(group: group) { [self] in
                do throws(JSONParseError) {
                    try JSONParser.checkDocument(bytes)
                } catch {
                    self.error = error
                }
            }
        }

        /// The syntax error, once the check is done.
        func wait() -> JSONParseError? {
            group.wait()
            return error
        }
    }

    static func mentions(_ rules: SceneRules?, path: String, line: Int) -> [PluginMention] {
        (rules?.plugins ?? []).map { PluginMention(change: $0, path: path, line: line) }
    }

    /// Plugin names the scene mentions, in first-mention order (`SceneResolver.pluginNames`).
    public var pluginNames: [String] {
        var names: [String] = []
        for mention in pluginMentions {
            if case .add(let name) = mention.change, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Fails when the scene names a plugin outside the loaded set (`SceneResolver.checkPlugins`).
    public func checkPlugins(loaded: [String]) throws(SceneResolveError) {
        let known = Set(loaded)
        for mention in pluginMentions where !known.contains(mention.change.name) {
            throw .unknownPlugin(
                name: mention.change.name, path: mention.path + "/rules/plugins", line: mention.line, loaded: loaded)
        }
    }

    /// Node pass: each node (without its children) in document order, with
    /// what `visit` returned for its parent; a node's children follow it.
    /// With `handsOnLeaves`, a plain node without children (`Leaf`) is first
    /// offered to `leaf` unread: when it takes the leaf, the walk goes on to
    /// the next node (the taker reads it later, with `LeafReader`, on any thread).
    func walk<Context>(
        _ context: Context, visit: (SceneNode, Context) throws(SceneResolveError) -> Context,
        handsOnLeaves: Bool = false, leaf: (Leaf, Context) -> Bool = { _, _ in false }
    ) throws(WalkError) {
        var reader = StreamReader(bytes: bytes, file: file)
        try reader.walk(
            at: root, jsonPath: "/root", path: "/", context: context, visit: visit, handsOnLeaves: handsOnLeaves,
            leaf: leaf)
    }

    /// A plain node without children, as the walk found it and before it is
    /// read: where it is, its place among its parent's children, and its
    /// parent's paths. Its class lists are known to fit
    /// `SceneReader.maxClassListBytes`, so reading it cannot fail.
    struct Leaf: Sendable {
        let position: JSONPosition
        let index: Int
        let parentJSONPath: String
        let parentPath: String
        /// Whether it has a class list (`SceneNode.isStyled`).
        let styled: Bool
    }

    /// Reads leaves handed on by the walk: one reader per thread at a time.
    struct LeafReader {
        private var reader: StreamReader

        init(_ stream: (bytes: [UInt8], file: String)) {
            // The file's name copied: its nodes' locations count references
            // on this reader's copy, not on one string every thread shares.
            reader = StreamReader(bytes: stream.bytes, file: String(decoding: Array(stream.file.utf8), as: UTF8.self))
        }

        /// The node `leaf` is, as the walk itself would have read it.
        mutating func read(_ leaf: Leaf) -> SceneNode {
            let child = StreamReader.childPaths(jsonPath: leaf.parentJSONPath, path: leaf.parentPath, index: leaf.index)
            var firstChild: JSONPosition?
            var close: JSONPosition?
            let node = try? reader.plainNode(
                at: leaf.position, jsonPath: child.jsonPath, path: child.path, firstChild: &firstChild, close: &close)
            guard let node = node ?? nil else {
                preconditionFailure("a leaf the walk found plain, with class lists that fit, reads as a plain node")
            }
            return node
        }
    }

    /// Why a walk stopped: a node's rules name an unloaded plugin (when
    /// `checkPlugins` was not called), or a node does not read: a plain node
    /// (which the check pass reads on its bytes, nothing decoded) whose class
    /// list is past `SceneReader.maxClassListBytes`.
    public enum WalkError: Error, CustomStringConvertible {
        case scene(SceneError)
        case resolve(SceneResolveError)

        public var description: String {
            switch self {
            case .scene(let e): return e.description
            case .resolve(let e): return e.description
            }
        }
    }
}

/// The reading behind `SceneStream`: `SceneReader`'s checks on one value at a time.
struct StreamReader {
    var parser: JSONParser
    var reader: SceneReader

    init(bytes: [UInt8], file: String) {
        parser = JSONParser(streaming: bytes)
        reader = SceneReader(file: file)
    }

    /// A value of the checked document (its syntax cannot fail any more).
    mutating func value(at position: JSONPosition) -> JSONNode {
        (try? parser.value(at: position, depth: 0)) ?? JSONNode(value: .null, line: position.lineNumber)
    }

    /// An object's members as `SceneReader` sees them: keys with their
    /// values' lines (for warnings), and where each value is.
    mutating func members(at position: JSONPosition, _ path: String) throws(SceneError)
        -> [(member: JSONMember, value: JSONPosition)]
    {
        guard let members = parser.members(at: position) else {
            _ = try reader.object(value(at: position), path)  // throws "expected an object"
            return []
        }
        return members.map { m in
            (
                JSONMember(key: m.key, node: JSONNode(value: .null, line: m.value.lineNumber, column: m.value.column)),
                m.value
            )
        }
    }

    /// The scene's own fields, as `SceneReader.scene` reads them.
    mutating func header() throws(SceneError) -> (
        name: String?, environment: RenderEnvironment, rules: SceneRules?, osVersionGiven: Bool, root: JSONPosition,
        rootMentions: [SceneStream.PluginMention]
    ) {
        let start = parser.position
        let document = JSONNode(value: .null, line: start.lineNumber, column: start.column)
        let members = try self.members(at: start, "")
        reader.unknownFields(
            members.map(\.member), known: ["scene", "name", "environment", "rules", "root", "$schema"], path: "")
        guard let version = members.first(where: { $0.member.key == "scene" }) else {
            throw reader.invalid("/scene", document, "missing: a scene file starts with \"scene\": 1")
        }
        let versionNode = value(at: version.value)
        let v = try reader.number(versionNode, "/scene")
        guard v == 1 else { throw .unsupportedVersion(Int(exactly: v) ?? -1, line: versionNode.line) }
        var environment = RenderEnvironment()
        var name: String?
        var rules: SceneRules?
        var root: JSONPosition?
        var rootMentions: [SceneStream.PluginMention] = []
        for (member, position) in members {
            switch member.key {
            case "name": name = try reader.string(value(at: position), "/name")
            case "environment": environment = try reader.environment(value(at: position))
            case "rules": rules = try reader.rules(value(at: position), "/rules", allowReplace: false)
            case "root":
                rootMentions = try checkNode(at: position, depth: 0)
                root = position
            default: break
            }
        }
        guard let root else { throw reader.invalid("/root", document, "missing: the scene needs a root node") }
        return (name, environment, rules, reader.osVersionGiven, root, rootMentions)
    }

    /// A node's members, its type checked, and the node without children —
    /// `SceneReader.node`'s checks in its order.
    mutating func nodeHead(at position: JSONPosition, jsonPath: String, path: String) throws(SceneError)
        -> (node: SceneNode.Fields, members: [(member: JSONMember, value: JSONPosition)])
    {
        let members = try self.members(at: position, jsonPath)
        reader.unknownFields(members.map(\.member), known: SceneReader.nodeFields, path: jsonPath)
        let json = JSONNode(value: .null, line: position.lineNumber, column: position.column)
        guard let typeMember = members.first(where: { $0.member.key == "type" }) else {
            throw reader.invalid(jsonPath + "/type", json, "missing: every node needs a type")
        }
        let typeNode = value(at: typeMember.value)
        let node = SceneNode.Fields(
            type: try reader.string(typeNode, jsonPath + "/type"), path: path, jsonPath: jsonPath, line: json.line,
            location: SourceLocation(file: reader.file, line: json.line, column: json.column))
        guard !node.type.isEmpty else { throw reader.invalid(jsonPath + "/type", typeNode, "the type is empty") }
        return (node, members)
    }

    /// Where a node's first child is (nil when it has none), or the error
    /// `SceneReader.node` gives; the next ones follow with `parser.item(after:)`.
    /// Children are read one after the other, never listed: a node of a
    /// million children holds no million positions.
    mutating func firstChild(at position: JSONPosition, _ p: String) throws(SceneError) -> JSONPosition? {
        guard let first = parser.firstItem(at: position) else {
            let node = value(at: position)
            throw reader.invalid(p, node, "expected an array of nodes, got \(node.kindName)")
        }
        return first
    }

    /// The child indexes from the root down to the node the check step is
    /// at: its paths are made from them only when a node needs them (a plain
    /// node never does), not for every node.
    var trail: [Int] = []

    /// The JSON location and the child path of the node at `trail`
    /// (`/root/children/0`, `/0`), as the walk names them.
    var trailPaths: (jsonPath: String, path: String) {
        var paths = (jsonPath: "/root", path: "/")
        for i in trail { paths = Self.childPaths(jsonPath: paths.jsonPath, path: paths.path, index: i) }
        return paths
    }

    /// The JSON location and the child path of a node's child at `index`
    /// (`/root/children/0` and `/0` under the root), as the walk names them.
    static func childPaths(jsonPath: String, path: String, index: Int) -> (jsonPath: String, path: String) {
        ("\(jsonPath)/children/\(index)", path == "/" ? "/\(index)" : "\(path)/\(index)")
    }

    /// Check step: a node and its subtree read and checked in document order,
    /// nothing kept but the plugin mentions (the node's own, then its children's).
    /// The node's place is `trail`.
    mutating func checkNode(at position: JSONPosition, depth: Int) throws(SceneError) -> [SceneStream.PluginMention] {
        var close: JSONPosition?
        return try checkNode(at: position, depth: depth, close: &close)
    }

    /// `checkNode(at:depth:)`, giving back where a plain node's closing brace
    /// is (`PlainFields.close`; nil for any other node).
    mutating func checkNode(
        at position: JSONPosition, depth: Int, close: inout JSONPosition?
    ) throws(SceneError) -> [SceneStream.PluginMention] {
        close = nil
        // Nodes nest two JSON levels apiece: deeper than this, the syntax check
        // (which bounds nesting) has failed, and its error is the one reported.
        guard depth <= JSONParser.defaultMaxDepth / 2 else {
            throw reader.invalid(
                trailPaths.jsonPath, JSONNode(value: .null, line: position.lineNumber, column: position.column),
                "nodes nested too deep")
        }
        if let fields = plainFields(at: position) {
            var below: [SceneStream.PluginMention] = []
            var next = firstPlainChild(fields)
            var i = 0
            while let item = next {
                var itemClose: JSONPosition?
                if !plainLeaf(at: item, depth: depth + 1, close: &itemClose) {
                    trail.append(i)
                    below += try checkNode(at: item, depth: depth + 1, close: &itemClose)
                    trail.removeLast()
                }
                next = parser.item(after: item, closingAt: itemClose)
                i += 1
            }
            close = fields.close
            return below
        }
        let (jsonPath, path) = trailPaths
        var (node, members) = try nodeHead(at: position, jsonPath: jsonPath, path: path)
        var below: [SceneStream.PluginMention] = []
        for (m, valuePosition) in members {
            let p = "\(jsonPath)/\(m.key)"
            if m.key == "children" {
                var next = try firstChild(at: valuePosition, p)
                var i = 0
                while let item = next {
                    var itemClose: JSONPosition?
                    if !plainLeaf(at: item, depth: depth + 1, close: &itemClose) {
                        trail.append(i)
                        below += try checkNode(at: item, depth: depth + 1, close: &itemClose)
                        trail.removeLast()
                    }
                    next = parser.item(after: item, closingAt: itemClose)
                    i += 1
                }
            } else {
                try reader.field(JSONMember(key: m.key, node: value(at: valuePosition)), p, into: &node)
            }
        }
        return SceneStream.mentions(node.rules, path: jsonPath, line: node.line) + below
    }

    /// Check step of a plain node without children (most nodes of a large
    /// scene), without a step of its own: such a node has nothing to check
    /// and nothing to mention (`checkNode` would find the same). True, with
    /// where its closing brace is, when the node at `position` is one.
    mutating func plainLeaf(at position: JSONPosition, depth: Int, close: inout JSONPosition?) -> Bool {
        // Past the depth bound, `checkNode` gives the error.
        guard depth <= JSONParser.defaultMaxDepth / 2, let fields = plainLeafFields(at: position) else { return false }
        close = fields.close
        return true
    }

    /// The fields of the node at `position` when it is plain (`plainFields`) and has no children; nil otherwise.
    mutating func plainLeafFields(at position: JSONPosition) -> PlainFields? {
        guard let fields = plainFields(at: position), firstPlainChild(fields) == nil else { return nil }
        return fields
    }

    /// Where the fields of a plain node are: a node whose every member is a
    /// string of a field that cannot fail a check (`type`, `id`, `text`,
    /// `label`, `systemImage`, `tw`, `buttonStyle`, `twAnimation`; in a
    /// checked document every string is valid), with a non-empty `type`, and
    /// an array of `children` (or none). Such a node has nothing to check but
    /// its type, no warning and no plugin to name.
    struct PlainFields {
        var type: JSONPosition?
        var id: JSONPosition?
        var text: JSONPosition?
        var label: JSONPosition?
        var systemImage: JSONPosition?
        var tw: JSONPosition?
        var buttonStyle: JSONPosition?
        var twAnimation: JSONPosition?
        var children: JSONPosition?
        /// The node's closing brace, where reading its members ended: the
        /// item after the node is found from there, not by skipping it again.
        var close: JSONPosition?
    }

    /// The fields of the node at `position` when it is plain (read on its
    /// bytes: no member list, no key strings), nil for any other node, which
    /// the full check reads.
    mutating func plainFields(at position: JSONPosition) -> PlainFields? {
        var fields = PlainFields()
        var plain = true
        let isObject = parser.forEachMember(at: position) { m in
            if m.keyIs("children") {
                guard m.first == UInt8(ascii: "[") else {
                    plain = false
                    return false
                }
                fields.children = m.value
                return true
            }
            guard m.first == UInt8(ascii: "\"") else {
                plain = false
                return false
            }
            if m.keyIs("type") {
                guard m.second != UInt8(ascii: "\"") else {
                    plain = false
                    return false
                }
                fields.type = m.value
            } else if m.keyIs("tw") {
                fields.tw = m.value
            } else if m.keyIs("id") {
                fields.id = m.value
            } else if m.keyIs("text") {
                fields.text = m.value
            } else if m.keyIs("label") {
                fields.label = m.value
            } else if m.keyIs("systemImage") {
                fields.systemImage = m.value
            } else if m.keyIs("buttonStyle") {
                fields.buttonStyle = m.value
            } else if m.keyIs("twAnimation") {
                fields.twAnimation = m.value
            } else {
                plain = false
                return false
            }
            return true
        }
        guard isObject, plain, fields.type != nil else { return nil }
        if parser.isAtObjectClose { fields.close = parser.position }
        return fields
    }

    /// Where a plain node's first child is (nil when it has none).
    mutating func firstPlainChild(_ fields: PlainFields) -> JSONPosition? {
        guard let children = fields.children else { return nil }
        return parser.firstItem(at: children) ?? nil
    }

    /// A node `plainFields` accepts, read straight from its strings (what
    /// `nodeHead` and `SceneReader.field` make of them), and where its
    /// children begin (`firstChild`: returned beside the node, an optional
    /// pair was destroyed through its type's metadata at every node).
    mutating func plainNode(
        at position: JSONPosition, jsonPath: String, path: String, firstChild: inout JSONPosition?,
        close: inout JSONPosition?
    ) throws(SceneStream.WalkError) -> SceneNode? {
        guard let fields = plainFields(at: position), let typePosition = fields.type,
            let type = parser.string(at: typePosition)
        else { return nil }
        close = fields.close
        // Filled in its box: a `Fields` filled first would be copied into one.
        var node = SceneNode(
            type: type, path: path, jsonPath: jsonPath, line: position.lineNumber,
            location: SourceLocation(file: reader.file, line: position.lineNumber, column: position.column))
        func string(_ at: JSONPosition?) -> String? { at.flatMap { parser.string(at: $0) } }
        if let id = string(fields.id) { node.id = id }
        if let text = string(fields.text) { node.text = text }
        if let label = string(fields.label) { node.label = label }
        if let systemImage = string(fields.systemImage) { node.systemImage = systemImage }
        let tw = string(fields.tw)
        let buttonStyle = string(fields.buttonStyle)
        let twAnimation = string(fields.twAnimation)
        // A class list past `SceneReader.maxClassListBytes` is refused here, as the full reader
        // refuses it (the first such field in the node's order), without decoding it again there.
        func tooLong(_ text: String?) -> Bool { (text?.utf8.count ?? 0) > SceneReader.maxClassListBytes }
        // (Checked one by one: an array of the three would be made for every node.)
        if tooLong(tw) || tooLong(buttonStyle) || tooLong(twAnimation) {
            let refused = [
                ("tw", tw, fields.tw), ("buttonStyle", buttonStyle, fields.buttonStyle),
                ("twAnimation", twAnimation, fields.twAnimation),
            ]
            .compactMap { key, text, at -> (key: String, bytes: Int, at: JSONPosition)? in
                guard let text, let at, tooLong(text) else { return nil }
                return (key, text.utf8.count, at)
            }
            .min { $0.at.offset < $1.at.offset }
            if let refused {
                throw .scene(
                    .invalid(
                        path: "\(jsonPath)/\(refused.key)", line: refused.at.lineNumber,
                        message: SceneReader.classListTooLongMessage(bytes: refused.bytes)))
            }
        }
        if let tw { node.tw = TWClasses(tw) }
        if let buttonStyle { node.buttonStyle = TWClasses(buttonStyle) }
        if let twAnimation { node.twAnimation = TWClasses(twAnimation) }
        firstChild = firstPlainChild(fields)
        return node
    }

    /// Walk step: each node with its fields (children left out) visited before
    /// its children, which get what the visit returned.
    mutating func walk<Context>(
        at position: JSONPosition, jsonPath: String, path: String, context: Context,
        visit: (SceneNode, Context) throws(SceneResolveError) -> Context, handsOnLeaves: Bool = false,
        leaf: (SceneStream.Leaf, Context) -> Bool = { _, _ in false }
    ) throws(SceneStream.WalkError) {
        var close: JSONPosition?
        try walk(
            at: position, jsonPath: jsonPath, path: path, context: context, visit: visit, handsOnLeaves: handsOnLeaves,
            leaf: leaf, close: &close)
    }

    /// `walk(at:…)`, giving back where a plain node's closing brace is
    /// (`PlainFields.close`; nil for any other node).
    mutating func walk<Context>(
        at position: JSONPosition, jsonPath: String, path: String, context: Context,
        visit: (SceneNode, Context) throws(SceneResolveError) -> Context, handsOnLeaves: Bool,
        leaf: (SceneStream.Leaf, Context) -> Bool, close: inout JSONPosition?
    ) throws(SceneStream.WalkError) {
        close = nil
        var plainFirst: JSONPosition?
        var plainClose: JSONPosition?
        if let node = try plainNode(
            at: position, jsonPath: jsonPath, path: path, firstChild: &plainFirst, close: &plainClose)
        {
            let inner: Context
            do {
                inner = try visit(node, context)
            } catch {
                throw .resolve(error)
            }
            try walkChildren(
                from: plainFirst, jsonPath: jsonPath, path: path, context: inner, visit: visit,
                handsOnLeaves: handsOnLeaves, leaf: leaf)
            close = plainClose
            return
        }
        var node: SceneNode.Fields
        var members: [(member: JSONMember, value: JSONPosition)]
        do {
            (node, members) = try nodeHead(at: position, jsonPath: jsonPath, path: path)
            for (m, valuePosition) in members where m.key != "children" {
                try reader.field(
                    JSONMember(key: m.key, node: value(at: valuePosition)), "\(jsonPath)/\(m.key)", into: &node)
            }
        } catch {
            throw .scene(error)
        }
        let inner: Context
        do {
            inner = try visit(SceneNode(node), context)
        } catch {
            throw .resolve(error)
        }
        for (m, valuePosition) in members where m.key == "children" {
            let first: JSONPosition?
            do {
                first = try firstChild(at: valuePosition, "\(jsonPath)/children")
            } catch {
                throw .scene(error)
            }
            try walkChildren(
                from: first, jsonPath: jsonPath, path: path, context: inner, visit: visit,
                handsOnLeaves: handsOnLeaves, leaf: leaf)
        }
    }

    /// The children from `first` on, one after the other (none listed).
    mutating func walkChildren<Context>(
        from first: JSONPosition?, jsonPath: String, path: String, context: Context,
        visit: (SceneNode, Context) throws(SceneResolveError) -> Context, handsOnLeaves: Bool,
        leaf: (SceneStream.Leaf, Context) -> Bool
    ) throws(SceneStream.WalkError) {
        var next = first
        var i = 0
        while let item = next {
            var itemClose: JSONPosition?
            if handsOnLeaves, let found = self.leaf(at: item, index: i, parentJSONPath: jsonPath, parentPath: path),
                leaf(found.leaf, context)
            {
                itemClose = found.close
            } else {
                let child = Self.childPaths(jsonPath: jsonPath, path: path, index: i)
                try walk(
                    at: item, jsonPath: child.jsonPath, path: child.path, context: context, visit: visit,
                    handsOnLeaves: handsOnLeaves, leaf: leaf, close: &itemClose)
            }
            next = parser.item(after: item, closingAt: itemClose)
            i += 1
        }
    }

    /// The node at `position` as a leaf to hand on unread (`SceneStream.Leaf`),
    /// with where its closing brace is; nil when it is not plain, has
    /// children, or has a class list that might not fit: the walk reads it.
    mutating func leaf(at position: JSONPosition, index: Int, parentJSONPath: String, parentPath: String)
        -> (leaf: SceneStream.Leaf, close: JSONPosition?)?
    {
        guard let fields = plainLeafFields(at: position) else { return nil }
        let close = fields.close
        // A list's raw bytes bound its decoded size: within the bound, no list is refused.
        func fits(_ list: JSONPosition?) -> Bool {
            list.map { parser.rawStringLength(at: $0) <= SceneReader.maxClassListBytes } ?? true
        }
        guard fits(fields.tw), fits(fields.buttonStyle), fits(fields.twAnimation) else { return nil }
        let styled = fields.tw != nil || fields.buttonStyle != nil || fields.twAnimation != nil
        return (
            SceneStream.Leaf(
                position: position, index: index, parentJSONPath: parentJSONPath, parentPath: parentPath,
                styled: styled),
            close
        )
    }
}
