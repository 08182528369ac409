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
        var backing: BackingReport
    }

    let jobs: Int
    let state: SurfaceState
    let lenient: Bool
    /// Items per chunk: enough for every thread to amortise the hand-off.
    let capacity: Int
    private(set) var items: [Item] = []
    /// Counts over every surface written so far.
    private(set) var summary = SceneSummary()

    init(jobs: Int, state: SurfaceState, lenient: Bool) {
        self.jobs = max(1, jobs)
        self.state = state
        self.lenient = lenient
        capacity = self.jobs == 1 ? 1 : 256 * self.jobs
    }

    var isFull: Bool { items.count >= capacity }

    mutating func add(_ node: SceneNode, scope: ResolutionScope, plugins: [String], backing: BackingReport) {
        items.append(Item(node: node, scope: scope, plugins: plugins, backing: backing))
    }

    /// Resolves and renders the waiting items on up to `jobs` threads, then
    /// writes them in input order.
    mutating func flush<Rendered: Sendable>(
        render: @escaping @Sendable (SurfaceRecord, _ first: Bool) -> Rendered, write: (Rendered) -> Void
    ) {
        guard !items.isEmpty else { return }
        let batch = items
        let firstIndex = summary.surfaces
        let state = self.state
        let lenient = self.lenient
        items.removeAll(keepingCapacity: true)
        let results = ChunkedMap.map(batch.count, jobs: jobs) { i in
            let item = batch[i]
            let record = SceneResolver.record(
                item.node, scope: item.scope, plugins: item.plugins, backing: item.backing, state: state,
                lenient: lenient)
            var counts = SceneSummary()
            counts.add(record)
            return (render(record, firstIndex + i == 0), counts)
        }
        for (rendered, counts) in results {
            summary.add(counts)
            write(rendered)
        }
    }
}
