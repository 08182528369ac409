import TWGrammar
import TWModel

/// Something a value depends on at run time: `expanded` in `expanded ? "a" : "b"`.
/// Conditions are told apart by their text (`self.` dropped), so every use of
/// `expanded` in a surface's classes is one condition.
struct Condition: Hashable {
    var text: String
    var location: TWModel.SourceLocation
    static func == (a: Condition, b: Condition) -> Bool { a.text == b.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// What the reader knows about a Swift expression's value, statically.
indirect enum Value {
    /// A `String` (or `TWClasses`) literal without interpolation, or such a constant.
    case text(String)
    /// An interpolated `TWClasses` literal.
    case classes([Piece])
    case number(Double)
    case bool(Bool)
    /// A value of one of the class system's types: `Angle.degrees(8)`, `Color.indigo`, `Animation.default`.
    case typed(TypedValue)
    /// Two numbers known statically, `CGSize(width: 1.1, height: 0.9)`, with the expression's text:
    /// inside brackets the tuple `1.1,0.9`, as swiftcn reads such a value's components.
    case pair(Double, Double, String)
    /// A value known only at run time, with its type when the source says it.
    case symbolic(String, ArgumentType?, TWModel.SourceLocation)
    /// Classes known only at run time (a call, a runtime `String`).
    case dynamic(String, why: String, TWModel.SourceLocation)
    /// `nil`.
    case nothing
    /// Fragments joined in order, nils dropped: `cn(a, b)`, `[a, b]`.
    case list([Value])
    /// `condition ? then : else`, `if condition { … } else { … }`.
    case conditional(Condition, Value, Value)

    /// One piece of an interpolated literal.
    enum Piece {
        case text(String)
        /// `\(expression)`: a typed value inside brackets, a fragment between classes.
        case interpolation(Value, inBrackets: Bool, TWModel.SourceLocation)
    }

    /// Applies `transform` to every branch's leaf (to compute typed values through conditions).
    func map(_ transform: (Value) -> Value) -> Value {
        if case .conditional(let c, let a, let b) = self { return .conditional(c, a.map(transform), b.map(transform)) }
        return transform(self)
    }

    /// Combines two values branch by branch.
    func combine(_ other: Value, _ transform: (Value, Value) -> Value) -> Value {
        if case .conditional(let c, let a, let b) = self {
            return .conditional(c, a.combine(other, transform), b.combine(other, transform))
        }
        if case .conditional(let c, let a, let b) = other {
            return .conditional(c, combine(a, transform), combine(b, transform))
        }
        return transform(self, other)
    }

    var isDynamic: Bool {
        switch self {
        case .dynamic, .symbolic: return true
        default: return false
        }
    }
}

/// Fixes a value's conditions to one combination and turns it into classes.
struct Combinator {
    /// The conditions a value depends on, in order of first appearance.
    static func conditions(_ value: Value, into out: inout [Condition]) {
        switch value {
        case .conditional(let c, let a, let b):
            if !out.contains(c) { out.append(c) }
            conditions(a, into: &out)
            conditions(b, into: &out)
        case .classes(let pieces):
            for case .interpolation(let v, _, _) in pieces { conditions(v, into: &out) }
        case .list(let items):
            for item in items { conditions(item, into: &out) }
        default: break
        }
    }

    let assignment: [String: Bool]
    /// Findings made while converting (dynamic classes), once per place.
    var notes: [Diagnostic] = []

    init(_ assignment: [String: Bool]) { self.assignment = assignment }

    /// The value with every condition fixed.
    func fix(_ value: Value) -> Value {
        switch value {
        case .conditional(let c, let a, let b): return fix((assignment[c.text] ?? true) ? a : b)
        case .classes(let pieces):
            return .classes(
                pieces.map { piece in
                    guard case .interpolation(let v, let inBrackets, let at) = piece else { return piece }
                    return .interpolation(fix(v), inBrackets: inBrackets, at)
                })
        case .list(let items): return .list(items.map(fix))
        default: return value
        }
    }

    /// Classes between other classes (a fragment): nil for `nil` and for
    /// what is known only at run time (with a note).
    mutating func classes(_ value: Value) -> TWClasses? {
        switch fix(value) {
        case .text(let t): return TWClasses(t)
        case .classes(let pieces): return TWClasses(segments: segments(pieces))
        case .list(let items): return cn(items.map { classes($0) })
        case .nothing: return nil
        case .number(let n): return TWClasses(segments: [.value(.number(n))])
        case .bool, .typed, .pair:
            return nil
        case .symbolic(let text, _, let at):
            note(.dynamicClasses(expression: "`\(text)`", why: "a value, not a class constant"), at)
            return nil
        case .dynamic(let text, let why, let at):
            note(.dynamicClasses(expression: "`\(text)`", why: why), at)
            return nil
        case .conditional: return nil  // fixed above
        }
    }

    mutating func segments(_ pieces: [Value.Piece]) -> [TWClasses.Segment] {
        var out: [TWClasses.Segment] = []
        // The next text starts with the rest of a class dropped as known only at run time.
        var dropLeading = false
        for (i, piece) in pieces.enumerated() {
            switch piece {
            case .text(var t):
                if dropLeading {
                    t = String(t.drop { !$0.isWhitespace })
                    dropLeading = false
                }
                out.append(.text(t))
            case .interpolation(let value, let inBrackets, let at):
                if inBrackets {
                    if case .pair(let x, let y, _) = fix(value) {
                        out += [.value(.number(x)), .text(","), .value(.number(y))]
                    } else if let typed = typedValue(value, at) {
                        out.append(.value(typed))
                    }
                    continue
                }
                let fixed = fix(value)
                switch fixed {
                case .number(let n): out.append(.value(.number(n)))
                case .typed(let t): out.append(.value(t))
                case .pair(_, _, let text):
                    // Outside brackets the class grammar refuses it, with the expression named.
                    out.append(.value(.symbolic(SymbolicValue(text: text, type: nil))))
                case .symbolic(let text, _, _), .dynamic(let text, _, _):
                    // `animate-\(preset)`: a run-time value glued to a class's text makes the
                    // whole class known only at run time — one note for it, no partial class.
                    var before = ""
                    if case .text(let t)? = out.last, let last = t.last, !last.isWhitespace {
                        let kept = t.reversed().drop { !$0.isWhitespace }
                        before = String(t.dropFirst(kept.count))
                        out[out.count - 1] = .text(String(kept.reversed()))
                    }
                    var after = ""
                    if i + 1 < pieces.count, case .text(let next) = pieces[i + 1], let first = next.first,
                        !first.isWhitespace
                    {
                        after = String(next.prefix { !$0.isWhitespace })
                        dropLeading = true
                    }
                    if before.isEmpty && after.isEmpty {
                        _ = classes(fixed)
                    } else {
                        note(
                            .dynamicClasses(
                                expression: "`\(before)\\(\(text))\(after)`",
                                why: "a run-time value glued to a class's text; the class is known only at run time"),
                            at)
                    }
                default:
                    if let fragment = classes(fixed) { out.append(.fragment(fragment)) }
                }
            }
        }
        return out
    }

    /// A value inside brackets: passed natively, never serialized (G-5).
    mutating func typedValue(_ value: Value, _ at: TWModel.SourceLocation) -> TypedValue? {
        switch fix(value) {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .typed(let t): return t
        case .pair(_, _, let text): return .symbolic(SymbolicValue(text: text, type: nil))
        case .text(let s): return .string(s)
        case .symbolic(let text, let type, _): return .symbolic(SymbolicValue(text: text, type: type))
        case .dynamic(let text, _, _): return .symbolic(SymbolicValue(text: text, type: .string))
        case .nothing: return .symbolic(SymbolicValue(text: "nil", type: nil))
        case .classes, .list:
            note(.dynamicClasses(expression: "a class fragment", why: "classes cannot stand inside brackets"), at)
            return .symbolic(SymbolicValue(text: "…", type: nil))
        case .conditional: return nil
        }
    }

    mutating func note(_ finding: SourceFinding, _ at: TWModel.SourceLocation) {
        let d = finding.diagnostic(at: at)
        if !notes.contains(d) { notes.append(d) }
    }

    /// Every combination of `conditions` (at most 64: the first six vary),
    /// the all-true one first, then in binary order with true before false.
    static func combinations(_ conditions: [Condition]) -> [[Bool]] {
        let varied = min(conditions.count, 6)
        var out: [[Bool]] = []
        for c in 0..<(1 << varied) {
            var values: [Bool] = []
            for i in 0..<conditions.count {
                values.append(i < varied ? (c >> (varied - 1 - i)) & 1 == 0 : true)
            }
            out.append(values)
        }
        return out
    }
}
