import TWHost

/// An option a command accepts.
struct OptionSpec: Sendable {
    var name: String
    var short: String?
    var valueName: String?
    var repeatable = false
    var help: String
    var takesValue: Bool { valueName != nil }
}

/// A command: its words, options, positional arguments and what runs it.
struct CommandSpec: Sendable {
    var words: [String]
    var summary: String
    var positionals: String
    var minimumPositionals: Int
    var maximumPositionals: Int
    var options: [OptionSpec]
    var discussion: String = ""
    var run: @Sendable (ParsedCommand) throws(CLIError) -> Int32

    var name: String { words.joined(separator: " ") }

    var usage: String {
        var text = "usage: twhost \(name)"
        for option in options {
            if let value = option.valueName {
                text += " [\(option.name) \(value)]"
            } else {
                text += " [\(option.name)]"
            }
            if option.repeatable { text += "…" }
        }
        if !positionals.isEmpty { text += " " + positionals }
        return text
    }

    var help: String {
        var text = "\(summary)\n\n\(usage)\n"
        if !options.isEmpty {
            text += "\noptions:\n"
            let rows =
                options.map { option -> (String, String) in
                    var left = option.name
                    if let short = option.short { left = short + ", " + left }
                    if let value = option.valueName { left += " " + value }
                    return (left, option.help)
                } + [("-h, --help", "Show this help.")]
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
            }
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}

/// What a command received, typed by its spec.
struct ParsedCommand {
    var spec: CommandSpec
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ option: String) -> String? { values[option]?.last }
    func all(_ option: String) -> [String] { values[option] ?? [] }
    func flag(_ option: String) -> Bool { flags.contains(option) }

    /// A value that must be one of a closed set.
    func choice(_ option: String, _ choices: [String], default defaultValue: String) throws(CLIError) -> String {
        guard let value = value(option) else { return defaultValue }
        guard choices.contains(value) else {
            throw .invalidValue(
                option: option, value: value, expected: choices.joined(separator: "|"),
                suggestion: Suggestion.nearest(to: value, in: choices))
        }
        return value
    }

    /// A comma-separated list (`--plugins material,motion`), across repeats.
    func list(_ option: String) -> [String] {
        all(option).flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
    }
}

/// Parses argv against the command table.
enum CommandLineParser {
    static func parse(_ arguments: [String], commands: [CommandSpec]) throws(CLIError) -> ParsedCommand? {
        let split = ArgumentSplitter.split(arguments)
        // Find the longest run of leading positional words naming a command.
        var words: [String] = []
        for item in split {
            guard case .positional(let word) = item.kind else { break }
            words.append(word)
        }
        var spec: CommandSpec?
        var consumed = 0
        for length in stride(from: words.count, through: 1, by: -1) {
            if let match = commands.first(where: { $0.words == Array(words.prefix(length)) }) {
                spec = match
                consumed = length
                break
            }
        }
        guard let spec else {
            if let first = words.first {
                let groups = commands.filter { $0.words.count > 1 && $0.words[0] == first }
                if !groups.isEmpty {
                    let sub = words.dropFirst().first
                    let names = groups.map { $0.words[1] }
                    if let sub {
                        throw .unknownCommand(
                            "\(first) \(sub)",
                            suggestion: Suggestion.nearest(to: sub, in: names).map { "\(first) \($0)" },
                            usage: groups.map(\.usage).joined(separator: "\n"))
                    }
                    if split.contains(where: { isHelp($0) }) { return ParsedCommand(spec: groupHelp(first, groups)) }
                    throw .missingCommand(usage: groups.map(\.usage).joined(separator: "\n"))
                }
                let names = Set(commands.map { $0.words[0] }).sorted()
                throw .unknownCommand(
                    first, suggestion: Suggestion.nearest(to: first, in: names), usage: "see 'twhost --help'")
            }
            return nil
        }
        var parsed = ParsedCommand(spec: spec)
        var rest = Array(split.dropFirst(consumed))
        var index = 0
        while index < rest.count {
            let item = rest[index]
            index += 1
            switch item.kind {
            case .positional(let value):
                parsed.positionals.append(value)
            case .option(let name, let inline):
                if name == "--help" || name == "-h" {
                    parsed.flags.insert("--help")
                    continue
                }
                guard let option = spec.options.first(where: { $0.name == name || $0.short == name }) else {
                    let candidates = spec.options.map(\.name) + ["--help"]
                    throw .unknownOption(
                        name, command: spec.name, suggestion: Suggestion.nearest(to: name, in: candidates))
                }
                if option.takesValue {
                    var value = inline
                    if value == nil, index < rest.count, case .positional(let next) = rest[index].kind {
                        value = next
                        index += 1
                    }
                    guard let value else { throw .missingValue(option: option.name, command: spec.name) }
                    parsed.values[option.name, default: []].append(value)
                } else {
                    if inline != nil { throw .unexpectedValue(option: option.name, command: spec.name) }
                    parsed.flags.insert(option.name)
                }
            }
        }
        rest.removeAll()
        if parsed.flag("--help") { return parsed }
        if parsed.positionals.count > spec.maximumPositionals {
            throw .unexpectedArgument(parsed.positionals[spec.maximumPositionals], command: spec.name)
        }
        if parsed.positionals.count < spec.minimumPositionals {
            throw .missingArgument(spec.positionals.isEmpty ? "argument" : spec.positionals, command: spec.name)
        }
        return parsed
    }

    private static func isHelp(_ item: SplitArgument) -> Bool {
        if case .option(let name, _) = item.kind { return name == "--help" || name == "-h" }
        return false
    }

    private static func groupHelp(_ group: String, _ commands: [CommandSpec]) -> CommandSpec {
        let text = commands.map { "  twhost \($0.name)  \($0.summary)" }.joined(separator: "\n")
        return CommandSpec(
            words: [group], summary: "twhost \(group) — subcommands:\n\(text)", positionals: "", minimumPositionals: 0,
            maximumPositionals: 0, options: [], run: { _ throws(CLIError) in 0 })
    }
}
