/// A guard in front of the toolchain's parser.
///
/// SwiftParser takes exponential time on brackets nested in brackets
/// (`[[[[1]]]]`, `[(`, `[x: [` — measured here: 20 levels take seconds, 22
/// tens of seconds, whether or not they close), so a few hundred bytes could
/// hang `twhost check`. Before parsing, the file's bytes are scanned — string
/// literals (with their interpolations) and comments told apart from code — for
/// the nesting of `[` between braces, and each `[` opened at depth d costs 3^d.
/// A file deeper than `maxDepth`, or costing more than `maxCost` in all (a few
/// seconds of parsing at most), is not parsed and says why.
struct ParseBudget {
    static let maxDepth = 12
    static let maxCost = 10_000_000

    /// The deepest nesting, where it is, and the total cost.
    var depth = 0
    var line = 1
    var column = 1
    var cost = 0

    /// Whether the parser may be given these bytes.
    var withinBudget: Bool { depth <= Self.maxDepth && cost <= Self.maxCost }

    init(_ bytes: [UInt8]) {
        enum Context {
            /// Code: the bracket depth since the enclosing brace, and open parentheses
            /// (to find the end of a string interpolation).
            case code(brackets: Int, parens: Int, interpolation: Bool)
            case string(multiline: Bool, pounds: Int)
        }
        var stack: [Context] = [.code(brackets: 0, parens: 0, interpolation: false)]
        var i = 0
        var currentLine = 1
        var lineStart = 0
        let n = bytes.count
        func at(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                currentLine += 1
                lineStart = i + 1
            }
            guard let top = stack.last else { break }
            switch top {
            case .string(let multiline, let pounds):
                // A one-line string ends at the line's end, closed or not (the parser says so).
                if !multiline && b == UInt8(ascii: "\n") {
                    stack.removeLast()
                    i += 1
                    continue
                }
                if b == UInt8(ascii: "\\") {
                    var k = i + 1
                    var p = 0
                    while p < pounds && at(k) == UInt8(ascii: "#") {
                        k += 1
                        p += 1
                    }
                    if p == pounds && at(k) == UInt8(ascii: "(") {
                        stack.append(.code(brackets: 0, parens: 1, interpolation: true))
                        i = k + 1
                        continue
                    }
                    i += pounds == 0 ? 2 : 1
                    continue
                }
                if b == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    var closes = true
                    for q in 0..<quotes where at(i + q) != UInt8(ascii: "\"") { closes = false }
                    for p in 0..<pounds where at(i + quotes + p) != UInt8(ascii: "#") { closes = false }
                    if closes {
                        stack.removeLast()
                        i += quotes + pounds
                        continue
                    }
                }
                i += 1
            case .code(var brackets, var parens, let interpolation):
                switch b {
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                    while i < n && bytes[i] != UInt8(ascii: "\n") { i += 1 }
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
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var k = i
                    var pounds = 0
                    while at(k) == UInt8(ascii: "#") {
                        k += 1
                        pounds += 1
                    }
                    guard at(k) == UInt8(ascii: "\"") else {
                        i += max(1, pounds)
                        continue
                    }
                    let multiline = at(k + 1) == UInt8(ascii: "\"") && at(k + 2) == UInt8(ascii: "\"")
                    stack.append(.string(multiline: multiline, pounds: pounds))
                    i = k + (multiline ? 3 : 1)
                    continue
                case UInt8(ascii: "{"):
                    stack.append(.code(brackets: 0, parens: 0, interpolation: false))
                    i += 1
                    continue
                case UInt8(ascii: "}"):
                    if stack.count > 1, case .code(_, _, false) = top { stack.removeLast() }
                    i += 1
                    continue
                case UInt8(ascii: "["):
                    brackets += 1
                    cost = cost &+ Self.power(brackets)
                    if brackets > depth {
                        depth = brackets
                        line = currentLine
                        column = i - lineStart + 1
                    }
                case UInt8(ascii: "]"):
                    brackets = max(0, brackets - 1)
                case UInt8(ascii: "("):
                    parens += 1
                case UInt8(ascii: ")"):
                    parens -= 1
                    if interpolation && parens == 0 {
                        stack.removeLast()
                        i += 1
                        continue
                    }
                default: break
                }
                stack[stack.count - 1] = .code(brackets: brackets, parens: parens, interpolation: interpolation)
                i += 1
            }
        }
    }

    /// 3^d, saturating.
    static func power(_ d: Int) -> Int {
        var out = 1
        for _ in 0..<min(d, 30) { out = out &* 3 }
        return out
    }
}
