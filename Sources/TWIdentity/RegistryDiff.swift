/// Compares two snapshots (R-ID-2): registrations by kind and name, and by
/// plugin (a registration that moves is `registration-moved`). Reorders are
/// judged on the merged order, recomputed from each entry's phase, order and
/// name when the snapshot is read, never on the array or on the raw numbers.
public enum RegistryDiff {
    /// - Complexity: O(n log n) in the registrations of both sides, each
    ///   name hashed once per side. Entries are matched by position and read
    ///   where they lie, not gathered into dictionaries of copies.
    public static func compare(_ base: RegistrySnapshot, _ head: RegistrySnapshot) -> [DiffFinding] {
        let ids = Set(base.scopeIDs + head.scopeIDs).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard !ids.isEmpty else { return compare(base.entries, head.entries) }
        // Registrations written inline in Swift sources: the plugins' as
        // today, then each `.twRules` scope's chain (the plugins' with the
        // scope's own) on its own, keeping what involves the scope's.
        var findings = compare(base.pluginEntries, head.pluginEntries)
        var seen = Set(findings.map(\.fingerprint))
        for id in ids {
            let (b, h) = (base.merged(scope: id), head.merged(scope: id))
            // What the scope writes on either side: a plugin's registration
            // it starts or stops shadowing is its change too.
            let own = Set((b + h).filter { $0.scope != nil }.map { $0.kind.rawValue + ":" + $0.name })
            for var f in compare(b, h) {
                guard case .registration(let kind, let name, _) = f.subject, own.contains(kind.rawValue + ":" + name),
                    seen.insert(f.fingerprint).inserted
                else { continue }
                f.scope = RegistrySnapshot.Scope.prefix + id
                findings.append(f)
            }
        }
        pairMoves(&findings, base, head)
        return findings.sorted(by: DiffFinding.printOrder)
    }

    private static func compare(_ base: [RegistrySnapshot.Entry], _ head: [RegistrySnapshot.Entry]) -> [DiffFinding] {
        base.withUnsafeBufferPointer { baseEntries in
            head.withUnsafeBufferPointer { headEntries in
                compare(baseEntries, headEntries)
            }
        }
    }

    /// A registration that left one `.twRules` scope and appeared in
    /// another (of the same kind and name, once each) is one move: its
    /// removal and addition become `registration-moved` and what else
    /// changed between the two.
    static func pairMoves(_ findings: inout [DiffFinding], _ base: RegistrySnapshot, _ head: RegistrySnapshot) {
        func key(_ f: DiffFinding) -> String? {
            guard case .registration(let kind, let name, let plugin) = f.subject,
                RegistrySnapshot.Scope.isScope(plugin)
            else { return nil }
            return kind.rawValue + ":" + name
        }
        var removed: [String: [String]] = [:]
        var added: [String: [String]] = [:]
        for f in findings {
            guard let k = key(f), let plugin = f.plugin else { continue }
            switch f.rule {
            case .registrationRemoved: removed[k, default: []].append(plugin)
            case .registrationAdded, .slotAdded: added[k, default: []].append(plugin)
            default: continue
            }
        }
        for k in removed.keys.sorted() {
            guard let from = removed[k], from.count == 1, let to = added[k], to.count == 1,
                let b = base.entries.first(where: { $0.kind.rawValue + ":" + $0.name == k && $0.plugin == from[0] }),
                let h = head.entries.first(where: { $0.kind.rawValue + ":" + $0.name == k && $0.plugin == to[0] })
            else { continue }
            findings.removeAll { f in
                key(f) == k && (f.plugin == from[0] || f.plugin == to[0])
                    && [.registrationRemoved, .slotRemoved, .registrationAdded, .slotAdded, .unstableStructure]
                        .contains(f.rule)
            }
            if b.kind == .modifier {
                compareModifier(b, h, into: &findings)
            } else {
                compareExpansion(b, h, into: &findings)
            }
        }
    }

    private static func compare(_ base: Entries, _ head: Entries) -> [DiffFinding] {
        var findings: [DiffFinding] = []
        let (bm, hm) = Matched.pair(base, head, kind: .modifier)

        for (p, i) in bm.indices.enumerated() where bm.counterpart[p] < 0 {
            let b = base[i]
            if b.holdsSlot { findings.append(.slotRemoved(b, position: slotText(at: p, in: bm, base))) }
            findings.append(.registrationRemoved(b))
        }
        for (q, i) in hm.indices.enumerated() where hm.counterpart[q] < 0 {
            let h = head[i]
            if h.holdsSlot {
                findings.append(.slotAdded(h, position: slotText(at: q, in: hm, head)))
            } else {
                findings.append(.registrationAdded(h))
            }
            // A text or image transform returns the source's own type, so its
            // structure is in no surface's identity (R-ID-1).
            if h.unstable && h.probeError == nil && h.holdsSlot { findings.append(.unstableStructure(h)) }
        }
        for (p, i) in bm.indices.enumerated() where bm.counterpart[p] >= 0 {
            compareModifier(base[i], head[hm.indices[bm.counterpart[p]]], into: &findings)
        }
        reorders(base, bm, head, hm, into: &findings)

        for kind in [RegistrySnapshot.Kind.recipe, .utility, .animation] {
            let (b, h) = Matched.pair(base, head, kind: kind)
            for (p, i) in b.indices.enumerated() where b.counterpart[p] < 0 {
                findings.append(.registrationRemoved(base[i]))
            }
            for (q, i) in h.indices.enumerated() where h.counterpart[q] < 0 {
                findings.append(.registrationAdded(head[i]))
            }
            for (p, i) in b.indices.enumerated() where b.counterpart[p] >= 0 {
                compareExpansion(base[i], head[h.indices[b.counterpart[p]]], into: &findings)
            }
        }
        return findings.sorted(by: DiffFinding.printOrder)
    }

    typealias Entries = UnsafeBufferPointer<RegistrySnapshot.Entry>

    /// One side's entries of one kind, in the side's order, each with the
    /// entry of the same name on the other side.
    struct Matched {
        /// Indexes into the side's entries.
        var indices: [Int]
        /// For each of `indices`, the position in the other side's `indices`
        /// of the first entry with the same name, or -1.
        var counterpart: [Int]
        /// For each of `indices`, the position of the first entry of this
        /// side with the same name (the entry itself unless a name repeats).
        var first: [Int]

        /// Both sides of one kind, matched by name; each name is hashed once.
        static func pair(_ base: Entries, _ head: Entries, kind: RegistrySnapshot.Kind) -> (Matched, Matched) {
            let baseIndices = base.indices.filter { base[$0].kind == kind }
            let headIndices = head.indices.filter { head[$0].kind == kind }
            var baseFirst = [Int](repeating: 0, count: baseIndices.count)
            var headFirst = [Int](repeating: 0, count: headIndices.count)
            var toHead = [Int](repeating: -1, count: baseIndices.count)
            var toBase = [Int](repeating: -1, count: headIndices.count)
            // Name → first position on each side; lookups only, never iterated.
            var byName: [String: (base: Int, head: Int)] = [:]
            byName.reserveCapacity(max(baseIndices.count, headIndices.count))
            for (p, i) in baseIndices.enumerated() {
                if let at = byName.index(forKey: base[i].name) {
                    baseFirst[p] = byName.values[at].base
                } else {
                    byName[base[i].name] = (p, -1)
                    baseFirst[p] = p
                }
            }
            for (q, i) in headIndices.enumerated() {
                if let at = byName.index(forKey: head[i].name) {
                    let (b, h) = byName.values[at]
                    if h < 0 {
                        byName.values[at].head = q
                        headFirst[q] = q
                    } else {
                        headFirst[q] = h
                    }
                    if b >= 0 { toBase[q] = b }
                } else {
                    byName[head[i].name] = (-1, q)
                    headFirst[q] = q
                }
            }
            for (q, b) in toBase.enumerated() where b >= 0 && headFirst[q] == q {
                toHead[b] = q
            }
            // A repeated name matches what its first entry matches.
            for p in baseIndices.indices where baseFirst[p] != p { toHead[p] = toHead[baseFirst[p]] }
            for q in headIndices.indices where headFirst[q] != q { toBase[q] = toBase[headFirst[q]] }
            return (
                Matched(indices: baseIndices, counterpart: toHead, first: baseFirst),
                Matched(indices: headIndices, counterpart: toBase, first: headFirst)
            )
        }
    }

    /// Findings for one recipe, utility or animation present on both sides.
    static func compareExpansion(
        _ e: borrowing RegistrySnapshot.Entry, _ n: borrowing RegistrySnapshot.Entry,
        into findings: inout [DiffFinding]
    ) {
        if e.plugin != n.plugin { findings.append(.registrationMoved(e, n)) }
        if e.classes != n.classes || e.probes != n.probes { findings.append(.expansionChanged(e, n)) }
    }

    /// Findings for one modifier present on both sides.
    ///
    /// Both entries are borrowed; one is copied only into a finding.
    static func compareModifier(
        _ b: borrowing RegistrySnapshot.Entry, _ h: borrowing RegistrySnapshot.Entry,
        into findings: inout [DiffFinding]
    ) {
        if b.plugin != h.plugin { findings.append(.registrationMoved(b, h)) }
        if b.form != h.form || b.argumentType != h.argumentType { findings.append(.argumentTypeChanged(b, h)) }
        if b.phase != h.phase { findings.append(.phaseChanged(b, h)) }
        if let error = h.probeError {
            if error != b.probeError { findings.append(.probeFailed(h)) }
        } else if b.probeError == nil && (b.holdsSlot || h.holdsSlot) {
            // Probed on both sides: structures and values can be compared.
            // A text or image transform returns the source's own type
            // (`Text` → `Text`), so what it returns is in no surface's
            // identity (R-ID-1): a new structure resets nothing.
            var structural: [DiffFinding.Change] = []
            if b.activeStructure != h.activeStructure {
                structural.append(
                    .init(
                        field: "active", before: b.activeModifier ?? b.activeStructure,
                        after: h.activeModifier ?? h.activeStructure))
            }
            if b.inactiveStructure != h.inactiveStructure {
                structural.append(
                    .init(
                        field: "inactive", before: b.inactiveModifier ?? b.inactiveStructure,
                        after: h.inactiveModifier ?? h.inactiveStructure))
            }
            if !structural.isEmpty { findings.append(.structureChanged(h, structural)) }
            if h.unstable && !b.unstable { findings.append(.unstableStructure(h)) }
            // What surfaces without the class get: only slots apply an
            // inactive modifier (text and image forms do not run unselected),
            // and a changed structure is already structure-changed.
            if b.holdsSlot && h.holdsSlot && b.inactiveStructure == h.inactiveStructure
                && b.inactiveModifier != h.inactiveModifier
            {
                findings.append(.defaultChanged(b, h))
            }
        }
        if b.conflictKey != h.conflictKey { findings.append(.conflictKeyChanged(b, h)) }
    }

    /// "effects order 10, after 'beta'": where the modifier at `position`
    /// (of the side's modifiers) sits in merged order.
    static func slotText(at position: Int, in side: Matched, _ entries: Entries) -> String {
        let e = entries[side.indices[position]]
        return "\(e.phase ?? "?") order \(e.order ?? 0), after \(predecessor(side.first[position], in: side, entries))"
    }

    /// Slots whose place in the merged order changed (identity), and order
    /// numbers that changed without moving anything (compatible).
    ///
    /// Among registrations on both sides in the same phase, a longest run
    /// that kept its relative order stays; the others moved. A registration
    /// that stayed but whose order number changed moved too when the new
    /// number takes it past a slot that exists only in HEAD: a rename must
    /// not hide that the slot now sits after the renamed one.
    static func reorders(
        _ base: Entries, _ bm: Matched, _ head: Entries, _ hm: Matched, into findings: inout [DiffFinding]
    ) {
        // Common registrations that stay in their phase, in base order:
        // positions in base's modifiers, and their counterparts' in head's.
        var common: [Int] = []
        var positions: [Int] = []
        var prefer: [Bool] = []
        for p in bm.indices.indices where bm.counterpart[p] >= 0 {
            let b = bm.indices[p]
            let h = hm.indices[bm.counterpart[p]]
            guard base[b].phase == head[h].phase else { continue }
            common.append(p)
            positions.append(bm.counterpart[p])
            prefer.append(base[b].order == head[h].order)
        }
        let kept = longestIncreasing(positions, prefer: prefer)
        // Slots of HEAD without a same-phase counterpart in BASE: added,
        // renamed, or moved here from another phase, by phase (three at
        // most; looked up, never iterated). `head` is in merged order, so
        // each phase's keys come out sorted.
        var headOnly: [String: [(Int, String)]] = [:]
        // Fields are read in place (`head[i].phase`): a copy of a whole entry
        // per registration would cost more than the comparison.
        for (q, i) in hm.indices.enumerated() {
            let counterpart = hm.counterpart[q]
            if counterpart < 0 || base[bm.indices[counterpart]].phase != head[i].phase {
                headOnly[head[i].phase ?? "", default: []].append((head[i].order ?? 0, head[i].name))
            }
        }
        for (k, p) in common.enumerated() {
            let b = bm.indices[p]
            let h = hm.indices[bm.counterpart[p]]
            let orderChanged = base[b].order != head[h].order
            let crossed =
                orderChanged
                && containsKey(
                    headOnly[head[h].phase ?? ""] ?? [], between: (base[b].order ?? 0, base[b].name),
                    and: (head[h].order ?? 0, head[h].name))
            if !kept.contains(k) || crossed {
                findings.append(
                    .slotReordered(
                        head[h], before: slotText(at: p, in: bm, base),
                        after: slotText(at: bm.counterpart[p], in: hm, head)))
            } else if orderChanged {
                findings.append(.orderChanged(base[b], head[h]))
            }
        }
    }

    /// Whether a sorted list of (order, name) keys holds one strictly between
    /// two keys, by binary search.
    static func containsKey(_ keys: [(Int, String)], between a: (Int, String), and b: (Int, String)) -> Bool {
        func less(_ x: (Int, String), _ y: (Int, String)) -> Bool {
            x.0 != y.0 ? x.0 < y.0 : x.1.utf8.lexicographicallyPrecedes(y.1.utf8)
        }
        let (low, high) = less(a, b) ? (a, b) : (b, a)
        var lo = 0
        var hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if less(low, keys[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo < keys.count && less(keys[lo], high)
    }

    /// The modifier before the one at `position` in its phase, quoted, or
    /// the start of the phase.
    static func predecessor(_ position: Int, in side: Matched, _ entries: Entries) -> String {
        guard let phase = entries[side.indices[position]].phase else { return "?" }
        var j = position - 1
        while j >= 0 {
            let e = entries[side.indices[j]]
            if e.phase == phase { return "'\(e.name)'" }
            j -= 1
        }
        return "the start of the \(phase) phase"
    }

    /// Indexes of a longest strictly increasing subsequence, O(n log n). Among
    /// equally long ones, elements with `prefer` set are kept when possible:
    /// a registration whose order number did not change is not the one that moved.
    static func longestIncreasing(_ values: [Int], prefer: [Bool]) -> Set<Int> {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []  // indexes into values
        var previous = [Int](repeating: -1, count: values.count)
        for i in values.indices {
            var lo = 0
            var hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < values[i] { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count {
                tails.append(i)
            } else {
                tails[lo] = i
            }
        }
        var result = Set<Int>()
        var k = tails.last ?? -1
        while k >= 0 {
            result.insert(k)
            k = previous[k]
        }
        // Prefer keeping unchanged orders: swap a kept changed-order element for
        // a dropped unchanged one when the result stays increasing.
        let sorted = result.sorted()
        var chosen = sorted
        for (slot, index) in sorted.enumerated() where !prefer[index] {
            let low = slot > 0 ? values[chosen[slot - 1]] : Int.min
            let high = slot + 1 < chosen.count ? values[chosen[slot + 1]] : Int.max
            let lowIndex = slot > 0 ? chosen[slot - 1] : -1
            let highIndex = slot + 1 < chosen.count ? chosen[slot + 1] : values.count
            if let replacement = (lowIndex + 1..<highIndex).first(where: {
                prefer[$0] && values[$0] > low && values[$0] < high && !result.contains($0)
            }) {
                chosen[slot] = replacement
            }
        }
        return Set(chosen)
    }
}
