import Glibc
import Synchronization
import TWPluginAPI

/// The handles plugin code receives (`tw_builder`, `tw_parse_result`,
/// `tw_utility_result`, `tw_theme`; all four share one layout) and the rule
/// that makes them safe to keep by mistake: a handle is valid only on
/// the thread that made the call and only until that call returns.
///
/// Each thread owns a small ring of handles per kind that lives for the life of
/// the process, so a kept handle always points at valid memory (a plugin that
/// calls it later crashes nothing). Every call takes the next handle of the
/// ring and stamps it with a new generation; a callback acts only when it runs
/// on the owning thread and its handle carries the generation of the call in
/// progress. Anything else — a use after the call returned, from the same
/// thread or another one — is ignored and counted (`KeptHandles`).
enum HandleSlots {
    enum Kind: Int, CaseIterable {
        case builder, parseResult, utilityResult, theme

        var label: String {
            switch self {
            case .builder: return "builder"
            case .parseResult: return "parse result"
            case .utilityResult: return "utility result"
            case .theme: return "theme"
            }
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)  // a thread's handles are kept for the life of the process
        return key
    }()

    /// This thread's handles, made on first use.
    private static var current: ThreadHandles {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<ThreadHandles>.fromOpaque(existing).takeUnretainedValue()
        }
        let made = ThreadHandles()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())  // never released: see the type
        return made
    }

    /// Runs `body` with a fresh handle of `kind` whose callbacks reach `payload`
    /// until `body` returns.
    /// - Parameters:
    ///   - api: the callback table the handle carries (a kept handle keeps it,
    ///     so a plugin that calls it later does not crash).
    ///   - site: the plugin call the handle belongs to, for counting kept uses.
    static func withHandle<R>(
        _ kind: Kind, api: UnsafeRawPointer, payload: UnsafeMutableRawPointer, site: PluginSite?,
        _ body: (UnsafeMutableRawPointer) -> R
    ) -> R {
        let thread = current
        let (record, previous) = thread.open(kind, api: api, payload: payload, site: site)
        defer { thread.close(kind, record, restoring: previous) }
        return body(record.handle)
    }

    /// The payload of a handle a callback received, or nil (and the use counted)
    /// when the handle is not the one of the call in progress on this thread.
    static func payload(_ handle: UnsafeRawPointer?, _ kind: Kind) -> UnsafeMutableRawPointer? {
        // All four handle structs start with struct_size, reserved, api, host.
        guard let handle, let host = handle.load(fromByteOffset: 16, as: UnsafeRawPointer?.self) else { return nil }
        let record = Unmanaged<HandleRecord>.fromOpaque(host).takeUnretainedValue()
        if pthread_equal(record.owner, pthread_self()) != 0, let payload = record.livePayload(kind) {
            return payload
        }
        KeptHandles.count(kind, site: record.site)
        return nil
    }
}

/// One handle: the public struct plugin code sees, and who may use it when.
final class HandleRecord: @unchecked Sendable {
    // @unchecked: `owner`, `kind` and `handle` never change; `generation`,
    // `payload` and `live` are read and written only on the owning thread
    // (other threads only read `owner`, then `site`, which is atomic).
    let owner: pthread_t
    let kind: HandleSlots.Kind
    let handle: UnsafeMutableRawPointer
    private unowned let thread: ThreadHandles
    var generation: UInt64 = 0
    var payload: UnsafeMutableRawPointer?
    private let siteBits = Atomic<UInt>(0)

    init(owner: pthread_t, kind: HandleSlots.Kind, thread: ThreadHandles) {
        self.owner = owner
        self.kind = kind
        self.thread = thread
        // FFI boundary: the four handle structs share this 24-byte layout (pinned in the header).
        handle = UnsafeMutableRawPointer.allocate(byteCount: Int(TW_SIZEOF_BUILDER), alignment: 8)
        handle.initializeMemory(as: UInt8.self, repeating: 0, count: Int(TW_SIZEOF_BUILDER))
        handle.storeBytes(of: UInt32(TW_SIZEOF_BUILDER), as: UInt32.self)
        handle.storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), toByteOffset: 16, as: UnsafeRawPointer.self)
    }

    /// The callback table stays in the handle after the call, so that a plugin
    /// calling a kept handle reaches a callback that ignores it.
    func bind(api: UnsafeRawPointer) {
        handle.storeBytes(of: api, toByteOffset: 8, as: UnsafeRawPointer.self)
    }

    var site: PluginSite? {
        get { UnsafePointer(bitPattern: siteBits.load(ordering: .relaxed)).map(PluginSite.init(pointer:)) }
        set { siteBits.store(newValue.map { UInt(bitPattern: $0.pointer) } ?? 0, ordering: .relaxed) }
    }

    /// The payload when this handle belongs to the call in progress.
    func livePayload(_ kind: HandleSlots.Kind) -> UnsafeMutableRawPointer? {
        guard kind == self.kind, generation == thread.live[kind.rawValue] else { return nil }
        return payload
    }
}

/// A thread's rings of handles, one per kind. Kept for the life of the process
/// (a plugin may hold one of its handles forever).
final class ThreadHandles {
    static let ringSize = 8
    private var rings: [[HandleRecord]] = []
    private var next = [Int](repeating: 0, count: HandleSlots.Kind.allCases.count)
    private var generation: UInt64 = 0
    /// The generation of the call in progress, per kind (0: none).
    var live = [UInt64](repeating: 0, count: HandleSlots.Kind.allCases.count)

    init() {
        let me = pthread_self()
        rings = HandleSlots.Kind.allCases.map { kind in
            (0..<Self.ringSize).map { _ in HandleRecord(owner: me, kind: kind, thread: self) }
        }
    }

    func open(_ kind: HandleSlots.Kind, api: UnsafeRawPointer, payload: UnsafeMutableRawPointer, site: PluginSite?)
        -> (HandleRecord, UInt64)
    {
        let index = kind.rawValue
        let record = rings[index][next[index]]
        next[index] = (next[index] + 1) % Self.ringSize
        generation &+= 1
        record.generation = generation
        record.payload = payload
        record.site = site
        record.bind(api: api)
        let previous = live[index]
        live[index] = generation
        return (record, previous)
    }

    func close(_ kind: HandleSlots.Kind, _ record: HandleRecord, restoring previous: UInt64) {
        live[kind.rawValue] = previous
        record.payload = nil
    }
}

/// Uses of handles after the call that received them returned: ignored,
/// and counted per plugin and kind so that `resolve` can warn and `plugins
/// check` can report `builder-kept`.
public enum KeptHandles {
    /// One plugin's ignored uses of one kind of handle.
    public struct Use: Equatable, Sendable {
        public var plugin: String
        public var handle: String
        public var count: Int
    }

    private static let uses = Mutex<[Use]>([])

    static func count(_ kind: HandleSlots.Kind, site: PluginSite?) {
        let plugin = site?.plugin ?? "(unknown)"
        uses.withLock { uses in
            if let i = uses.firstIndex(where: { $0.plugin == plugin && $0.handle == kind.label }) {
                uses[i].count += 1
            } else {
                uses.append(Use(plugin: plugin, handle: kind.label, count: 1))
            }
        }
    }

    /// Every ignored use so far, by plugin name, then handle kind.
    public static var all: [Use] {
        uses.withLock { $0 }.sorted { a, b in
            a.plugin != b.plugin
                ? a.plugin.utf8.lexicographicallyPrecedes(b.plugin.utf8)
                : a.handle.utf8.lexicographicallyPrecedes(b.handle.utf8)
        }
    }

    /// A warning line for each plugin whose handles were used too late.
    public static var warnings: [String] {
        all.map {
            "warning: builder-kept: plugin '\($0.plugin)' used a \($0.handle) handle \($0.count) time(s) after the call that received it returned, or from another thread; ignored"
        }
    }
}
