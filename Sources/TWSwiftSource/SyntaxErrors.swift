import TWModel

@_implementationOnly import SwiftSyntax

/// The syntax errors of a file that does not parse, read from the parser's own
/// tree: the tokens it had to assume (missing), the code it could not place
/// (unexpected), and the characters it could not read.
///
/// SwiftParserDiagnostics' generator would word these better, but it traps on
/// some inputs (a Fix-It with no change — found by FuzzSwiftSource), and a
/// trap cannot be caught; this walk cannot trap, and it is iterative, so deep
/// trees cannot exhaust the stack.
enum SyntaxErrors {
    static func diagnostics(_ tree: SourceFileSyntax, _ context: SourceContext, limit: Int) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if tree.hasMaximumNestingLevelOverflow {
            // Where the parser stopped nesting: down the flagged nodes to the deepest one.
            var node = Syntax(tree)
            while let child = node.children(viewMode: .sourceAccurate).first(where: {
                $0.hasMaximumNestingLevelOverflow
            }) {
                node = child
            }
            return [finding("parsing has exceeded the maximum nesting level", node, context)]
        }
        var reported = Set<SyntaxIdentifier>()
        for token in tree.tokens(viewMode: .all) {
            if out.count >= limit { break }
            for piece in token.leadingTrivia + token.trailingTrivia {
                if case .unexpectedText(let text) = piece {
                    let first = visible(String(text.prefix(1)))
                    let count = text.count > 1 ? " (\(text.count) in a row)" : ""
                    out.append(finding("invalid character \(first) in the source\(count)", token, context))
                    break
                }
            }
            if token.presence == .missing {
                out.append(finding(missing(token), token, context))
                continue
            }
            // Code the parser could not place sits under an `UnexpectedNodesSyntax`.
            var node: Syntax? = token.parent
            var steps = 0
            while let n = node, steps < 8 {
                if n.is(UnexpectedNodesSyntax.self) {
                    if reported.insert(n.id).inserted {
                        let text = n.sourceText
                        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                        let place = n.parent.map { name($0.kind) }.map { " in \($0)" } ?? ""
                        out.append(finding("unexpected code '\(visible(shown))'\(place)", n, context))
                    }
                    break
                }
                node = n.parent
                steps += 1
            }
        }
        return out
    }

    static func finding(_ message: String, _ node: some SyntaxProtocol, _ context: SourceContext) -> Diagnostic {
        SourceFinding.syntax(message).diagnostic(at: context.location(node))
    }

    static func missing(_ token: TokenSyntax) -> String {
        if let parent = token.parent {
            if parent.is(MissingExprSyntax.self) { return "expected an expression" }
            if parent.is(MissingDeclSyntax.self) { return "expected a declaration" }
            if parent.is(MissingTypeSyntax.self) { return "expected a type" }
            if parent.is(MissingPatternSyntax.self) { return "expected a pattern" }
            if parent.is(MissingStmtSyntax.self) { return "expected a statement" }
        }
        let what = token.text.isEmpty ? "a name" : "'\(token.text)'"
        let place = token.parent.map { name($0.kind) }.map { " in \($0)" } ?? ""
        return "expected \(what)\(place)"
    }

    /// `functionCallExpr` → `function call`.
    static func name(_ kind: SyntaxKind) -> String {
        var raw = "\(kind)"
        for suffix in ["Expr", "Decl", "Stmt", "Syntax", "Clause", "List"]
        where raw.hasSuffix(suffix) && raw.count > suffix.count {
            raw.removeLast(suffix.count)
        }
        var out = ""
        for c in raw {
            if c.isUppercase {
                out += " " + c.lowercased()
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Control characters and other invisible ones as `U+0017`.
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
