import TWHost

/// `twhost platforms`: the UIKit/AppKit correspondence table twhost knows.
package enum PlatformsCommand {
    package static let format = OutputFormat.option([.markdown, .json], default: .markdown)
    package static let apis = Flag(
        "--apis",
        help: "Print instead the SwiftUI APIs twhost emits, with the first iOS, macOS and tvOS version of each.")

    package static let spec = CommandSpec(
        words: ["platforms"],
        summary: "Print the SwiftUI → UIKit/AppKit backing table (seed 004) as twhost knows it.",
        options: [format, apis],
        run: { command throws(CLIError) in
            let markdown = command[format] == .markdown
            if command[apis] {
                Output.write(markdown ? SwiftUIAPI.markdown : SwiftUIAPI.json.serialized() + "\n")
            } else if markdown {
                Output.write(BackingTable.markdown)
            } else {
                Output.write(BackingTable.json.serialized() + "\n")
            }
            return ExitCode.success
        })
}
