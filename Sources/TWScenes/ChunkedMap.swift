import Dispatch

/// Runs one chunk of independent work items on several threads and returns
/// the results in item order, so output never depends on which thread
/// finished first. Each thread takes one contiguous slice of the chunk.
enum ChunkedMap {
    static func map<T: Sendable>(_ count: Int, jobs: Int, _ work: @Sendable (Int) -> T) -> [T] {
        let threads = max(1, min(jobs, count))
        if threads == 1 { return (0..<count).map(work) }
        let results = Results<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: threads) { slice in
            let start = count * slice / threads
            let end = count * (slice + 1) / threads
            for i in start..<end { results.store(work(i), at: i) }
        }
        return results.values()
    }

    /// One slot per item.
    private final class Results<T: Sendable>: @unchecked Sendable {
        // @unchecked: each slot is written once, by the one thread whose slice
        // holds its index; all are read only after `concurrentPerform` returned.
        // A raw buffer, not an array property: writes to distinct slots from
        // several threads must not count as overlapping accesses to one value.
        private let slots: UnsafeMutablePointer<T?>
        private let count: Int
        /// `values()` moved the results out: nothing left to deinitialize.
        private var moved = false

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
        }

        deinit {
            if !moved { slots.deinitialize(count: count) }
            slots.deallocate()
        }

        func store(_ value: T, at index: Int) { slots[index] = value }

        /// The results, moved out (called once).
        func values() -> [T] {
            moved = true
            return (0..<count).compactMap { (slots + $0).move() }
        }
    }
}
