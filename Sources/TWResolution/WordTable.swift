/// Numbers by word, looked up on the word's bytes in place: the interned
/// path finds each class of a list without making a string or a slice of it
/// (`[Substring: Int32]` spent more on the slices and their hashing than on
/// the rest of the lookup).
///
/// Open addressing with linear probing over a power-of-two table. The hash
/// is FNV-1a from a random start per process, folded and multiplied, with
/// slots taken from its top bits: class names cannot be chosen ahead of time
/// to fall on one run of slots (an unseeded FNV's low bits can, and 12,000
/// such names made every lookup probe thousands of slots). Nothing is ever
/// listed from the table, so output cannot depend on the seed.
struct WordTable {
    private struct Slot {
        /// 0 for an empty slot (a word's hash is never 0: see `hash`).
        var hash: UInt64 = 0
        var offset: Int32 = 0
        var length: Int32 = 0
        var value: Int32 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 64)
    /// 64 minus the bits of a slot index (`slots.count` is a power of two).
    private var shift: UInt64 = 64 - 6
    /// Every word's bytes, one after another.
    private var storage: [UInt8] = []
    private(set) var count = 0

    /// The random start of every hash in this process.
    private static let seed = UInt64.random(in: 1...UInt64.max)

    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in word {
            h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        h ^= h >> 32
        h = h &* 0x9E37_79B9_7F4A_7C15
        return h | 1
    }

    private func slot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> shift) }

    /// The number of `word`, if it is in the table.
    func value(_ word: UnsafeBufferPointer<UInt8>) -> Int32? {
        let h = Self.hash(word)
        let mask = slots.count - 1
        var i = slot(h)
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
        var i = slot(h)
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
        shift -= 1
        let mask = slots.count - 1
        for slot in old where slot.hash != 0 {
            var i = self.slot(slot.hash)
            while slots[i].hash != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }
}
