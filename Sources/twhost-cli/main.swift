import Glibc
import TWHost

exit(TWHostCommand.main(Array(CommandLine.arguments.dropFirst())))
