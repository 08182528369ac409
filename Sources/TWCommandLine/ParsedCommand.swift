/// What a command received, read through the typed declarations the
/// command owns: `command[lenient]`, `command.value(pluginPath)`,
/// `command[format]`. Reading an option the command did not declare is a
/// programming error that stops the program, in release builds too (a
/// precondition), so no command can read another's options.
package struct ParsedCommand {
    package var spec: CommandSpec
    /// The values given, by option name, in the order given.
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The positional arguments as given: the parser's, and configuration
    /// discovery's (any command's input paths); a command reads its own typed,
    /// `command[arguments]` (`Positionals`).
    package var arguments: [String] = []
    /// `--help` or `-h` was given: help is printed instead of running.
    package var wantsHelp = false
    /// The Swift source reader, in `twhost-swift` (`TWHostCommand.main`).
    package var swift: (any SwiftFrontEnd)?

    package init(spec: CommandSpec) { self.spec = spec }

    package mutating func record(_ option: OptionSpec, value: String?) {
        if let value {
            values[option.name, default: []].append(value)
        } else {
            flags.insert(option.name)
        }
    }

    /// Every value given for `option` (a declaration of this command), in order.
    package func values(of option: OptionSpec) -> [String] { values[option.name] ?? [] }

    /// Whether the option was given at all, with or without a value.
    package func isGiven(_ option: OptionSpec) -> Bool { flags.contains(option.name) || values[option.name] != nil }

    private func declared(_ option: OptionSpec) -> OptionSpec {
        precondition(spec.options.contains(option), "'\(spec.name)' reads \(option.name), which it does not declare")
        return option
    }

    package subscript(flag: Flag) -> Bool { flags.contains(declared(flag.spec).name) }

    /// The last value given, or nil.
    package func value(_ option: ValueOption) -> String? { values(of: declared(option.spec)).last }

    /// Every value given, in order (a repeatable option).
    package func all(_ option: ValueOption) -> [String] { values(of: declared(option.spec)) }

    /// A comma-separated list (`--plugins material,motion`), across repeats.
    package func list(_ option: ValueOption) -> [String] {
        all(option).flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
    }

    /// The value chosen (the parser accepted only declared choices), or the default.
    package subscript<Choice>(option: ChoiceOption<Choice>) -> Choice {
        guard let raw = values(of: declared(option.spec)).last else { return option.defaultValue }
        return option.choices.first { $0.rawValue == raw } ?? option.defaultValue
    }

    /// The option's seconds (the last one given, or its default), checked.
    package func seconds(_ option: DurationOption) throws(CLIError) -> Double {
        guard let text = values(of: declared(option.spec)).last else { return option.defaultSeconds }
        switch DurationOption.read(text) {
        case .seconds(let seconds): return seconds
        case .negative:
            throw .invalidValue(
                option: option.spec.name, value: text,
                expected: "a duration, not a negative number: "
                    + DurationOption.expected, suggestion: nil)
        case .notDecimal, .outOfRange:
            throw .invalidValue(
                option: option.spec.name, value: text, expected: DurationOption.expected, suggestion: nil)
        }
    }

    /// The Swift source reader, for a command whose `readsSwift` holds: in
    /// `twhost` such a command is run by `twhost-swift` and never gets here.
    package func swiftFrontEnd() throws(CLIError) -> any SwiftFrontEnd {
        guard let swift else { throw .failed("'\(spec.name)' reads Swift sources, which this executable cannot") }
        return swift
    }

    /// Whether the option was given (a value option with no default of its own).
    package func isGiven(_ option: some DeclaredOption) -> Bool { isGiven(declared(option.spec)) }
}
