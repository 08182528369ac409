import CTWContainment
import TWSupport

/// Containment of plugin code that runs in the twhost process (`resolve`,
/// `explain`, `registry`; SPEC A-12): a crash, an `exit()` or a hang in plugin
/// code ends twhost with exit status 2 and a message naming the plugin and what
/// it was doing, and whatever plugin code prints never reaches the report.
///
/// Every call into plugin code is marked (`PluginSite.run`); what happens when
/// a marked call fails is installed here, by the `twhost` executable only: a
/// library user or a test process keeps its own crash handling.
/// docs/Security.md describes the design.
package enum Containment {
    /// Why containment could not be installed.
    package struct InstallError: Error, Equatable, Sendable, CustomStringConvertible {
        package var code: Int32
        package var description: String { "cannot install the plugin crash handler: \(WriteError(code: code))" }
    }

    /// Installs the crash handler (on an alternate stack), the exit hook and the
    /// watchdog, and ignores SIGPIPE so a closed pipe is a write error. Once per
    /// process; later calls do nothing.
    package static func install() throws(InstallError) {
        let status = twc_install()
        if status != 0 { throw InstallError(code: status) }
    }

    /// The longest a single call into plugin code (the entry, a factory, a
    /// parser, a utility, a preset) may run before twhost stops with exit 2.
    /// - Parameter seconds: the limit; zero turns it off.
    package static func setTimeout(seconds: Double) {
        let text = seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
        twc_set_timeout(seconds, text)
    }

    /// The default of `--plugin-timeout`.
    package static let defaultTimeout = 10.0

    /// Moves the report off descriptor 1: returns a private copy of standard
    /// output (-1 when it is closed) and points descriptor 1 at standard error,
    /// so that plugin code printing to stdout cannot corrupt the report.
    package static func takeStandardOutput() -> Int32 {
        twc_take_stdout()
    }

    /// Prepares a child twhost that reports to its parent over `channel`: the
    /// channel is not passed on to programs plugin code starts, and the child
    /// dies with its parent.
    package static func prepareChild(channel: Int32) throws(InstallError) {
        let status = twc_child_setup(channel)
        if status != 0 { throw InstallError(code: status) }
    }
}
