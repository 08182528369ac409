import Glibc

/// One call into plugin code at a time in the whole process, whichever
/// thread makes it: scenes and Swift sources resolve on every core, and each
/// call into a plugin (`PluginSite.run`) holds this lock while it runs.
///
/// Recursive, so that plugin code that reaches the host, which calls plugin
/// code again, does not wait for itself. A thread waiting here is not yet
/// marked as running plugin code, so the watchdog's limit counts only the
/// call itself; a call that hangs holds the lock until the watchdog ends
/// twhost with exit 2 and the plugin's name.
final class PluginCallLock: @unchecked Sendable {
    // @unchecked: the mutex is made once in init and only used through
    // pthread calls, which are thread-safe; it is never freed (one per process).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    @inline(__always)
    func withLock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// The process's lock.
    static let shared = PluginCallLock()
}
