import Glibc
import TWCommandLine

// `twhost-swift`: every command, with the Swift source reader linked in. `twhost`
// runs it in its own place for the commands that read Swift (docs/Architecture.md).
signal(SIGPIPE, SIG_IGN)
let status = TWHostCommand.main(Array(CommandLine.arguments.dropFirst()), swift: SwiftSourceFrontEnd())
// See Sources/twhost-cli/main.swift for why the process ends with _exit.
fflush(nil)
_exit(status)
