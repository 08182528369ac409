import TWModel

/// A class list made of text and typed values (G-5), as the seeds' `TWClasses`.
///
/// Inside brackets a typed value is passed to the utility as its native value,
/// never serialized and re-parsed: a string keeps its spaces, underscores and
/// brackets as data and cannot inject classes. Between classes a fragment
/// splices its classes. A number outside brackets follows ordinary syntax, so
/// `"w-\(12)"` is the theme scale while `"w-[\(12)]"` is 12 points.
///
/// ```swift
/// let angle: TypedValue = .angle(8)
/// let classes: TWClasses = "p-6 tilt-[\(angle)]"
/// let all = cn(classes, selected ? "border-primary" : nil)
/// ```
public struct TWClasses: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public enum Segment: Hashable, Sendable {
        case text(String)
        /// Boxed: a typed value is several times a string's size, and most
        /// segments are text (a list of one text segment is then 64 bytes, not 136).
        indirect case value(TypedValue)
        /// Classes spliced between classes; nil fragments are dropped.
        case fragment(TWClasses)
    }

    public var segments: [Segment]

    public init(segments: [Segment]) { self.segments = segments }
    /// A runtime string: parsed as class syntax.
    public init(_ text: String) { segments = text.isEmpty ? [] : [.text(text)] }
    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: StringInterpolation) { segments = stringInterpolation.segments }

    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { segments.append(.text(literal)) }
        }
        public mutating func appendInterpolation(_ value: TypedValue) { segments.append(.value(value)) }
        public mutating func appendInterpolation(_ value: Double) { segments.append(.value(.number(value))) }
        public mutating func appendInterpolation(_ value: Int) { segments.append(.value(.number(Double(value)))) }
        public mutating func appendInterpolation(_ value: TWClasses?) {
            if let value { segments.append(.fragment(value)) }
        }
        public mutating func appendInterpolation(_ values: [TWClasses?]) {
            for value in values { if let value { segments.append(.fragment(value)) } }
        }
    }

    /// The classes as text, typed values shown as `\(…)`.
    public var description: String {
        var out = ""
        for segment in segments {
            switch segment {
            case .text(let t): out += t
            case .value(let v): out += "\\(" + v.displayText + ")"
            case .fragment(let f): out += f.description
            }
        }
        return out
    }
}

/// Joins fragments in order, dropping nil ones; never removes conflicting
/// classes (G-1).
public func cn(_ fragments: TWClasses?...) -> TWClasses { cn(fragments) }

/// Joins an array of optional fragments in order.
public func cn(_ fragments: [TWClasses?]) -> TWClasses {
    var segments: [TWClasses.Segment] = []
    for fragment in fragments {
        guard let fragment, !fragment.segments.isEmpty else { continue }
        if !segments.isEmpty { segments.append(.text(" ")) }
        segments.append(.fragment(fragment))
    }
    return TWClasses(segments: segments)
}

/// The builder form: strings, arrays, conditions and loops.
public func cn(@TWClassesBuilder _ build: () -> [TWClasses]) -> TWClasses { cn(build().map { Optional($0) }) }

@resultBuilder
public enum TWClassesBuilder {
    public static func buildExpression(_ e: TWClasses) -> [TWClasses] { [e] }
    public static func buildExpression(_ e: String) -> [TWClasses] { [TWClasses(e)] }
    public static func buildExpression(_ e: [TWClasses]) -> [TWClasses] { e }
    public static func buildExpression(_ e: TWClasses?) -> [TWClasses] { e.map { [$0] } ?? [] }
    public static func buildBlock(_ parts: [TWClasses]...) -> [TWClasses] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TWClasses]?) -> [TWClasses] { part ?? [] }
    public static func buildEither(first: [TWClasses]) -> [TWClasses] { first }
    public static func buildEither(second: [TWClasses]) -> [TWClasses] { second }
    public static func buildArray(_ parts: [[TWClasses]]) -> [TWClasses] { parts.flatMap { $0 } }
}
