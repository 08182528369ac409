import TWHost

/// Parses argv against the command table: split (`ArgumentSplitter`), find
/// the command, then read each option by its declaration. Every failure is a
/// `CLIError` (exit 64), raised before the command runs.
package enum CommandLineParser {
    package static func parse(_ arguments: [String], commands: [CommandSpec]) throws(CLIError) -> ParsedCommand? {
        let split = ArgumentSplitter.split(arguments)
        guard let (spec, consumed) = try command(split, commands: commands) else { return nil }
        var parsed = ParsedCommand(spec: spec)
        try readOptions(split.dropFirst(consumed), into: &parsed)
        if parsed.wantsHelp { return parsed }
        let given = parsed.arguments
        if given.count > spec.positionals.maximum {
            throw .unexpectedArgument(given[spec.positionals.maximum], command: spec.name)
        }
        if given.count < spec.positionals.minimum {
            throw .missingArgument(
                spec.positionals.usage.isEmpty ? "argument" : spec.positionals.usage, command: spec.name)
        }
        try checkChoices(parsed)
        return parsed
    }

    /// The command the leading positional words name (the longest match), and
    /// how many words it took; nil when there are no words.
    private static func command(
        _ split: [SplitArgument], commands: [CommandSpec]
    ) throws(CLIError) -> (CommandSpec, Int)? {
        var words: [String] = []
        for item in split {
            guard case .positional(let word) = item else { break }
            words.append(word)
        }
        for length in stride(from: words.count, through: 1, by: -1) {
            if let match = commands.first(where: { $0.words == Array(words.prefix(length)) }) {
                return (match, length)
            }
        }
        guard let first = words.first else { return nil }
        let groups = commands.filter { $0.words.count > 1 && $0.words[0] == first }
        guard !groups.isEmpty else {
            let names = Set(commands.map { $0.words[0] }).sorted()
            throw .unknownCommand(
                first, suggestion: Suggestion.nearest(to: first, in: names), usage: "see 'twhost --help'")
        }
        if let sub = words.dropFirst().first {
            throw .unknownCommand(
                "\(first) \(sub)",
                suggestion: Suggestion.nearest(to: sub, in: groups.map { $0.words[1] }).map { "\(first) \($0)" },
                usage: groups.map(\.usage).joined(separator: "\n"))
        }
        if split.contains(where: isHelp) { return (groupHelp(first, groups), 1) }
        throw .missingCommand(usage: groups.map(\.usage).joined(separator: "\n"))
    }

    /// Options and positionals after the command's words, each option by its declaration.
    private static func readOptions(_ items: ArraySlice<SplitArgument>, into parsed: inout ParsedCommand)
        throws(CLIError)
    {
        let spec = parsed.spec
        var rest = items[...]
        while let item = rest.popFirst() {
            switch item {
            case .positional(let value):
                parsed.arguments.append(value)
            case .option(let name, let inline):
                if name == "--help" || name == "-h" {
                    parsed.wantsHelp = true
                    continue
                }
                guard let option = spec.option(named: name) else {
                    let candidates = spec.shownOptions.map(\.name) + ["--help"]
                    throw .unknownOption(
                        name, command: spec.name, suggestion: Suggestion.nearest(to: name, in: candidates))
                }
                guard option.takesValue else {
                    if inline != nil { throw .unexpectedValue(option: option.name, command: spec.name) }
                    parsed.record(option, value: nil)
                    continue
                }
                var value = inline
                switch rest.first {
                case .positional(let next)? where value == nil:
                    value = next
                    rest.removeFirst()
                case .option(let next, nil)? where value == nil && Self.looksNegative(next):
                    // `--timeout -1` gives the option the value -1 (which its reader refuses as negative).
                    value = next
                    rest.removeFirst()
                default: break
                }
                guard let value else { throw .missingValue(option: option.name, command: spec.name) }
                parsed.record(option, value: value)
            }
        }
    }

    /// `-1`, `-0.5`: a negative number, never an option's name.
    package static func looksNegative(_ argument: String) -> Bool {
        let rest = argument.utf8.dropFirst()
        guard argument.utf8.first == UInt8(ascii: "-"), let first = rest.first else { return false }
        return (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: ".")
    }

    /// Every value of a choice option is one of its choices.
    private static func checkChoices(_ parsed: ParsedCommand) throws(CLIError) {
        for option in parsed.spec.options {
            guard case .choice(let choices) = option.value else { continue }
            for value in parsed.values(of: option) where !choices.contains(value) {
                throw .invalidValue(
                    option: option.name, value: value, expected: choices.joined(separator: "|"),
                    suggestion: Suggestion.nearest(to: value, in: choices))
            }
        }
    }

    private static func isHelp(_ item: SplitArgument) -> Bool {
        if case .option(let name, _) = item { return name == "--help" || name == "-h" }
        return false
    }

    private static func groupHelp(_ group: String, _ commands: [CommandSpec]) -> CommandSpec {
        let width = commands.map(\.name.count).max() ?? 0
        let text = commands.map { "  twhost \($0.name.padding(width + 2))\($0.summary)" }.joined(separator: "\n")
        return CommandSpec(
            words: [group], summary: "twhost \(group) — subcommands:\n\(text)",
            positionals: PositionalSpec(usage: "<subcommand> …", minimum: 0, maximum: 0), options: [],
            run: { _ throws(CLIError) in 0 })
    }
}
