@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

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
            if depth == 0, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
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
        var node = Syntax(literal)
        var kind: ClassSite.Kind?
        var call: Range<Int>?
        while let parent = node.parent {
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
