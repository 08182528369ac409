import TWModel
import TWSupport

@_implementationOnly import SwiftSyntax

/// Where a class is written inside a string literal: its first character,
/// and the column after its last (UTF-8 bytes, as every column twhost keeps).
public struct ClassSpan: Hashable, Sendable {
    public var location: TWModel.SourceLocation
    public var endColumn: Int
    /// A class a swiftcn component puts on its own surface (its recipe, a
    /// flag's or an enum case's classes) and the caller did not write: a
    /// warning about it is the library's, and `check` does not report it.
    public var suppliedByComponent = false
}

/// The classes written in the string literals of a surface's expressions,
/// each at its first place: a finding about a class points at it there.
enum ClassSpans {
    static func collect(
        _ syntax: some SyntaxProtocol, _ source: SourceContext, into spans: inout [String: ClassSpan]
    ) {
        for token in syntax.tokens(viewMode: .sourceAccurate) {
            guard case .stringSegment = token.tokenKind else { continue }
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let bytes = Array(token.text.utf8)
            var i = 0
            while i < bytes.count {
                while i < bytes.count, ASCII.isWhitespace(bytes[i]) { i += 1 }
                let begin = i
                while i < bytes.count, !ASCII.isWhitespace(bytes[i]) { i += 1 }
                guard i > begin else { continue }
                let word = String(decoding: bytes[begin..<i], as: UTF8.self)
                guard spans[word] == nil else { continue }
                let l = source.location(atOffset: start + begin)
                spans[word] = ClassSpan(location: l, endColumn: l.column + (i - begin))
            }
        }
    }

    /// The classes a component supplies itself, at the call, for each word
    /// the caller's literals do not also hold.
    static func supplied(
        _ classes: [String], at location: TWModel.SourceLocation, into spans: inout [String: ClassSpan]
    ) {
        for text in classes {
            for word in text.split(whereSeparator: { $0 == " " }) where spans[String(word)] == nil {
                spans[String(word)] = ClassSpan(
                    location: location, endColumn: location.column, suppliedByComponent: true)
            }
        }
    }
}
