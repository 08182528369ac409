import Synchronization
import TWModel

/// One modifier of a surface's chain, in application order.
public struct ChainEntry: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        case registration(name: String, plugin: String)
        /// A registration written inline in a Swift source, and where.
        case source(name: String, location: SourceLocation)
        case builtin(property: String)
    }
    /// Copy-on-write storage: a chain entry is copied into every surface
    /// that has it (the interned path hands the same memoised entries to
    /// thousands of surfaces), and a copy is then one retain, not one per field.
    // Usable from inline: a report reads `isShared` and `reportMemo` for
    // every entry of every surface, in another module.
    @usableFromInline final class Storage: @unchecked Sendable {
        // @unchecked: a storage shared by two entries is never written (every
        // setter copies it first, `unique()`), so threads only read it; for
        // the same reason no two accesses can overlap (no dynamic checks).
        @exclusivity(unchecked) var phase: ChainPhase
        @exclusivity(unchecked) var origin: Origin
        @exclusivity(unchecked) var active: Bool?
        @exclusivity(unchecked) var modifier: ModifierIR
        @exclusivity(unchecked) var className: String?
        /// Set by the memos that hand this storage to many surfaces.
        @usableFromInline @exclusivity(unchecked) var shared = false
        /// What a report layer keeps for a shared entry (its rendering),
        /// filled once by whichever thread writes it first.
        @usableFromInline let reportMemo = KeptObject()
        /// What the text report keeps for a shared entry (`SurfaceReport.ChainLine`).
        let textMemo = KeptObject()

        /// The object kept, if any yet.
        @inlinable func loadReportMemo() -> AnyObject? { reportMemo.load() }

        /// Keeps `memo` unless another thread kept one first; returns the one kept.
        func storeReportMemoIfNil(_ memo: AnyObject) -> AnyObject { reportMemo.storeIfNil(memo) }

        init(phase: ChainPhase, origin: Origin, active: Bool?, modifier: ModifierIR, className: String?) {
            self.phase = phase
            self.origin = origin
            self.active = active
            self.modifier = modifier
            self.className = className
        }

        func copy() -> Storage {
            // A copy is about to change: it is nobody's shared entry, and nothing rendered applies to it.
            Storage(phase: phase, origin: origin, active: active, modifier: modifier, className: className)
        }
    }

    @usableFromInline var storage: Storage

    /// The storage, copied first if another entry shares it or if it is a
    /// shared entry's (whose kept renderings describe it as it is: a changed
    /// entry is not shared and keeps nothing).
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) || storage.shared { storage = storage.copy() }
        return storage
    }

    public var phase: ChainPhase {
        get { storage.phase }
        _modify { yield &unique().phase }
    }
    public var origin: Origin {
        get { storage.origin }
        _modify { yield &unique().origin }
    }
    /// Registrations only: whether the slot's class is present and won.
    public var active: Bool? {
        get { storage.active }
        _modify { yield &unique().active }
    }
    public var modifier: ModifierIR {
        get { storage.modifier }
        _modify { yield &unique().modifier }
    }
    /// The class that set this entry, if any.
    public var className: String? {
        get { storage.className }
        _modify { yield &unique().className }
    }
    /// Whether one memoised entry is handed to many surfaces (the interned
    /// path's styling steps, `SlotMemo`'s slots): a report renders such an
    /// entry once and keeps the bytes in `reportMemo`. Not part of the
    /// entry's value: equality and hashing ignore it, and changing any field
    /// of a shared entry gives an entry that is not.
    @inlinable package var isShared: Bool { storage.shared }

    /// Marks this entry as handed to many surfaces (see `isShared`).
    package mutating func share() {
        guard !storage.shared else { return }
        unique().shared = true
    }

    /// What the report layer kept for this shared entry, if anything yet
    /// (see `isShared`); always nil for an entry that is not shared.
    @inlinable package var reportMemo: AnyObject? { storage.shared ? storage.loadReportMemo() : nil }

    /// `body` of `reportMemo`, without a reference counted for the call: the
    /// entry keeps the object as long as the entry lives (a report reads it
    /// for every shared entry of every surface).
    @inlinable package func withReportMemo<Result>(_ body: (AnyObject?) -> Result) -> Result {
        guard storage.shared else { return body(nil) }
        return storage.reportMemo.withKept(body)
    }

    /// What the text report kept for this shared entry, if anything yet; nil for an entry that is not shared.
    var textMemo: AnyObject? { storage.shared ? storage.textMemo.load() : nil }

    /// Keeps `memo` as the text report's for this shared entry unless another
    /// thread kept one first; returns the one kept. An entry that is not shared keeps nothing.
    func keepTextMemo(_ memo: AnyObject) -> AnyObject {
        storage.shared ? storage.textMemo.storeIfNil(memo) : memo
    }

    /// The same entry behind a storage of its own, shared as this one is
    /// (with nothing rendered kept yet): for a thread that hands it to its
    /// own surfaces, so that threads do not count references on one storage.
    package func separateCopy() -> ChainEntry {
        var copy = ChainEntry(phase: phase, origin: origin, active: active, modifier: modifier, className: className)
        if isShared { copy.share() }
        return copy
    }

    /// Keeps `memo` for this shared entry unless another thread kept one
    /// first; returns the one kept. An entry that is not shared keeps nothing.
    package func keepReportMemo(_ memo: AnyObject) -> AnyObject {
        storage.shared ? storage.storeReportMemoIfNil(memo) : memo
    }

    public init(phase: ChainPhase, origin: Origin, active: Bool?, modifier: ModifierIR, className: String?) {
        storage = Storage(phase: phase, origin: origin, active: active, modifier: modifier, className: className)
    }

    public static func == (a: ChainEntry, b: ChainEntry) -> Bool {
        if a.storage === b.storage { return true }
        return a.phase == b.phase && a.origin == b.origin && a.active == b.active && a.modifier == b.modifier
            && a.className == b.className
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(phase)
        hasher.combine(origin)
        hasher.combine(active)
        hasher.combine(modifier)
        hasher.combine(className)
    }
}

/// The animation a surface applies (R-ANIM-1).
public struct ResolvedAnimation: Hashable, Sendable {
    /// SwiftUI code, or nil when no explicit animation applies.
    public var modifier: String?
    /// What chose it: "animate-spring", "native animation", "preset settle (plugin motion)".
    public var source: String
    /// Why it is off, when it is.
    public var note: String?
}

/// Which class won a property or conflict key.
public struct Winner: Hashable, Sendable {
    /// `padding-top`, or `conflict key orientation`.
    public var key: String
    public var className: String
    public var conditions: [String]
}

/// A resolved `.tw` surface: its chain, status, identity and findings.
public struct ResolvedSurface: Hashable, Sendable {
    public var source: SurfaceSource
    public var decorated: Bool
    public var chain: [ChainEntry]
    public var animation: ResolvedAnimation?
    /// For button surfaces: the native style used, if any (`borderedProminent` …),
    /// after the platform's fallbacks.
    public var nativeButtonStyle: String?
    /// The native style the classes asked for, when a fallback replaced it.
    public var requestedButtonStyle: String?
    public var diagnostics: [Diagnostic]
    /// The structural signature (R-ID-1).
    public var signature: StructuralSignature
    public var matches: [ClassMatch]
    public var winners: [Winner]

    /// The SHA-256 digest of the signature.
    public var identity: String { signature.identity }
    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// An object kept once, by whichever thread stores first, and read from any
/// thread without a lock: a retained object's pointer, released with the slot.
/// (An atomic pointer, not `AtomicLazyReference`, whose load is an
/// unspecialised generic call; a report loads one for every shared entry of
/// every surface.)
@usableFromInline struct KeptObject: ~Copyable, @unchecked Sendable {
    // @unchecked: the pointer is only ever set once (compare and exchange
    // from nil) and released in `deinit`, when no thread can read it.
    @usableFromInline let pointer = Atomic<UnsafeRawPointer?>(nil)

    init() {}

    deinit {
        if let kept = pointer.load(ordering: .acquiring) { Unmanaged<AnyObject>.fromOpaque(kept).release() }
    }

    /// The object kept, if any yet.
    @inlinable func load() -> AnyObject? {
        guard let kept = pointer.load(ordering: .acquiring) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(kept).takeUnretainedValue()
    }

    /// `body` of the object kept (nil if none yet), without a reference
    /// counted for the call: the slot holds the object as long as it lives.
    @inlinable func withKept<Result>(_ body: (AnyObject?) -> Result) -> Result {
        guard let kept = pointer.load(ordering: .acquiring) else { return body(nil) }
        return Unmanaged<AnyObject>.fromOpaque(kept)._withUnsafeGuaranteedRef { body($0) }
    }

    /// Keeps `object` unless another thread kept one first; returns the one kept.
    func storeIfNil(_ object: AnyObject) -> AnyObject {
        let retained = Unmanaged<AnyObject>.passRetained(object).toOpaque()
        let (stored, original) = pointer.compareExchange(
            expected: nil, desired: UnsafeRawPointer(retained), ordering: .acquiringAndReleasing)
        if stored { return object }
        Unmanaged<AnyObject>.fromOpaque(retained).release()
        // Not stored: another thread's object is there (it is never taken out).
        guard let original else { return object }
        return Unmanaged<AnyObject>.fromOpaque(original).takeUnretainedValue()
    }
}
