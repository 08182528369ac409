/// Numbers by word, looked up on the word's bytes in place: the interned
/// path finds each class of a list without making a string or a slice of it
/// (`[Substring: Int32]` spent more on the slices and their hashing than on
/// the rest of the lookup).
///
/// Open addressing with linear probing over a power-of-two table. The hash
/// (FNV-1a) is deterministic; nothing is ever listed from the table, so output
/// cannot depend on it. The interned tables bound how many words it holds, so
/// even words made to collide cost a bounded number of probes.
struct WordTable {
    private struct Slot {
        /// 0 for an empty slot (a word's hash is never 0: see `hash`).
        var hash: UInt64 = 0
        var offset: Int32 = 0
        var length: Int32 = 0
        var value: Int32 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 64)
    /// Every word's bytes, one after another.
    private var storage: [UInt8] = []
    private(set) var count = 0

    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return h | 1
    }

    /// The number of `word`, if it is in the table.
    func value(_ word: UnsafeBufferPointer<UInt8>) -> Int32? {
        let h = Self.hash(word)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let slot = slots[i]
            if slot.hash == 0 { return nil }
            if slot.hash == h && matches(slot, word) { return slot.value }
            i = (i + 1) & mask
        }
    }

    /// Sets the number of `word`, adding it when it is new.
    mutating func set(_ word: UnsafeBufferPointer<UInt8>, _ value: Int32) {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let h = Self.hash(word)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let slot = slots[i]
            if slot.hash == 0 { break }
            if slot.hash == h && matches(slot, word) {
                slots[i].value = value
                return
            }
            i = (i + 1) & mask
        }
        slots[i] = Slot(hash: h, offset: Int32(storage.count), length: Int32(word.count), value: value)
        storage.append(contentsOf: word)
        count += 1
    }

    /// `set` for a word held as a string.
    mutating func set(_ word: String, _ value: Int32) {
        var word = word
        word.withUTF8 { set($0, value) }
    }

    private func matches(_ slot: Slot, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(slot.length) == word.count else { return false }
        return storage.withUnsafeBufferPointer { bytes in
            var i = 0
            var j = Int(slot.offset)
            while i < word.count {
                if bytes[j] != word[i] { return false }
                i += 1
                j += 1
            }
            return true
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.hash != 0 {
            var i = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[i].hash != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }
}
