import TWHost

/// Swift sources and scene files named on the command line, read and
/// resolved together (`resolve` with Swift input, `check`, `preview`; read in
/// `twhost-swift`), and the scene resolver's threads.
package enum SourceInputs {
    package static let jobs = ValueOption(
        "--jobs", placeholder: "N",
        help: "Files, or chunks of a scene's surfaces, resolved at once (default: every core).")

    /// `--jobs N`, 1…1024, when given.
    package static func jobCount(_ command: ParsedCommand) throws(CLIError) -> Int? {
        guard let text = command.value(jobs) else { return nil }
        guard let n = Int(text), n >= 1, n <= 1024 else {
            throw .invalidValue(
                option: jobs.spec.name, value: text, expected: "a number of threads, 1…1024", suggestion: nil)
        }
        return n
    }
}
