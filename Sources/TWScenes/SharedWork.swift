import Dispatch
import Synchronization

/// Independent work items that any number of threads resolve together, each
/// claiming the next item as it becomes free. The results stay in
/// item order, so output never depends on which thread took which item.
///
/// Claiming items (rather than giving each thread a fixed slice) keeps both
/// cores busy when one of them also reads the scene: the reading thread
/// joins in (`help`) once its own part is done, and nobody waits on a slice
/// that a descheduled thread still holds.
///
/// A thread carries a value of its own (`Carry`) from one item it claims to
/// the next (the last surface it resolved), never seen by another thread.
final class SharedWork<T: Sendable, Carry>: @unchecked Sendable {
    // @unchecked: each slot is written once, by the one thread that claimed
    // it (the atomic counter hands every index out exactly once); all
    // are read only after `wait()`, which orders those writes before the read.
    // A raw buffer, not an array property: writes to distinct slots from
    // several threads must not count as overlapping accesses to one value.
    let count: Int
    private let work: @Sendable (Int, inout Carry?) -> T
    private let slots: UnsafeMutablePointer<T?>
    private let next = Atomic<Int>(0)
    private let group = DispatchGroup()
    /// `results()` moved the values out: nothing left to deinitialize.
    private var moved = false

    init(count: Int, work: @escaping @Sendable (_ item: Int, _ carried: inout Carry?) -> T) {
        self.count = count
        self.work = work
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        if !moved { slots.deinitialize(count: count) }
        slots.deallocate()
    }

    /// Starts `threads` background threads on the items.
    func start(threads: Int) {
        for _ in 0..<threads {
            DispatchQueue.global().async(group: group) { [self] in help() }
        }
    }

    /// Resolves unclaimed items on the calling thread until none is left.
    func help() {
        var carried: Carry?
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            slots[i] = work(i, &carried)
        }
    }

    /// Helps until every item is claimed, then waits for the background
    /// threads to finish the items they hold.
    func wait() {
        help()
        group.wait()
    }

    /// The results in item order, moved out (called once, after `wait()`).
    func results() -> [T] {
        precondition(!moved, "the results of shared work are moved out once")
        moved = true
        var values: [T] = []
        values.reserveCapacity(count)
        for i in 0..<count {
            // Every slot is filled once `wait()` returned.
            if let value = (slots + i).move() { values.append(value) }
        }
        return values
    }
}
