/// Which bracketed classes a scope's interned tables have met once: a class
/// is numbered and remembered from its second use on (`InternedTables`).
///
/// A direct-mapped table of 64-bit hashes of the class bytes (the word
/// table's seeded hash), allocated on the first bracketed class: a lookup is one hash and one comparison, with
/// no string copied or stored. It may err both ways — a class forgotten
/// when another takes its slot, two classes of one hash — and either only
/// decides whether a class's steps are memoised, never what it resolves to.
struct SeenOnceFilter {
    private var slots: [UInt64] = []
    /// As many as the tables hold classes: a scene of one-off values
    /// overwrites old slots instead of growing.
    static let slotCount = 8_192

    /// Whether the class was met before; records it either way.
    mutating func meet(_ word: Substring) -> Bool {
        var word = String(word)
        return word.withUTF8 { meet($0) }
    }

    /// `meet` for a class given by its bytes (a word of a list, in place).
    mutating func meet(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        // Never 0 (the mark of an empty slot), and mixed: the top bits pick the slot.
        let hash = WordTable.hash(word)
        if slots.isEmpty { slots = Array(repeating: 0, count: Self.slotCount) }
        let slot = Int(truncatingIfNeeded: hash >> 51) & (Self.slotCount - 1)  // the top 13 bits
        if slots[slot] == hash { return true }
        slots[slot] = hash
        return false
    }
}
