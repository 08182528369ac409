import Glibc
import Synchronization

/// Runs independent work items on several threads and returns the results
/// in item order, so output never depends on which thread finished first.
///
/// Threads are plain pthreads with large stacks: syntax trees of hostile
/// input are deep, and SwiftSyntax walks some of them recursively.
enum Parallel {
    /// Stack size of each worker: Linux's default main-thread size, which the
    /// one-thread path runs with too.
    static let stackSize = 8 << 20

    /// The number of cores this process may use.
    static var cores: Int {
        let n = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return n > 0 ? n : 1
    }

    /// `work(i)` for every `i` in `0..<count`, on up to `jobs` threads.
    static func map<T: Sendable>(_ count: Int, jobs: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
        let threads = max(1, min(jobs, count))
        if threads == 1 { return (0..<count).map(work) }
        let state = Shared<T>(count: count, work: work)
        let ids = (0..<threads).compactMap { _ in spawn(state, stackSize: stackSize) }
        // Whatever the threads could not take (none started), this thread does.
        state.run()
        for id in ids { pthread_join(id, nil) }
        return state.results()
    }

    /// `work()` on a thread of its own with a stack of `stackSize` bytes, waited for
    /// (on this thread when none can be started).
    static func onThread<T: Sendable>(stackSize: Int = stackSize, _ work: @escaping @Sendable () -> T) -> T {
        let state = Shared<T>(count: 1) { _ in work() }
        if let id = spawn(state, stackSize: stackSize) { pthread_join(id, nil) }
        state.run()
        return state.results()[0]
    }

    /// A thread with a stack of `stackSize` bytes running `state`, or nil when none can be started.
    private static func spawn(_ state: some Runnable, stackSize: Int) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        defer { pthread_attr_destroy(&attributes) }
        var id = pthread_t()
        let context = Unmanaged.passRetained(state as AnyObject).toOpaque()
        let created = pthread_create(
            &id, &attributes,
            { raw in
                // FFI boundary: the context is the retained state passed just above.
                let object = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue()  // never nil
                (object as? Runnable)?.run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<AnyObject>.fromOpaque(context).release()
            return nil
        }
        return id
    }
}

protocol Runnable: AnyObject { func run() }

/// The work, the next item to take, and the results by item.
private final class Shared<T: Sendable>: Runnable, @unchecked Sendable {
    // @unchecked: `slots` is written once per index, by the one thread that
    // took that index from `next`; it is read only after every thread joined.
    let count: Int
    let work: @Sendable (Int) -> T
    let next = Atomic<Int>(0)
    let slots: UnsafeMutablePointer<T?>

    init(count: Int, work: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.work = work
        slots = UnsafeMutablePointer<T?>.allocate(capacity: max(count, 1))
        slots.initialize(repeating: nil, count: max(count, 1))
    }

    deinit {
        slots.deinitialize(count: max(count, 1))
        slots.deallocate()
    }

    func run() {
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            slots[i] = work(i)
        }
    }

    func results() -> [T] { (0..<count).compactMap { slots[$0] } }
}
