import TWHost

/// Every way a command line can fail, and the exit code it maps to. All
/// message text is made here, in `description`.
package enum CLIError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(String, suggestion: String?, usage: String)
    case missingCommand(usage: String)
    case unknownOption(String, command: String, suggestion: String?)
    case missingValue(option: String, command: String)
    case unexpectedValue(option: String, command: String)
    case unexpectedArgument(String, command: String)
    case missingArgument(String, command: String)
    case invalidValue(option: String, value: String, expected: String, suggestion: String?)
    /// A usage error whose text comes from the library (exit 64).
    case failedUsage(String)
    /// Could not complete: unreadable input, plugins that fail to load (exit 2).
    case failed(String)

    package var exitCode: Int32 {
        switch self {
        case .unknownCommand, .missingCommand, .unknownOption, .missingValue, .unexpectedValue, .unexpectedArgument,
            .missingArgument, .invalidValue, .failedUsage:
            return ExitCode.usage
        case .failed: return ExitCode.couldNotComplete
        }
    }

    /// The message, with every piece of input text in it (names, values, arguments, paths)
    /// escaped: a newline or a terminal escape in an argument cannot forge or colour a line.
    package var description: String {
        switch self.escapingInput {
        case .unknownCommand(let name, let suggestion, let usage):
            return "error: unknown command '\(name)'\(hint(suggestion))\n\(usage)"
        case .missingCommand(let usage):
            return "error: missing command\n\(usage)"
        case .unknownOption(let option, let command, let suggestion):
            let whose = command.isEmpty ? "" : " for '\(command)'"
            return "error: unknown option '\(option)'\(whose)\(hint(suggestion))\n\(see(command))"
        case .missingValue(let option, let command):
            return "error: option '\(option)' needs a value\n\(see(command))"
        case .unexpectedValue(let option, let command):
            return "error: option '\(option)' takes no value\n\(see(command))"
        case .unexpectedArgument(let argument, let command):
            return "error: unexpected argument '\(argument)'\n\(see(command))"
        case .missingArgument(let name, let command):
            return "error: missing \(name)\n\(see(command))"
        case .invalidValue(let option, let value, let expected, let suggestion):
            return "error: invalid value '\(value)' for '\(option)': expected \(expected)\(hint(suggestion))"
        case .failed(let message):
            return "error: \(message)"
        case .failedUsage(let message):
            return "error: \(message)"
        }
    }

    /// The same error with its input text escaped (`escapingControlCharacters`). A message
    /// from the library (`failed`) is escaped line by line: its own lines stay lines.
    private var escapingInput: CLIError {
        func e(_ text: String) -> String { text.escapingControlCharacters }
        func lines(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { e(String($0)) }.joined(separator: "\n")
        }
        switch self {
        case .unknownCommand(let name, let suggestion, let usage):
            return .unknownCommand(e(name), suggestion: suggestion.map(e), usage: usage)
        case .missingCommand: return self
        case .unknownOption(let option, let command, let suggestion):
            return .unknownOption(e(option), command: command, suggestion: suggestion.map(e))
        case .missingValue, .unexpectedValue: return self
        case .unexpectedArgument(let argument, let command): return .unexpectedArgument(e(argument), command: command)
        case .missingArgument: return self
        case .invalidValue(let option, let value, let expected, let suggestion):
            return .invalidValue(option: option, value: e(value), expected: expected, suggestion: suggestion.map(e))
        case .failedUsage(let message): return .failedUsage(lines(message))
        case .failed(let message): return .failed(lines(message))
        }
    }

    /// Where to read the usage: the command's help, or twhost's own.
    private func see(_ command: String) -> String {
        command.isEmpty ? "see 'twhost --help'" : "see 'twhost \(command) --help'"
    }

    private func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}

extension CLIError {
    /// A child `twhost` run for one side of a comparison (`diff`, `preview
    /// --against`), as an error naming the side and what the child was
    /// `doing`; nil when it exited 0 or 1, with its report on standard output.
    package static func child(_ result: SubprocessResult, side: String, doing: String) -> CLIError? {
        switch result.exit {
        case .exited(0), .exited(1):
            return nil
        case .exited:
            let text = result.stderrText.split(separator: "\n").map {
                $0.hasPrefix("error: ") ? String($0.dropFirst(7)) : String($0)
            }
            return .failed("\(side): \(text.joined(separator: "; "))")
        case .signaled(let signal):
            return .failed("\(side): \(doing) crashed (\(Subprocess.signalName(signal)))")
        case .timedOut(let seconds):
            return .failed("\(side): \(doing) did not finish within \(Int(seconds)) s")
        case .notStarted(let why):
            return .failed("\(side): cannot start twhost: \(why)")
        }
    }
}

/// The exit codes of every command (SPEC §7).
package enum ExitCode {
    package static let success: Int32 = 0
    package static let findings: Int32 = 1
    package static let couldNotComplete: Int32 = 2
    package static let usage: Int32 = 64
}
