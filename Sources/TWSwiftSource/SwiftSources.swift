import Glibc
import TWModel
import TWResolution
import TWScenes
import TWSupport

@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// One Swift file read into the scene model: its views as a scene (one root
/// per `body`, `some View` member and `#Preview`), or why it could not be read.
public struct SwiftSourceFile: Sendable {
    /// The path as given, or as found under a folder that was given.
    public var path: String
    /// The file's views; nil when the file does not parse or is not UTF-8.
    public var scene: Scene?
    /// The parser's own diagnostics (errors) when the file does not parse.
    public var diagnostics: [Diagnostic]
    /// Per child of the scene's root: the view type whose `body` it is, if it is one.
    var rootOwners: [String?] = []
    /// Where this file uses views (by type name), with the rules in force there.
    var uses: [ViewUse] = []
    /// Per surface (by its node's location): where each class of its literals is written.
    var classSpans: [TWModel.SourceLocation: [String: ClassSpan]] = [:]
    /// Locations asked for while reading the file, and those searched for
    /// (`SourceContext.location`): what keeps a chain of layers linear.
    var locationCounts = (requests: 0, searches: 0)
}

/// A view used by type name (`CardView()`), with the rules in force at the use:
/// how rules set in one file reach the views another file declares.
struct ViewUse: Sendable {
    var type: String
    /// Rules from the root of the using view down to the use, outermost first.
    var rules: [SceneRules]
    /// The view type whose body holds the use (nil in a `#Preview` or a free function).
    var owner: String?
    var inPreview: Bool
}

/// An input named on the command line: a Swift file, a scene file, or a path
/// that could not be used.
public enum SourceInput: Equatable, Sendable {
    case swift(String)
    case scene(String)
    case unreadable(String, reason: String)
}

/// Reads SwiftUI sources with the Swift toolchain's own parser (SwiftParser,
/// SwiftSyntax): each file independently, into the same scene model as scene
/// files (SPEC §6b).
public enum SwiftSources {
    /// Whether a path names Swift sources (a `.swift` file or a folder).
    public static func isSwiftInput(_ path: String) -> Bool {
        if path.hasSuffix(".swift") { return true }
        var st = stat()
        return path != "-" && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The inputs under `paths`: files as given (`.swift` as Swift, anything
    /// else as a scene file), folders walked recursively for `.swift` files —
    /// hidden folders and `.build` skipped, symbolic links to folders not
    /// followed — each folder's files in bytewise path order.
    public static func inputs(_ paths: [String]) -> [SourceInput] {
        var out: [SourceInput] = []
        for path in paths {
            var st = stat()
            if path == "-" {
                out.append(.scene(path))
            } else if stat(path, &st) != 0 {
                out.append(.unreadable(path, reason: String(cString: strerror(errno))))
            } else if (st.st_mode & S_IFMT) == S_IFDIR {
                var found: [String] = []
                var failures: [SourceInput] = []
                walk(path, into: &found, failures: &failures)
                out += failures
                out += found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(SourceInput.swift)
            } else if path.hasSuffix(".swift") {
                out.append(.swift(path))
            } else {
                out.append(.scene(path))
            }
        }
        return out
    }

    private static func walk(_ directory: String, into found: inout [String], failures: inout [SourceInput]) {
        var pending = [directory]
        while let folder = pending.popLast() {
            guard let dir = opendir(folder) else {
                failures.append(.unreadable(folder, reason: String(cString: strerror(errno))))
                continue
            }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let child = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var st = stat()
                guard lstat(child, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    if name.hasPrefix(".") || name == ".build" { continue }
                    pending.append(child)
                case S_IFREG, S_IFLNK:
                    if name.hasSuffix(".swift") { found.append(child) }
                default:
                    // A FIFO, device or socket named like a Swift file is said to be skipped.
                    if name.hasSuffix(".swift") {
                        let kind = FileIO.kind(st.st_mode) ?? "not a regular file"
                        failures.append(.unreadable(child, reason: "is \(kind); only regular files are read"))
                    }
                }
            }
        }
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence
    /// (overlong forms, surrogates and values past U+10FFFF are invalid), or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return i
            }
            guard i + length <= n, bytes[i + 1] >= low, bytes[i + 1] <= high else { return i }
            for k in 2..<length where bytes[i + k] < 0x80 || bytes[i + k] > 0xBF { return i }
            i += length
        }
        return nil
    }

    /// The parser's diagnostics reported for one file, at most.
    static let maxSyntaxDiagnostics = 20

    /// Reads one file's bytes. Never throws and never traps: a file that does
    /// not parse comes back with the parser's diagnostics and no scene.
    /// `#if os(…)` blocks are read for `platform`.
    /// - Parameter classSpans: whether to record where each class is written (`ClassSpans`).
    public static func read(
        path: String, bytes: [UInt8], platform: RenderEnvironment.Platform = RenderEnvironment().platform,
        classSpans: Bool = true
    ) -> SwiftSourceFile {
        read(path: path, document: SwiftDocument(bytes), platform: platform, classSpans: classSpans)
    }

    /// Reads a document parsed already (an editor's buffer, parsed again
    /// incrementally after each change), as `read(path:bytes:)` reads its bytes.
    /// - Parameter memo: the views read in the document's last pass, taken again where unchanged.
    public static func read(
        path: String, document: SwiftDocument, platform: RenderEnvironment.Platform = RenderEnvironment().platform,
        memo: DocumentMemo? = nil, classSpans: Bool = true
    ) -> SwiftSourceFile {
        let bytes = document.bytes
        if let bad = firstInvalidUTF8(bytes) {
            let (line, column) = LineTable(bytes).place(bad)
            return SwiftSourceFile(
                path: path, scene: nil,
                diagnostics: [
                    SourceFinding.notUTF8(byte: bytes[bad], line: line, column: column).diagnostic(
                        at: TWModel.SourceLocation(file: path, line: line, column: column))
                ])
        }
        let budget = document.budget
        if let limit = budget.exceeded {
            let (line, column) = budget.place
            return SwiftSourceFile(
                path: path, scene: nil,
                diagnostics: [
                    SourceFinding.parseLimit(limit).diagnostic(
                        at: TWModel.SourceLocation(file: path, line: line, column: column))
                ])
        }
        // Within the budget, a document always has its tree.
        guard let tree = document.tree else { return SwiftSourceFile(path: path, scene: nil, diagnostics: []) }
        let context = SourceContext(file: path, bytes: document.bytes)
        if tree.hasError {
            var out = SyntaxErrors.diagnostics(tree, context, limit: maxSyntaxDiagnostics)
            if out.isEmpty {
                out.append(SourceFinding.syntax("the file does not parse").diagnostic(at: context.fileStart))
            }
            return SwiftSourceFile(path: path, scene: nil, diagnostics: out)
        }
        let index = FileIndex(tree, platform: platform)
        let eval = Evaluator(index: index, source: context)
        var reader = ViewTreeReader(eval: eval)
        reader.collectsSpans = classSpans
        if let views = memo?.views {
            views.startPass()
            index.log = views.log
            reader.memo = views
        }
        let root = reader.file(index, label: path)
        let scene = Scene(name: path, environment: RenderEnvironment(), rules: nil, root: root)
        var file = SwiftSourceFile(path: path, scene: scene, diagnostics: [])
        file.rootOwners = reader.rootOwners
        file.uses = uses(root, owners: reader.rootOwners)
        file.classSpans = reader.classSpans
        file.locationCounts = context.locationCounts
        return file
    }

    /// The toolchain's parser alone on `bytes`, nothing read from its tree:
    /// the baseline the benchmark times `read` against. Returns the tree's
    /// length in bytes.
    public static func bareParse(_ bytes: [UInt8]) -> Int {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        return tree.totalLength.utf8Length
    }

    /// The toolchain's parser on `bytes` and a walk over every node of its
    /// tree (what any reader of the tree does at the least; a walk makes
    /// each node's data, which the tree then holds): the baseline the
    /// benchmark times `resolve` against beside the parse alone. Returns
    /// the number of nodes.
    public static func bareParseAndWalk(_ bytes: [UInt8]) -> Int {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        final class Counter: SyntaxAnyVisitor {
            var nodes = 0
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                nodes += 1
                return .visitChildren
            }
        }
        let counter = Counter(viewMode: .sourceAccurate)
        counter.walk(tree)
        return counter.nodes
    }

    /// Every call's argument list in `bytes` read by `SourceContext.plainLiteral`
    /// beside what the evaluator reads from its syntax: how many lists were
    /// read from the bytes, and the source of each where the two disagree (a
    /// list read from the bytes that is not one unlabeled literal whose value
    /// is that text). For a test that holds the byte reading to the syntax's.
    static func plainLiteralDisagreements(_ bytes: [UInt8]) -> (read: Int, disagreements: [String]) {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let context = SourceContext(file: "", bytes: bytes)
        let eval = Evaluator(index: FileIndex(tree), source: context)
        final class Calls: SyntaxVisitor {
            var calls: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                calls.append(node)
                return .visitChildren
            }
        }
        let visitor = Calls(viewMode: .sourceAccurate)
        visitor.walk(tree)
        var read = 0
        var disagreements: [String] = []
        for call in visitor.calls {
            guard let text = context.plainLiteral(call.arguments) else { continue }
            read += 1
            let arguments = Array(call.arguments)
            guard arguments.count == 1, let only = arguments.first, only.label == nil,
                case .text(let value) = eval.value(only.expression, Scope(owner: "")), value == text
            else {
                disagreements.append(call.arguments.description)
                continue
            }
        }
        return (read, disagreements)
    }

    /// Where `LineTable` and SwiftSyntax's `SourceLocationConverter` place the
    /// start of a token (and the end of the file) differently: the offsets, for
    /// a test that holds the table to the parser's own count (empty when they agree).
    static func lineTableDisagreements(_ bytes: [UInt8]) -> [Int] {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let table = LineTable(bytes)
        var offsets = tree.tokens(viewMode: .sourceAccurate).flatMap {
            [$0.position.utf8Offset, $0.positionAfterSkippingLeadingTrivia.utf8Offset]
        }
        offsets.append(bytes.count)
        return offsets.filter { offset in
            let l = converter.location(for: AbsolutePosition(utf8Offset: offset))
            return table.place(offset) != (l.line, l.column)
        }
    }

    /// The first use of each view type in the file (one from a preview kept
    /// apart), with the rules on the path to it.
    static func uses(_ root: SceneNode, owners: [String?]) -> [ViewUse] {
        var out: [ViewUse] = []
        struct Seen: Hashable {
            var preview: Bool
            var type: String
        }
        var seen = Set<Seen>()
        for (i, child) in root.children.enumerated() {
            let owner = i < owners.count ? owners[i] : nil
            let preview = child.path.containsBytes(":#Preview")
            var stack: [(SceneNode, [SceneRules])] = [(child, [])]
            // The type just looked up: the layers of a chain of `.tw` calls are
            // a thousand nodes of one type, looked up once.
            var last: String?
            while let (node, inherited) = stack.popLast() {
                let rules = node.rules.map { inherited + [$0] } ?? inherited
                if node.type != last, node.type.startsUppercase,
                    seen.insert(Seen(preview: preview, type: node.type)).inserted
                {
                    out.append(ViewUse(type: node.type, rules: rules, owner: owner, inPreview: preview))
                }
                last = node.type
                for c in node.children.reversed() { stack.append((c, rules)) }
            }
        }
        return out
    }

    /// Rules set where other files use a view reach that view's body: each
    /// file's roots get the rules in force at the first use of their type in
    /// any file (a non-preview use first), through the chain of uses. A use
    /// inside the same file was already read in place.
    static func linkRules(_ files: inout [SwiftSourceFile]) {
        var firstUse: [String: ViewUse] = [:]
        var previewUse: [String: ViewUse] = [:]
        var declared: [String: Int] = [:]
        for file in files {
            for owner in file.rootOwners.compactMap({ $0 }) { declared[owner, default: 0] += 1 }
            for use in file.uses {
                if use.inPreview {
                    if previewUse[use.type] == nil { previewUse[use.type] = use }
                } else if firstUse[use.type] == nil {
                    firstUse[use.type] = use
                }
            }
        }
        var memo: [String: [SceneRules]] = [:]
        var visiting = Set<String>()
        func context(_ type: String) -> [SceneRules] {
            if let known = memo[type] { return known }
            // Only a view declared once is linked: a name declared twice is ambiguous.
            guard declared[type] == 1, let use = firstUse[type] ?? previewUse[type], visiting.insert(type).inserted
            else { return [] }
            defer { visiting.remove(type) }
            let outer = use.owner.map(context) ?? []
            let result = outer + use.rules
            memo[type] = result
            return result
        }
        for i in files.indices {
            guard var scene = files[i].scene else { continue }
            var changed = false
            for (k, owner) in files[i].rootOwners.enumerated() where k < scene.root.children.count {
                guard let owner else { continue }
                let rules = context(owner)
                guard !rules.isEmpty else { continue }
                var node = scene.root.children[k]
                // The rules in force where the view is used, as the ancestors of its body.
                for (depth, r) in rules.enumerated().reversed() {
                    var wrapper = SceneNode(
                        type: "Rules", path: node.path + "^\(depth)", jsonPath: node.jsonPath, line: node.line,
                        location: r.location)
                    wrapper.rules = r
                    wrapper.children = [node]
                    node = wrapper
                }
                scene.root.children[k] = node
                changed = true
            }
            if changed { files[i].scene = scene }
        }
    }
}
