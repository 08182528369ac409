import TWHost

/// `twhost platforms`: the UIKit/AppKit correspondence table twhost knows.
enum PlatformsCommand {
    static let spec = CommandSpec(
        words: ["platforms"],
        summary: "Print the SwiftUI → UIKit/AppKit backing table (seed 004) as twhost knows it.",
        positionals: "", minimumPositionals: 0, maximumPositionals: 0,
        options: [OptionSpec(name: "--format", valueName: "markdown|json", help: "Output format (default markdown).")],
        run: { command throws(CLIError) in
            let format = try command.choice("--format", ["markdown", "json"], default: "markdown")
            if format == "markdown" {
                Output.write(BackingTable.markdown)
            } else {
                Output.write(BackingTable.json.serialized() + "\n")
            }
            return ExitCode.success
        })
}
