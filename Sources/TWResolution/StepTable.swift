/// Memoised styling steps by key (a group and the numbers of the winners it
/// reads): the interned path looks several up per surface, and hashing a
/// `SIMD8<Int32>` with `Hasher` cost more than the rest of the lookup.
///
/// Open addressing with linear probing over a power-of-two table, with a
/// multiplicative hash of the key's lanes. Nothing is ever listed from the
/// table, so output cannot depend on the hash; the interned tables bound how
/// many steps it holds.
struct StepTable {
    private var keys: [SIMD8<Int32>]
    private var values: [InternedTables.Step?]
    private(set) var count = 0

    init() {
        keys = Array(repeating: SIMD8(repeating: 0), count: 64)
        values = Array(repeating: nil, count: 64)
    }

    private static func hash(_ key: SIMD8<Int32>) -> Int {
        let lanes = unsafeBitCast(key, to: SIMD4<UInt64>.self)
        var h: UInt64 = 0
        for i in 0..<4 { h = (h ^ lanes[i]) &* 0x9E37_79B9_7F4A_7C15 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// The step memoised under `key`, if any.
    subscript(key: SIMD8<Int32>) -> InternedTables.Step? {
        let mask = keys.count - 1
        var i = Self.hash(key) & mask
        while values[i] != nil {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Memoises `step` under `key`, replacing what was there. Steps are only
    /// ever added (a generation is dropped whole), so there is no removal,
    /// and a lookup is read-only: `table[key] = nil` does not compile.
    mutating func insert(_ step: InternedTables.Step, for key: SIMD8<Int32>) {
        if (count + 1) * 4 > keys.count * 3 { grow() }
        let mask = keys.count - 1
        var i = Self.hash(key) & mask
        while values[i] != nil {
            if keys[i] == key {
                values[i] = step
                return
            }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = step
        count += 1
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: SIMD8(repeating: 0), count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        let mask = keys.count - 1
        for (key, value) in zip(oldKeys, oldValues) where value != nil {
            var i = Self.hash(key) & mask
            while values[i] != nil { i = (i + 1) & mask }
            keys[i] = key
            values[i] = value
        }
    }
}
