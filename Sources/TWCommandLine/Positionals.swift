/// A command's positional arguments, declared once: their usage text, how
/// many the parser accepts, and the typed value the command reads
/// (`command[arguments]`). The parser checks the count before the command
/// runs, so the reading never fails for the command that declares them.
package struct Positionals<Value>: Sendable {
    package let spec: PositionalSpec
    fileprivate let read: @Sendable ([String]) -> Value
}

/// What the parser and help know of a command's positionals.
package struct PositionalSpec: Hashable, Sendable {
    /// For the usage line and a missing argument's message (`BASE HEAD`).
    package var usage: String
    package var minimum: Int
    package var maximum: Int

    package static let none = PositionalSpec(usage: "", minimum: 0, maximum: 0)
}

extension Positionals where Value == String {
    /// Exactly one argument.
    package static func one(_ usage: String) -> Self {
        Positionals(spec: PositionalSpec(usage: usage, minimum: 1, maximum: 1)) { $0.first ?? "" }
    }
}

extension Positionals where Value == String? {
    /// One argument or none (`[PATH]`).
    package static func optional(_ usage: String) -> Self {
        Positionals(spec: PositionalSpec(usage: usage, minimum: 0, maximum: 1)) { $0.first }
    }
}

extension Positionals where Value == (first: String, second: String) {
    /// Exactly two arguments (`BASE HEAD`).
    package static func pair(_ first: String, _ second: String) -> Self {
        Positionals(spec: PositionalSpec(usage: "\(first) \(second)", minimum: 2, maximum: 2)) { values in
            (values.first ?? "", values.dropFirst().first ?? "")
        }
    }
}

extension Positionals where Value == [String] {
    /// Between `minimum` and `maximum` arguments, in order.
    package static func list(_ usage: String, minimum: Int, maximum: Int = .max) -> Self {
        Positionals(spec: PositionalSpec(usage: usage, minimum: minimum, maximum: maximum)) { $0 }
    }
}

extension ParsedCommand {
    /// The command's positionals, typed by their declaration (which must be
    /// the command's own: reading another's stops the program, in release
    /// builds too).
    package subscript<Value>(positionals: Positionals<Value>) -> Value {
        precondition(
            positionals.spec == spec.positionals,
            "'\(spec.name)' reads positionals \(positionals.spec.usage), which it does not declare")
        return positionals.read(arguments)
    }
}
