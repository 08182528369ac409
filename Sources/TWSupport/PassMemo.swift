/// Values kept from one pass over a document to the next (an editor's next
/// change): a value is available in the pass that kept or used it and in the
/// pass after; one neither kept nor used then is gone. Taking a value marks
/// it used in place, so a pass that uses most of what the last one kept does
/// not copy them into a new table.
///
/// ```swift
/// var memo = PassMemo<String, Int>()
/// memo.startPass()
/// memo.keep(1, for: "a")
/// memo.startPass()
/// memo.take("a")  // 1
/// ```
public struct PassMemo<Key: Hashable, Value> {
    private var entries: [Key: (pass: Int, value: Value)] = [:]
    private var pass = 0
    /// Entries kept or used in the current pass.
    private var used = 0

    public init() {}

    /// Starts a pass; entries of passes before the last are dropped once they are most of the table.
    public mutating func startPass() {
        if entries.count > 2 * used + 64 {
            let last = pass
            entries = entries.filter { $0.value.pass >= last }
        }
        pass += 1
        used = 0
    }

    /// The value kept for `key` in this pass or the last, marked used in this one.
    public mutating func take(_ key: Key) -> Value? {
        guard let i = entries.index(forKey: key), entries.values[i].pass >= pass - 1 else { return nil }
        if entries.values[i].pass != pass {
            entries.values[i].pass = pass
            used += 1
        }
        return entries.values[i].value
    }

    /// Keeps `value` for `key`, replacing what was kept for it.
    public mutating func keep(_ value: Value, for key: Key) {
        if let old = entries.updateValue((pass, value), forKey: key), old.pass == pass { return }
        used += 1
    }
}
