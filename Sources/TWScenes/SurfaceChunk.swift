import Dispatch
import Synchronization
import TWModel
import TWPlatform
import TWResolution
import TWSupport

/// How a chunk's surfaces are written. `render` writes one surface whole
/// (`first`: the first surface of the report). A format whose bytes depend on
/// a surface's place in the tree (its path) and on whether it comes first only
/// in a head written before the rest gives that head and the rest (the body)
/// apart: a node equal to the surface before it but for its place (a layer of
/// a chain of `.tw` calls) then gets that surface's body, copied, not rendered again.
public struct SurfaceRendering<Extra: Sendable>: Sendable {
    let render: @Sendable (SurfaceRecord, _ first: Bool, _ into: ByteWriter) -> Extra
    let head: (@Sendable (_ path: String, _ first: Bool, _ into: ByteWriter) -> Void)?
    let body: (@Sendable (SurfaceRecord, _ into: ByteWriter) -> Extra)?

    /// Each surface written whole by `render`.
    public init(_ render: @escaping @Sendable (SurfaceRecord, _ first: Bool, _ into: ByteWriter) -> Extra) {
        self.render = render
        head = nil
        body = nil
    }

    /// Each surface written as its `head` (from its path) and its `body` (from the rest of it).
    public init(
        head: @escaping @Sendable (_ path: String, _ first: Bool, _ into: ByteWriter) -> Void,
        body: @escaping @Sendable (SurfaceRecord, _ into: ByteWriter) -> Extra
    ) {
        render = { record, first, w in
            head(record.path, first, w)
            return body(record, w)
        }
        self.head = head
        self.body = body
    }
}

/// Styled nodes of a streamed scene waiting to be resolved together: a
/// chunk is resolved on every job's thread at once and written in order, so
/// memory holds one chunk, not the scene.
struct SurfaceChunk {
    /// A node with its scope, as the walk found it.
    struct Item: Sendable {
        var node: SceneNode
        var scope: ResolutionScope
        var plugins: [String]
        /// The groups above the node.
        var groups: GroupContext
        var groupVariation: GroupVariation?
    }

    let jobs: Int
    let state: SurfaceState
    let lenient: Bool
    /// Items per chunk: enough for every thread to amortise the hand-off.
    let capacity: Int
    /// A waiting surface: a node the walk read, or a leaf it handed on
    /// unread (`SceneStream.Leaf`), read by the thread that resolves it.
    enum Entry: Sendable {
        case read(Item)
        case leaf(
            SceneStream.Leaf, scope: ResolutionScope, plugins: [String], groups: GroupContext,
            groupVariation: GroupVariation?)
    }
    private(set) var items: [Entry] = []
    /// The scene file the leaves are read from (`addLeaf`).
    var leafSource: (bytes: [UInt8], file: String)?
    /// Counts over every surface written so far.
    private(set) var summary = SceneSummary()

    /// The platform each node's backing is resolved for.
    let environment: RenderEnvironment
    let backings = BackingMemo()

    /// Whether a thread keeps the last surface it resolved for the next
    /// (`LastSurface`): Swift sources, where the layers of a chain of `.tw`
    /// calls follow one another. A scene file's nodes seldom repeat, and
    /// keeping each surface costs its bookkeeping (about 6 % of the
    /// instructions of the repeated corpus).
    let keepsLast: Bool

    /// `after`: the counts of the surfaces written before this chunk's first
    /// (a run of scenes in several environments), so the first surface of the
    /// report is known across chunks.
    init(
        jobs: Int, state: SurfaceState, lenient: Bool, environment: RenderEnvironment,
        after written: SceneSummary = SceneSummary(), keepsLast: Bool = false
    ) {
        self.keepsLast = keepsLast
        self.environment = environment
        summary = written
        self.jobs = max(1, jobs)
        self.state = state
        self.lenient = lenient
        capacity = self.jobs == 1 ? 1 : 256 * self.jobs
    }

    var isFull: Bool { items.count >= capacity }

    mutating func add(
        _ node: SceneNode, scope: ResolutionScope, plugins: [String], groups: GroupContext,
        groupVariation: GroupVariation?
    ) {
        items.append(
            .read(Item(node: node, scope: scope, plugins: plugins, groups: groups, groupVariation: groupVariation)))
    }

    /// Adds a leaf the walk handed on unread; `leafSource` is the file it is read from.
    mutating func addLeaf(
        _ leaf: SceneStream.Leaf, scope: ResolutionScope, plugins: [String], groups: GroupContext,
        groupVariation: GroupVariation?
    ) {
        precondition(leafSource != nil, "a chunk given leaves knows the file they are read from")
        items.append(.leaf(leaf, scope: scope, plugins: plugins, groups: groups, groupVariation: groupVariation))
    }

    /// The chunk resolving in the background while the walk reads the next
    /// (a `SharedWork` of blocks of the caller's extra type).
    private var pending: AnyObject?
    /// The surfaces of the chunk in the background (counted before it is written).
    private var pendingCount = 0
    /// Where a one-job run renders each surface.
    private let scratch = ByteWriter()
    /// The surface a one-job run resolved last.
    private var last: LastSurface?

    /// The last surface a thread resolved. The next node, if equal to its
    /// node but for its place in the tree, in the same scope and groups
    /// (and outside conditional groups, which give a node other fields),
    /// gets its record: a chain of a thousand `.tw("p-4")` calls is a
    /// thousand such layers, resolved once. One object per thread, refilled
    /// for each node resolved (a record is tens of references: it is moved in,
    /// never copied).
    final class LastSurface {
        private var item: Item
        private(set) var record: SurfaceRecord
        /// The record's counts.
        private(set) var counts = SceneSummary()
        /// The node's fields, copied once the next node passes the quick
        /// checks, then given each next node's place and children (three
        /// fields written, not every field copied, per node compared).
        private var fields: KeptFields?
        /// Fields behind one reference: an optional of them in place would be
        /// copied whole each time it is tested and written.
        private final class KeptFields {
            var fields: SceneNode.Fields
            init(_ fields: SceneNode.Fields) { self.fields = fields }
        }
        /// Where the record's body was written in the thread's writer (when its
        /// rendering has a head), while that writer still holds it, and what
        /// rendering it returned.
        var bodyRange: Range<Int>?
        var bodyExtra: (any Sendable)?
        /// The body's bytes, kept at the first node that reuses them.
        var body: [UInt8]?

        init(_ item: Item, _ record: consuming SurfaceRecord, counts: SceneSummary) {
            self.item = item
            self.record = record
            self.counts = counts
        }

        /// Keeps `record`, made for `item`, in place of the one before.
        func keep(_ item: Item, _ record: consuming SurfaceRecord, counts: SceneSummary) {
            self.item = item
            self.record = record
            self.counts = counts
            fields = nil
            bodyRange = nil
            bodyExtra = nil
            body = nil
        }

        /// Whether `next` gets the kept record (with `next`'s node).
        func matches(_ next: Item) -> Bool {
            guard next.groupVariation == nil, next.scope === item.scope, next.groups == item.groups,
                next.plugins == item.plugins, next.node.tw == item.node.tw, next.node.type == item.node.type
            else { return false }
            let kept: KeptFields
            if let fields {
                kept = fields
            } else {
                kept = KeptFields(item.node.fields)
                fields = kept
            }
            return kept.fields.sameButForPlace(next.node)
        }
    }

    /// Surfaces resolved and rendered together by one thread: their bytes in
    /// one buffer (one allocation per block, not per surface, and one hand-over
    /// to the writing thread), what `render` returned for each, their counts.
    struct Block<Extra: Sendable>: Sendable {
        var bytes: [UInt8]
        var extras: [Extra]
        var summary: SceneSummary
    }

    /// Surfaces per block: small enough to balance two threads within a chunk.
    static let blockSize = 8

    /// Where a thread renders a block before its bytes are copied out: one
    /// writer per thread, kept with its room, not one made and grown for
    /// each block (four allocations and as many copies of its bytes).
    private static let blockWriter = ThreadLocal { ByteWriter() }
    /// The room a thread's block writer keeps between blocks: a block of
    /// megabyte class lists does not stay allocated on every thread after it.
    static let blockWriterRoom = 256 * 1024

    /// Resolves and renders the waiting items. With one job they are
    /// resolved and written now. With more, `jobs - 1` background threads
    /// start on them, a block at a time, while this thread goes back to
    /// reading the scene; at the next flush this thread first helps finish
    /// the chunk before, hands the new chunk to the background, and only then
    /// writes the finished one (in input order) — so the background threads
    /// never wait for writing. `finish` does the same for the last chunk.
    mutating func flush<Extra: Sendable>(
        render rendering: SurfaceRendering<Extra>, write: (_ bytes: [UInt8], _ extras: [Extra]) -> Void
    ) {
        guard !items.isEmpty else { return }
        let state = self.state
        let lenient = self.lenient
        let environment = self.environment
        let backings = self.backings
        let keepsLast = self.keepsLast
        let firstIndex = summary.surfaces + pendingCount
        @Sendable func resolve(
            _ item: Item, index: Int, into w: ByteWriter, counts: inout SceneSummary, last: inout LastSurface?
        ) -> Extra {
            let first = firstIndex + index == 0
            if let kept = last, kept.matches(item) {
                counts.add(kept.counts)
                if let head = rendering.head, let body = rendering.body, let extra = kept.bodyExtra as? Extra {
                    if kept.body == nil {
                        // The first node to reuse the body: copied from the writer while it holds it, else rendered.
                        if let range = kept.bodyRange {
                            kept.body = w.bytes(in: range)
                        } else {
                            let side = ByteWriter()
                            _ = body(kept.record, side)
                            kept.body = side.bytes
                        }
                    }
                    head(item.node.path, first, w)
                    w.append(bytes: kept.body ?? [])
                    return extra
                }
                var record = kept.record
                record.node = item.node
                return rendering.render(record, first, w)
            }
            let made = SceneResolver.record(
                item.node, scope: item.scope, plugins: item.plugins,
                backing: backings.backing(item.node, environment: environment),
                state: SurfaceState(state.active, explicit: state.explicit, groups: item.groups), lenient: lenient,
                groupVariation: item.groupVariation)
            var one = SceneSummary()
            one.add(made)
            counts.add(one)
            guard keepsLast, item.groupVariation == nil else { return rendering.render(made, first, w) }
            /// The thread's kept surface, refilled with `record` (or made for it).
            @discardableResult func keep(_ record: consuming SurfaceRecord, counts: SceneSummary) -> LastSurface {
                if let kept = last {
                    kept.keep(item, record, counts: counts)
                    return kept
                }
                let kept = LastSurface(item, record, counts: counts)
                last = kept
                return kept
            }
            // Rendered first, then moved into the kept surface (its last use).
            guard let head = rendering.head, let body = rendering.body else {
                let extra = rendering.render(made, first, w)
                keep(made, counts: one)
                return extra
            }
            head(item.node.path, first, w)
            let start = w.count
            let extra = body(made, w)
            let range = start..<w.count
            let kept = keep(made, counts: one)
            kept.bodyRange = range
            kept.bodyExtra = extra
            return extra
        }
        /// `resolve` of a waiting entry; a leaf is read first, with `reader`
        /// (a reader of `leafSource`, made once per block: one made, or the
        /// source copied, for each leaf would count references on the file's
        /// bytes, which every thread shares).
        @Sendable func resolve(
            _ entry: Entry, index: Int, into w: ByteWriter, counts: inout SceneSummary, last: inout LastSurface?,
            reader: inout SceneStream.LeafReader?
        ) -> Extra {
            switch entry {
            case .read(let item):
                return resolve(item, index: index, into: w, counts: &counts, last: &last)
            case .leaf(let leaf, let scope, let plugins, let groups, let groupVariation):
                guard reader != nil else {
                    preconditionFailure("a chunk given leaves knows the file they are read from")
                }
                let item = Item(
                    node: reader!.read(leaf), scope: scope, plugins: plugins, groups: groups,
                    groupVariation: groupVariation)
                return resolve(item, index: index, into: w, counts: &counts, last: &last)
            }
        }
        let source = leafSource
        if jobs == 1 {
            var reader = source.map(SceneStream.LeafReader.init)
            for (i, entry) in items.enumerated() {
                var counts = SceneSummary()
                let extra = resolve(entry, index: i, into: scratch, counts: &counts, last: &last, reader: &reader)
                summary.add(counts)
                write(scratch.bytes, [extra])
                scratch.removeAll()
                // The body the last surface left there is gone with it.
                last?.bodyRange = nil
            }
            items.removeAll(keepingCapacity: true)
            return
        }
        let items = self.items
        self.items.removeAll(keepingCapacity: true)
        let blocks = (items.count + Self.blockSize - 1) / Self.blockSize
        // A thread keeps its last surface from block to block (the blocks it
        // claims need not follow one another: what is kept is compared whole).
        let batch = SharedWork<Block<Extra>, LastSurface>(count: blocks) { b, last in
            let w = Self.blockWriter.current
            w.removeAll(keepingCapacityUpTo: Self.blockWriterRoom)
            // The body the last surface left in the writer is gone with it.
            last?.bodyRange = nil
            var block = Block<Extra>(bytes: [], extras: [], summary: SceneSummary())
            var reader = source.map(SceneStream.LeafReader.init)
            for i in b * Self.blockSize..<min((b + 1) * Self.blockSize, items.count) {
                block.extras.append(
                    resolve(items[i], index: i, into: w, counts: &block.summary, last: &last, reader: &reader))
            }
            block.bytes = w.bytes
            return block
        }
        let previous = pending as? SharedWork<Block<Extra>, LastSurface>
        previous?.wait()
        batch.start(threads: jobs - 1)
        pending = batch
        pendingCount = items.count
        if let previous { self.write(previous, write) }
    }

    /// Writes the chunk still resolving in the background, if any, helping
    /// to resolve it first.
    mutating func finish<Extra: Sendable>(write: (_ bytes: [UInt8], _ extras: [Extra]) -> Void) {
        guard let batch = pending as? SharedWork<Block<Extra>, LastSurface> else { return }
        pending = nil
        pendingCount = 0
        batch.wait()
        self.write(batch, write)
    }

    private mutating func write<Extra: Sendable>(
        _ batch: SharedWork<Block<Extra>, LastSurface>, _ write: (_ bytes: [UInt8], _ extras: [Extra]) -> Void
    ) {
        for block in batch.results() {
            summary.add(block.summary)
            write(block.bytes, block.extras)
        }
    }
}

/// The backing of nodes that name nothing but their type, once per type
/// and thread: each thread keeps the reports it made (`ThreadBackings`), so
/// threads resolving one chunk share no lock and count no references on one
/// report for every surface.
final class BackingMemo: Sendable {
    /// Never reused, unlike an object's address: a thread's reports for a memo that is gone are never taken for another's.
    let serial = BackingMemo.nextSerial.add(1, ordering: .relaxed).newValue
    private static let nextSerial = Atomic<UInt64>(0)

    func backing(_ node: SceneNode, environment: RenderEnvironment) -> BackingReport {
        guard node.style == nil, node.cocoa.isEmpty, node.lifecycle.isEmpty, node.adapters.isEmpty else {
            return SceneResolver.backing(node, environment: environment)
        }
        let kept = ThreadBackings.current
        if kept.serial != serial {
            kept.serial = serial
            kept.reports.removeAll()
            kept.last = nil
        }
        // Nodes of one type mostly follow one another: the last report is tried before the table.
        if let last = kept.last, last.type == node.type { return last.report }
        let report: BackingReport
        if let known = kept.reports[node.type] {
            report = known
        } else {
            report = SceneResolver.backing(node, environment: environment)
            if kept.reports.count < 1024 { kept.reports[node.type] = report }
        }
        kept.last = (node.type, report)
        return report
    }
}

/// The reports of one `BackingMemo` a thread made, by type; used by that thread alone.
final class ThreadBackings {
    // Read and written by one thread only: no two accesses can overlap.
    @exclusivity(unchecked) var serial: UInt64 = 0
    @exclusivity(unchecked) var reports: [String: BackingReport] = [:]
    @exclusivity(unchecked) var last: (type: String, report: BackingReport)?

    static var current: ThreadBackings { perThread.current }
    private static let perThread = ThreadLocal { ThreadBackings() }
}
