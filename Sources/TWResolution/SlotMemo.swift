import Synchronization
import TWLoading
import TWModel
import TWSupport

/// Plugin slots memoised per scope: a factory's IR is a pure function of the
/// registration, the argument, whether it is active and the theme (the ABI's
/// contract, which `twhost plugins check` verifies), and a scope has one
/// theme. So each distinct call is made once per scope, and each slot's
/// chain entry is built once and shared by every surface that has it (a
/// report renders it once, `ChainEntry.isShared`). An inactive slot is one per registration (its
/// default value, decoded once here, with any finding about it).
///
/// Two threads that miss at once both compute (plugin calls still run one at
/// a time, `PluginCallLock`); both answers are the same, and the first kept wins.
final class SlotMemo: Sendable {
    /// One slot as surfaces use it.
    struct Slot: Sendable {
        let entry: ChainEntry
        /// `phase|name|structure` (R-ID-1).
        let line: StructuralSignature.Slot
        /// Findings about the default or the factory call, in the order the slot reports them.
        let diagnostics: [Diagnostic]
    }

    private struct CallKey: Hashable {
        let registration: ObjectIdentifier
        let active: Bool
        let value: TypedValue?
    }

    private struct SlotKey: Hashable {
        let call: CallKey
        let className: String?
    }

    private struct State {
        var calls: [CallKey: Result<ModifierIR, FactoryCallError>] = [:]
        var slots: [SlotKey: Slot] = [:]
    }

    private let state = Mutex(State())
    /// Bounded so that a scene of mostly unique arguments cannot grow it without limit.
    static let limit = 16_384

    /// The inactive slot of a registration: its default in the scope's theme
    /// (reported when invalid) and the factory's modifier for it.
    func inactive(_ registration: ModifierRegistration, theme: Theme) -> Slot {
        let key = SlotKey(
            call: CallKey(registration: ObjectIdentifier(registration), active: false, value: nil), className: nil)
        if let known = state.withLock({ $0.slots[key] }) { return known }
        var diagnostics: [Diagnostic] = []
        var value: TypedValue?
        switch registration.defaultValue(in: theme) {
        case .success(let v)?: value = v
        case .failure(let failure)?:
            // One fault, one error. A plugin's default is decoded per surface (docs/PluginAuthoring.md):
            // the surface reports it, and the factory is not called without a value (it could only
            // fail again). swiftcn checks an app's default where a class uses the registration
            // (`TWNativeArgumentFactory.validate`), and that class reports it; elsewhere the inactive
            // slot makes no modifier and leaves the content as it is (`apply`).
            if registration.plugin != InlineRegistrations.pluginName {
                diagnostics.append(
                    SurfaceFinding.invalidDefault(
                        registration: registration.name, defaultArgument: registration.defaultArgument ?? "",
                        reason: failure.message
                    ).diagnostic)
            }
            return keep(
                key, registration: registration, active: false, modifier: ModifierIR(), diagnostics: diagnostics)
        case nil: value = nil
        }
        let modifier = Self.modifier(registration.inactiveModifier(value: value), registration, &diagnostics)
        return keep(key, registration: registration, active: false, modifier: modifier, diagnostics: diagnostics)
    }

    /// An active slot: the factory called with the winner's value, its entry naming the winning class.
    func active(_ registration: ModifierRegistration, value: TypedValue?, className: String?) -> Slot {
        let call = CallKey(registration: ObjectIdentifier(registration), active: true, value: value)
        let key = SlotKey(call: call, className: className)
        if let known = state.withLock({ $0.slots[key] }) { return known }
        let result =
            state.withLock { $0.calls[call] }
            ?? {
                let made = registration.makeModifier(active: true, value: value)
                state.withLock { state in
                    if state.calls.count >= Self.limit { state.calls.removeAll(keepingCapacity: true) }
                    state.calls[call] = made
                }
                return made
            }()
        var diagnostics: [Diagnostic] = []
        let modifier = Self.modifier(result, registration, &diagnostics)
        return keep(
            key, registration: registration, active: true, modifier: modifier, className: className,
            diagnostics: diagnostics)
    }

    /// A failed call leaves the slot empty and is reported.
    private static func modifier(
        _ result: Result<ModifierIR, FactoryCallError>, _ registration: ModifierRegistration,
        _ diagnostics: inout [Diagnostic]
    ) -> ModifierIR {
        switch result {
        case .success(let modifier): return modifier
        case .failure(let failure):
            diagnostics.append(
                SurfaceFinding.factoryFailed(
                    registration: registration.name, plugin: registration.plugin, error: failure
                )
                .diagnostic)
            return ModifierIR()
        }
    }

    private func keep(
        _ key: SlotKey, registration: ModifierRegistration, active: Bool, modifier: ModifierIR,
        className: String? = nil, diagnostics: [Diagnostic]
    ) -> Slot {
        var entry = ChainEntry(
            phase: registration.phase,
            origin: registration.location.map { .source(name: registration.name, location: $0) }
                ?? .registration(name: registration.name, plugin: registration.plugin),
            active: active, modifier: modifier, className: className)
        entry.share()
        let slot = Slot(entry: entry, line: registration.signatureLine(modifier), diagnostics: diagnostics)
        return state.withLock { state in
            if let known = state.slots[key] { return known }
            if state.slots.count >= Self.limit { state.slots.removeAll(keepingCapacity: true) }
            state.slots[key] = slot
            return slot
        }
    }

    func clear() { state.withLock { $0 = State() } }
}

/// Each source's plugin slots when every one is inactive — a surface of
/// built-in classes only, the interned path's kind — built once per scope
/// and source: the entries before and after built-in styling, the structural
/// signature with its digest, and the findings every such surface carries.
/// A source whose inactive slots have findings of their own (an invalid
/// default, a failed factory, an API the OS lacks) has none here: the
/// general path reports them.
final class InactiveSlotChains: Sendable {
    /// A reference: a surface's resolution binds it several times, and a
    /// copy of a struct of these fields retained and released each of them.
    final class Chain: Sendable {
        /// Source slots, before built-in styling (R-ORDER-1/2).
        let before: [ChainEntry]
        /// The slots after each styling stage, indexed by `ChainPhase.stageIndex`.
        let afterStage: [[ChainEntry]]
        /// The stages followed by slots (`StyleEmitter.Target.stagesWithSlots`).
        let stagesWithSlots: UInt8
        /// Hashed once, with the scope's digest cache.
        let signature: StructuralSignature
        /// Registrations whose structure differs active and inactive (R-ID-3), as findings.
        let unstable: [Diagnostic]
        /// All the slots: the number the interned chain reserves room for.
        let count: Int

        init(
            before: [ChainEntry], afterStage: [[ChainEntry]], stagesWithSlots: UInt8, signature: StructuralSignature,
            unstable: [Diagnostic]
        ) {
            self.before = before
            self.afterStage = afterStage
            self.stagesWithSlots = stagesWithSlots
            self.signature = signature
            self.unstable = unstable
            count = before.count + afterStage.reduce(0) { $0 + $1.count }
        }
    }

    /// Never reused, unlike an object's address: a thread's copies for a
    /// scope that is gone are never taken for another scope's.
    private let serial = InactiveSlotChains.nextSerial.add(1, ordering: .relaxed).newValue
    private static let nextSerial = Atomic<UInt64>(0)
    /// Bumped by `clear()`: every thread's copies are dropped.
    private let epoch = Atomic<UInt64>(0)

    /// The source's chain, built by each thread for itself: the entries,
    /// arrays and signature a thread hands to its surfaces are its own, so
    /// that two threads resolving one scope do not count references on the
    /// same objects for every surface (the cache line of each would move
    /// between their cores). The factory calls behind it are made once per
    /// scope all the same (`SlotMemo`).
    func chain(for source: SurfaceSource, scope: ResolutionScope) -> Chain? {
        let local = ThreadSlotChains.current
        let epoch = self.epoch.load(ordering: .acquiring)
        if local.lastSerial == serial, local.lastEpoch == epoch, local.lastSource == source { return local.lastChain }
        var copies = local.chains[serial].flatMap { $0.epoch == epoch ? $0.bySource : nil } ?? [:]
        let chain: Chain?
        if let known = copies[source] {
            chain = known
        } else {
            chain = Self.build(source, scope: scope).map(Self.separateCopy)
            if copies.count >= 64 { copies.removeAll() }
            copies[source] = chain
            // A thread keeps the copies of a few scopes: a scene has few, and a long-lived one starts afresh.
            if local.chains.count >= 64 { local.chains.removeAll() }
            local.chains[serial] = (epoch, copies)
        }
        local.lastSerial = serial
        local.lastEpoch = epoch
        local.lastSource = source
        local.lastChain = chain
        return chain
    }

    /// The chain behind references of its own (its entries come from the
    /// scope's `SlotMemo`, its identity from the scope's digest cache).
    private static func separateCopy(_ chain: Chain) -> Chain {
        Chain(
            before: chain.before.map { $0.separateCopy() },
            afterStage: chain.afterStage.map { $0.map { $0.separateCopy() } },
            stagesWithSlots: chain.stagesWithSlots, signature: chain.signature.separateCopy(),
            unstable: chain.unstable)
    }

    private static func build(_ source: SurfaceSource, scope: ResolutionScope) -> Chain? {
        var diagnostics: [Diagnostic] = []
        var slots = PreparedStyle.fillSlots(
            [:], source: source, scope: scope, decorated: true, diagnostics: &diagnostics)
        guard diagnostics.isEmpty else { return nil }
        if scope.checksPluginAPIs,
            !PreparedStyle.pluginAPIFindings(slots.chain, environment: scope.environment).isEmpty
        {
            return nil
        }
        let before = slots.chain.filter { $0.phase.stageIndex == nil }
        let afterStage = ChainPhase.stylingStages.map { stage in slots.chain.filter { $0.phase == stage } }
        let stagesWithSlots = StyleEmitter.Group.stagesWithSlots(slots.chain)
        slots.insertStyling([], stages: [])
        return Chain(
            before: before, afterStage: afterStage, stagesWithSlots: stagesWithSlots,
            signature: StructuralSignature(slots.signature, digest: scope.identity(of:)),
            unstable: slots.unstable.map { SurfaceFinding.unstableStructure(registration: $0).diagnostic })
    }

    func clear() { epoch.add(1, ordering: .releasing) }
}

/// The copies of inactive slot chains one thread hands out, by the serial of
/// the scope's chains; used by that thread alone.
final class ThreadSlotChains {
    @exclusivity(unchecked) var chains:
        [UInt64: (epoch: UInt64, bySource: [SurfaceSource: InactiveSlotChains.Chain?])] =
            [:]
    /// The chain handed out last, compared before anything is hashed
    /// (fields of their own: a tuple would be copied whole to be compared).
    @exclusivity(unchecked) var lastSerial: UInt64 = 0
    @exclusivity(unchecked) var lastEpoch: UInt64 = 0
    @exclusivity(unchecked) var lastSource: SurfaceSource?
    @exclusivity(unchecked) var lastChain: InactiveSlotChains.Chain?

    static var current: ThreadSlotChains { perThread.current }
    private static let perThread = ThreadLocal { ThreadSlotChains() }
}
