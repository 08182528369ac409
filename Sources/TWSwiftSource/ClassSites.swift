import TWSupport

@_implementationOnly import SwiftParser
@_implementationOnly @_spi(RawSyntax) import SwiftSyntax

/// A string literal of a Swift source that holds classes, where an editor
/// needs it: byte offsets into the file (UTF-8), for completion, hover,
/// exact diagnostic ranges, colours and sorting.
public struct ClassSite: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `.tw("…")`, `.twAnimation("…")`.
        case modifier
        /// `.buttonStyle(.tw("…"))` and the other control adapters.
        case buttonStyle
        /// `cn(…)`, `TWClasses(…)`, a `TWClasses` constant, a component's `classes:` parameter.
        case fragment
        /// A scene file's `"tw"` field.
        case scene
    }

    public var kind: Kind
    /// The literal's content: after the opening quote, before the closing one.
    public var contentStart: Int
    public var contentEnd: Int
    /// Whether the content is exactly the text (no interpolation, no escape):
    /// only then may an edit rewrite it as text.
    public var isPlain: Bool
    /// The `.tw` (or `.twAnimation`) name the literal is an argument of, when it is one.
    public var call: Range<Int>?

    public init(kind: Kind, contentStart: Int, contentEnd: Int, isPlain: Bool, call: Range<Int>?) {
        self.kind = kind
        self.contentStart = contentStart
        self.contentEnd = contentEnd
        self.isPlain = isPlain
        self.call = call
    }

    /// One class of a site: its bytes in the file, written as in the source
    /// (an interpolation `\(…)` stays in the class it is part of).
    public struct Token: Hashable, Sendable {
        public var start: Int
        public var end: Int
        public var text: String
    }

    /// The site's classes in order: runs of the content between spaces, tabs
    /// and newlines, an interpolation's parentheses kept whole.
    public func tokens(in bytes: [UInt8]) -> [Token] {
        var out: [Token] = []
        var i = max(0, contentStart)
        let end = min(contentEnd, bytes.count)
        var start: Int?
        var depth = 0
        while i < end {
            let b = bytes[i]
            if depth == 0, ASCII.isWhitespace(b) {
                if let s = start {
                    out.append(Token(start: s, end: i, text: String(decoding: bytes[s..<i], as: UTF8.self)))
                    start = nil
                }
            } else {
                if start == nil { start = i }
                if b == UInt8(ascii: "\\"), i + 1 < end, bytes[i + 1] == UInt8(ascii: "(") {
                    depth += 1
                    i += 2
                    continue
                }
                if depth > 0, b == UInt8(ascii: "(") { depth += 1 }
                if depth > 0, b == UInt8(ascii: ")") { depth -= 1 }
            }
            i += 1
        }
        if let s = start {
            out.append(Token(start: s, end: end, text: String(decoding: bytes[s..<end], as: UTF8.self)))
        }
        return out
    }
}

/// Finds the class strings of a Swift source with the toolchain's parser, the
/// contexts the Swift reader reads classes from (docs/SwiftSources.md).
public enum ClassSites {
    /// Calls whose arguments are classes.
    static let classCalls: Set<String> = ["tw", "twAnimation", "cn", "TWClasses"]
    /// Argument labels of components that take classes.
    static let classLabels: Set<String> = ["classes", "className", "class"]
    static let adapters: Set<String> = ["buttonStyle", "textFieldStyle", "toggleStyle", "labelStyle"]

    /// Every class-string literal of the file, in source order. A file that
    /// does not parse still gives the literals the parser recovered, so that
    /// completion works while an edit is half written; a file over the parse
    /// budget gives none.
    public static func find(in bytes: [UInt8]) -> [ClassSite] { find(in: SwiftDocument(bytes)) }

    /// The class-string literals of a document parsed already; `memo` keeps
    /// the document's statements from its last analysis (the literals the
    /// class lints read are found in the same walk).
    public static func find(in document: SwiftDocument, file: String, memo: DocumentMemo) -> [ClassSite] {
        memo.sites.scan(document, file: file).sites
    }

    /// The class-string literals of a document parsed already.
    public static func find(in document: SwiftDocument) -> [ClassSite] {
        guard let tree = document.tree else { return [] }
        let visitor = SiteVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.sites
    }

    static func calledName(_ e: ExprSyntax) -> (name: String, range: Range<Int>)? {
        if let d = e.as(DeclReferenceExprSyntax.self) {
            let t = d.baseName
            return (
                t.text, t.positionAfterSkippingLeadingTrivia.utf8Offset..<t.endPositionBeforeTrailingTrivia.utf8Offset
            )
        }
        if let m = e.as(MemberAccessExprSyntax.self) {
            let t = m.declName.baseName
            return (
                t.text, t.positionAfterSkippingLeadingTrivia.utf8Offset..<t.endPositionBeforeTrailingTrivia.utf8Offset
            )
        }
        return nil
    }

    /// The site of a literal, when its context takes classes.
    static func site(_ literal: StringLiteralExprSyntax) -> ClassSite? {
        var escaped = false
        return site(literal, escaped: &escaped)
    }

    /// `site(_:)`, and whether the answer looked above the statement the
    /// literal is in (a literal that is a closure's statement, `cn { "p-4" }`):
    /// then it depends on more than the statement's own syntax.
    static func site(_ literal: StringLiteralExprSyntax, escaped: inout Bool) -> ClassSite? {
        var node = Syntax(literal)
        var kind: ClassSite.Kind?
        var call: Range<Int>?
        while let parent = node.parent {
            if parent.is(CodeBlockItemSyntax.self) { escaped = true }
            if let argument = parent.as(LabeledExprSyntax.self) {
                if let label = argument.label?.text, classLabels.contains(label) { kind = kind ?? .fragment }
            } else if let c = parent.as(FunctionCallExprSyntax.self) {
                // The literal must be an argument or a trailing closure's, never the callee.
                if Syntax(c.calledExpression) == node { break }
                guard let (name, range) = calledName(c.calledExpression) else { break }
                if classCalls.contains(name) {
                    if name == "tw" || name == "twAnimation" {
                        call = call ?? range
                        kind = .modifier
                        if let up = c.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(
                            FunctionCallExprSyntax.self),
                            let outer = calledName(up.calledExpression), adapters.contains(outer.name)
                        {
                            kind = .buttonStyle
                        }
                        break
                    }
                    kind = kind ?? .fragment
                } else if kind != nil {
                    break
                } else {
                    return nil
                }
            } else if let binding = parent.as(PatternBindingSyntax.self) {
                if binding.typeAnnotation?.type.trimmedDescription.hasPrefix("TWClasses") == true {
                    kind = kind ?? .fragment
                }
                break
            } else if parent.is(StringLiteralExprSyntax.self) || parent.is(FunctionDeclSyntax.self)
                || parent.is(MemberBlockItemSyntax.self) || parent.is(SourceFileSyntax.self)
            {
                break
            }
            node = parent
        }
        guard let kind else { return nil }
        let start = literal.openingQuote.endPositionBeforeTrailingTrivia.utf8Offset
        let end = literal.closingQuote.positionAfterSkippingLeadingTrivia.utf8Offset
        guard end >= start, literal.openingPounds == nil else { return nil }
        let plain = literal.segments.allSatisfy { segment in
            guard case .stringSegment(let s) = segment else { return false }
            return !s.content.text.contains("\\")
        }
        return ClassSite(kind: kind, contentStart: start, contentEnd: end, isPlain: plain, call: call)
    }

    final class SiteVisitor: SyntaxVisitor {
        var sites: [ClassSite] = []
        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            if let site = ClassSites.site(node) { sites.append(site) }
            return .visitChildren
        }
    }
}

extension ClassSites {
    /// The class-string sites and `.tw("…")` literals of a document's
    /// statements, kept from one analysis to the next (an editor's next
    /// change). An incremental parse hands each statement the change did not
    /// touch over as the same syntax node; such a statement's sites and
    /// literals are taken again, moved by the bytes it moved, instead of
    /// walking it. A statement is kept only when its sites depended on its
    /// own syntax alone (`site(_:escaped:)`); a literal depends only on its
    /// call. Statements not seen in a pass are dropped after the next one.
    /// One document, one thread.
    final class Memo {
        /// One statement's findings, offsets relative to its start (its leading trivia included).
        struct Entry {
            /// Held, so that its raw node's identity is never another node's.
            var item: CodeBlockItemSyntax
            var sites: [ClassSite]
            var literals: [ClassLiteral]
        }

        private var entries = PassMemo<RawSyntax.ID, Entry>()
        /// The last document scanned and what it gave.
        private var scanned: (document: SwiftDocument, file: String, sites: [ClassSite], literals: [ClassLiteral])?

        init() {}

        /// The sites and literals of `document`, each found once per document.
        func scan(_ document: SwiftDocument, file: String) -> (sites: [ClassSite], literals: [ClassLiteral]) {
            if let s = scanned, s.document === document, s.file == file { return (s.sites, s.literals) }
            guard let tree = document.tree else { return ([], []) }
            entries.startPass()
            let bytes = document.bytes
            // As `ClassLiteral.all`: escapes would make offsets and text disagree, and not UTF-8 reads nothing.
            let readsLiterals = String(validating: bytes, as: UTF8.self) != nil
            let walker = StatementWalker(
                memo: self, file: file, bytes: bytes, lines: LineTable(bytes), readsLiterals: readsLiterals)
            walker.walk(tree)
            scanned = (document, file, walker.sites, walker.literals)
            return (walker.sites, walker.literals)
        }

        fileprivate func kept(_ item: CodeBlockItemSyntax) -> Entry? { entries.take(item.raw.id) }

        fileprivate func keep(_ entry: Entry) { entries.keep(entry, for: entry.item.raw.id) }
    }

    /// One walk for both `find(in:)` and `ClassLiteral.all`, taking unchanged statements from the memo.
    private final class StatementWalker: SyntaxVisitor {
        let memo: Memo
        let literalFinder: LiteralFinder
        let readsLiterals: Bool
        var sites: [ClassSite] = []
        var literals: [ClassLiteral] { literalFinder.found }
        /// The statements being walked, innermost last: where their findings start, and whether they can be kept.
        var open: [(sites: Int, literals: Int, keep: Bool)] = []

        init(memo: Memo, file: String, bytes: [UInt8], lines: LineTable, readsLiterals: Bool) {
            self.memo = memo
            literalFinder = LiteralFinder(file: file, bytes: bytes, lines: lines)
            self.readsLiterals = readsLiterals
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
            if let entry = memo.kept(node) {
                let start = node.position.utf8Offset
                for var site in entry.sites {
                    site.contentStart += start
                    site.contentEnd += start
                    site.call = site.call.map { ($0.lowerBound + start)..<($0.upperBound + start) }
                    sites.append(site)
                }
                if readsLiterals {
                    for literal in entry.literals {
                        literalFinder.found.append(literalFinder.moved(literal, by: start))
                    }
                }
                open.append((0, 0, false))
                return .skipChildren
            }
            open.append((sites.count, literalFinder.found.count, true))
            return .visitChildren
        }

        override func visitPost(_ node: CodeBlockItemSyntax) {
            guard let frame = open.popLast(), frame.keep else { return }
            let start = node.position.utf8Offset
            let kept = sites[frame.sites...].map { site -> ClassSite in
                var site = site
                site.contentStart -= start
                site.contentEnd -= start
                site.call = site.call.map { ($0.lowerBound - start)..<($0.upperBound - start) }
                return site
            }
            let literals = literalFinder.found[frame.literals...].map { literalFinder.moved($0, by: -start) }
            memo.keep(Memo.Entry(item: node, sites: kept, literals: literals))
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            var escaped = false
            if let site = ClassSites.site(node, escaped: &escaped) { sites.append(site) }
            if escaped {
                for i in open.indices { open[i].keep = false }
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if readsLiterals { literalFinder.add(node) }
            return .visitChildren
        }
    }
}
