import TWHost

/// `twhost platforms`: the UIKit/AppKit correspondence table twhost knows.
enum PlatformsCommand {
    static let spec = CommandSpec(
        words: ["platforms"],
        summary: "Print the SwiftUI → UIKit/AppKit backing table (seed 004) as twhost knows it.",
        positionals: "", minimumPositionals: 0, maximumPositionals: 0,
        options: [
            OptionSpec(name: "--format", valueName: "markdown|json", help: "Output format (default markdown)."),
            OptionSpec(
                name: "--apis",
                help: "Print instead the SwiftUI APIs twhost emits, with the first iOS, macOS and tvOS version of each."
            ),
        ],
        run: { command throws(CLIError) in
            let format = try command.choice("--format", ["markdown", "json"], default: "markdown")
            if command.flag("--apis") {
                Output.write(format == "markdown" ? SwiftUIAPI.markdown : SwiftUIAPI.json.serialized() + "\n")
            } else if format == "markdown" {
                Output.write(BackingTable.markdown)
            } else {
                Output.write(BackingTable.json.serialized() + "\n")
            }
            return ExitCode.success
        })
}
