import Glibc
import TWCommandLine

// A closed pipe is a write error the command reports (exit 2), never a silent death by SIGPIPE,
// from the first byte written (help and the version too).
signal(SIGPIPE, SIG_IGN)
// `twhost` links no Swift source reader: a command that reads Swift sources is
// run by `twhost-swift`, beside this executable, in this process's place.
let status = TWHostCommand.main(Array(CommandLine.arguments.dropFirst()), swift: nil)
// End without exit(): exit() would run what loaded plugins registered to run at
// exit (C++ destructors, atexit handlers), which is plugin code outside any
// call twhost contains; and with containment installed, exit() is how plugin
// code is told apart. twhost's own output is written already (it keeps no
// stdio buffers); what plugin code left in stdio buffers goes to stderr.
fflush(nil)
_exit(status)
