import TWModel

/// One class of a class list, before its syntax is read: its text and, when a
/// typed value stood inside its brackets, that value.
public struct ClassToken: Hashable, Sendable {
    /// The class as written; a typed bracket value appears as `ClassToken.marker`.
    public var text: String
    public var typedArgument: TypedValue?
    public var error: ClassParseError?

    public init(text: String, typedArgument: TypedValue? = nil, error: ClassParseError? = nil) {
        self.text = text
        self.typedArgument = typedArgument
        self.error = error
    }

    /// Stands for a typed value inside brackets; never produced by parsing text
    /// (it is a noncharacter, rejected in literal class text).
    public static let marker: Character = "\u{FFFF}"

    /// The class for messages: typed values shown as `\(…)`.
    public var displayText: String {
        guard let typedArgument else { return text }
        return text.replacingOccurrences(of: ClassToken.marker, with: "\\(" + typedArgument.displayText + ")")
    }
}

/// Splits a class list into classes on ASCII whitespace outside brackets (G-1,
/// G-4, G-5).
public enum ClassTokenizer {
    /// The longest class read, in UTF-8 bytes: far above any real class
    /// (bracket values included), so that one enormous class costs a bounded
    /// amount of work and memory and is an `invalid-class` error.
    public static let maxClassBytes = 4_096

    /// How much of a class past `maxClassBytes` its messages show.
    static let tooLongPrefixBytes = 32

    public static func tokenize(_ classes: TWClasses) -> [ClassToken] {
        var state = State()
        state.walk(classes.segments)
        state.flush()
        return state.tokens
    }

    /// Tokenizes plain text (rules, recipes, utility output).
    public static func tokenize(_ text: String) -> [ClassToken] {
        tokenize(TWClasses(text))
    }

    private struct State {
        var tokens: [ClassToken] = []
        var bytes: [UInt8] = []
        var depth = 0
        var typed: TypedValue?
        var error: ClassParseError?
        /// Bytes of the current bracket so far (to check a typed value is alone).
        var bracketContentBytes = 0
        /// Where the current outermost bracket's content starts in `bytes`.
        var bracketStart = 0
        var typedClosedPending = false
        /// Bytes of the current class, kept or not (only `maxClassBytes` are kept).
        var length = 0

        /// One byte of the current class; past the limit it is counted, not kept.
        mutating func append(_ byte: UInt8) {
            length += 1
            if length <= ClassTokenizer.maxClassBytes { bytes.append(byte) }
        }

        mutating func flush() {
            if length > ClassTokenizer.maxClassBytes {
                // Said with its length and its first bytes (cut at a character), never echoed whole.
                var keep = min(bytes.count, ClassTokenizer.tooLongPrefixBytes)
                while keep > 0 && keep < bytes.count && bytes[keep] & 0xC0 == 0x80 { keep -= 1 }
                let text = String(decoding: bytes[..<keep], as: UTF8.self) + "…"
                tokens.append(ClassToken(text: text, error: .tooLong(bytes: length)))
                reset(keepingCapacity: false)
                return
            }
            if depth != 0 && error == nil { error = .unbalancedBrackets }
            if !bytes.isEmpty || typed != nil {
                var text = String(decoding: bytes, as: UTF8.self)
                if text.contains(ClassToken.marker) && typed == nil {
                    text = text.replacingOccurrences(of: ClassToken.marker, with: "?")
                }
                tokens.append(ClassToken(text: text, typedArgument: typed, error: error))
            }
            reset(keepingCapacity: true)
        }

        /// Ready for the next class.
        mutating func reset(keepingCapacity: Bool) {
            bytes.removeAll(keepingCapacity: keepingCapacity)
            length = 0
            depth = 0
            typed = nil
            error = nil
            bracketContentBytes = 0
            typedClosedPending = false
        }

        mutating func walk(_ segments: [TWClasses.Segment]) {
            for segment in segments {
                switch segment {
                case .text(let text): scan(text)
                case .value(let value): insert(value)
                case .fragment(let fragment):
                    if depth > 0 {
                        if error == nil { error = .fragmentInsideBrackets }
                        continue
                    }
                    flush()
                    walk(fragment.segments)
                    flush()
                }
            }
        }

        mutating func scan(_ text: String) {
            var previous: UInt8 = 0
            for byte in text.utf8 {
                defer { previous = byte }
                // Control characters are never part of a class (SPEC §9): an
                // error, not truncation. C1 controls are U+0080…U+009F, whose
                // UTF-8 is 0xC2 followed by 0x80…0x9F.
                if (byte < 0x20 && !(depth == 0 && byte >= 0x09 && byte <= 0x0D)) || byte == 0x7F
                    || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F)
                {
                    if error == nil { error = .controlCharacter(UInt32(byte)) }
                }
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B:
                    if depth == 0 {
                        flush()
                        continue
                    }
                    bracketContentBytes += 1
                case UInt8(ascii: "["):
                    if depth == 0 {
                        bracketContentBytes = 0
                        bracketStart = bytes.count + 1
                    } else {
                        bracketContentBytes += 1
                    }
                    depth += 1
                case UInt8(ascii: "]"):
                    if depth == 0 {
                        if error == nil { error = .unbalancedBrackets }
                    } else {
                        depth -= 1
                        if depth == 0 { typedClosedPending = false } else { bracketContentBytes += 1 }
                    }
                default:
                    if depth > 0 { bracketContentBytes += 1 }
                }
                if typedClosedPending && depth > 0 && byte != UInt8(ascii: "]") {
                    // A number with text in its bracket (`w-[\(12.5)pt]`) is that text.
                    if !spellTypedNumber() && error == nil { error = .typedValueMixedWithText }
                }
                append(byte)
            }
        }

        mutating func insert(_ value: TypedValue) {
            if depth == 0 {
                // Outside brackets a number follows ordinary syntax: `w-\(12)` is `w-12`.
                if case .number(let n) = value {
                    for byte in SwiftLiteral.number(n).utf8 { append(byte) }
                } else if error == nil {
                    error = .typedValueOutsideBrackets(value.displayText)
                    for byte in "\\(\(value.displayText))".utf8 { append(byte) }
                }
                return
            }
            if typed == nil && depth == 1 && bracketContentBytes > 0 && value.scalar == nil && followsTypeHint() {
                // A value after a type hint (`text-[color:\(Color.red)]`): the hint is read with it.
                typed = value
                typedClosedPending = true
                for byte in String(ClassToken.marker).utf8 { append(byte) }
                return
            }
            if typed != nil || bracketContentBytes > 0 || depth > 1 {
                // Numbers with text or other numbers in their bracket are written
                // as their text (`offset-[\(12),\(-4)]` is `offset-[12,-4]`).
                if case .number(let n) = value, depth == 1, typed == nil || spellTypedNumber() {
                    let literal = SwiftLiteral.number(n)
                    bytes.append(contentsOf: literal.utf8)
                    bracketContentBytes += literal.utf8.count
                    return
                }
                if error == nil { error = .typedValueMixedWithText }
                if typed != nil {
                    // The first value keeps the marker; this one is shown as written.
                    bytes.append(contentsOf: "\\(\(value.displayText))".utf8)
                    return
                }
            }
            typed = value
            typedClosedPending = true
            for byte in String(ClassToken.marker).utf8 { append(byte) }
        }

        /// Whether the bracket so far is a type hint: ASCII letters and one ':' (`color:`).
        func followsTypeHint() -> Bool {
            guard bracketStart < bytes.count, bytes.count - bracketStart == bracketContentBytes else { return false }
            return ParsedClass.typeHint(bytes[bracketStart...]) != nil
        }

        /// The pending typed value of the bracket, when a number, replaced by its
        /// text; false when there is none or it is not a number.
        mutating func spellTypedNumber() -> Bool {
            guard case .number(let n)? = typed else { return false }
            let marker = Array(String(ClassToken.marker).utf8)
            guard let at = bytes.lastIndex(of: marker[0]), bytes.count >= at + marker.count,
                Array(bytes[at..<(at + marker.count)]) == marker
            else { return false }
            let literal = Array(SwiftLiteral.number(n).utf8)
            bytes.replaceSubrange(at..<(at + marker.count), with: literal)
            bracketContentBytes += literal.count
            typed = nil
            typedClosedPending = false
            return true
        }
    }
}
