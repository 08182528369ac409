/// An option without a value (`--lenient`): read as `command[flag]`.
///
/// ```swift
/// static let lenient = Flag("--lenient", help: "Skip invalid classes with warnings.")
/// if command[lenient] { … }
/// ```
struct Flag: Sendable {
    let spec: OptionSpec

    init(_ name: String, short: String? = nil, visibility: OptionSpec.Visibility = .shown, help: String) {
        spec = OptionSpec(name: name, short: short, value: .none, visibility: visibility, help: help)
    }
}

/// An option with a text value (`--plugin-path DIR`), checked by the command
/// that reads it: `command.value(option)` (the last one given) or
/// `command.all(option)` (every one, for a repeatable option).
struct ValueOption: Sendable {
    let spec: OptionSpec

    init(
        _ name: String, short: String? = nil, placeholder: String, repeatable: Bool = false,
        visibility: OptionSpec.Visibility = .shown, help: String
    ) {
        spec = OptionSpec(
            name: name, short: short, value: .text(placeholder: placeholder), repeatable: repeatable,
            visibility: visibility, help: help)
    }
}

/// An option whose value is one of a closed set of cases (`--format text|json`),
/// read as a typed value with `command[option]`. The parser rejects any other
/// value before the command runs (exit 64) with the allowed list and the
/// nearest one; help shows the list and the default.
///
/// ```swift
/// static let format = ChoiceOption("--format", [OutputFormat.text, .json], default: .text, help: "Output format")
/// switch command[format] { case .json: … default: … }
/// ```
struct ChoiceOption<Choice: RawRepresentable & Sendable>: Sendable where Choice.RawValue == String {
    let spec: OptionSpec
    let choices: [Choice]
    let defaultValue: Choice

    /// - Parameters:
    ///   - choices: the values allowed, in the order help lists them.
    ///   - help: what the option chooses; help adds " (default …)." after it.
    init(_ name: String, _ choices: [Choice], default defaultValue: Choice, help: String) {
        self.choices = choices
        self.defaultValue = defaultValue
        spec = OptionSpec(
            name: name, value: .choice(choices.map(\.rawValue)), help: "\(help) (default \(defaultValue.rawValue)).")
    }
}

extension ChoiceOption where Choice: CaseIterable {
    /// An option that allows every case, in declaration order.
    init(_ name: String, default defaultValue: Choice, help: String) {
        self.init(name, Array(Choice.allCases), default: defaultValue, help: help)
    }
}

/// A typed option declaration: what a command's option list holds.
protocol DeclaredOption: Sendable {
    var spec: OptionSpec { get }
}

extension Flag: DeclaredOption {}
extension ValueOption: DeclaredOption {}
extension ChoiceOption: DeclaredOption {}
