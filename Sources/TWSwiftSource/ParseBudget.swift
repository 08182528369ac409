/// A guard in front of the toolchain's parser.
///
/// SwiftParser takes exponential time on brackets nested in brackets
/// (`[[[[1]]]]`, `[(`, `[x: [` — measured here: 20 levels take seconds, 22
/// tens of seconds, whether or not they close), so a few hundred bytes could
/// hang `twhost check`. And a chain of member accesses and calls
/// (`.padding().tw("a").padding()…`) is parsed into a tree as deep as the
/// chain is long, which SwiftSyntax (and the reader) walk recursively: tens of
/// thousands of links overflow any stack. Before parsing, the file's bytes
/// are scanned — string literals (raw and multi-line, with their
/// interpolations), regex literals (`/…/`, `#/…/#`), backtick identifiers and
/// comments told apart from code — for:
///
/// - the nesting of `[` between braces: each `[` opened at depth d right inside
///   a `[` or `(` costs 3^d (after an element, d), a `(` inside brackets 3^d;
///   a file deeper than `maxDepth`, or costing more than `maxCost` in all (a
///   few seconds of parsing at most), is not parsed. In a file with a
///   malformed literal (a string left open at its line's or the file's end,
///   a multi-line string whose opening `"""` is not alone at its line's end
///   or whose closing one does not start its line), the scan is made again
///   with the brackets inside string and raw regex literals counted too, on
///   top of the deepest nesting around each: there the parser may take
///   those bytes for code;
/// - the length of postfix chains (`.member` and `else` links that continue
///   one expression), added up over the brackets, parentheses and braces the
///   chain sits in: a file with more than `maxChain` links on one path is not
///   parsed.
///
/// A refused file says which limit and where.
struct ParseBudget {
    static let maxDepth = 12
    static let maxCost = 10_000_000
    /// Links of one chain (with the chains it sits in): far above any hand-written
    /// view, far below what overflows a thread's stack (8 MiB, docs/Security.md).
    static let maxChain = 2_000

    enum Limit: Equatable, Sendable {
        /// Brackets nested this deep without a brace between.
        case depth(Int)
        /// Many shallower nestings, adding up past `maxCost`.
        case cost
        /// A chain of more than `maxChain` links.
        case chain
        /// Brackets past `maxDepth` or `maxCost` only when those inside a malformed literal count.
        case malformedLiteral
        /// More bytes gone over looking for the ends of regex literals than the scan allows
        /// (`/` after `/` on one long line): the file cannot be scanned in linear time.
        case regexScan
    }

    /// The deepest nesting, where it is, and the total cost.
    var depth = 0
    var line = 1
    var column = 1
    var cost = 0
    /// The longest chain, and where it went past `maxChain` (if it did).
    var chain = 0
    var chainLine = 1
    var chainColumn = 1

    /// Whether the parser may be given these bytes.
    var withinBudget: Bool { exceeded == nil }

    /// The limit the bytes go past, if any (brackets first: they are found at the deepest point).
    var exceeded: Limit? {
        if regexScanExceeded { return .regexScan }
        if countedLiterals && (depth > Self.maxDepth || cost > Self.maxCost) { return .malformedLiteral }
        if depth > Self.maxDepth { return .depth(depth) }
        if cost > Self.maxCost { return .cost }
        if chain > Self.maxChain { return .chain }
        return nil
    }

    /// Where the limit that was exceeded is.
    var place: (line: Int, column: Int) {
        if case .chain? = exceeded { return (chainLine, chainColumn) }
        return (line, column)
    }

    /// Whether the search for regex literals' ends went over more bytes than `regexBudget` allows.
    private(set) var regexScanExceeded = false

    /// Whether a literal is malformed (then the scan is made again, counting literals' brackets).
    var malformedLiteral = false
    /// Whether these figures count the brackets inside literals (a malformed literal's file
    /// that is within budget otherwise).
    private(set) var countedLiterals = false

    init(_ bytes: [UInt8]) {
        self.init(bytes, countingLiterals: false)
        guard malformedLiteral && withinBudget else { return }
        var strict = ParseBudget(bytes, countingLiterals: true)
        strict.countedLiterals = true
        if !strict.withinBudget { self = strict }
    }

    private init(_ bytes: [UInt8], countingLiterals: Bool) {
        enum Context {
            /// Code: the bracket depth since the enclosing brace, and open parentheses
            /// (to find the end of a string interpolation).
            case code(brackets: Int, parens: Int, interpolation: Bool)
            /// A string literal: the brackets inside it, counted from the deepest nesting around it.
            case string(multiline: Bool, pounds: Int, brackets: Int, quote: UInt8)
        }
        var stack: [Context] = [.code(brackets: 0, parens: 0, interpolation: false)]
        var significantFrom = Int.max
        var significantAt = Int.max
        // Where a raw regex's closing delimiter, by its pounds, was searched for to the file's end in vain
        // (a later search finds none either), and the bytes regex searches went over (bounded).
        var rawRegexMisses: [Int: Int] = [:]
        var regexWork = 0
        // One-line strings open on the stack: a line's end inside any of them (in an interpolation,
        // a closure inside one) ends the innermost, as the parser ends it.
        var openOneLine = 0
        // Per context, the deepest bracket nesting of the contexts around it when it opened: a
        // literal's brackets count from there (the parser, reading a malformed literal as code,
        // may be back in any of them).
        var ceilings: [Int] = [0]
        func push(_ context: Context, from brackets: Int) {
            ceilings.append(max(ceilings[ceilings.count - 1], brackets))
            stack.append(context)
        }
        func pop() {
            stack.removeLast()
            ceilings.removeLast()
        }
        // Chain links per open bracket, parenthesis or brace (the outermost first), and their sum.
        var links: [Int] = [0]
        var linkSum = 0
        var i = 0
        var currentLine = 1
        var lineStart = 0
        let n = bytes.count
        func at(_ k: Int) -> UInt8 { k >= 0 && k < n ? bytes[k] : 0 }
        func isIdentifier(_ b: UInt8) -> Bool { Self.nameBytes[Int(b)] }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func isSpace(_ b: UInt8) -> Bool {
            b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") || b == UInt8(ascii: "\n")
        }
        func isBlank(_ b: UInt8) -> Bool {
            b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r")
        }
        /// Whether only blanks come between the line's start and `k`.
        func startsLine(_ k: Int) -> Bool {
            var j = k - 1
            while j >= lineStart && isBlank(bytes[j]) { j -= 1 }
            return j < lineStart
        }
        /// Whether only blanks come between `k` and the line's end.
        func endsLine(_ k: Int) -> Bool {
            var j = k
            while j < n && isBlank(bytes[j]) { j += 1 }
            return j == n || bytes[j] == UInt8(ascii: "\n")
        }
        /// The last byte before `k` that is not white space.
        func previousSignificant(_ k: Int) -> UInt8 {
            var j = k - 1
            while j >= 0 && isSpace(bytes[j]) { j -= 1 }
            return at(j)
        }
        /// Skips white space and `//` comments from `k`: the next byte that is code.
        func nextSignificant(_ k: Int) -> Int {
            var j = k
            while j < n {
                if isSpace(bytes[j]) {
                    j += 1
                } else if bytes[j] == UInt8(ascii: "/") && at(j + 1) == UInt8(ascii: "/") {
                    while j < n && bytes[j] != UInt8(ascii: "\n") { j += 1 }
                } else {
                    break
                }
            }
            return j
        }
        func startsWord(_ word: String, _ k: Int) -> Bool {
            var j = k
            for c in word.utf8 {
                guard at(j) == c else { return false }
                j += 1
            }
            return !isIdentifier(at(j)) && !isIdentifier(at(k - 1))
        }
        func addLink(_ k: Int) {
            links[links.count - 1] += 1
            linkSum += 1
            if linkSum > chain {
                chain = linkSum
                if chain == Self.maxChain + 1 {
                    chainLine = currentLine
                    chainColumn = k - lineStart + 1
                }
            }
        }
        func resetLinks() {
            linkSum -= links[links.count - 1]
            links[links.count - 1] = 0
        }
        func open() { links.append(0) }
        func close() {
            guard links.count > 1 else { return resetLinks() }
            linkSum -= links.removeLast()
        }
        /// Counts a `[` opened at nesting `level` (already incremented).
        func opened(_ level: Int, run: Bool = true) {
            cost = cost &+ (run ? Self.power(level) : level)
            if level > depth {
                depth = level
                line = currentLine
                column = i - lineStart + 1
            }
        }
        /// Moves `i` to `end` through a literal, counting its lines and its brackets from
        /// nesting `level`, never closing below `floor`; the nesting at its end.
        func countBrackets(to end: Int, from level: Int, floor: Int, counting: Bool = true) -> Int {
            var level = level
            while i < end && i < n {
                switch bytes[i] {
                case UInt8(ascii: "\n"):
                    currentLine += 1
                    lineStart = i + 1
                case UInt8(ascii: "[") where counting:
                    level += 1
                    opened(level)
                case UInt8(ascii: "]") where counting:
                    level = max(floor, level - 1)
                default: break
                }
                i += 1
            }
            return level
        }
        /// The end of a bare regex literal starting at `k` (its `/`), or nil when the
        /// `/` is an operator: a regex cannot follow an operand without a space, start
        /// with white space, or go past its line.
        func bareRegexEnd(_ k: Int) -> Int? {
            let before = at(k - 1)
            // After an operand, or glued to an operator's characters (`+/` is one operator), a `/` is
            // an operator.
            if isIdentifier(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
                || before == UInt8(ascii: "}") || before == UInt8(ascii: "\"") || before == UInt8(ascii: "`")
                || Self.operatorBytes.contains(before) || before == UInt8(ascii: "\\")
                || before == UInt8(ascii: "@") || before == UInt8(ascii: "$") || before == UInt8(ascii: "#")
            {
                return nil
            }
            let first = at(k + 1)
            if isSpace(first) || first == 0 || first == UInt8(ascii: "/") || first == UInt8(ascii: "*") { return nil }
            var j = k + 1
            var parens = 0
            defer { regexWork += j - k }
            while j < n {
                let c = bytes[j]
                if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") { return nil }
                if c == UInt8(ascii: "\\") {
                    j += 2
                    continue
                }
                // An unbalanced `)` makes it no regex; nor does a space before the closing `/`.
                if c == UInt8(ascii: "(") { parens += 1 }
                if c == UInt8(ascii: ")") {
                    parens -= 1
                    if parens < 0 { return nil }
                }
                if c == UInt8(ascii: "/") { return isSpace(at(j - 1)) ? nil : j + 1 }
                j += 1
            }
            return nil
        }
        /// The end of a raw regex literal `#…#/…/#…#` whose first `/` is at `k`, or nil.
        func rawRegexEnd(_ k: Int, pounds: Int) -> Int? {
            // `#/` not followed by a line's end is a one-line regex: it ends on its line (at the line's
            // end when not closed, as the parser reads it, which marks the file malformed).
            let oneLine = at(k + 1) != UInt8(ascii: "\n") && at(k + 1) != UInt8(ascii: "\r")
            if !oneLine, let miss = rawRegexMisses[pounds], k >= miss { return nil }
            var j = k + 1
            defer { regexWork += j - k }
            while j < n {
                let c = bytes[j]
                if oneLine && (c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")) { break }
                if c == UInt8(ascii: "\\") {
                    j += 2
                    continue
                }
                if c == UInt8(ascii: "/") {
                    var p = 0
                    while p < pounds && at(j + 1 + p) == UInt8(ascii: "#") { p += 1 }
                    if p == pounds { return j + 1 + pounds }
                }
                j += 1
            }
            if oneLine {
                malformedLiteral = true
                return min(j, n)
            }
            rawRegexMisses[pounds] = min(rawRegexMisses[pounds] ?? k, k)
            return nil
        }
        /// Whether the innermost string on the stack is a one-line one.
        func innermostStringIsOneLine() -> Bool {
            for context in stack.reversed() {
                if case .string(let multiline, _, _, _) = context { return !multiline }
            }
            return false
        }
        // Eight times the file, and a megabyte: far more than any real file's regex literals take.
        let regexBudget = 8 * n + (1 << 20)
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                currentLine += 1
                lineStart = i + 1
            }
            if regexWork > regexBudget {
                regexScanExceeded = true
                line = currentLine
                column = i - lineStart + 1
                break
            }
            guard let top = stack.last else { break }
            switch top {
            case .string(let multiline, let pounds, var brackets, let quote):
                // A run of a literal's text that is no line's end, escape, quote (or counted bracket) at once.
                if Self.passesOver(b, inStringOf: quote, countingBrackets: countingLiterals) {
                    i += 1
                    while i < n && Self.passesOver(bytes[i], inStringOf: quote, countingBrackets: countingLiterals) {
                        i += 1
                    }
                    continue
                }
                // A one-line string ends at the line's end, closed or not (the parser says so).
                if !multiline && (b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")) {
                    malformedLiteral = true
                    pop()
                    openOneLine -= 1
                    i += 1
                    continue
                }
                if countingLiterals && b == UInt8(ascii: "[") {
                    brackets += 1
                    opened(brackets)
                    stack[stack.count - 1] = .string(
                        multiline: multiline, pounds: pounds, brackets: brackets, quote: quote)
                    i += 1
                    continue
                }
                if countingLiterals && b == UInt8(ascii: "]") {
                    brackets = max(ceilings[ceilings.count - 1], brackets - 1)
                    stack[stack.count - 1] = .string(
                        multiline: multiline, pounds: pounds, brackets: brackets, quote: quote)
                    i += 1
                    continue
                }
                if b == UInt8(ascii: "\\") {
                    var k = i + 1
                    var p = 0
                    // `\##(` in a `#"` string is an interpolation too, as the parser reads it.
                    while at(k) == UInt8(ascii: "#") {
                        k += 1
                        p += 1
                    }
                    if p >= pounds && at(k) == UInt8(ascii: "(") {
                        push(.code(brackets: brackets, parens: 1, interpolation: true), from: brackets)
                        open()
                        i = k + 1
                        continue
                    }
                    // An escape (`\n`, a raw string's `\#"`) takes the character after it, a line's end
                    // aside; a backslash with fewer pounds than the string's is text.
                    i = p >= pounds ? (at(k) == UInt8(ascii: "\n") ? k : k + 1) : i + 1
                    continue
                }
                if b == quote {
                    let quotes = multiline ? 3 : 1
                    var closes = true
                    for q in 0..<quotes where closes && at(i + q) != quote { closes = false }
                    var p = 0
                    while closes && p < pounds {
                        if at(i + quotes + p) != UInt8(ascii: "#") { closes = false }
                        p += 1
                    }
                    if closes {
                        // A closing `"""` starts its line (after indentation).
                        if multiline && !startsLine(i) { malformedLiteral = true }
                        pop()
                        if !multiline { openOneLine -= 1 }
                        i += quotes + pounds
                        // Pounds past the string's own are taken with its end, as the parser takes them.
                        while at(i) == UInt8(ascii: "#") { i += 1 }
                        continue
                    }
                }
                i += 1
            case .code(var brackets, var parens, let interpolation):
                // Most of a file is names, numbers and blanks, which change nothing here: a run
                // of them is passed over at once (an `e` only after a name's byte: it may start `else`).
                if Self.passesOver(b, after: at(i - 1)) {
                    i += 1
                    while i < n && Self.passesOver(bytes[i], after: bytes[i - 1]) { i += 1 }
                    continue
                }
                switch b {
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                    while i < n && bytes[i] != UInt8(ascii: "\n") && bytes[i] != UInt8(ascii: "\r") { i += 1 }
                    continue
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                    var level = 1
                    i += 2
                    while i < n && level > 0 {
                        if bytes[i] == UInt8(ascii: "\n") {
                            currentLine += 1
                            lineStart = i + 1
                        }
                        if bytes[i] == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") {
                            level += 1
                            i += 1
                        } else if bytes[i] == UInt8(ascii: "*") && at(i + 1) == UInt8(ascii: "/") {
                            level -= 1
                            i += 1
                        }
                        i += 1
                    }
                    continue
                case UInt8(ascii: "/"):
                    // A bare regex literal: its quotes and backticks are not code. Its
                    // brackets are counted still (whether or not the parser reads it as a
                    // regex, the count is never lower than what the parser sees).
                    guard let end = bareRegexEnd(i) else {
                        // Read as an operator; if the parser reads a regex there instead (its rules are
                        // not all the scan's), a quote later on the line is inside it for the parser:
                        // the file is then scanned again with literals' brackets counted.
                        if !malformedLiteral && !Self.operatorBytes.contains(at(i - 1)) {
                            var j = i + 1
                            while j < n && bytes[j] != UInt8(ascii: "\n") && bytes[j] != UInt8(ascii: "\"")
                                && bytes[j] != UInt8(ascii: "'")
                            {
                                j += 1
                            }
                            regexWork += j - i
                            if at(j) == UInt8(ascii: "\"") || at(j) == UInt8(ascii: "'") { malformedLiteral = true }
                        }
                        resetLinks()
                        i += 1
                        continue
                    }
                    // Counted on top of the code's nesting, not carried past the regex (`/\[/` opens nothing).
                    _ = countBrackets(to: end, from: brackets, floor: brackets)
                    stack[stack.count - 1] = .code(brackets: brackets, parens: parens, interpolation: interpolation)
                    continue
                case UInt8(ascii: "`"):
                    // A backtick identifier ends on its line.
                    var j = i + 1
                    while j < n && bytes[j] != UInt8(ascii: "`") && bytes[j] != UInt8(ascii: "\n") { j += 1 }
                    i = at(j) == UInt8(ascii: "`") ? j + 1 : i + 1
                    continue
                case UInt8(ascii: "'"):
                    // Not Swift, but the parser reads `'…'` as a string (with an error): so does the scan.
                    malformedLiteral = true
                    let around = max(ceilings[ceilings.count - 1], brackets)
                    push(
                        .string(multiline: false, pounds: 0, brackets: around, quote: UInt8(ascii: "'")),
                        from: brackets)
                    openOneLine += 1
                    i += 1
                    continue
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var k = i
                    var pounds = 0
                    while at(k) == UInt8(ascii: "#") {
                        k += 1
                        pounds += 1
                    }
                    if pounds > 0 && at(k) == UInt8(ascii: "/"), let end = rawRegexEnd(k, pounds: pounds) {
                        // In a second scan, a raw regex's brackets count on top of the nesting around it.
                        let around = max(ceilings[ceilings.count - 1], brackets)
                        _ = countBrackets(to: end, from: around, floor: around, counting: countingLiterals)
                        continue
                    }
                    guard at(k) == UInt8(ascii: "\"") else {
                        i += max(1, pounds)
                        continue
                    }
                    var multiline = at(k + 1) == UInt8(ascii: "\"") && at(k + 2) == UInt8(ascii: "\"")
                    if multiline && pounds > 0 {
                        // `#"""#` is a one-line raw string holding a quote, as the parser reads it.
                        var p = 0
                        while p < pounds && at(k + 3 + p) == UInt8(ascii: "#") { p += 1 }
                        if p == pounds { multiline = false }
                    }
                    let around = max(ceilings[ceilings.count - 1], brackets)
                    push(
                        .string(multiline: multiline, pounds: pounds, brackets: around, quote: UInt8(ascii: "\"")),
                        from: brackets)
                    if !multiline { openOneLine += 1 }
                    i = k + (multiline ? 3 : 1)
                    // An opening `"""` ends its line.
                    if multiline && !endsLine(i) { malformedLiteral = true }
                    continue
                case UInt8(ascii: "{"):
                    push(.code(brackets: 0, parens: 0, interpolation: false), from: brackets)
                    open()
                    i += 1
                    continue
                case UInt8(ascii: "}"):
                    if stack.count > 1, case .code(_, _, false) = top {
                        pop()
                        close()
                    }
                    i += 1
                    continue
                case UInt8(ascii: "["):
                    // A bracket right inside another (`[[`, `[(`) is what the parser's time grows with;
                    // one after an element (`[1, [`, `[a: [`) costs its depth only (measured: 3,000
                    // lines of `[[[[[[[[1]]]]]]]]` parse in 6.6 s, of `[1, [1, …` 8 deep in 0.75 s).
                    brackets += 1
                    let previous = previousSignificant(i)
                    opened(brackets, run: previous == UInt8(ascii: "[") || previous == UInt8(ascii: "("))
                    open()
                case UInt8(ascii: "]"):
                    brackets = max(0, brackets - 1)
                    close()
                case UInt8(ascii: "("):
                    // Parentheses inside brackets cost as brackets do (the parser's work grows with both).
                    parens += 1
                    if brackets > 0 { cost = cost &+ Self.power(brackets) }
                    open()
                case UInt8(ascii: ")"):
                    parens -= 1
                    close()
                    if interpolation && parens == 0 {
                        pop()
                        i += 1
                        continue
                    }
                case UInt8(ascii: "."):
                    // `.member` after an operand continues a chain; `1.5`, `..<` and `...` do not.
                    let before = previousSignificant(i)
                    let operand =
                        isIdentifier(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
                        || before == UInt8(ascii: "}") || before == UInt8(ascii: "?") || before == UInt8(ascii: "!")
                        || before == UInt8(ascii: ">") || before == UInt8(ascii: "\"") || before == UInt8(ascii: "`")
                    let number = isDigit(at(i - 1)) && isDigit(at(i + 1))
                    if operand && !number && at(i + 1) != UInt8(ascii: ".") && at(i - 1) != UInt8(ascii: ".") {
                        addLink(i)
                    }
                case UInt8(ascii: "e") where startsWord("else", i):
                    addLink(i)
                    i += 4
                    continue
                case UInt8(ascii: "\n") where openOneLine > 0 && innermostStringIsOneLine(),
                    UInt8(ascii: "\r") where openOneLine > 0 && innermostStringIsOneLine():
                    // Code inside a one-line string (an interpolation, a closure in one) that goes past
                    // its line: the parser ends the string there, so the scan does too, and reads the
                    // line's end again around it.
                    malformedLiteral = true
                    while let context = stack.last, stack.count > 1 {
                        pop()
                        if case .string = context {
                            openOneLine -= 1
                            break
                        }
                        close()
                    }
                    if b == UInt8(ascii: "\n") { currentLine -= 1 }
                    continue
                case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                    // A new statement ends the chain, unless the next line goes on with it.
                    // Every line's end in a run of blank and comment lines has the same next code byte.
                    if !(significantFrom...significantAt).contains(i + 1) {
                        significantFrom = i + 1
                        significantAt = nextSignificant(i + 1)
                    }
                    let next = significantAt
                    if b == UInt8(ascii: ";") || (at(next) != UInt8(ascii: ".") && !startsWord("else", next)) {
                        resetLinks()
                    }
                case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"),
                    UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "|"),
                    UInt8(ascii: "^"), UInt8(ascii: "~"):
                    // Operands of an operator, elements and arguments are side by side in the tree.
                    resetLinks()
                default: break
                }
                stack[stack.count - 1] = .code(brackets: brackets, parens: parens, interpolation: interpolation)
                i += 1
            }
        }
        // A literal still open at the file's end.
        if stack.contains(where: { if case .string = $0 { return true } else { return false } }) {
            malformedLiteral = true
        }
    }

    /// Whether code's byte `b`, after `previous`, leaves every count as it is: a
    /// letter, digit, `_`, blank or non-ASCII byte (the `default` of the scan's
    /// switch), an `e` only after another name byte (else it may start `else`).
    @inline(__always) static func passesOver(_ b: UInt8, after previous: UInt8) -> Bool {
        if b == UInt8(ascii: "e") { return nameBytes[Int(previous)] }
        return passedOver[Int(b)]
    }

    /// Whether byte `b` of a string literal's text, closed by `quote`, leaves
    /// every count as it is: no line's end, backslash or quote, and no bracket
    /// when the brackets inside literals are counted.
    @inline(__always) static func passesOver(_ b: UInt8, inStringOf quote: UInt8, countingBrackets: Bool) -> Bool {
        b != quote && b != UInt8(ascii: "\\") && b != UInt8(ascii: "\n") && b != UInt8(ascii: "\r")
            && (!countingBrackets || (b != UInt8(ascii: "[") && b != UInt8(ascii: "]")))
    }

    /// Bytes of a name: ASCII letters and digits, `_`, and any non-ASCII byte.
    static let nameBytes: [Bool] = (0..<256).map { b in
        let c = UInt8(b)
        return (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    /// `passesOver` for every byte but `e`: a name's bytes, a space and a tab.
    static let passedOver: [Bool] = (0..<256).map { b in
        let c = UInt8(b)
        return c != UInt8(ascii: "e") && (nameBytes[b] || c == UInt8(ascii: " ") || c == UInt8(ascii: "\t"))
    }

    /// Swift's operator characters (ASCII): a `/` glued to one is part of an operator.
    static let operatorBytes: Set<UInt8> = Set("+-*%<>&|^~=!?./".utf8)

    /// 3^d, saturating.
    static func power(_ d: Int) -> Int {
        var out = 1
        for _ in 0..<min(d, 30) { out = out &* 3 }
        return out
    }
}
