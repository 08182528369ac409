import TWModel

/// A bracket argument: literal text (with `_` read as a space and `\_` as an
/// underscore) or a typed value passed natively.
public enum BracketArgument: Hashable, Sendable {
    case literal(String)
    case typed(TypedValue)
}

/// The syntax of one class (G-2, G-3, G-4): variants, negation, the utility's
/// body and its bracket argument. Lookup in the registry comes later.
public struct ParsedClass: Hashable, Sendable {
    /// The class as written, for messages.
    public var text: String
    /// Outermost first: `hover:focus:x` gives ["hover", "focus"].
    public var variants: [String]
    public var negative: Bool
    /// The utility without variants and without the leading `-`:
    /// `p-4`, `frosted`, `tilt-[…]`.
    public var body: String
    /// For `root-[argument]`: the root.
    public var root: String?
    public var argument: BracketArgument?
    /// A `/N` opacity after the bracket (`bg-[#00f]/50`), in 0…1.
    public var bracketOpacity: Double?
    /// The type hint written before a typed value (`color` in `text-[color:\(Color.red)]`);
    /// a hint before literal text stays part of the literal.
    public var typeHint: String?
    /// The text after `/` that follows a shared element's bracket
    /// (`shared-[cover]/hero`): its group, as swiftcn reads it.
    public var bracketGroup: String?

    public init(
        text: String, variants: [String], negative: Bool, body: String, root: String? = nil,
        argument: BracketArgument? = nil, bracketOpacity: Double? = nil, typeHint: String? = nil
    ) {
        self.text = text
        self.variants = variants
        self.negative = negative
        self.body = body
        self.root = root
        self.argument = argument
        self.bracketOpacity = bracketOpacity
        self.typeHint = typeHint
    }

    /// The hint of `hint:`: one or more ASCII letters, then the only ':'.
    static func typeHint(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let last = bytes.last, last == UInt8(ascii: ":"), bytes.count >= 2 else { return nil }
        let letters = bytes.dropLast()
        guard letters.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) else {
            return nil
        }
        return String(decoding: letters, as: UTF8.self)
    }

    /// Reads a token's syntax.
    public static func parse(_ token: ClassToken) -> Result<ParsedClass, ClassParseError> {
        do throws(ClassParseError) {
            return .success(try read(token))
        } catch {
            return .failure(error)
        }
    }

    /// Variants, then the utility: its sign, body, and bracket argument if any.
    private static func read(_ token: ClassToken) throws(ClassParseError) -> ParsedClass {
        if let error = token.error { throw error }
        // The marker is U+FFFF (EF BF BF): most classes have no byte 0xEF, so the Character scan is rarely needed.
        if token.typedArgument == nil && token.text.utf8.contains(0xEF) && token.text.contains(ClassToken.marker) {
            throw .typedValueMixedWithText
        }
        let (variants, utilityBytes) = try splitVariants(Array(token.text.utf8))
        var utility = Array(utilityBytes)
        guard !utility.isEmpty else { throw .emptyUtility }
        var negative = false
        if utility.first == UInt8(ascii: "-") && utility.count > 1 {
            negative = true
            utility.removeFirst()
        }
        var parsed = ParsedClass(
            text: token.displayText, variants: variants.map { String(decoding: $0, as: UTF8.self) },
            negative: negative, body: String(decoding: utility, as: UTF8.self), root: nil, argument: nil,
            bracketOpacity: nil)
        guard let open = utility.firstIndex(of: UInt8(ascii: "[")) else {
            if utility.contains(UInt8(ascii: "]")) { throw .unbalancedBrackets }
            return parsed
        }
        try readBracket(utility, open: open, token: token, into: &parsed)
        return parsed
    }

    /// The variants (split on ':' at bracket depth 0, none empty) and the utility after them.
    private static func splitVariants(
        _ bytes: [UInt8]
    ) throws(ClassParseError) -> (variants: [ArraySlice<UInt8>], utility: ArraySlice<UInt8>) {
        var pieces: [ArraySlice<UInt8>] = []
        var depth = 0
        var start = 0
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "[") { depth += 1 }
            if b == UInt8(ascii: "]") { depth -= 1 }
            if depth < 0 { throw .unbalancedBrackets }
            if b == UInt8(ascii: ":") && depth == 0 {
                pieces.append(bytes[start..<i])
                start = i + 1
            }
        }
        if depth != 0 { throw .unbalancedBrackets }
        if pieces.contains(where: \.isEmpty) { throw .emptyVariant }
        return (pieces, bytes[start...])
    }

    /// `root-[argument]` with an optional `/opacity` after the bracket that closes the first '['.
    private static func readBracket(
        _ utility: [UInt8], open: Int, token: ClassToken, into parsed: inout ParsedClass
    ) throws(ClassParseError) {
        guard open >= 2, utility[open - 1] == UInt8(ascii: "-") else { throw .bracketWithoutRoot }
        var level = 0
        var close = -1
        for i in open..<utility.count {
            if utility[i] == UInt8(ascii: "[") { level += 1 }
            if utility[i] == UInt8(ascii: "]") {
                level -= 1
                if level == 0 {
                    close = i
                    break
                }
            }
        }
        guard close > open else { throw .unbalancedBrackets }
        let rest = utility[(close + 1)...]
        let root = String(decoding: utility[..<(open - 1)], as: UTF8.self)
        if root == "shared", rest.first == UInt8(ascii: "/") {
            // A shared element's group, checked with the element (swiftcn's shared-element grammar).
            parsed.bracketGroup = String(decoding: rest.dropFirst(), as: UTF8.self)
        } else if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "/") else {
                throw .textAfterBracket(String(decoding: rest, as: UTF8.self))
            }
            let text = String(decoding: rest.dropFirst(), as: UTF8.self)
            guard let percent = DecimalNumber.parse(text), percent <= 100 else { throw .invalidOpacity(text) }
            parsed.bracketOpacity = percent / 100
        }
        parsed.root = root
        let inside = utility[(open + 1)..<close]
        if let typed = token.typedArgument {
            let marker = Array(String(ClassToken.marker).utf8)
            guard inside.count >= marker.count, Array(inside.suffix(marker.count)) == marker else {
                throw .typedValueMixedWithText
            }
            let before = inside.dropLast(marker.count)
            if !before.isEmpty {
                guard let hint = typeHint(before) else { throw .typedValueMixedWithText }
                parsed.typeHint = hint
            }
            parsed.argument = .typed(typed)
        } else {
            let text = unescape(inside)
            if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { throw .emptyArgument }
            parsed.argument = .literal(text)
        }
    }

    /// `_` is a space; `\_` is a literal underscore (G-4).
    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaped = false
        for b in bytes {
            if escaped {
                if b != UInt8(ascii: "_") { out.append(UInt8(ascii: "\\")) }
                out.append(b)
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else if b == UInt8(ascii: "_") {
                out.append(0x20)
            } else {
                out.append(b)
            }
        }
        if escaped { out.append(UInt8(ascii: "\\")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The class with one more variant in front, for recipe expansion.
    package func prefixed(by outer: [String]) -> ParsedClass {
        var copy = self
        copy.variants = outer + variants
        if !outer.isEmpty { copy.text = outer.joined(separator: ":") + ":" + text }
        return copy
    }
}
