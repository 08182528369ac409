import Glibc

/// One object per thread, made on a thread's first use and released when
/// the thread ends: state that a thread keeps for itself alone (a cache its
/// work reads without a lock), reached through a POSIX thread-local key.
/// Keys are few (`PTHREAD_KEYS_MAX`): make one per kind of state, held in a
/// `static let`, never one per object.
public final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    // @unchecked: the key is written once, at init; each thread's object is
    // set and read by that thread only.
    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { stored in
            guard let stored else { return }
            Unmanaged<AnyObject>.fromOpaque(stored).release()
        }
        precondition(status == 0, "no thread-local key left: a ThreadLocal is made once per kind of state")
        self.key = key
        self.make = make
    }

    /// The calling thread's object.
    @inlinable public var current: Value {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(stored).takeUnretainedValue()
        }
        let fresh = make()
        // Released by the key's destructor when the thread ends.
        pthread_setspecific(key, Unmanaged.passRetained(fresh).toOpaque())
        return fresh
    }
}
