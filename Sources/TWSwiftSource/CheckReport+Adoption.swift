import TWChecking
import TWModel
import TWSupport

/// What a team adopting `check` on existing code uses: rule settings from
/// `.twhost.json`, suppression comments and a baseline. Applied in that
/// order by `adopt`, so that every surface (CLI, editor) agrees.
extension CheckReport {
    /// A finding the user accepted, and how.
    public struct Suppressed: Sendable {
        public enum Kind: Sendable, Equatable {
            /// A `twhost:disable` comment; its text.
            case inSource(String)
            /// An entry of the baseline file.
            case baseline(String)
        }
        public var finding: Finding
        public var kind: Kind
    }

    /// Suppression comments, then rule settings, then the baseline.
    /// - Parameters:
    ///   - sources: the Swift files checked, whose comments may suppress findings.
    ///   - setting: a rule's setting for a file, from its configuration.
    ///   - baseline: findings accepted earlier; those found again are dropped.
    ///   - bytes: each file's text (an editor passes its buffers; read from disk otherwise).
    public mutating func adopt(
        sources: [String], setting: (String, DiagnosticCode) -> LintConfiguration.RuleSetting?,
        baseline: CheckBaseline?, bytes: @escaping (String) -> [UInt8]? = CheckReport.fileBytes
    ) {
        applySuppressions(sources, bytes: bytes)
        applySettings(setting)
        if let baseline { apply(baseline, bytes: bytes) }
    }

    /// Drops findings a comment covers; each rule a comment names that covers
    /// nothing becomes an `unused-suppression` warning.
    public mutating func applySuppressions(
        _ sources: [String], bytes: (String) -> [UInt8]? = CheckReport.fileBytes
    ) {
        var bySource: [String: SourceSuppressions] = [:]
        var order: [String] = []
        for path in sources where bySource[path] == nil {
            guard let bytes = bytes(path) else { continue }
            let s = SourceSuppressions(file: path, bytes: bytes)
            if !s.directives.isEmpty || !s.problems.isEmpty {
                bySource[path] = s
                order.append(path)
            }
        }
        guard !bySource.isEmpty else { return }
        var used: [String: Set<Int>] = [:]
        var kept: [Finding] = []
        for f in findings {
            if let s = bySource[f.location.file], let i = s.covering(f.diagnostic.code, line: f.location.line) {
                used[f.location.file, default: []].insert(i)
                suppressed.append(Suppressed(finding: f, kind: .inSource(s.directives[i].text)))
            } else {
                kept.append(f)
            }
        }
        for path in order {
            guard let s = bySource[path] else { continue }
            for d in s.problems {
                kept.append(Finding(diagnostic: d, location: d.location ?? s.fileStart, surface: nil))
            }
            for (i, directive) in s.directives.enumerated() where used[path]?.contains(i) != true {
                let d = SuppressionFinding.unused(rule: directive.rule).diagnostic(location: directive.location)
                kept.append(Finding(diagnostic: d, location: directive.location, surface: nil))
            }
        }
        findings = Self.sorted(kept, fileOrder: findings.map(\.location.file) + order)
    }

    /// Each finding with its file's setting for its rule: another severity, or dropped (`off`).
    public mutating func applySettings(_ setting: (String, DiagnosticCode) -> LintConfiguration.RuleSetting?) {
        findings = findings.compactMap { f in
            guard let s = setting(f.location.file, f.diagnostic.code) else { return f }
            guard let severity = s.severity else { return nil }
            var copy = f
            copy.diagnostic.severity = severity
            return copy
        }
    }

    /// Drops findings the baseline has (each entry matches one finding) and
    /// keeps the entries no finding matched, as `staleBaseline`.
    public mutating func apply(
        _ baseline: CheckBaseline, bytes: @escaping (String) -> [UInt8]? = CheckReport.fileBytes
    ) {
        var remaining = baseline.entries
        var kept: [Finding] = []
        var contexts = CheckBaseline.Contexts(bytes: bytes)
        for f in findings {
            let entry = CheckBaseline.Entry(f, contexts: &contexts)
            if let i = remaining.firstIndex(where: { $0.matches(entry) }) {
                remaining.remove(at: i)
                suppressed.append(Suppressed(finding: f, kind: .baseline(baseline.file)))
            } else {
                kept.append(f)
            }
        }
        findings = kept
        staleBaseline = remaining
    }

    /// Findings in the order `init` gives them: files in `fileOrder`'s first
    /// appearance, then by location, then as they were.
    static func sorted(_ findings: [Finding], fileOrder: [String]) -> [Finding] {
        var rank: [String: Int] = [:]
        for file in fileOrder where rank[file] == nil { rank[file] = rank.count }
        return findings.enumerated().sorted { a, b in
            let fa = rank[a.element.location.file] ?? Int.max
            let fb = rank[b.element.location.file] ?? Int.max
            if fa != fb { return fa < fb }
            if a.element.location != b.element.location { return a.element.location < b.element.location }
            return a.offset < b.offset
        }.map(\.element)
    }
}

extension SourceSuppressions {
    var fileStart: SourceLocation {
        directives.first.map { SourceLocation(file: $0.location.file, line: 1, column: 1) }
            ?? problems.first?.location ?? SourceLocation(file: "", line: 1, column: 1)
    }
}

/// The findings a team accepted when it adopted `check` (`check
/// --write-baseline FILE`), so that `check --baseline FILE` reports only new
/// ones. Each entry is a finding's rule, its file relative to the repository
/// root, its class, and a fingerprint of its source line's text, so entries
/// still match when lines move.
public struct CheckBaseline: Sendable {
    public struct Entry: Sendable, Equatable {
        public var rule: String
        public var file: String
        public var className: String?
        public var fingerprint: String
        /// Where it was when recorded, and what it said (for people; not matched).
        public var line: Int
        public var message: String

        public func matches(_ other: Entry) -> Bool {
            rule == other.rule && file == other.file && className == other.className
                && fingerprint == other.fingerprint
        }
    }

    /// Source lines read for fingerprints, per file.
    public struct Contexts {
        var lines: [String: [[UInt8]]] = [:]
        let read: (String) -> [UInt8]?
        /// - Parameter bytes: each file's text (read from disk unless given).
        public init(bytes: @escaping (String) -> [UInt8]? = CheckReport.fileBytes) { read = bytes }

        mutating func line(_ location: SourceLocation) -> String {
            if lines[location.file] == nil {
                let bytes = read(location.file) ?? []
                lines[location.file] = LineTable.lines(bytes).map(Array.init)
            }
            guard let text = lines[location.file], location.line >= 1, location.line <= text.count else { return "" }
            let line = text[location.line - 1]
            let isSpace: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 13 }
            let start = line.firstIndex { !isSpace($0) } ?? line.endIndex
            let end = (line.lastIndex { !isSpace($0) }).map { $0 + 1 } ?? start
            return String(decoding: line[start..<max(start, end)], as: UTF8.self)
        }
    }

    /// The file the baseline was read from, for messages and SARIF.
    public var file: String
    public var entries: [Entry]

    public init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// Today's findings, as `--write-baseline` records them.
    public init(file: String, report: CheckReport) {
        self.file = file
        var contexts = Contexts()
        entries = report.findings.map { Entry($0, contexts: &contexts) }
    }

    /// The file's text: one entry per line, in the report's order.
    public var fileText: String {
        var lines: [String] = []
        for e in entries {
            let object: JSONValue = .object([
                ("rule", .string(e.rule)), ("file", .string(e.file)),
                ("class", e.className.map(JSONValue.string) ?? .null), ("fingerprint", .string(e.fingerprint)),
                ("line", .number(Double(e.line))), ("message", .string(e.message)),
            ])
            lines.append("    " + object.serializedOnOneLine())
        }
        return "{\n  \"twhostBaseline\": 1,\n  \"findings\": [\n" + lines.joined(separator: ",\n")
            + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// Reads a baseline file.
    /// - Throws: `BaselineError` with the file, line and what is wrong.
    public static func read(_ path: String) throws(BaselineError) -> CheckBaseline {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw BaselineError(file: path, line: 1, message: error.reason)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw BaselineError(file: path, line: error.line, message: "not JSON: \(error.message)")
        }
        func fail(_ node: JSONNode, _ message: String) -> BaselineError {
            BaselineError(file: path, line: node.line, message: message)
        }
        guard case .object(let members) = root.value else { throw fail(root, "expected an object") }
        var version: Double?
        var list: [JSONNode]?
        for m in members {
            switch m.key {
            case "twhostBaseline":
                guard case .number(let n) = m.node.value else { throw fail(m.node, "'twhostBaseline' is not a number") }
                version = n
            case "findings":
                guard case .array(let items) = m.node.value else { throw fail(m.node, "'findings' is not an array") }
                list = items
            default: throw fail(m.node, "unknown key '\(m.key.escapingControlCharacters)'")
            }
        }
        guard version == 1 else { throw fail(root, "not a twhost baseline of version 1 ('twhostBaseline': 1)") }
        guard let list else { throw fail(root, "no 'findings' array") }
        var entries: [Entry] = []
        for item in list {
            guard case .object(let fields) = item.value else { throw fail(item, "a finding is not an object") }
            var values: [String: JSONNode] = [:]
            for f in fields {
                guard ["rule", "file", "class", "fingerprint", "line", "message"].contains(f.key) else {
                    throw fail(f.node, "unknown key '\(f.key.escapingControlCharacters)' in a finding")
                }
                values[f.key] = f.node
            }
            func string(_ key: String) throws(BaselineError) -> String {
                guard case .string(let s)? = values[key]?.value else {
                    throw fail(values[key] ?? item, "a finding's '\(key)' is missing or not a string")
                }
                return s
            }
            var className: String?
            switch values["class"]?.value {
            case .string(let s)?: className = s
            case .null?, nil: className = nil
            default: throw fail(values["class"] ?? item, "a finding's 'class' is not a string or null")
            }
            guard case .number(let line)? = values["line"]?.value, line >= 1, line == line.rounded() else {
                throw fail(values["line"] ?? item, "a finding's 'line' is missing or not a line number")
            }
            entries.append(
                Entry(
                    rule: try string("rule"), file: try string("file"), className: className,
                    fingerprint: try string("fingerprint"), line: Int(line), message: try string("message")))
        }
        return CheckBaseline(file: path, entries: entries)
    }
}

extension CheckBaseline.Entry {
    /// A finding as a baseline records it.
    public init(_ f: CheckReport.Finding, contexts: inout CheckBaseline.Contexts) {
        let file = RepositoryPath.relative(f.location.file)
        let context = contexts.line(f.location)
        rule = f.diagnostic.code.rawValue
        self.file = file
        className = f.diagnostic.className
        fingerprint = SHA256.hex([rule, file, className ?? "", context].joined(separator: "\u{0}"))
        line = f.location.line
        message = f.diagnostic.message
    }
}

/// Why a baseline file cannot be used.
public struct BaselineError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String {
        "baseline \(file.escapingControlCharacters):\(line): \(message)"
    }
}
