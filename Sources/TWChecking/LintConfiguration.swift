import Glibc
import TWModel
import TWSupport

/// A project's `.twhost.json`: the options every run would otherwise repeat
/// (plugins, where to find them, platform, OS version, theme), which files a
/// folder walk checks, and each rule's severity. Found from an input upward
/// to the repository root (the folder that holds `.git`); the nearest file
/// wins. Paths in it are relative to the file's folder.
///
/// ```swift
/// let found = try LintConfiguration.nearest(to: "Sources/App/Card.swift")
/// found?.configuration.severity(of: .unknownClass)  // .warning, when the file says so
/// ```
///
/// `schema/twhost-config.schema.json` describes the same keys.
public struct LintConfiguration: Sendable, Equatable {
    /// The name of the file searched for.
    public static let fileName = ".twhost.json"

    /// Every key the file may have, in the order `twhost config` prints them.
    public static let keys = [
        "plugins", "pluginPaths", "platform", "osVersion", "colorScheme", "theme", "baseline", "include", "exclude",
        "rules",
    ]

    /// What a rule's findings become: a severity, or `off` (not reported).
    public enum RuleSetting: String, Sendable, Equatable, CaseIterable {
        case error, warning, note, off

        /// The severity findings get, or nil when the rule is off.
        public var severity: Diagnostic.Severity? {
            switch self {
            case .error: return .error
            case .warning: return .warning
            case .note: return .note
            case .off: return nil
            }
        }
    }

    /// The appearance theme tokens resolve for: the resolver's own type.
    public typealias ColorScheme = Theme.ColorScheme

    /// The file it was read from (as found: absolute when found by searching).
    public var file: String
    public var plugins: [String]?
    /// Folders, resolved against the file's folder.
    public var pluginPaths: [String]?
    public var platform: RenderEnvironment.Platform?
    public var osVersion: Int?
    public var colorScheme: ColorScheme?
    /// A theme file, resolved against the file's folder.
    public var theme: String?
    /// Globs relative to the file's folder (`**` any folders, `*` and `?` within one name).
    public var include: [String] = []
    public var exclude: [String] = []
    /// Settings by rule, in the order the file lists them.
    public var rules: [(code: DiagnosticCode, setting: RuleSetting)] = []
    /// A baseline file (`check --write-baseline`), resolved against the file's folder: `--baseline`.
    public var baseline: String?

    public init(file: String) { self.file = file }

    public static func == (a: LintConfiguration, b: LintConfiguration) -> Bool {
        a.file == b.file && a.plugins == b.plugins && a.pluginPaths == b.pluginPaths && a.platform == b.platform
            && a.osVersion == b.osVersion && a.colorScheme == b.colorScheme && a.theme == b.theme
            && a.include == b.include && a.exclude == b.exclude && a.rules.map(\.code) == b.rules.map(\.code)
            && a.rules.map(\.setting) == b.rules.map(\.setting) && a.baseline == b.baseline
    }

    /// The folder the file's relative paths start from.
    public var directory: String { Self.parent(of: file) }

    /// The setting for `code`, when the file sets one.
    public func setting(for code: DiagnosticCode) -> RuleSetting? {
        rules.last { $0.code == code }?.setting
    }

    /// Whether a file found by walking a folder is checked: it matches an
    /// `include` glob (or there are none) and no `exclude` glob. `path` is
    /// absolute or relative to the working directory.
    public func includes(_ path: String) -> Bool {
        guard let relative = Self.relative(Self.absolute(path), to: directory) else {
            // Outside the configuration's folder: its globs do not speak of it.
            return true
        }
        if !include.isEmpty && !include.contains(where: { Glob.matches($0, relative) }) { return false }
        return !exclude.contains { Glob.matches($0, relative) }
    }

    // MARK: Reading

    /// Reads and checks a configuration file.
    /// - Throws: `ConfigurationError` naming the file, line, key and what was expected.
    public static func load(_ path: String) throws(ConfigurationError) -> LintConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw ConfigurationError(file: path, line: 1, key: nil, message: error.reason)
        }
        return try parse(bytes, file: path)
    }

    /// Checks and reads the text of a configuration file named `file`.
    public static func parse(_ bytes: [UInt8], file: String) throws(ConfigurationError) -> LintConfiguration {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ConfigurationError(file: file, line: error.line, key: nil, message: "not JSON: \(error.message)")
        }
        guard case .object = root.value else {
            throw ConfigurationError(
                file: file, line: root.line, key: nil, message: "expected an object, found \(root.kindName)")
        }
        var problems: [ConfigurationError] = []
        let config = read(root, file: file, problems: &problems, stopAtFirst: true)
        if let first = problems.first { throw first }
        return config
    }

    /// The same keys given another way than as a file (an editor's settings),
    /// read and checked as the file's are, except that each key that is wrong
    /// is listed in `problems` (without a line) and keeps its default; `source`
    /// names where they came from. Relative paths stay as they are.
    public static func read(_ node: JSONNode, source: String, problems: inout [ConfigurationError])
        -> LintConfiguration
    {
        guard case .object = node.value else {
            if !node.isNull {
                problems.append(
                    ConfigurationError(
                        file: source, line: 0, key: nil, message: "expected an object, found \(node.kindName)"))
            }
            return LintConfiguration(file: "")
        }
        var found: [ConfigurationError] = []
        var config = read(node, file: source, problems: &found, stopAtFirst: false)
        config.file = ""
        for var e in found {
            e.line = 0
            problems.append(e)
        }
        return config
    }

    private static func read(
        _ root: JSONNode, file: String, problems: inout [ConfigurationError], stopAtFirst: Bool
    ) -> LintConfiguration {
        var config = LintConfiguration(file: file)
        guard case .object(let members) = root.value else { return config }
        let base = parent(of: file)
        for member in members {
            let node = member.node
            func fail(_ message: String, key: String = member.key, suggestion: String? = nil) -> ConfigurationError {
                ConfigurationError(file: file, line: node.line, key: key, message: message, suggestion: suggestion)
            }
            do throws(ConfigurationError) {
                switch member.key {
                case "plugins":
                    config.plugins = try strings(node) { fail($0) }
                    if let bad = config.plugins?.first(where: { $0.isEmpty || $0.contains(",") }) {
                        throw fail("'\(bad)' is not a plugin name")
                    }
                case "pluginPaths":
                    config.pluginPaths = try strings(node) { fail($0) }.map { resolve($0, against: base) }
                case "platform":
                    config.platform = try choice(node, RenderEnvironment.Platform.self) { fail($0, suggestion: $1) }
                case "osVersion":
                    guard case .number(let n) = node.value, n >= 1, n < 1000, n == n.rounded() else {
                        throw fail("expected a major version such as 17, found \(describe(node))")
                    }
                    config.osVersion = Int(n)
                case "colorScheme":
                    config.colorScheme = try choice(node, ColorScheme.self) { fail($0, suggestion: $1) }
                case "theme":
                    guard case .string(let s) = node.value, !s.isEmpty else {
                        throw fail("expected a file name, found \(describe(node))")
                    }
                    config.theme = resolve(s, against: base)
                case "baseline":
                    guard case .string(let s) = node.value, !s.isEmpty else {
                        throw fail("expected a file name, found \(describe(node))")
                    }
                    config.baseline = resolve(s, against: base)
                case "include":
                    config.include = try strings(node) { fail($0) }
                case "exclude":
                    config.exclude = try strings(node) { fail($0) }
                case "rules":
                    guard case .object(let entries) = node.value else {
                        throw fail("expected an object of rule names and severities, found \(node.kindName)")
                    }
                    for entry in entries {
                        let inner = entry.node
                        func failRule(_ message: String, suggestion: String?) -> ConfigurationError {
                            ConfigurationError(
                                file: file, line: inner.line, key: "rules.\(entry.key)", message: message,
                                suggestion: suggestion)
                        }
                        guard let code = DiagnosticCode(rawValue: entry.key) else {
                            throw failRule(
                                "unknown rule",
                                suggestion: Suggestion.nearest(
                                    to: entry.key, in: DiagnosticCode.allCases.map(\.rawValue)))
                        }
                        let setting = try choice(inner, RuleSetting.self) { failRule($0, suggestion: $1) }
                        config.rules.append((code, setting))
                    }
                default:
                    throw ConfigurationError(
                        file: file, line: node.line, key: member.key, message: "unknown key",
                        suggestion: Suggestion.nearest(to: member.key, in: keys))
                }
            } catch {
                problems.append(error)
                if stopAtFirst { return config }
            }
        }
        return config
    }

    private static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let s): return "'\(s.escapingControlCharacters)'"
        case .number(let n): return JSONValue.format(n)
        default: return node.kindName
        }
    }

    private static func strings(_ node: JSONNode, _ fail: (String) -> ConfigurationError) throws(ConfigurationError)
        -> [String]
    {
        guard case .array(let items) = node.value else {
            throw fail("expected an array of strings, found \(node.kindName)")
        }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item.value else {
                throw fail("expected an array of strings, found \(item.kindName) in it")
            }
            out.append(s)
        }
        return out
    }

    private static func choice<C: RawRepresentable & CaseIterable>(
        _ node: JSONNode, _: C.Type, _ fail: (String, String?) -> ConfigurationError
    ) throws(ConfigurationError) -> C where C.RawValue == String {
        let names = C.allCases.map(\.rawValue)
        guard case .string(let s) = node.value else {
            throw fail("expected one of \(names.joined(separator: ", ")), found \(describe(node))", nil)
        }
        guard let value = C(rawValue: s) else {
            throw fail(
                "expected one of \(names.joined(separator: ", ")), found \(describe(node))",
                Suggestion.nearest(to: s, in: names))
        }
        return value
    }

    // MARK: Finding

    /// The nearest `.twhost.json` at or above `path` (its folder, for a file),
    /// stopping at the folder that holds `.git`; nil when there is none.
    public static func find(from path: String) -> String? {
        var directory = absolute(path)
        if !isDirectory(directory) { directory = parent(of: directory) }
        while true {
            let candidate = directory == "/" ? "/" + fileName : directory + "/" + fileName
            if exists(candidate) { return candidate }
            let git = directory == "/" ? "/.git" : directory + "/.git"
            if exists(git) || directory == "/" { return nil }
            directory = parent(of: directory)
        }
    }

    /// The configuration for `path`: the nearest file, read; nil when there is none.
    public static func nearest(to path: String) throws(ConfigurationError) -> LintConfiguration? {
        guard let file = find(from: path) else { return nil }
        return try load(file)
    }

    // MARK: Printing

    /// The effective configuration as `twhost config` prints it: every key,
    /// null where the file sets nothing, and the file it came from (null when `file` is empty).
    public var json: JSONValue {
        func list(_ l: [String]?) -> JSONValue { l.map { .array($0.map(JSONValue.string)) } ?? .null }
        return .object([
            ("file", file.isEmpty ? .null : .string(file)),
            ("plugins", list(plugins)), ("pluginPaths", list(pluginPaths)),
            ("platform", platform.map { .string($0.rawValue) } ?? .null),
            ("osVersion", osVersion.map { .number(Double($0)) } ?? .null),
            ("colorScheme", colorScheme.map { .string($0.rawValue) } ?? .null),
            ("theme", theme.map(JSONValue.string) ?? .null),
            ("baseline", baseline.map(JSONValue.string) ?? .null),
            ("include", list(include)), ("exclude", list(exclude)),
            ("rules", .object(rules.map { ($0.code.rawValue, .string($0.setting.rawValue)) })),
        ])
    }

    // MARK: Paths

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let cwd = getcwd(&buffer, buffer.count).map { _ in String(cString: buffer) } ?? "/"
        return normalized(cwd + "/" + path)
    }

    /// `.` and `..` removed, no doubled or trailing `/`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func resolve(_ path: String, against base: String) -> String {
        path.hasPrefix("/") ? path : (base == "." ? path : base + "/" + path)
    }

    /// `path` below `directory` (both absolute), or nil when it is not below it.
    static func relative(_ path: String, to directory: String) -> String? {
        let base = absolute(directory)
        if base == "/" { return String(path.dropFirst()) }
        guard path.hasPrefix(base + "/") else { return nil }
        return String(path.dropFirst(base.count + 1))
    }

    static func exists(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFDIR
    }
}

/// Why a configuration file cannot be used: the file, line and key, what was
/// expected, and the nearest valid name.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The key at fault (`rules.unknown-clas`), nil when the whole file is.
    public var key: String?
    public var message: String
    public var suggestion: String?

    public init(file: String, line: Int, key: String?, message: String, suggestion: String? = nil) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
        self.suggestion = suggestion
    }

    /// `.twhost.json:3: 'plugin': unknown key; did you mean 'plugins'?` (no line when it is 0).
    public var description: String {
        var text = line > 0 ? "\(file.escapingControlCharacters):\(line): " : "\(file.escapingControlCharacters): "
        if let key { text += "'\(key.escapingControlCharacters)': " }
        text += message
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        return text
    }
}

/// Path globs as `.twhost.json` writes them: `**` matches any number of
/// folders, `*` any run of characters within one name, `?` one character.
public enum Glob {
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        let p = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let s = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        return match(p[...], s[...])
    }

    private static func match(_ p: ArraySlice<String>, _ s: ArraySlice<String>) -> Bool {
        guard let first = p.first else { return s.isEmpty }
        if first == "**" {
            let rest = p.dropFirst()
            var tail = s
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let name = s.first, matchName(Array(first.utf8)[...], Array(name.utf8)[...]) else { return false }
        return match(p.dropFirst(), s.dropFirst())
    }

    private static func matchName(_ p: ArraySlice<UInt8>, _ s: ArraySlice<UInt8>) -> Bool {
        guard let c = p.first else { return s.isEmpty }
        switch c {
        case UInt8(ascii: "*"):
            var tail = s
            while true {
                if matchName(p.dropFirst(), tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case UInt8(ascii: "?"):
            return !s.isEmpty && matchName(p.dropFirst(), s.dropFirst())
        default:
            return s.first == c && matchName(p.dropFirst(), s.dropFirst())
        }
    }
}

/// The configuration of each file of a run: one given for all (`--config
/// FILE`), none (`--no-config`), or each file's nearest, read once per folder.
public struct LintConfigurations: Sendable {
    public enum Source: Sendable, Equatable {
        case nearest
        case file(String)
        case none
    }

    public let source: Source
    private var byDirectory: [String: LintConfiguration?] = [:]
    private var byFile: [String: LintConfiguration] = [:]
    private var given: LintConfiguration?

    /// - Throws: when `source` is a file that cannot be read or is not valid.
    public init(_ source: Source) throws(ConfigurationError) {
        self.source = source
        if case .file(let path) = source { given = try LintConfiguration.load(path) }
    }

    /// The configuration for an input path (a file or a folder).
    public mutating func configuration(for path: String) throws(ConfigurationError) -> LintConfiguration? {
        switch source {
        case .none: return nil
        case .file: return given
        case .nearest:
            var directory = LintConfiguration.absolute(path)
            if !LintConfiguration.isDirectory(directory) { directory = LintConfiguration.parent(of: directory) }
            if let known = byDirectory[directory] { return known }
            var found: LintConfiguration?
            if let file = LintConfiguration.find(from: directory) {
                if let cached = byFile[file] {
                    found = cached
                } else {
                    let loaded = try LintConfiguration.load(file)
                    byFile[file] = loaded
                    found = loaded
                }
            }
            byDirectory[directory] = found
            return found
        }
    }
}
