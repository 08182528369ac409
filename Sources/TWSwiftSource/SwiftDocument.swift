@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// A Swift file's bytes parsed once for every reader of them (the Swift
/// reader, the class sites, the class lints), and parsed again after an edit
/// with SwiftParser's incremental parsing (`IncrementalParseTransition`):
/// the nodes the edit does not touch are taken from the previous tree. Where
/// either tree does not parse, the bytes are parsed from scratch: the
/// parser's recovery from a syntax error can differ between an incremental
/// and a fresh parse (the diagnostics then differ), and the tree must be the
/// one a fresh parse of the same bytes gives. Bytes over the parse budget
/// are never given to the parser.
public final class SwiftDocument: @unchecked Sendable {
    /// One replacement of a range of the text, in UTF-8 byte offsets.
    public struct Edit: Sendable, Equatable {
        public var range: Range<Int>
        public var replacement: [UInt8]
        public init(range: Range<Int>, replacement: [UInt8]) {
            self.range = range
            self.replacement = replacement
        }
    }

    public let bytes: [UInt8]
    let budget: ParseBudget
    /// The parse, when the bytes are within the budget (immutable once made).
    private let parse: Parse?

    private final class Parse {
        let tree: SourceFileSyntax
        /// What the next edit's parse reuses: kept only for a document that
        /// will be edited (SwiftParser's record of how far each node looked
        /// ahead is a table as large as the tree, built during the parse).
        let incremental: IncrementalParseResult?
        init(_ result: IncrementalParseResult) {
            tree = result.tree
            incremental = result
        }
        init(_ tree: SourceFileSyntax) {
            self.tree = tree
            incremental = nil
        }
    }

    /// `bytes` parsed from scratch. `forEdits`: the document is kept and
    /// edited (an editor's buffer), so its parse keeps what an incremental
    /// parse of the next revision reuses; a file read once (the command
    /// line) is parsed without it. An edited document whose previous parse
    /// kept nothing is parsed from scratch.
    public convenience init(_ bytes: [UInt8], forEdits: Bool = false) {
        self.init(bytes, previous: nil, edits: [], forEdits: forEdits)
    }

    private init(_ bytes: [UInt8], previous: Parse?, edits: [SourceEdit], forEdits: Bool) {
        self.bytes = bytes
        budget = ParseBudget(bytes)
        guard budget.withinBudget else {
            parse = nil
            return
        }
        func parsed(_ transition: IncrementalParseTransition?) -> Parse {
            guard forEdits else { return Parse(bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }) }
            return Parse(
                bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) })
        }
        guard let previous = previous?.incremental, !previous.tree.hasError else {
            parse = parsed(nil)
            return
        }
        let incremental = parsed(
            IncrementalParseTransition(
                previousIncrementalParseResult: previous, edits: ConcurrentEdits(fromSequential: edits)))
        parse = incremental.tree.hasError ? parsed(nil) : incremental
    }

    /// The document after `edits`, applied one after another (each range is
    /// in the text the edits before it left), parsed again reusing this tree.
    /// Ranges are clamped to the text as `TextDocument` clamps them.
    public func applying(_ edits: [Edit]) -> SwiftDocument {
        var text = bytes
        var sourceEdits: [SourceEdit] = []
        for e in edits {
            let lower = max(0, min(e.range.lowerBound, text.count))
            let upper = max(lower, min(e.range.upperBound, text.count))
            text.replaceSubrange(lower..<upper, with: e.replacement)
            sourceEdits.append(
                SourceEdit(
                    range: AbsolutePosition(utf8Offset: lower)..<AbsolutePosition(utf8Offset: upper),
                    replacement: e.replacement))
        }
        return SwiftDocument(text, previous: parse, edits: sourceEdits, forEdits: true)
    }

    /// The tree, when the bytes are within the parse budget.
    var tree: SourceFileSyntax? { parse?.tree }
}
