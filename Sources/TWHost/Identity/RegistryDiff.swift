/// One difference between two registry snapshots, with a stable rule id.
public struct DiffFinding: Equatable, Sendable {
    public enum Category: String, Equatable, Sendable, CaseIterable {
        /// Surfaces in scope reset child state.
        case identity
        /// Classes that resolved before now fail.
        case breaking
        /// Same structure, different values or expansions.
        case behavior
        /// Nothing a user of the classes would notice.
        case compatible

        var rank: Int {
            switch self {
            case .identity: return 0
            case .breaking: return 1
            case .behavior: return 2
            case .compatible: return 3
            }
        }
    }

    public var rule: String
    public var category: Category
    public var kind: RegistrySnapshot.Kind
    public var name: String
    public var plugin: String
    public var before: String?
    public var after: String?
    /// One sentence: why this matters.
    public var why: String
    public var hint: String?
    /// Scene surfaces affected (with `--scene`), as `scene.json#/0/1`.
    public var surfaces: [String] = []
    /// The allowlist's reason, when the fingerprint is allowed.
    public var allowedBecause: String?

    /// rule + registration + scope: stable across runs and machines.
    public var fingerprint: String { "\(rule)/\(plugin)/\(name)" }
    public var blocking: Bool { (category == .identity || category == .breaking) && allowedBecause == nil }
}

/// Compares two snapshots (R-ID-2). Reorders are judged on the merged order,
/// not on the raw `order` numbers.
public enum RegistryDiff {
    public static func compare(_ base: RegistrySnapshot, _ head: RegistrySnapshot) -> [DiffFinding] {
        var findings: [DiffFinding] = []
        let baseModifiers = base.modifiers
        let headModifiers = head.modifiers
        let baseByName = Dictionary(baseModifiers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let headByName = Dictionary(headModifiers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

        func isTargetOnly(_ e: RegistrySnapshot.Entry) -> Bool {
            e.form == "text" || e.form == "textValue" || e.form == "image" || e.form == "imageValue"
        }
        func describe(_ e: RegistrySnapshot.Entry) -> String {
            "\(e.phase ?? "?") order \(e.order ?? 0): \(e.inactiveModifier ?? e.activeModifier ?? e.probeError ?? "")"
        }

        for b in baseModifiers where headByName[b.name] == nil {
            if !isTargetOnly(b) {
                findings.append(
                    DiffFinding(
                        rule: "slot-removed", category: .identity, kind: .modifier, name: b.name, plugin: b.plugin,
                        before: describe(b),
                        after: nil,
                        why:
                            "every surface in scope loses this slot, so its modifier chain changes structure and resets child state",
                        hint:
                            "keep the registration (with a neutral default) until the surfaces that used it are migrated"
                    ))
            }
            findings.append(
                DiffFinding(
                    rule: "registration-removed", category: .breaking, kind: .modifier, name: b.name, plugin: b.plugin,
                    before: "\(b.form ?? "") \(b.argumentType ?? "")", after: nil,
                    why:
                        "classes that use '\(b.name)' resolved before and are now unknown, leaving their surfaces undecorated",
                    hint: nil))
        }
        for h in headModifiers where baseByName[h.name] == nil {
            if isTargetOnly(h) {
                findings.append(
                    DiffFinding(
                        rule: "registration-added", category: .compatible, kind: .modifier, name: h.name,
                        plugin: h.plugin, before: nil,
                        after: describe(h),
                        why:
                            "a \(h.form ?? "") registration runs only where its class is selected, so no existing surface changes"
                    ))
            } else {
                findings.append(
                    DiffFinding(
                        rule: "slot-added", category: .identity, kind: .modifier, name: h.name, plugin: h.plugin,
                        before: nil, after: describe(h),
                        why:
                            "every surface in scope gains a slot, so its modifier chain changes structure and resets child state",
                        hint: "scope new registrations to the subtree that needs them"))
            }
        }
        for b in baseModifiers {
            guard let h = headByName[b.name] else { continue }
            if b.form != h.form || b.argumentType != h.argumentType {
                findings.append(
                    DiffFinding(
                        rule: "argument-type-changed", category: .breaking, kind: .modifier, name: b.name,
                        plugin: h.plugin,
                        before: "\(b.form ?? "") \(b.argumentType ?? "")",
                        after: "\(h.form ?? "") \(h.argumentType ?? "")",
                        why:
                            "classes written for the old argument type no longer parse, leaving their surfaces undecorated"
                    ))
            }
            if b.phase != h.phase {
                findings.append(
                    DiffFinding(
                        rule: "phase-changed", category: .identity, kind: .modifier, name: b.name, plugin: h.plugin,
                        before: b.phase,
                        after: h.phase,
                        why: "the slot moves across the built-in styling, so every surface in scope resets child state")
                )
            }
            // A text or image transform returns the source's own type: what it returns is not
            // part of any surface's identity (R-ID-1), so a new structure resets nothing.
            if !isTargetOnly(h)
                && (b.activeStructure != h.activeStructure || b.inactiveStructure != h.inactiveStructure)
            {
                findings.append(
                    DiffFinding(
                        rule: "structure-changed", category: .identity, kind: .modifier, name: b.name, plugin: h.plugin,
                        before: b.activeModifier ?? b.activeStructure, after: h.activeModifier ?? h.activeStructure,
                        why:
                            "the factory returns another modifier structure, so every surface in scope resets child state",
                        hint: "keep the returned modifiers and their nesting; change only values"))
            }
            if h.unstable && !b.unstable && !isTargetOnly(h) {
                findings.append(unstable(h))
            }
            if b.defaultArgument != h.defaultArgument {
                findings.append(
                    DiffFinding(
                        rule: "default-changed", category: .behavior, kind: .modifier, name: b.name, plugin: h.plugin,
                        before: b.defaultArgument, after: h.defaultArgument,
                        why: "surfaces without the class now apply a different inactive value (same structure)"))
            }
            if b.conflictKey != h.conflictKey {
                findings.append(
                    DiffFinding(
                        rule: "conflict-key-changed", category: .behavior, kind: .modifier, name: b.name,
                        plugin: h.plugin,
                        before: b.conflictKey, after: h.conflictKey,
                        why: "which classes compete for this slot's value changes, so some surfaces pick another winner"
                    ))
            }
        }
        for h in headModifiers where baseByName[h.name] == nil && h.unstable && !isTargetOnly(h) {
            findings.append(unstable(h))
        }
        findings += reorders(baseModifiers, headModifiers)

        for kind in [RegistrySnapshot.Kind.recipe, .utility, .animation] {
            let b = base.entries.filter { $0.kind == kind }
            let h = head.entries.filter { $0.kind == kind }
            let hb = Dictionary(h.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let bb = Dictionary(b.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let className = kind == .animation ? "animate-" : ""
            for e in b where hb[e.name] == nil {
                findings.append(
                    DiffFinding(
                        rule: "registration-removed", category: .breaking, kind: kind, name: e.name, plugin: e.plugin,
                        before: e.classes ?? e.probes?.first, after: nil,
                        why:
                            "classes that use the \(kind.rawValue) '\(className)\(e.name)' resolved before and are now unknown"
                    ))
            }
            for e in h where bb[e.name] == nil {
                findings.append(
                    DiffFinding(
                        rule: "registration-added", category: .compatible, kind: kind, name: e.name, plugin: e.plugin,
                        before: nil,
                        after: e.classes ?? e.probes?.first, why: "a new \(kind.rawValue) changes no existing class"))
            }
            for e in b {
                guard let n = hb[e.name] else { continue }
                if e.classes != n.classes || e.probes != n.probes {
                    let rule =
                        kind == .recipe ? "recipe-changed" : kind == .utility ? "utility-changed" : "animation-changed"
                    let (before, after) = firstDifference(e, n)
                    findings.append(
                        DiffFinding(
                            rule: rule, category: .behavior, kind: kind, name: e.name, plugin: n.plugin, before: before,
                            after: after,
                            why: "surfaces that use '\(className)\(e.name)' get different styling or motion"))
                }
            }
        }
        return findings.sorted { a, b in
            if a.category.rank != b.category.rank { return a.category.rank < b.category.rank }
            if a.name != b.name { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            return a.rule.utf8.lexicographicallyPrecedes(b.rule.utf8)
        }
    }

    static func unstable(_ h: RegistrySnapshot.Entry) -> DiffFinding {
        DiffFinding(
            rule: "unstable-structure", category: .identity, kind: .modifier, name: h.name, plugin: h.plugin,
            before: h.activeModifier, after: h.inactiveModifier,
            why: "the factory returns another structure inactive than active, so toggling its class resets child state",
            hint: "change values, do not branch: return the same modifier with a neutral value")
    }

    static func firstDifference(_ a: RegistrySnapshot.Entry, _ b: RegistrySnapshot.Entry) -> (String?, String?) {
        if a.classes != b.classes { return (a.classes, b.classes) }
        let pa = a.probes ?? []
        let pb = b.probes ?? []
        for i in 0..<max(pa.count, pb.count) where (i < pa.count ? pa[i] : nil) != (i < pb.count ? pb[i] : nil) {
            return (i < pa.count ? pa[i] : nil, i < pb.count ? pb[i] : nil)
        }
        return (nil, nil)
    }

    /// Slots whose place in the merged order changed (identity), and order
    /// numbers that changed without moving anything (compatible).
    static func reorders(_ base: [RegistrySnapshot.Entry], _ head: [RegistrySnapshot.Entry]) -> [DiffFinding] {
        var findings: [DiffFinding] = []
        let headIndex = Dictionary(head.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let headByName = Dictionary(head.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Common registrations that stay in their phase, in base order.
        let common = base.filter { b in headByName[b.name].map { $0.phase == b.phase } ?? false }
        let positions = common.map { headIndex[$0.name] ?? 0 }
        let kept = longestIncreasing(positions, prefer: common.map { b in b.order == headByName[b.name]?.order })
        for (i, b) in common.enumerated() {
            guard let h = headByName[b.name] else { continue }
            if !kept.contains(i) {
                findings.append(
                    DiffFinding(
                        rule: "slot-reordered", category: .identity, kind: .modifier, name: b.name, plugin: h.plugin,
                        before: "\(b.phase ?? "") order \(b.order ?? 0), after \(predecessor(b.name, in: base))",
                        after: "\(h.phase ?? "") order \(h.order ?? 0), after \(predecessor(h.name, in: head))",
                        why: "the slot moves in the merged chain order, so every surface in scope resets child state",
                        hint: "keep the merged order (phase, order, name); pick an order number between its neighbours")
                )
            } else if b.order != h.order {
                findings.append(
                    DiffFinding(
                        rule: "order-changed", category: .compatible, kind: .modifier, name: b.name, plugin: h.plugin,
                        before: "order \(b.order ?? 0)", after: "order \(h.order ?? 0)",
                        why: "the order number changed but the merged chain order is the same"))
            }
        }
        return findings
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
