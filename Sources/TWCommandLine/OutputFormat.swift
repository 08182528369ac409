/// Every output format a command can write; each command's `--format`
/// declaration allows its own subset (`OutputFormat.option`).
package enum OutputFormat: String, Sendable {
    case text, json, compact, github, sarif, markdown, html, junit, checkstyle, codeclimate

    /// The `--format` option of a command that writes `formats` (in the order help lists them).
    package static func option(_ formats: [OutputFormat], default defaultFormat: OutputFormat) -> ChoiceOption<
        OutputFormat
    > {
        ChoiceOption("--format", formats, default: defaultFormat, help: "Output format")
    }
}
