import TWModel
import TWSupport

/// The suppression comments of one Swift file:
///
/// ```swift
/// // twhost:disable:next unknown-class, unstable-row-id   (the next line)
/// Text("a").tw("bogus")   // twhost:disable:this unknown-class   (this line)
/// // twhost:disable all   …   // twhost:enable all   (a region)
/// ```
///
/// A finding is suppressed by a comment that names its rule (or `all`) and
/// covers the line the finding is reported on. Each rule a comment names
/// that suppresses nothing is an `unused-suppression` warning at the comment.
public struct SourceSuppressions: Sendable {
    /// One rule of one comment.
    public struct Directive: Sendable, Equatable {
        public enum Kind: String, Sendable { case next, this, region }
        public var kind: Kind
        /// The rule's name as written, or `all`.
        public var rule: String
        /// Where the comment starts.
        public var location: SourceLocation
        /// The lines it covers (a region: from the comment to its `enable`, or the end of the file).
        public var lines: ClosedRange<Int>
        /// The comment as written, for SARIF's justification.
        public var text: String

        public func covers(_ code: DiagnosticCode, line: Int) -> Bool {
            (rule == "all" || rule == code.rawValue) && lines.contains(line)
        }
    }

    public var directives: [Directive] = []
    /// Comments that name no known rule or end no region, as findings.
    public var problems: [Diagnostic] = []

    /// The directives of a file's text.
    public init(file: String, bytes: [UInt8]) {
        let lines = LineTable.lines(bytes)
        var open: [(rule: String, index: Int)] = []
        let known = Set(DiagnosticCode.allCases.map(\.rawValue)).union(["all"])
        for (i, raw) in lines.enumerated() {
            let lineNumber = i + 1
            guard let (column, command, rules, text) = Self.directive(Array(raw)) else { continue }
            let at = SourceLocation(file: file, line: lineNumber, column: column)
            for rule in rules where !known.contains(rule) {
                problems.append(
                    SuppressionFinding.unknownRule(
                        rule,
                        suggestion: Suggestion.nearest(
                            to: rule, in: known.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
                    ).diagnostic(location: at))
            }
            let valid = rules.filter(known.contains)
            switch command {
            case "disable:next":
                for rule in valid {
                    directives.append(
                        Directive(
                            kind: .next, rule: rule, location: at, lines: (lineNumber + 1)...(lineNumber + 1),
                            text: text))
                }
            case "disable:this":
                for rule in valid {
                    directives.append(
                        Directive(kind: .this, rule: rule, location: at, lines: lineNumber...lineNumber, text: text))
                }
            case "disable":
                for rule in valid {
                    open.append((rule, directives.count))
                    directives.append(
                        Directive(kind: .region, rule: rule, location: at, lines: lineNumber...Int.max, text: text))
                }
            default:  // enable
                for rule in valid {
                    let ended = open.filter { rule == "all" || $0.rule == rule }
                    if ended.isEmpty {
                        problems.append(SuppressionFinding.nothingToEnable(rule).diagnostic(location: at))
                    }
                    for e in ended {
                        let start = directives[e.index].lines.lowerBound
                        directives[e.index].lines = start...max(start, lineNumber)
                    }
                    open.removeAll { rule == "all" || $0.rule == rule }
                }
            }
        }
    }

    /// The first comment that covers a finding, by index.
    public func covering(_ code: DiagnosticCode, line: Int) -> Int? {
        directives.firstIndex { $0.covers(code, line: line) }
    }

    /// `twhost:disable…` in a `//` comment: its column, command, rules and text.
    static func directive(_ line: [UInt8]) -> (Int, String, [String], String)? {
        let marker = Array("twhost:".utf8)
        var i = 0
        while i + 1 < line.count {
            guard line[i] == UInt8(ascii: "/"), line[i + 1] == UInt8(ascii: "/") else {
                i += 1
                continue
            }
            var j = i + 2
            while j < line.count, line[j] == UInt8(ascii: "/") || line[j] == UInt8(ascii: " ") || line[j] == 9 {
                j += 1
            }
            guard j < line.count, line[j...].starts(with: marker) else {
                i = j
                continue
            }
            let rest = String(decoding: line[(j + marker.count)...], as: UTF8.self)
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let command = words.first.map(String.init),
                ["disable:next", "disable:this", "disable", "enable"].contains(command)
            else {
                i = j
                continue
            }
            // Rules up to the first word that is not a rule list (`-- why`).
            var rules: [String] = []
            for word in words.dropFirst() {
                if word.hasPrefix("--") { break }
                rules += word.split(separator: ",").map(String.init)
            }
            let text = String(decoding: line[i...], as: UTF8.self).trimmingTrailingWhitespace
            return (i + 1, command, rules.isEmpty ? ["all"] : rules, text)
        }
        return nil
    }
}

/// What suppression comments report about themselves.
public enum SuppressionFinding: DiagnosticKind {
    case unused(rule: String)
    case unknownRule(String, suggestion: String?)
    case nothingToEnable(String)

    public var code: DiagnosticCode { .unusedSuppression }

    public var message: String {
        switch self {
        case .unused(let rule):
            return rule == "all"
                ? "this suppression suppresses nothing" : "this suppression of '\(rule)' suppresses nothing"
        case .unknownRule(let rule, _): return "'\(rule.escapingControlCharacters)' is not a rule"
        case .nothingToEnable(let rule): return "'twhost:enable \(rule)' ends no 'twhost:disable'"
        }
    }

    public var hint: String? {
        switch self {
        case .unused: return "remove the comment, or the rule from it"
        case .unknownRule(_, let suggestion): return suggestion.map { "did you mean '\($0)'?" }
        case .nothingToEnable: return "remove the comment"
        }
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
