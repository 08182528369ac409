import TWHost
import TWSwiftSource

/// What the server resolves with: the keys of `.twhost.json`, given as
/// `initializationOptions` or `workspace/didChangeConfiguration` settings
/// (docs/Editors.md). One value, so that a `.twhost.json` loader can fill it.
public struct ServerConfiguration: Equatable, Sendable {
    /// Plugins to load, in order (names or `.so` paths), as `--plugins`.
    public var plugins: [String] = []
    /// Folders searched first, as `--plugin-path`.
    public var pluginPaths: [String] = []
    public var platform: RenderEnvironment.Platform?
    public var osVersion: Int?
    /// `light` or `dark`. twhost's theme has one set of colours, so the
    /// scheme only chooses how swatches are labelled.
    public var colorScheme: String?
    /// Severity per diagnostic code: `error`, `warning`, `note` or `off`.
    public var rules: [(code: String, severity: String)] = []

    public init() {}

    public static func == (a: ServerConfiguration, b: ServerConfiguration) -> Bool {
        a.plugins == b.plugins && a.pluginPaths == b.pluginPaths && a.platform == b.platform
            && a.osVersion == b.osVersion && a.colorScheme == b.colorScheme
            && a.rules.map(\.code) == b.rules.map(\.code) && a.rules.map(\.severity) == b.rules.map(\.severity)
    }

    static let keys = ["plugins", "pluginPaths", "platform", "osVersion", "colorScheme", "rules"]
    static let severities = ["error", "warning", "note", "off"]

    /// Reads the keys of an object; what is wrong is listed in `problems`
    /// (with "did you mean"), and that key keeps its default.
    public static func read(_ node: JSONNode?, problems: inout [String]) -> ServerConfiguration {
        var c = ServerConfiguration()
        guard let node, case .object(let members) = node.value else {
            if let node, !node.isNull { problems.append("the configuration is \(node.kindName), not an object") }
            return c
        }
        func strings(_ n: JSONNode, _ key: String) -> [String]? {
            guard let items = n.array, items.allSatisfy({ $0.string != nil }) else {
                problems.append("'\(key)' is a list of strings")
                return nil
            }
            return items.compactMap(\.string)
        }
        for m in members {
            switch m.key {
            case "plugins": c.plugins = strings(m.node, m.key) ?? []
            case "pluginPaths": c.pluginPaths = strings(m.node, m.key) ?? []
            case "platform":
                if let s = m.node.string, let p = RenderEnvironment.Platform(rawValue: s) {
                    c.platform = p
                } else {
                    let names = RenderEnvironment.Platform.allCases.map(\.rawValue)
                    problems.append("'platform' is one of \(names.joined(separator: ", "))")
                }
            case "osVersion":
                if let v = m.node.int, v > 0, v < 1000 {
                    c.osVersion = v
                } else {
                    problems.append("'osVersion' is a major version such as 18")
                }
            case "colorScheme":
                if let s = m.node.string, s == "light" || s == "dark" {
                    c.colorScheme = s
                } else {
                    problems.append("'colorScheme' is light or dark")
                }
            case "rules":
                guard case .object(let entries) = m.node.value else {
                    problems.append("'rules' is an object of diagnostic codes and severities")
                    continue
                }
                for e in entries {
                    guard DiagnosticCode(rawValue: e.key) != nil else {
                        let names = DiagnosticCode.allCases.map(\.rawValue)
                        let hint = Suggestion.nearest(to: e.key, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                        problems.append("'rules': unknown diagnostic code '\(e.key.escapingControlCharacters)'\(hint)")
                        continue
                    }
                    guard let s = e.node.string, severities.contains(s) else {
                        problems.append("'rules'.'\(e.key)' is one of \(severities.joined(separator: ", "))")
                        continue
                    }
                    c.rules.append((e.key, s))
                }
            default:
                let hint = Suggestion.nearest(to: m.key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                problems.append("unknown configuration key '\(m.key.escapingControlCharacters)'\(hint)")
            }
        }
        return c
    }

    /// The severity a code is reported with: the configured one, else its own; nil when off.
    public func severity(of code: DiagnosticCode, default severity: Diagnostic.Severity) -> Diagnostic.Severity? {
        guard let configured = rules.last(where: { $0.code == code.rawValue })?.severity else { return severity }
        return configured == "off" ? nil : Diagnostic.Severity(rawValue: configured)
    }

    /// The options `SourceScan` resolves documents with.
    public var scanOptions: SourceScan.Options {
        var options = SourceScan.Options()
        options.platform = platform
        options.osVersion = osVersion
        options.jobs = 1
        return options
    }
}
