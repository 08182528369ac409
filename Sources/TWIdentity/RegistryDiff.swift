/// Compares two snapshots (R-ID-2): registrations by kind and name, and by
/// plugin (a registration that moves is `registration-moved`). Reorders are
/// judged on the merged order, recomputed from each entry's phase, order and
/// name when the snapshot is read, never on the array or on the raw numbers.
public enum RegistryDiff {
    public static func compare(_ base: RegistrySnapshot, _ head: RegistrySnapshot) -> [DiffFinding] {
        var findings: [DiffFinding] = []
        let baseModifiers = base.modifiers
        let headModifiers = head.modifiers
        let baseByName = Dictionary(baseModifiers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let headByName = Dictionary(headModifiers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

        for b in baseModifiers where headByName[b.name] == nil {
            if b.holdsSlot { findings.append(.slotRemoved(b, position: slotText(b, in: baseModifiers))) }
            findings.append(.registrationRemoved(b))
        }
        for h in headModifiers where baseByName[h.name] == nil {
            if h.holdsSlot {
                findings.append(.slotAdded(h, position: slotText(h, in: headModifiers)))
            } else {
                findings.append(.registrationAdded(h))
            }
            // A text or image transform returns the source's own type, so its
            // structure is in no surface's identity (R-ID-1).
            if h.unstable && h.probeError == nil && h.holdsSlot { findings.append(.unstableStructure(h)) }
        }
        for b in baseModifiers {
            guard let h = headByName[b.name] else { continue }
            findings += compareModifier(b, h)
        }
        findings += reorders(baseModifiers, headModifiers)

        for kind in [RegistrySnapshot.Kind.recipe, .utility, .animation] {
            let b = base.entries.filter { $0.kind == kind }
            let h = head.entries.filter { $0.kind == kind }
            let headNamed = Dictionary(h.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let baseNamed = Dictionary(b.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for e in b where headNamed[e.name] == nil { findings.append(.registrationRemoved(e)) }
            for e in h where baseNamed[e.name] == nil { findings.append(.registrationAdded(e)) }
            for e in b {
                guard let n = headNamed[e.name] else { continue }
                if e.plugin != n.plugin { findings.append(.registrationMoved(e, n)) }
                if e.classes != n.classes || e.probes != n.probes { findings.append(.expansionChanged(e, n)) }
            }
        }
        return findings.sorted(by: DiffFinding.printOrder)
    }

    /// Findings for one modifier present on both sides.
    static func compareModifier(_ b: RegistrySnapshot.Entry, _ h: RegistrySnapshot.Entry) -> [DiffFinding] {
        var findings: [DiffFinding] = []
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
        return findings
    }

    /// "effects order 10, after 'beta'": where a slot sits in merged order.
    static func slotText(_ e: RegistrySnapshot.Entry, in entries: [RegistrySnapshot.Entry]) -> String {
        "\(e.phase ?? "?") order \(e.order ?? 0), after \(predecessor(e.name, in: entries))"
    }

    /// Slots whose place in the merged order changed (identity), and order
    /// numbers that changed without moving anything (compatible).
    ///
    /// Among registrations on both sides in the same phase, a longest run
    /// that kept its relative order stays; the others moved. A registration
    /// that stayed but whose order number changed moved too when the new
    /// number takes it past a slot that exists only in HEAD: a rename must
    /// not hide that the slot now sits after the renamed one.
    static func reorders(_ base: [RegistrySnapshot.Entry], _ head: [RegistrySnapshot.Entry]) -> [DiffFinding] {
        var findings: [DiffFinding] = []
        let headIndex = Dictionary(head.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let headByName = Dictionary(head.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let baseByName = Dictionary(base.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Common registrations that stay in their phase, in base order.
        let common = base.filter { b in headByName[b.name].map { $0.phase == b.phase } ?? false }
        let positions = common.map { headIndex[$0.name] ?? 0 }
        let kept = longestIncreasing(positions, prefer: common.map { b in b.order == headByName[b.name]?.order })
        // Slots of HEAD without a same-phase counterpart in BASE: added,
        // renamed, or moved here from another phase.
        // `head` is in merged order, so each phase's keys come out sorted.
        var headOnly: [String: [(Int, String)]] = [:]
        for h in head where baseByName[h.name].map({ $0.phase != h.phase }) ?? true {
            headOnly[h.phase ?? "", default: []].append((h.order ?? 0, h.name))
        }
        for (i, b) in common.enumerated() {
            guard let h = headByName[b.name] else { continue }
            let crossed =
                b.order != h.order
                && containsKey(
                    headOnly[h.phase ?? ""] ?? [], between: (b.order ?? 0, b.name), and: (h.order ?? 0, h.name))
            if !kept.contains(i) || crossed {
                findings.append(.slotReordered(h, before: slotText(b, in: base), after: slotText(h, in: head)))
            } else if b.order != h.order {
                findings.append(.orderChanged(b, h))
            }
        }
        return findings
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

    static func predecessor(_ name: String, in entries: [RegistrySnapshot.Entry]) -> String {
        guard let i = entries.firstIndex(where: { $0.name == name }), let phase = entries[i].phase else { return "?" }
        var j = i - 1
        while j >= 0 {
            if entries[j].phase == phase { return "'\(entries[j].name)'" }
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
