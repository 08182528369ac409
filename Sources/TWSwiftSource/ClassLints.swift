import TWGrammar
import TWModel
import TWResolution
import TWScenes
import TWSupport

@_implementationOnly import SwiftParser
@_implementationOnly import SwiftSyntax

/// A replacement of a range of a file, as plain data that any client (the
/// CLI's `--fix`, an editor's code action) can apply: byte offsets for
/// applying it, lines and UTF-8 columns for showing it.
public struct TextEdit: Sendable, Equatable {
    public var file: String
    /// UTF-8 byte offsets into the file; `end` is exclusive.
    public var start: Int
    public var end: Int
    /// Where the range starts and ends (1-based line, UTF-8 column; the end is exclusive).
    public var startLocation: TWModel.SourceLocation
    public var endLocation: TWModel.SourceLocation
    public var replacement: String

    public init(
        file: String, start: Int, end: Int, startLocation: TWModel.SourceLocation, endLocation: TWModel.SourceLocation,
        replacement: String
    ) {
        self.file = file
        self.start = start
        self.end = end
        self.startLocation = startLocation
        self.endLocation = endLocation
        self.replacement = replacement
    }

    /// What an editor or a report calls the edit of the class `className`:
    /// `Remove 'p-[8]'`, `Replace 'roundd-lg' with 'rounded-lg'`.
    public func title(of className: String) -> String {
        replacement.isEmpty
            ? "Remove '\(className.escapingControlCharacters)'"
            : "Replace '\(className.escapingControlCharacters)' with '\(replacement.escapingControlCharacters)'"
    }

    /// The edit a finding's did-you-mean names (`Diagnostic.replacement`),
    /// for its class written at byte offset `start` of `bytes`: the whole
    /// class replaced with the suggested spelling. Nil when the finding names
    /// no replacement or the class is not written there as it reads (an
    /// escape, or text built at run time).
    public static func suggestion(
        for diagnostic: Diagnostic, at start: Int, in bytes: [UInt8], file: String, lines: LineTable
    ) -> TextEdit? {
        guard let fix = diagnostic.replacement, let name = diagnostic.className, !fix.text.isEmpty,
            let found = name.ranges(of: fix.text).last
        else { return nil }
        let end = start + name.utf8.count
        guard start >= 0, end <= bytes.count, bytes[start..<end].elementsEqual(name.utf8) else { return nil }
        var fixed = name
        fixed.replaceSubrange(found, with: fix.with)
        return TextEdit(
            file: file, start: start, end: end, startLocation: lines.location(start, file: file),
            endLocation: lines.location(end, file: file), replacement: fixed)
    }

    /// `bytes` with the edits applied (they must not overlap).
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for e in edits.sorted(by: { $0.start > $1.start }) where e.start <= e.end && e.end <= out.count {
            out.replaceSubrange(e.start..<e.end, with: Array(e.replacement.utf8))
        }
        return out
    }
}

/// A `.tw("…")` string literal without interpolation or escapes: its
/// classes and where each is written.
public struct ClassLiteral: Sendable {
    public struct Class: Sendable, Equatable {
        public var text: String
        /// Byte offsets into the file.
        public var start: Int
        public var end: Int
        public var location: TWModel.SourceLocation
    }

    public var file: String
    /// The literal's content, between the quotes, as byte offsets into the file.
    public var start: Int
    public var end: Int
    public var text: String
    public var classes: [Class]
    /// What the view the classes decorate is.
    public var source: SurfaceSource

    /// The literal's content with one space between classes.
    public var normalized: String { classes.map(\.text).joined(separator: " ") }

    /// The edit that writes `kept` (indices into `classes`) with one space between them.
    public func edit(keeping kept: [Int], lines: LineTable) -> TextEdit {
        TextEdit(
            file: file, start: start, end: end, startLocation: lines.location(start, file: file),
            endLocation: lines.location(end, file: file),
            replacement: kept.map { classes[$0].text }.joined(separator: " "))
    }

    /// The `.tw("…")` literals of a Swift file, in source order.
    public static func all(file: String, bytes: [UInt8]) -> [ClassLiteral] {
        all(file: file, document: SwiftDocument(bytes))
    }

    /// The `.tw("…")` literals of a document parsed already.
    public static func all(file: String, document: SwiftDocument) -> [ClassLiteral] {
        let bytes = document.bytes
        guard String(validating: bytes, as: UTF8.self) != nil, let tree = document.tree else { return [] }
        let finder = LiteralFinder(file: file, bytes: bytes, lines: LineTable(bytes))
        finder.walk(tree)
        return finder.found
    }
}

final class LiteralFinder: SyntaxVisitor {
    let file: String
    let bytes: [UInt8]
    let lines: LineTable
    var found: [ClassLiteral] = []

    init(file: String, bytes: [UInt8], lines: LineTable) {
        self.file = file
        self.bytes = bytes
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        add(call)
        return .visitChildren
    }

    /// A literal found elsewhere (a statement kept from an earlier pass), its offsets moved by `delta`
    /// and its classes' locations those of this file.
    func moved(_ literal: ClassLiteral, by delta: Int) -> ClassLiteral {
        // A new list of classes, not the kept one written in place (which would copy it first).
        let classes = literal.classes.map { c in
            ClassLiteral.Class(
                text: c.text, start: c.start + delta, end: c.end + delta,
                location: lines.location(c.start + delta, file: file))
        }
        return ClassLiteral(
            file: file, start: literal.start + delta, end: literal.end + delta, text: literal.text, classes: classes,
            source: literal.source)
    }

    /// The literal of `call`, when it is a `.tw("…")` call of one plain literal.
    func add(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "tw", let base = member.base,
            call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            let literal = argument.expression.as(StringLiteralExprSyntax.self),
            literal.openingQuote.tokenKind == .stringQuote, literal.openingPounds == nil,
            literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return }
        let start = segment.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = segment.endPositionBeforeTrailingTrivia.utf8Offset
        guard start <= end, end <= bytes.count else { return }
        let content = Array(bytes[start..<end])
        // Escapes would make offsets and text disagree.
        guard !content.contains(UInt8(ascii: "\\")) else { return }
        // The view: the call the modifiers start from, and whether any came before `.tw`.
        var expression = ExprSyntax(base)
        var wrapped = false
        var root: String?
        while true {
            if let c = expression.as(FunctionCallExprSyntax.self) {
                if let m = c.calledExpression.as(MemberAccessExprSyntax.self), let b = m.base {
                    wrapped = true
                    expression = b
                    continue
                }
                root = c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            }
            break
        }
        guard let root, root != "Button" else { return }
        let kind = SceneNode(type: root, path: "", jsonPath: "", line: 1, location: nil).sourceKind
        var classes: [ClassLiteral.Class] = []
        var i = 0
        while i < content.count {
            if content[i] == UInt8(ascii: " ") || content[i] == 9 {
                i += 1
                continue
            }
            var j = i
            while j < content.count, content[j] != UInt8(ascii: " "), content[j] != 9 { j += 1 }
            classes.append(
                ClassLiteral.Class(
                    text: String(decoding: content[i..<j], as: UTF8.self), start: start + i, end: start + j,
                    location: lines.location(start + i, file: file)))
            i = j
        }
        found.append(
            ClassLiteral(
                file: file, start: start, end: end, text: String(decoding: content, as: UTF8.self), classes: classes,
                source: SurfaceSource(kind, wrapped: wrapped)))
    }
}

/// `overridden-class` and `duplicate-class`: classes of one literal that
/// have no effect, each with the edit that removes it. A class is reported
/// only when removing it leaves the literal's chain and identity the same in
/// every combination of the states its classes name — proven by resolving
/// both.
public enum ClassLints {
    /// One finding and its fix.
    public struct Finding: Sendable {
        public var diagnostic: Diagnostic
        /// The index of the class in the literal.
        public var index: Int
        public var fix: TextEdit
    }

    public static func findings(_ literal: ClassLiteral, scope: ResolutionScope, lines: LineTable) -> [Finding] {
        let classes = literal.classes
        guard classes.count > 1 else { return [] }
        let states = self.states(classes.map(\.text))
        let all = Array(classes.indices)
        let full = resolve(literal, all, states, scope)
        // Only literals that resolve cleanly: an error elsewhere is its own finding.
        guard full.allSatisfy({ $0.decorated && $0.errors == 0 }) else { return [] }
        var out: [Finding] = []
        for (i, c) in classes.enumerated() {
            let kept = all.filter { $0 != i }
            if let first = classes[..<i].firstIndex(where: { $0.text == c.text }) {
                guard same(full, resolve(literal, kept, states, scope)) else { continue }
                let d = ClassLintFinding.duplicate(c.text, firstColumn: classes[first].location.column)
                out.append(finding(d, literal, i, lines))
                continue
            }
            let keys = self.keys(literal, [i], states, scope)
            guard !keys.isEmpty else { continue }
            let later = (i + 1..<classes.count).filter { classes[$0].text != c.text }
            var covered = Set<String>()
            var by: [String] = []
            for j in later {
                let k = self.keys(literal, [j], states, scope).intersection(keys)
                if !k.isSubset(of: covered) {
                    covered.formUnion(k)
                    by.append(classes[j].text)
                }
            }
            guard keys.isSubset(of: covered), same(full, resolve(literal, kept, states, scope)) else { continue }
            out.append(finding(ClassLintFinding.overridden(c.text, by: by), literal, i, lines))
        }
        return out
    }

    /// Each literal's findings kept from one pass over a file to the next
    /// (an editor's next change), by what they are a function of: the
    /// literal's text, its view, the column it starts at (a message names a
    /// column) and the scope. A literal found again elsewhere gets the kept
    /// findings moved by the lines and bytes it moved. Entries not used in a
    /// pass are dropped after the next one.
    public final class Memo {
        struct Key: Hashable {
            var file: String
            var text: String
            var source: SurfaceSource
            var column: Int
        }
        struct Entry {
            var line: Int
            var start: Int
            var findings: [Finding]
        }
        private var current: [Key: Entry] = [:]
        private var previous: [Key: Entry] = [:]
        /// The scope the kept findings were found in (held, so that it is never another one at its address).
        private var scope: ResolutionScope?

        public init() {}

        /// Starts a pass over the file's literals.
        public func startPass() {
            previous = current
            current = [:]
        }

        func findings(_ literal: ClassLiteral, scope: ResolutionScope, lines: LineTable) -> [Finding] {
            if self.scope !== scope {
                self.scope = scope
                current = [:]
                previous = [:]
            }
            let at = lines.location(literal.start, file: literal.file)
            let key = Key(file: literal.file, text: literal.text, source: literal.source, column: at.column)
            guard let kept = current[key] ?? previous[key] else {
                let found = ClassLints.findings(literal, scope: scope, lines: lines)
                current[key] = Entry(line: at.line, start: literal.start, findings: found)
                return found
            }
            current[key] = kept
            let lineShift = at.line - kept.line
            let byteShift = literal.start - kept.start
            return kept.findings.map { f in
                var f = f
                f.diagnostic.location?.line += lineShift
                f.fix.start += byteShift
                f.fix.end += byteShift
                f.fix.startLocation.line += lineShift
                f.fix.endLocation.line += lineShift
                return f
            }
        }
    }

    static func finding(_ kind: ClassLintFinding, _ literal: ClassLiteral, _ i: Int, _ lines: LineTable) -> Finding {
        let c = literal.classes[i]
        // The class and the space that separates it from its neighbour.
        let range: (Int, Int)
        if i + 1 < literal.classes.count {
            range = (c.start, literal.classes[i + 1].start)
        } else if i > 0 {
            range = (literal.classes[i - 1].end, c.end)
        } else {
            range = (c.start, c.end)
        }
        let fix = TextEdit(
            file: literal.file, start: range.0, end: range.1,
            startLocation: lines.location(range.0, file: literal.file),
            endLocation: lines.location(range.1, file: literal.file), replacement: "")
        return Finding(diagnostic: kind.diagnostic(className: c.text, location: c.location), index: i, fix: fix)
    }

    /// Whether the classes of `literal` at `kept`, as one list, resolve as
    /// the whole literal does in every combination of its states.
    public static func proves(_ literal: ClassLiteral, keeping kept: [Int], scope: ResolutionScope) -> Bool {
        let states = self.states(literal.classes.map(\.text))
        return same(
            resolve(literal, Array(literal.classes.indices), states, scope), resolve(literal, kept, states, scope))
    }

    /// Every combination of the states the classes name (at most 2⁶).
    static func states(_ classes: [String]) -> [SurfaceState] {
        var variants: [Variant] = []
        for c in classes {
            for name in c.split(separator: ":").dropLast() {
                if let v = Variant(name: String(name)), !variants.contains(v) { variants.append(v) }
            }
        }
        variants.sort { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
        var out: [SurfaceState] = []
        for mask in 0..<(1 << variants.count) {
            var on: Set<Variant> = []
            for (bit, v) in variants.enumerated() where mask & (1 << bit) != 0 { on.insert(v) }
            out.append(SurfaceState(on, explicit: on))
        }
        return out
    }

    static func resolve(_ literal: ClassLiteral, _ kept: [Int], _ states: [SurfaceState], _ scope: ResolutionScope)
        -> [ResolvedSurface]
    {
        let text = kept.map { literal.classes[$0].text }.joined(separator: " ")
        return states.map { SurfaceResolver.resolve(TWClasses(text), source: literal.source, state: $0, scope: scope) }
    }

    static func same(_ a: [ResolvedSurface], _ b: [ResolvedSurface]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                $0.chain == $1.chain && $0.identity == $1.identity && $0.decorated == $1.decorated
                    && $0.nativeButtonStyle == $1.nativeButtonStyle && $0.animation == $1.animation
            }
    }

    /// What the classes at `indices` set, alone: each winner's key and conditions, in every state.
    static func keys(_ literal: ClassLiteral, _ indices: [Int], _ states: [SurfaceState], _ scope: ResolutionScope)
        -> Set<String>
    {
        var out = Set<String>()
        for surface in resolve(literal, indices, states, scope) where surface.decorated {
            for w in surface.winners { out.insert(w.key + "|" + w.conditions.joined(separator: ",")) }
        }
        return out
    }
}

/// The findings of `ClassLints`.
public enum ClassLintFinding: DiagnosticKind {
    case overridden(String, by: [String])
    case duplicate(String, firstColumn: Int)

    public var code: DiagnosticCode {
        switch self {
        case .overridden: return .overriddenClass
        case .duplicate: return .duplicateClass
        }
    }

    public var message: String {
        switch self {
        case .overridden(let c, let by):
            let later = by.map { "'\($0.escapingControlCharacters)'" }.joined(separator: ", ")
            return "'\(c.escapingControlCharacters)' has no effect: \(later) later in the literal "
                + "set\(by.count == 1 ? "s" : "") every property it sets"
        case .duplicate(let c, let column):
            return "'\(c.escapingControlCharacters)' is already written at column \(column) of this literal"
        }
    }

    public var hint: String? { "remove it (twhost check --fix does)" }
}
