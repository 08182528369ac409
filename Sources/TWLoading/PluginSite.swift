import CTWContainment
import TWSupport

/// What plugin code is about to run, for the messages that contain it:
/// the plugin and the registration or file, as C strings that a signal handler
/// can read. Made once per registration and file, never freed.
package struct PluginSite: @unchecked Sendable {
    // @unchecked: points at C memory written once here and never changed or freed.
    let pointer: UnsafePointer<twc_site>

    /// - Parameters:
    ///   - plugin: the plugin's name (while loading: the requested name or the file's stem).
    ///   - subject: the registration's name, or the file being loaded.
    init(plugin: String, subject: String) {
        let site = UnsafeMutablePointer<twc_site>.allocate(capacity: 1)
        site.initialize(
            to: twc_site(
                plugin: permanentCString(plugin.escapingControlCharacters),
                subject: permanentCString(subject.escapingControlCharacters)))
        pointer = UnsafePointer(site)
    }

    init(pointer: UnsafePointer<twc_site>) { self.pointer = pointer }

    /// The plugin's name as the site records it.
    var plugin: String { String(cString: pointer.pointee.plugin) }

    /// Runs `body`, marking this thread as running plugin code of this site, so
    /// that a crash, an `exit()` or a hang inside it is reported as the plugin's
    /// (CTWContainment), and holding the process's one lock for plugin calls
    /// (`PluginCallLock`): one call at a time, whichever thread makes it.
    /// Costs a few stores and an uncontended lock; marks nest.
    @inline(__always)
    func run<R>(_ step: PluginStep, _ body: () -> R) -> R {
        PluginCallLock.shared.withLock {
            let previous = twc_enter(pointer, step.rawValue)
            defer { twc_leave(previous) }
            return body()
        }
    }
}

/// What plugin code does, worded in messages by CTWContainment.
package enum PluginStep: Int32 {
    case loading = 1
    case entry = 2
    case defaultParse = 3
    case factoryActive = 4
    case factoryInactive = 5
    case parser = 6
    case utility = 7
    case preset = 8
}

/// Copies a string into C memory that is never freed: sites and host tables
/// must outlive every call that can see them.
func permanentCString(_ string: String) -> UnsafePointer<CChar> {
    let bytes = Array(string.utf8CString)
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    buffer.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(buffer)
}
