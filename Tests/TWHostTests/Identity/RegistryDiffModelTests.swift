import Testing

@testable import TWChecking
@testable import TWHost
@testable import TWIdentity

/// `RegistryDiff.compare` matches entries by position and reads them in
/// place; `ModelDiff` below is the comparison it replaced, written plainly
/// with dictionaries of entries (first entry of a name wins). On thousands
/// of generated snapshot pairs — removals, additions, renames, moves between
/// plugins and phases, reorders, changed structures and defaults, probe
/// errors, repeated names — both give the same findings in the same order.
@Suite("Registry diff against its model")
struct RegistryDiffModelTests {
    typealias Entry = RegistrySnapshot.Entry

    /// The dictionary-based comparison, as `RegistryDiff.compare` did it
    /// before it matched entries by position.
    enum ModelDiff {
        static func compare(_ base: RegistrySnapshot, _ head: RegistrySnapshot) -> [DiffFinding] {
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
                if h.unstable && h.probeError == nil && h.holdsSlot { findings.append(.unstableStructure(h)) }
            }
            for b in baseModifiers {
                guard let h = headByName[b.name] else { continue }
                RegistryDiff.compareModifier(b, h, into: &findings)
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

        static func slotText(_ e: Entry, in entries: [Entry]) -> String {
            "\(e.phase ?? "?") order \(e.order ?? 0), after \(predecessor(e.name, in: entries))"
        }

        static func predecessor(_ name: String, in entries: [Entry]) -> String {
            guard let i = entries.firstIndex(where: { $0.name == name }), let phase = entries[i].phase else {
                return "?"
            }
            var j = i - 1
            while j >= 0 {
                if entries[j].phase == phase { return "'\(entries[j].name)'" }
                j -= 1
            }
            return "the start of the \(phase) phase"
        }

        static func reorders(_ base: [Entry], _ head: [Entry]) -> [DiffFinding] {
            var findings: [DiffFinding] = []
            let headIndex = Dictionary(head.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
            let headByName = Dictionary(head.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let baseByName = Dictionary(base.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let common = base.filter { b in headByName[b.name].map { $0.phase == b.phase } ?? false }
            let positions = common.map { headIndex[$0.name] ?? 0 }
            let kept = RegistryDiff.longestIncreasing(
                positions, prefer: common.map { b in b.order == headByName[b.name]?.order })
            var headOnly: [String: [(Int, String)]] = [:]
            for h in head where baseByName[h.name].map({ $0.phase != h.phase }) ?? true {
                headOnly[h.phase ?? "", default: []].append((h.order ?? 0, h.name))
            }
            for (i, b) in common.enumerated() {
                guard let h = headByName[b.name] else { continue }
                let crossed =
                    b.order != h.order
                    && RegistryDiff.containsKey(
                        headOnly[h.phase ?? ""] ?? [], between: (b.order ?? 0, b.name), and: (h.order ?? 0, h.name))
                if !kept.contains(i) || crossed {
                    findings.append(.slotReordered(h, before: slotText(b, in: base), after: slotText(h, in: head)))
                } else if b.order != h.order {
                    findings.append(.orderChanged(b, h))
                }
            }
            return findings
        }
    }

    /// The checker's SplitMix64: the same pairs on every run.
    struct Generator {
        private var random: SplitMix64

        init(state: UInt64) { random = SplitMix64(seed: state) }

        mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let forms = ["view", "value", "argument", "text", "image", "shape", "textValue"]
    static let phases = ["source", "content", "effects"]
    static let modifiers = [".opacity(0)", ".opacity(1)", ".blur(radius: 0)", ".scaleEffect(1)", nil]

    static func modifier(_ name: String, _ g: inout Generator) -> Entry {
        var e = Entry(name: name, plugin: g.pick(["alpha", "beta"]), kind: .modifier)
        e.form = g.pick(forms)
        e.phase = g.pick(phases)
        e.order = g.below(6) * 5
        e.conflictKey = g.chance(80) ? name : "shared"
        e.argumentType = g.pick(["none", "number", "angle"])
        e.defaultArgument = g.chance(50) ? "0" : nil
        e.activeStructure = g.pick([".opacity(_:Number)", ".blur(radius:_:Number)"])
        e.inactiveStructure = g.chance(85) ? e.activeStructure : ".scaleEffect(_:Number)"
        e.activeModifier = g.pick(modifiers)
        e.inactiveModifier = g.pick(modifiers)
        if g.chance(5) { e.probeError = g.pick(["factory failed", "default argument: bad"]) }
        return e
    }

    static func expansion(_ name: String, _ g: inout Generator) -> Entry {
        let kind = g.pick([RegistrySnapshot.Kind.recipe, .utility, .animation])
        var e = Entry(name: name, plugin: g.pick(["alpha", "beta"]), kind: kind)
        if kind == .recipe {
            e.classes = g.pick(["p-4", "p-4 rounded", "shadow"])
        } else {
            e.probes = [g.pick(["a", "b"]), g.pick(["c", "d"])]
        }
        return e
    }

    /// HEAD: BASE with some entries removed, changed, renamed or added.
    static func edited(_ base: [Entry], _ g: inout Generator) -> [Entry] {
        var head: [Entry] = []
        for var e in base {
            if g.chance(8) { continue }
            if g.chance(10) { e.name += "-renamed" }
            if e.kind == .modifier {
                if g.chance(10) { e.order = g.below(6) * 5 }
                if g.chance(5) { e.phase = g.pick(phases) }
                if g.chance(5) { e.plugin = e.plugin == "alpha" ? "beta" : "alpha" }
                if g.chance(5) { e.form = g.pick(forms) }
                if g.chance(8) { e.inactiveModifier = g.pick(modifiers) }
                if g.chance(5) { e.activeStructure = ".scaleEffect(_:Number)" }
                if g.chance(5) { e.inactiveStructure = ".blur(radius:_:Number)" }
                if g.chance(3) { e.probeError = e.probeError == nil ? "factory failed" : nil }
                if g.chance(4) { e.conflictKey = "other" }
            } else {
                if g.chance(8) { e.plugin = e.plugin == "alpha" ? "beta" : "alpha" }
                if g.chance(8) { e.classes = e.classes.map { $0 + " x" } }
                if g.chance(8) { e.probes = e.probes.map { $0 + ["e"] } }
            }
            head.append(e)
        }
        for i in 0..<g.below(4) {
            head.append(g.chance(70) ? modifier("new\(i)", &g) : expansion("new\(i)", &g))
        }
        return head
    }

    static func snapshot(_ entries: [Entry]) -> RegistrySnapshot {
        RegistrySnapshot(
            plugins: [
                .init(name: "alpha", version: "1.0.0", abi: "1.0"), .init(name: "beta", version: "1.0.0", abi: "1.0"),
            ],
            entries: entries.sorted(by: RegistrySnapshot.canonicalOrder))
    }

    @Test("the same findings as the dictionary-based model on 3,000 generated pairs")
    func generatedPairs() {
        var g = Generator(state: 17)
        var findings = 0
        for round in 0..<3000 {
            var base: [Entry] = []
            let count = 1 + g.below(24)
            // A small pool of names: renames land on existing names, and
            // now and then a name repeats within a side.
            for i in 0..<count {
                let name = g.chance(4) && !base.isEmpty ? g.pick(base).name : "m\(g.below(40))-\(i % 3)"
                base.append(g.chance(75) ? Self.modifier(name, &g) : Self.expansion(name, &g))
            }
            let head = Self.edited(base, &g)
            let (b, h) = (Self.snapshot(base), Self.snapshot(head))
            let model = ModelDiff.compare(b, h)
            let actual = RegistryDiff.compare(b, h)
            findings += actual.count
            let same = actual == model
            #expect(
                same,
                "round \(round): \(actual.map(\.fingerprint)) vs the model's \(model.map(\.fingerprint))")
            if !same { return }
        }
        // The pairs exercise the comparison: most of them differ somewhere.
        #expect(findings > 3000)
    }

    @Test("identical sides give no findings; a side against an empty one gives one removal or addition each")
    func edges() {
        var g = Generator(state: 4)
        let entries = (0..<30).map { i in
            i % 4 == 0 ? Self.expansion("e\(i)", &g) : Self.modifier("m\(i)", &g)
        }
        let full = Self.snapshot(entries)
        let empty = Self.snapshot([])
        #expect(RegistryDiff.compare(full, full).isEmpty)
        #expect(RegistryDiff.compare(full, empty) == ModelDiff.compare(full, empty))
        #expect(RegistryDiff.compare(empty, full) == ModelDiff.compare(empty, full))
        let removed = RegistryDiff.compare(full, empty).filter { $0.rule == .registrationRemoved }
        #expect(removed.count == 30)
    }
}
