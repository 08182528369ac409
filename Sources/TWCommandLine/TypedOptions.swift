/// An option without a value (`--lenient`): read as `command[flag]`.
///
/// ```swift
/// static let lenient = Flag("--lenient", help: "Skip invalid classes with warnings.")
/// if command[lenient] { … }
/// ```
package struct Flag: Sendable {
    package let spec: OptionSpec

    package init(_ name: String, short: String? = nil, visibility: OptionSpec.Visibility = .shown, help: String) {
        spec = OptionSpec(name: name, short: short, value: .none, visibility: visibility, help: help)
    }
}

/// An option with a text value (`--plugin-path DIR`), checked by the command
/// that reads it: `command.value(option)` (the last one given) or
/// `command.all(option)` (every one, for a repeatable option).
package struct ValueOption: Sendable {
    package let spec: OptionSpec

    package init(
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
package struct ChoiceOption<Choice: RawRepresentable & Sendable>: Sendable where Choice.RawValue == String {
    package let spec: OptionSpec
    package let choices: [Choice]
    package let defaultValue: Choice

    /// - Parameters:
    ///   - choices: the values allowed, in the order help lists them.
    ///   - help: what the option chooses; help adds " (default …)." after it.
    package init(_ name: String, _ choices: [Choice], default defaultValue: Choice, help: String) {
        self.choices = choices
        self.defaultValue = defaultValue
        spec = OptionSpec(
            name: name, value: .choice(choices.map(\.rawValue)), help: "\(help) (default \(defaultValue.rawValue)).")
    }
}

extension ChoiceOption where Choice: CaseIterable {
    /// An option that allows every case, in declaration order.
    package init(_ name: String, default defaultValue: Choice, help: String) {
        self.init(name, Array(Choice.allCases), default: defaultValue, help: help)
    }
}

/// A typed option declaration: what a command's option list holds.
package protocol DeclaredOption: Sendable {
    var spec: OptionSpec { get }
}

extension Flag: DeclaredOption {}
extension ValueOption: DeclaredOption {}
extension ChoiceOption: DeclaredOption {}

/// An option whose value is a duration in seconds (`--plugin-timeout 2.5`),
/// read as `try command.seconds(option)`. The one parser of durations: plain
/// decimal digits with an optional fraction (no sign, exponent, hex, `inf`
/// or `nan`), from `minimum` to `maximum`; anything else is a usage error
/// (exit 64) that says what was wrong — a negative value is named as such.
///
/// ```swift
/// static let timeout = DurationOption("--timeout", default: 10, help: "Time limit per child process.")
/// let seconds = try command.seconds(timeout)
/// ```
package struct DurationOption: Sendable {
    package let spec: OptionSpec
    package let defaultSeconds: Double

    /// The shortest duration: a watchdog checks a few times a second, and below
    /// a millisecond a limit means "none".
    package static let minimum = 0.001
    /// The longest duration: an hour.
    package static let maximum = 3600.0
    /// Digits after the point, at most (a millisecond's precision and a little more).
    package static let maxFractionDigits = 6

    package init(_ name: String, default defaultSeconds: Double, help: String) {
        self.defaultSeconds = defaultSeconds
        spec = OptionSpec(name: name, value: .text(placeholder: "SECONDS"), help: help)
    }

    /// Why a text is not a duration, or its seconds.
    package enum Reading: Equatable {
        case seconds(Double)
        case negative
        case notDecimal
        case outOfRange
    }

    /// Reads `text` as a duration: `10`, `0.5`, `2.`, `.25`.
    package static func read(_ text: String) -> Reading {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") {
            digits = digits.dropFirst()
            if Self.isDecimal(digits), let value = Double(String(decoding: digits, as: UTF8.self)), value > 0 {
                return .negative
            }
            return .notDecimal
        }
        guard Self.isDecimal(digits), let value = Double(text) else { return .notDecimal }
        guard value >= minimum && value <= maximum else { return .outOfRange }
        return .seconds(value)
    }

    /// Digits with at most one point among them, and at least one digit.
    private static func isDecimal(_ bytes: Substring.UTF8View) -> Bool {
        var digits = 0
        var fraction = -1
        for b in bytes {
            if b == UInt8(ascii: ".") {
                guard fraction < 0 else { return false }
                fraction = 0
            } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                digits += 1
                if fraction >= 0 { fraction += 1 }
            } else {
                return false
            }
        }
        return digits > 0 && digits <= 24 && fraction <= maxFractionDigits
    }

    /// What the value must be, as an error says it.
    package static var expected: String {
        "seconds as a decimal number from \(minimum) to \(Int(maximum)) (e.g. 2.5), with at most \(maxFractionDigits) digits after the point"
    }
}

extension DurationOption: DeclaredOption {}
