/// One option as the parser and the help read it: its name, what it takes,
/// its help line and whether help shows it. Commands never build one
/// directly: they declare a typed handle (`Flag`, `ValueOption`,
/// `ChoiceOption`), whose `spec` this is, and read the parsed value through
/// the same handle, so that one declaration gives the parsing, the help text,
/// the allowed values and the "did you mean".
package struct OptionSpec: Sendable, Hashable {
    /// What follows the option's name.
    package enum Value: Sendable, Hashable {
        /// Nothing: the option is a flag.
        case none
        /// Any text, checked by the command that reads it; `placeholder` names it in help (`DIR`, `N`).
        case text(placeholder: String)
        /// One of `choices`; the parser rejects anything else with the list and a suggestion.
        case choice([String])
    }

    /// Whether `--help`, the usage line and "did you mean" show the option.
    package enum Visibility: Sendable, Hashable {
        case shown
        /// Accepted but never shown: how one twhost tells a child twhost what to do.
        case hidden
    }

    package var name: String
    package var short: String?
    package var value: Value
    /// The option may be given more than once; every value is kept, in order.
    package var repeatable = false
    package var visibility = Visibility.shown
    package var help: String

    package var takesValue: Bool { value != .none }

    /// How help writes the value (`DIR`, `text|json`), or nil for a flag.
    package var placeholder: String? {
        switch value {
        case .none: return nil
        case .text(let placeholder): return placeholder
        case .choice(let choices): return choices.joined(separator: "|")
        }
    }
}
