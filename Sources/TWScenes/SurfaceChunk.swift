import Dispatch
import Synchronization
import TWModel
import TWPlatform
import TWResolution

/// Styled nodes of a streamed scene waiting to be resolved together: a
/// chunk is resolved on every job's thread at once and written in order, so
/// memory holds one chunk, not the scene.
struct SurfaceChunk {
    /// A node with its scope, as the walk found it.
    struct Item: Sendable {
        var node: SceneNode
        var scope: ResolutionScope
        var plugins: [String]
    }

    let jobs: Int
    let state: SurfaceState
    let lenient: Bool
    /// Items per chunk: enough for every thread to amortise the hand-off.
    let capacity: Int
    private(set) var items: [Item] = []
    /// Counts over every surface written so far.
    private(set) var summary = SceneSummary()

    /// The platform each node's backing is resolved for.
    let environment: RenderEnvironment
    let backings = BackingMemo()

    init(jobs: Int, state: SurfaceState, lenient: Bool, environment: RenderEnvironment) {
        self.environment = environment
        self.jobs = max(1, jobs)
        self.state = state
        self.lenient = lenient
        capacity = self.jobs == 1 ? 1 : 256 * self.jobs
    }

    var isFull: Bool { items.count >= capacity }

    mutating func add(_ node: SceneNode, scope: ResolutionScope, plugins: [String]) {
        items.append(Item(node: node, scope: scope, plugins: plugins))
    }

    /// The chunk resolving in the background while the walk reads the next
    /// (a `Batch` of the caller's rendered type).
    private var pending: AnyObject?

    /// Resolves and renders the waiting items on up to `jobs` threads. With
    /// one job they are resolved and written now. With more, they resolve in
    /// the background while the walk reads the next chunk: this call first
    /// writes the chunk before (in input order), and `finish` the last one.
    mutating func flush<Rendered: Sendable>(
        render: @escaping @Sendable (SurfaceRecord, _ first: Bool) -> Rendered, write: (Rendered) -> Void
    ) {
        guard !items.isEmpty else { return }
        let batch = Batch<Rendered>(items: items, firstIndex: summary.surfaces + (pendingCount ?? 0))
        items.removeAll(keepingCapacity: true)
        let state = self.state
        let lenient = self.lenient
        let jobs = self.jobs
        let environment = self.environment
        let backings = self.backings
        let work: @Sendable () -> Void = {
            batch.results = ChunkedMap.map(batch.items.count, jobs: jobs) { i in
                let item = batch.items[i]
                let record = SceneResolver.record(
                    item.node, scope: item.scope, plugins: item.plugins,
                    backing: backings.backing(item.node, environment: environment), state: state, lenient: lenient)
                var counts = SceneSummary()
                counts.add(record)
                return (render(record, batch.firstIndex + i == 0), counts)
            }
        }
        if jobs == 1 {
            work()
            self.write(batch, write)
            return
        }
        finish(write: write)
        DispatchQueue.global().async(group: batch.group, execute: work)
        pending = batch
    }

    /// Writes the chunk still resolving in the background, if any.
    mutating func finish<Rendered: Sendable>(write: (Rendered) -> Void) {
        guard let batch = pending as? Batch<Rendered> else { return }
        pending = nil
        batch.group.wait()
        self.write(batch, write)
    }

    /// The surfaces of the chunk in the background (counted before it is written).
    private var pendingCount: Int? {
        (pending as? BatchCount)?.count
    }

    private mutating func write<Rendered: Sendable>(_ batch: Batch<Rendered>, _ write: (Rendered) -> Void) {
        for (rendered, counts) in batch.results {
            summary.add(counts)
            write(rendered)
        }
    }
}

/// How many surfaces a chunk holds, whatever its rendered type.
private protocol BatchCount: AnyObject {
    var count: Int { get }
}

/// One chunk handed to the background, and its results once `group` is done.
private final class Batch<Rendered: Sendable>: BatchCount, @unchecked Sendable {
    // @unchecked: `results` is written once, by the background work, and read
    // only after `group.wait()` returned.
    let items: [SurfaceChunk.Item]
    let firstIndex: Int
    let group = DispatchGroup()
    var results: [(Rendered, SceneSummary)] = []
    var count: Int { items.count }

    init(items: [SurfaceChunk.Item], firstIndex: Int) {
        self.items = items
        self.firstIndex = firstIndex
    }
}

/// The backing of nodes that name nothing but their type, once per type.
final class BackingMemo: Sendable {
    private let reports = Mutex<[String: BackingReport]>([:])

    func backing(_ node: SceneNode, environment: RenderEnvironment) -> BackingReport {
        guard node.style == nil, node.cocoa.isEmpty, node.lifecycle.isEmpty, node.adapters.isEmpty else {
            return SceneResolver.backing(node, environment: environment)
        }
        if let known = reports.withLock({ $0[node.type] }) { return known }
        let report = SceneResolver.backing(node, environment: environment)
        reports.withLock { if $0.count < 1024 { $0[node.type] = report } }
        return report
    }
}
