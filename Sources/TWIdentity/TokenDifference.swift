/// The first token where two long values part, so that a reader sees at once
/// which argument of a 90-character modifier changed:
///
/// ```
///   - inactive: .background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(0) }
///   + inactive: .background { RoundedRectangle(cornerRadius: 20).fill(.regularMaterial).opacity(0) }
///                                                                       ^^^^^^^^^^^^^^^
/// ```
///
/// Tokens are what a reader sees in SwiftUI code: identifiers (with a leading
/// `.` for member access), numbers (`0.25`, `-1`), string literals, and single
/// punctuation characters; spaces separate them.
public struct TokenDifference: Equatable, Sendable {
    /// Values shorter than this are read at a glance and are not marked.
    public static let minimumLength = 30

    /// The differing token of each side ("" when that side ended first).
    public var before: String
    public var after: String
    /// 1-based character columns of the tokens in each value.
    public var beforeColumn: Int
    public var afterColumn: Int

    /// Nil when the values are equal, both short, or differ from the start.
    public init?(_ a: String, _ b: String) {
        guard a != b, max(a.count, b.count) >= Self.minimumLength else { return nil }
        let x = Self.tokens(a)
        let y = Self.tokens(b)
        var i = 0
        while i < x.count && i < y.count && x[i].text == y[i].text { i += 1 }
        // Values that differ from their first token need no mark.
        guard i > 0 else { return nil }
        before = i < x.count ? x[i].text : ""
        after = i < y.count ? y[i].text : ""
        beforeColumn = i < x.count ? x[i].column : a.count + 1
        afterColumn = i < y.count ? y[i].column : b.count + 1
    }

    static func tokens(_ text: String) -> [(text: String, column: Int)] {
        let characters = Array(text)
        var out: [(String, Int)] = []
        var i = 0
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        while i < characters.count {
            let c = characters[i]
            let start = i
            if c == " " {
                i += 1
                continue
            }
            if c == "\"" {
                // A string literal, escapes included, is one token.
                i += 1
                while i < characters.count && characters[i] != "\"" { i += characters[i] == "\\" ? 2 : 1 }
                i = min(i + 1, characters.count)
            } else if isWord(c) || (c == "." && i + 1 < characters.count && isWord(characters[i + 1]))
                || (c == "-" && i + 1 < characters.count && characters[i + 1].isNumber
                    && (i == 0 || !(isWord(characters[i - 1]) || characters[i - 1] == ")")))
            {
                // A word, a member (.fill), or a number with its sign (-1).
                i += 1
                while i < characters.count {
                    let d = characters[i]
                    // A decimal point inside a number belongs to it: 0.25.
                    let decimal =
                        d == "." && characters[i - 1].isNumber && i + 1 < characters.count
                        && characters[i + 1].isNumber
                    guard isWord(d) || decimal else { break }
                    i += 1
                }
            } else {
                i += 1
            }
            out.append((String(characters[start..<i]), start + 1))
        }
        return out
    }
}
