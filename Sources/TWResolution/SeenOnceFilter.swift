/// Which bracketed classes a scope's interned tables have met once: a class
/// is numbered and remembered from its second use on (`InternedTables`).
///
/// A direct-mapped table of 64-bit hashes of the class bytes, allocated on
/// the first bracketed class: a lookup is one hash and one comparison, with
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
        // On the bytes in place (a slice of a native string), else by the view.
        meet(hash: word.utf8.withContiguousStorageIfAvailable { Self.fnv($0) } ?? Self.fnv(word.utf8))
    }

    /// `meet` for a class given by its bytes (a word of a list, in place).
    mutating func meet(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        meet(hash: Self.fnv(word))
    }

    /// FNV-1a; 0 marks an empty slot, so a hash of 0 is stored as 1.
    private static func fnv(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash == 0 ? 1 : hash
    }

    private mutating func meet(hash: UInt64) -> Bool {
        if slots.isEmpty { slots = Array(repeating: 0, count: Self.slotCount) }
        let slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (Self.slotCount - 1)
        if slots[slot] == hash { return true }
        slots[slot] = hash
        return false
    }
}
