/// A SARIF 2.1.0 log with one run of twhost, built from typed rules and
/// results (OASIS SARIF 2.1.0: §3.13 sarifLog, §3.14 run, §3.19 toolComponent,
/// §3.49 reportingDescriptor, §3.27 result, §3.28 location, §3.29
/// physicalLocation, §3.4 artifactLocation, §3.30 region, §3.35 suppression,
/// §3.55 fix, §3.56 artifactChange, §3.57 replacement).
///
/// Every command that writes SARIF (`diff`, `plugins check`) describes its
/// findings with these types, so each result names its rule by id and index,
/// carries a physical location, and is suppressed the same way:
///
/// ```swift
/// let rule = SARIF.Rule(id: "slot-added", level: .error, shortDescription: "A slot was added.")
/// let result = SARIF.Result(
///     ruleId: "slot-added", level: .error, message: "modifier glint (glow): …",
///     locations: [SARIF.Location(file: "twhost-registry.json", line: 14)],
///     partialFingerprints: [(SARIF.fingerprintKey, "slot-added/glow/glint")])
/// let log = SARIF.log(rules: [rule], results: [result])
/// ```
public enum SARIF {
    /// The key under `partialFingerprints` that holds twhost's own fingerprint
    /// (`rule/plugin/registration` for `diff`), versioned so that a change of
    /// scheme never matches old alerts by accident.
    public static let fingerprintKey = "twhost/v1"

    /// `result.level` and `reportingConfiguration.level` (§3.27.10).
    public enum Level: String, Sendable, Equatable {
        case none, note, warning, error
    }

    /// A rule of the driver's rule table (`reportingDescriptor`, §3.49).
    public struct Rule: Sendable {
        public var id: String
        public var level: Level
        public var shortDescription: String
        public var fullDescription: String?
        /// What to do about a result of this rule (plain text; GitHub shows it).
        public var help: String?
        /// The same help as Markdown, when it has code or lists.
        public var helpMarkdown: String?
        /// Extra properties (`properties` bag), e.g. the finding's category.
        public var properties: [(String, JSONValue)]

        public init(
            id: String, level: Level, shortDescription: String, fullDescription: String? = nil, help: String? = nil,
            helpMarkdown: String? = nil, properties: [(String, JSONValue)] = []
        ) {
            self.id = id
            self.level = level
            self.shortDescription = shortDescription
            self.fullDescription = fullDescription
            self.help = help
            self.helpMarkdown = helpMarkdown
            self.properties = properties
        }
    }

    /// A place in a file: the whole file (a plugin's `.so`) or a line and column.
    public struct Location: Sendable, Equatable {
        /// The path as the user gave it; written as a URI reference.
        public var file: String
        /// 1-based; nil for the whole file.
        public var line: Int?
        /// 1-based column; nil for the whole line. UTF-8 bytes for scene
        /// files; `check` gives UTF-16 code units, SARIF's default `columnKind`.
        public var column: Int?
        /// What is at this place, for related locations ("surface /0").
        public var message: String?
        /// The column after the region's last character (§3.30.8), on the start line.
        public var endColumn: Int?

        public init(file: String, line: Int? = nil, column: Int? = nil, message: String? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// The name a result is about, beside its file (`logicalLocation`, §3.33).
    public struct LogicalLocation: Sendable, Equatable {
        public var name: String
        public var fullyQualifiedName: String
        public var kind: String

        public init(name: String, fullyQualifiedName: String, kind: String) {
            self.name = name
            self.fullyQualifiedName = fullyQualifiedName
            self.kind = kind
        }
    }

    /// A result the user accepted (`suppression`, §3.35): for twhost, an
    /// allowlist entry, which lives outside the analysed files.
    public struct Suppression: Sendable, Equatable {
        public enum Kind: String, Sendable { case inSource, external }
        public var kind: Kind
        public var justification: String

        public init(kind: Kind = .external, justification: String) {
            self.kind = kind
            self.justification = justification
        }
    }

    /// An edit that fixes a result (`fix`, §3.55): one file's regions replaced.
    public struct Fix: Sendable, Equatable {
        /// One region deleted and the text inserted in its place (`replacement`, §3.57).
        public struct Replacement: Sendable, Equatable {
            /// 1-based; the end column is the one after the region (§3.30.8).
            public var startLine: Int
            public var startColumn: Int
            public var endLine: Int
            public var endColumn: Int
            /// Empty for a pure deletion.
            public var insertedText: String

            public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int, insertedText: String) {
                self.startLine = startLine
                self.startColumn = startColumn
                self.endLine = endLine
                self.endColumn = endColumn
                self.insertedText = insertedText
            }
        }

        public var description: String
        public var file: String
        public var replacements: [Replacement]

        public init(description: String, file: String, replacements: [Replacement]) {
            self.description = description
            self.file = file
            self.replacements = replacements
        }
    }

    /// One finding (`result`, §3.27).
    public struct Result: Sendable {
        public var ruleId: String
        public var level: Level
        public var message: String
        /// The primary location(s); code scanning shows a result only where it has one.
        public var locations: [Location]
        public var logicalLocation: LogicalLocation?
        /// Other places the result involves (affected surfaces, causes).
        public var relatedLocations: [Location]
        /// Stable identities for matching results across runs, in this order.
        public var partialFingerprints: [(String, String)]
        public var suppressions: [Suppression]
        /// Edits that fix the result (or, for a suggestion, that the user may choose).
        public var fixes: [Fix] = []
        public var properties: [(String, JSONValue)]

        public init(
            ruleId: String, level: Level, message: String, locations: [Location],
            logicalLocation: LogicalLocation? = nil, relatedLocations: [Location] = [],
            partialFingerprints: [(String, String)] = [], suppressions: [Suppression] = [],
            properties: [(String, JSONValue)] = []
        ) {
            self.ruleId = ruleId
            self.level = level
            self.message = message
            self.locations = locations
            self.logicalLocation = logicalLocation
            self.relatedLocations = relatedLocations
            self.partialFingerprints = partialFingerprints
            self.suppressions = suppressions
            self.properties = properties
        }
    }

    /// The log for typed rules and results; each result's `ruleIndex` is its
    /// rule's position in `rules` (-1, "not given", when the rule is not there).
    public static func log(rules: [Rule], results: [Result]) -> JSONValue {
        var index: [String: Int] = [:]
        for (i, rule) in rules.enumerated() where index[rule.id] == nil { index[rule.id] = i }
        return log(rules: rules.map(\.json), results: results.map { $0.json(ruleIndex: index[$0.ruleId] ?? -1) })
    }

    /// The log for rules and results that are already JSON objects
    /// (`reportingDescriptor` and `result`); prefer the typed `log(rules:results:)`.
    public static func log(rules: [JSONValue], results: [JSONValue]) -> JSONValue {
        let driver: JSONValue = .object([
            ("name", .string("twhost")), ("version", .string(TWHostVersion.string)), ("rules", .array(rules)),
        ])
        let run: JSONValue = .object([("tool", .object([("driver", driver)])), ("results", .array(results))])
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    /// A file path as a URI reference (§3.10): relative paths stay relative
    /// (code scanning resolves them against the checkout), absolute ones
    /// become `file:///…`; every byte outside RFC 3986's unreserved set and
    /// `/` is percent-encoded, so spaces and non-ASCII names survive.
    public static func uri(forPath path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}

extension SARIF.Rule {
    var json: JSONValue {
        func message(_ text: String, markdown: String? = nil) -> JSONValue {
            .object([("text", .string(text))] + (markdown.map { [("markdown", .string($0))] } ?? []))
        }
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("name", .string(id)), ("shortDescription", message(shortDescription)),
        ]
        if let fullDescription { members.append(("fullDescription", message(fullDescription))) }
        if let help { members.append(("help", message(help, markdown: helpMarkdown))) }
        members.append(("defaultConfiguration", .object([("level", .string(level.rawValue))])))
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        return .object(members)
    }
}

extension SARIF.Location {
    func json(id: Int? = nil, logical: SARIF.LogicalLocation? = nil) -> JSONValue {
        var physical: [(String, JSONValue)] = [
            ("artifactLocation", .object([("uri", .string(SARIF.uri(forPath: file)))]))
        ]
        if let line, line >= 1 {
            var region: [(String, JSONValue)] = [("startLine", .number(Double(line)))]
            if let column, column >= 1 { region.append(("startColumn", .number(Double(column)))) }
            if let endColumn, let column, endColumn > column {
                region.append(("endColumn", .number(Double(endColumn))))
            }
            physical.append(("region", .object(region)))
        }
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", .number(Double(id)))) }
        members.append(("physicalLocation", .object(physical)))
        if let logical {
            members.append(
                (
                    "logicalLocations",
                    .array([
                        .object([
                            ("name", .string(logical.name)),
                            ("fullyQualifiedName", .string(logical.fullyQualifiedName)),
                            ("kind", .string(logical.kind)),
                        ])
                    ])
                ))
        }
        if let message { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
    }
}

extension SARIF.Result {
    func json(ruleIndex: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(ruleId)), ("ruleIndex", .number(Double(ruleIndex))), ("level", .string(level.rawValue)),
            ("message", .object([("text", .string(message))])),
            ("locations", .array(locations.map { $0.json(logical: logicalLocation) })),
        ]
        // SARIF wants related locations unique; ids (1, 2, …) keep two
        // surfaces on one line distinct and let messages refer to them.
        if !relatedLocations.isEmpty {
            members.append(
                ("relatedLocations", .array(relatedLocations.enumerated().map { $1.json(id: $0 + 1) })))
        }
        if !partialFingerprints.isEmpty {
            members.append(("partialFingerprints", .object(partialFingerprints.map { ($0.0, .string($0.1)) })))
        }
        if !suppressions.isEmpty {
            members.append(
                (
                    "suppressions",
                    .array(
                        suppressions.map {
                            .object([
                                ("kind", .string($0.kind.rawValue)), ("status", .string("accepted")),
                                ("justification", .string($0.justification)),
                            ])
                        })
                ))
        }
        if !fixes.isEmpty { members.append(("fixes", .array(fixes.map(\.json)))) }
        if !properties.isEmpty { members.append(("properties", .object(properties))) }
        return .object(members)
    }
}

extension SARIF.Fix {
    var json: JSONValue {
        let replacements: [JSONValue] = replacements.map { r in
            .object([
                (
                    "deletedRegion",
                    .object([
                        ("startLine", .number(Double(r.startLine))), ("startColumn", .number(Double(r.startColumn))),
                        ("endLine", .number(Double(r.endLine))), ("endColumn", .number(Double(r.endColumn))),
                    ])
                ),
                ("insertedContent", .object([("text", .string(r.insertedText))])),
            ])
        }
        return .object([
            ("description", .object([("text", .string(description))])),
            (
                "artifactChanges",
                .array([
                    .object([
                        ("artifactLocation", .object([("uri", .string(SARIF.uri(forPath: file)))])),
                        ("replacements", .array(replacements)),
                    ])
                ])
            ),
        ])
    }
}
