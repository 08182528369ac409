import Synchronization
import TWGrammar
import TWModel
import TWSupport

/// The interned path: most surfaces of a scene are a plain list of built-in
/// classes on a scope without plugin slots, and their answer is a function of
/// small integers. Per scope, each distinct class is looked up and expanded
/// once and kept as numbered assignments (its effects, with their conditions
/// and ranks); a surface picks its winners in fixed arrays of those numbers,
/// and each step of the built-in styling (`StyleEmitter.Group`) is memoised by
/// the numbers of the winners it reads — its chain entries shared, so a
/// report renders each once (`ChainEntry.isShared`). With plugin registrations in
/// scope every slot of such a surface is inactive, so its slots, signature
/// and identity are the source's alone (`InactiveSlotChains`); without, the
/// signature is `target:…` and `style|builtin`.
///
/// Anything else — a class with a finding, a registration, a native button
/// style, `pressed:`, rules' defaults, typed or symbolic
/// values, a button source, inactive slots with findings — returns nil
/// and takes the general path, which gives the same answers for everything
/// this path takes (tests and the corpus digest compare them).
enum InternedResolution {
    /// The surface resolved on the interned path, or nil when it does not apply.
    static func resolve(
        _ classes: TWClasses, source: SurfaceSource, state: SurfaceState, scope: ResolutionScope,
        includeDefaults: Bool
    ) -> ResolvedSurface? {
        guard source.kind != .button else { return nil }
        if includeDefaults && scope.rules.view != nil { return nil }
        guard classes.segments.count == 1, case .text(let text) = classes.segments[0] else { return nil }
        var slots: InactiveSlotChains.Chain?
        if !scope.registry.modifiers.isEmpty {
            guard let chain = scope.inactiveSlots.chain(for: source, scope: scope) else { return nil }
            slots = chain
        }
        let tables = scope.interned.current()
        guard let compiled = tables.classes(text, scope: scope) else { return nil }
        return tables.resolve(compiled, source: source, state: state, scope: scope, slots: slots)
    }
}

/// One generation of a scope's interned classes and memoised styling steps.
/// Bounded: when it is full, the scope starts a new generation (a surface
/// keeps the generation it started with, so numbers never mix).
final class InternedTables: Sendable {
    /// A class's effects as numbered assignments. A reference: a surface's
    /// list holds one per class, and a struct of these arrays was retained
    /// array by array into every list.
    final class Compiled: Sendable {
        struct Effect: Sendable {
            /// Variant precedence and specificity (R-CONFLICT-1), packed for comparison.
            let rank: Int64
            let conditions: [Variant]
            let classText: String
            /// (property ordinal, assignment number, value), first assignment of a property first.
            let assignments: [(ordinal: Int, number: Int32, value: StyleValue)]
        }
        let effects: [Effect]
        /// Classes counted toward the expansion limit.
        let expandedCount: Int
        /// Whether an effect sets the text color under a variant
        /// (`hover:text-primary`), found once when the class is compiled,
        /// not for every surface that uses it.
        let setsForegroundUnderVariant: Bool
        /// One bit per property ordinal an effect assigns, under any condition.
        let assignedMask: UInt64
        /// Every assignment of the effects, in order, as plain data: what
        /// conflict selection reads for every surface, with no reference to
        /// count (a copy of an effect retains its conditions, text and
        /// assignments; these are numbers).
        let selections: [Selection]

        /// An assignment as conflict selection reads it.
        struct Selection: Sendable {
            /// The effect's rank (`Effect.rank`).
            let rank: Int64
            /// The effect's index in `effects`, the assignment's in its effect.
            let effect: Int32
            let assignment: Int32
            let ordinal: Int32
            let number: Int32
            /// Whether the effect has conditions (else it always applies).
            let conditional: Bool
        }

        init(effects: [Effect], expandedCount: Int) {
            self.effects = effects
            self.expandedCount = expandedCount
            setsForegroundUnderVariant = effects.contains(where: InternedTables.setsForegroundUnderVariant)
            var mask: UInt64 = 0
            var selections: [Selection] = []
            for (e, effect) in effects.enumerated() {
                for (a, assignment) in effect.assignments.enumerated() {
                    mask |= 1 << UInt64(assignment.ordinal)
                    selections.append(
                        Selection(
                            rank: effect.rank, effect: Int32(e), assignment: Int32(a),
                            ordinal: Int32(assignment.ordinal), number: assignment.number,
                            conditional: !effect.conditions.isEmpty))
                }
            }
            assignedMask = mask
            self.selections = selections
        }
    }

    /// What a class becomes: numbers, or nil when only the general path can take it.
    private struct State {
        /// Class numbers by name, looked up on a list's bytes in place.
        var classNumbers = WordTable()
        var classes: [Compiled?] = []
        /// Bracketed classes used once so far (see `compile`).
        var seenOnce = SeenOnceFilter()
        var nextAssignment: Int32 = 0
        var steps = StepTable()
    }

    /// One styling step's output for one key.
    struct Step: Sendable {
        let entries: [ChainEntry]
        let warnings: [Diagnostic]
        /// Whether the receiver is still a Text after the step.
        let text: Bool
    }

    private let state = Mutex(State())
    private let signatures = Mutex<[String: StructuralSignature]>([:])
    static let classLimit = 8_192
    static let stepLimit = 8_192
    /// The number of an assignment that is not remembered (see `compile`).
    static let transient: Int32 = -2

    /// Whether this generation has room for more.
    var isFull: Bool {
        state.withLock { $0.classes.count >= Self.classLimit || $0.steps.count >= Self.stepLimit }
    }

    /// The compiled classes of a list, or nil when the list is not plain
    /// (`PlainClassList`) or one of its classes needs the general path.
    func classes(_ text: String, scope: ResolutionScope) -> [Compiled]? {
        var text = text
        return text.withUTF8 { bytes -> [Compiled]? in
            guard let words = PlainClassList.ranges(bytes) else { return nil }
            return classes(words.map { UnsafeBufferPointer(rebasing: bytes[$0]) }, scope: scope)
        }
    }

    private func classes(_ words: [UnsafeBufferPointer<UInt8>], scope: ResolutionScope) -> [Compiled]? {
        var out: [Compiled] = []
        out.reserveCapacity(words.count)
        var missing: [(index: Int, keep: Bool)] = []
        let simple = state.withLock { state -> Bool in
            for (i, word) in words.enumerated() {
                guard let number = state.classNumbers.value(word) else {
                    // A bracketed class is remembered from its second use on.
                    let keep = !word.contains(UInt8(ascii: "[")) || state.seenOnce.meet(word)
                    missing.append((i, keep))
                    out.append(Compiled(effects: [], expandedCount: 0))
                    continue
                }
                guard let compiled = state.classes[Int(number)] else { return false }
                out.append(compiled)
            }
            return true
        }
        guard simple else { return nil }
        for (i, keep) in missing {
            let word = String(decoding: words[i], as: UTF8.self)
            guard let compiled = compile(word, scope: scope, keep: keep) else { return nil }
            out[i] = compiled
        }
        var count = 0
        for c in out { count += c.expandedCount }
        return count > ClassExpander.maxExpandedClasses ? nil : out
    }

    /// One effect of a class before its assignments are numbered.
    struct Draft: Equatable, Sendable {
        let rank: Int64
        let conditions: [Variant]
        let classText: String
        let assignments: [StyleAssignment]
    }

    /// A class's effects before numbering and the classes counted toward the
    /// expansion limit, or nil when only the general path can take it: the
    /// common bracket form straight from its bytes, anything else expanded.
    static func draft(_ word: String, scope: ResolutionScope) -> (effects: [Draft], count: Int)? {
        if let single = BracketClassCompiler.draft(word, scope: scope) { return ([single], 1) }
        return generalDraft(word, scope: scope)
    }

    /// `draft` by `ClassExpander.topLevel`, for any class.
    static func generalDraft(_ word: String, scope: ResolutionScope) -> (effects: [Draft], count: Int)? {
        let expansion = ClassExpander.topLevel(ClassToken(text: word), scope: scope, matches: false)
        guard expansion.diagnostics.isEmpty else { return nil }
        var effects: [Draft] = []
        for effect in expansion.effects {
            // The native button style decides what else applies: the general path's.
            // Group variants, markers and shared elements depend on the enclosing groups: the general path's.
            guard case .style(let assignments) = effect.kind, !effect.conditions.contains(.pressed),
                !effect.conditions.contains(where: \.isGroup),
                !assignments.contains(where: { $0.property == .nativeButtonStyle || $0.property.isGroupProperty })
            else { return nil }
            effects.append(
                Draft(
                    rank: Variant.packedRank(of: effect.conditions), conditions: effect.conditions,
                    classText: effect.classText, assignments: assignments))
        }
        return (effects, expansion.count)
    }

    /// Looks a class up, expands it, and numbers its assignments; remembers a
    /// class the path cannot take as such.
    /// - Parameter keep: remember it. A class with a bracketed value is often
    ///   written once only (`w-[137px]`), so the first time it is compiled
    ///   for the surface alone and its assignments are `transient`: steps that
    ///   read one are computed, not memoised, and the tables stay small on
    ///   scenes of such classes.
    private func compile(_ word: String, scope: ResolutionScope, keep: Bool) -> Compiled? {
        let drafted = Self.draft(word, scope: scope)
        guard keep else {
            guard let drafted else { return nil }
            return Compiled(
                effects: drafted.effects.map { e in
                    Compiled.Effect(
                        rank: e.rank, conditions: e.conditions, classText: e.classText,
                        assignments: e.assignments.map { ($0.property.ordinal, Self.transient, $0.value) })
                }, expandedCount: drafted.count)
        }
        return state.withLock { state -> Compiled? in
            var word = word
            if let known = word.withUTF8({ state.classNumbers.value($0) }) { return state.classes[Int(known)] }
            state.classNumbers.set(word, Int32(state.classes.count))
            guard let drafted else {
                state.classes.append(nil)
                return nil
            }
            var numbered: [Compiled.Effect] = []
            for e in drafted.effects {
                var assignments: [(ordinal: Int, number: Int32, value: StyleValue)] = []
                for a in e.assignments {
                    assignments.append((a.property.ordinal, state.nextAssignment, a.value))
                    state.nextAssignment += 1
                }
                numbered.append(
                    Compiled.Effect(
                        rank: e.rank, conditions: e.conditions, classText: e.classText, assignments: assignments))
            }
            let compiled = Compiled(effects: numbered, expandedCount: drafted.count)
            state.classes.append(compiled)
            return compiled
        }
    }

    /// Whether an effect sets the text color under a variant (`hover:text-primary`).
    static func setsForegroundUnderVariant(_ effect: Compiled.Effect) -> Bool {
        !effect.conditions.isEmpty && effect.assignments.contains { $0.ordinal == StyleProperty.foreground.ordinal }
    }

    /// A winner: the class's effect and assignment in the surface's list.
    private struct Winner {
        var rank: Int64 = -1
        var number: Int32 = -1
        var classIndex = 0
        var effectIndex = 0
        var assignmentIndex = 0
        var isSet: Bool { number != -1 }
    }

    /// Conflict selection in fixed arrays (the general path's `selectWinners`),
    /// then each styling step from its memo.
    /// - Parameter slots: the source's inactive plugin slots, when registrations are in scope.
    func resolve(
        _ classes: [Compiled], source: SurfaceSource, state surfaceState: SurfaceState, scope: ResolutionScope,
        slots: InactiveSlotChains.Chain? = nil
    ) -> ResolvedSurface? {
        var winners = [Winner](repeating: Winner(), count: StyleProperty.count)
        // One bit per property ordinal a class of the list assigns, under
        // any condition (`StyleEmitter.Group.readMasks`).
        var assigned: UInt64 = 0
        // The declaration index of the class's first effect (effects are numbered across the list).
        var base: Int64 = 0
        for c in classes.indices {
            assigned |= classes[c].assignedMask
            // The effect whose conditions were checked last, and whether they hold.
            var checked: Int32 = -1
            var holds = true
            for selection in classes[c].selections {
                if selection.conditional {
                    if selection.effect != checked {
                        checked = selection.effect
                        holds = surfaceState.satisfies(classes[c].effects[Int(selection.effect)].conditions)
                    }
                    guard holds else { continue }
                }
                let rank = Variant.packedRank(selection.rank, index: base + Int64(selection.effect))
                let ordinal = Int(selection.ordinal)
                if rank > winners[ordinal].rank {
                    winners[ordinal] = Winner(
                        rank: rank, number: selection.number, classIndex: c, effectIndex: Int(selection.effect),
                        assignmentIndex: Int(selection.assignment))
                }
            }
            base += Int64(classes[c].effects.count)
        }
        // A text color under an inactive variant keeps its modifier (`PreparedStyle.keepForeground`):
        // the general path's.
        if !winners[StyleProperty.foreground.ordinal].isSet
            && classes.contains(where: { $0.setsForegroundUnderVariant })
        {
            return nil
        }
        func value(_ w: Winner) -> StyleValue {
            classes[w.classIndex].effects[w.effectIndex].assignments[w.assignmentIndex].value
        }
        func classText(_ w: Winner) -> String { classes[w.classIndex].effects[w.effectIndex].classText }

        var chain: [ChainEntry] = []
        chain.reserveCapacity(12 + (slots?.count ?? 0))
        if let slots { chain += slots.before }
        var diagnostics: [Diagnostic] = []
        var text = source.target == .text
        // The stages whose slots are in the chain: each stage's slots follow its last step, and
        // after them the receiver is no longer a Text (the general path's `crossesSlots`).
        var stagesDone = 0
        let afterStage = slots?.afterStage ?? []
        // One table for the steps computed here, made at the first and
        // emptied after each: not one to build and free per step.
        var table: PropertyTable<StyleValue>?
        let readMasks = StyleEmitter.Group.readMasks
        for group in StyleEmitter.Group.allCases {
            if slots != nil {
                while stagesDone < group.stage.stageIndex! {
                    if !afterStage[stagesDone].isEmpty {
                        chain += afterStage[stagesDone]
                        text = false
                    }
                    stagesDone += 1
                }
            }
            // A step none of whose properties the classes assign is skipped
            // without reading its properties one by one.
            guard assigned & readMasks[group.rawValue] != 0 else { continue }
            // The key's lanes as scalars (`StyleEmitter.Group.maxReads` of
            // them), the vector made once from them: a vector written lane by
            // lane in memory and read back whole stalls at every lane (a small
            // store cannot forward to a wider load).
            let reads = group.reads
            func lane(_ i: Int) -> Int32 { i < reads.count ? winners[reads[i].ordinal].number : -1 }
            let n0 = lane(0), n1 = lane(1), n2 = lane(2), n3 = lane(3), n4 = lane(4), n5 = lane(5), n6 = lane(6)
            // Some winner is set: not every lane is -1 (all bits set).
            guard n0 & n1 & n2 & n3 & n4 & n5 & n6 != -1 else { continue }
            let key = SIMD8<Int32>(Int32(group.rawValue << 1) | (text ? 1 : 0), n0, n1, n2, n3, n4, n5, n6)
            let t = Self.transient
            let memoised = n0 != t && n1 != t && n2 != t && n3 != t && n4 != t && n5 != t && n6 != t
            let step =
                (memoised ? self.state.withLock { $0.steps[key] } : nil)
                ?? memoise(memoised ? key : nil) {
                    var values = table.take() ?? PropertyTable<StyleValue>()
                    defer { table = values }
                    for property in reads where winners[property.ordinal].isSet {
                        values[property] = value(winners[property.ordinal])
                    }
                    let target = StyleEmitter.Target(environment: scope.environment, text: text, nativeButton: false)
                    var emission = StyleEmission(values, theme: scope.rules.theme, target: target)
                    group.run(&emission)
                    let entries = emission.out.map { emitted in
                        var entry = PreparedStyle.styleEntry(emitted) { property in
                            let w = winners[property.ordinal]
                            return w.isSet ? classText(w) : nil
                        }
                        if memoised { entry.share() }
                        return entry
                    }
                    return Step(entries: entries, warnings: emission.warnings, text: emission.text)
                }
            if table != nil { for property in reads { table?[property] = nil } }
            // One by one into the room reserved: a step has one or two
            // entries, and `+=` is a generic call each time.
            for entry in step.entries { chain.append(entry) }
            if !step.warnings.isEmpty { diagnostics += step.warnings }
            text = step.text
        }
        // An error among the warnings leaves the surface undecorated: the general path's case.
        if diagnostics.contains(where: { $0.severity == .error }) { return nil }
        if let slots {
            for stage in stagesDone..<afterStage.count { chain += afterStage[stage] }
            diagnostics += slots.unstable
        }
        func winning(_ property: StyleProperty) -> StyleValue? {
            let w = winners[property.ordinal]
            return w.isSet ? value(w) : nil
        }
        let animationWinner = winners[StyleProperty.animation.ordinal]
        let animation = SurfaceResolver.resolveAnimation(
            animation: winning(.animation), duration: winning(.duration), delay: winning(.delay),
            animationClass: animationWinner.isSet ? classText(animationWinner) : nil, scope: scope,
            diagnostics: &diagnostics)
        return ResolvedSurface(
            source: source, decorated: true, chain: chain, animation: animation, nativeButtonStyle: nil,
            requestedButtonStyle: nil, diagnostics: diagnostics,
            signature: slots?.signature ?? signature(source.targetName, scope: scope), matches: [], winners: [])
    }

    private func memoise(_ key: SIMD8<Int32>?, _ compute: () -> Step) -> Step {
        let step = compute()
        guard let key else { return step }
        return state.withLock { state in
            if let known = state.steps[key] { return known }
            state.steps.insert(step, for: key)
            return step
        }
    }

    /// The structural signature of a surface with no slots (R-ID-1).
    private func signature(_ targetName: String, scope: ResolutionScope) -> StructuralSignature {
        if let known = signatures.withLock({ $0[targetName] }) { return known }
        var parts: [StructuralSignature.Part] = [.target(targetName)]
        StructuralSignature.insertBuiltinStyle(into: &parts)
        let signature = StructuralSignature(parts, digest: scope.identity(of:))
        signatures.withLock { $0[targetName] = signature }
        return signature
    }
}

/// A scope's interned tables, one set per thread: the threads that resolve a
/// scene's chunks look classes and steps up without waiting for each other
/// (with shared tables, their locks took most of the second core's gain).
final class InternedGenerations: Sendable {
    /// Never reused, unlike an object's address: a thread's tables of a scope
    /// that is gone are never taken for another scope's.
    let serial = InternedGenerations.nextSerial.add(1, ordering: .relaxed).newValue
    private static let nextSerial = Atomic<UInt64>(0)
    /// Bumped by `clear()`: every thread's tables of this scope are dropped.
    private let epoch = Atomic<UInt64>(0)

    /// This thread's current generation; a new one once it is full.
    func current() -> InternedTables {
        let threadTables = ThreadTables.current
        let epoch = self.epoch.load(ordering: .acquiring)
        if let entry = threadTables.tables[serial], entry.epoch == epoch, !entry.tables.isFull {
            return entry.tables
        }
        // A thread keeps the tables of a few scopes: a scene has few, and a long-lived one starts afresh.
        if threadTables.tables.count >= 64 { threadTables.tables.removeAll() }
        let fresh = InternedTables()
        threadTables.tables[serial] = (epoch, fresh)
        return fresh
    }

    func clear() { epoch.add(1, ordering: .releasing) }
}

/// The interned tables of the scopes one thread has resolved, by scope serial.
/// Kept per thread and used by that thread alone.
final class ThreadTables {
    var tables: [UInt64: (epoch: UInt64, tables: InternedTables)] = [:]

    static var current: ThreadTables { perThread.current }
    private static let perThread = ThreadLocal { ThreadTables() }
}
