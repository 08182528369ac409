import TWLoading
import TWModel
import TWResolution
import TWSupport

/// Scenes held whole (the files of one run) resolved one after another into
/// one run of chunks, as a streamed scene is (`SceneResolver.resolve(_:…jobs:
/// render:write:)`): each scene's styled nodes join the chunk as its walk
/// finds them, a full chunk is resolved and rendered on every job's thread,
/// and the bytes are handed to `write` in input order — the same bytes as
/// each scene's records rendered in turn, with no scene's records held.
///
/// Its renderings hand nothing over but bytes (`SurfaceRendering<Void>`):
/// with that one type, the generic steps it runs are specialised in this
/// module, not looked up through their type's metadata for each surface.
public final class SurfaceBatch {
    private let jobs: Int
    private let state: SurfaceState
    private let lenient: Bool
    private let render: SurfaceRendering<Void>
    private let write: (_ bytes: [UInt8], _ extras: [Void]) -> Void
    /// The chunk of the environment being resolved (one per environment: a
    /// node's backing is resolved for its chunk's platform).
    private var chunk: SurfaceChunk?
    /// Counts of the chunks finished before the current one.
    private var written = SceneSummary()

    /// - Parameters:
    ///   - render: writes one surface into the writer it is given (`first`:
    ///     the first surface of the whole batch) and returns what else to hand
    ///     over; as a head and a body, a surface equal to the one before it
    ///     but for its place gets that one's body (`SurfaceRendering`).
    ///   - write: takes the bytes of a run of surfaces, in input order.
    public init(
        jobs: Int, state: SurfaceState = SurfaceState(), lenient: Bool = false, render: SurfaceRendering<Void>,
        write: @escaping (_ bytes: [UInt8]) -> Void
    ) {
        self.jobs = max(1, jobs)
        self.state = state
        self.lenient = lenient
        self.render = render
        self.write = { bytes, _ in write(bytes) }
    }

    /// Adds a scene's surfaces to the batch (written as chunks fill, at the
    /// latest by `finish`). Plugins are checked first (unless the caller
    /// says it did: `pluginsChecked`, a walk of the whole tree less), so a
    /// scene that names one outside `plugins` adds nothing. Returns the
    /// scene's resolution without its surfaces and their counts, which stay
    /// with the batch.
    public func resolve(
        _ scene: Scene, plugins loaded: [LoadedPlugin], environment: RenderEnvironment, shared: SharedScopes? = nil,
        pluginsChecked: Bool = false
    ) throws(SceneResolveError) -> SceneResolution {
        if !pluginsChecked { try SceneResolver.checkPlugins(scene, loaded: loaded.map(\.info.name)) }
        if let current = chunk, current.environment != environment { finishChunk() }
        var chunk =
            self.chunk
            ?? SurfaceChunk(
                jobs: jobs, state: state, lenient: lenient, environment: environment, after: written, keepsLast: true)
        self.chunk = nil
        var scopes = SceneScopes(plugins: loaded, environment: environment, shared: shared)
        var backingOnly: [BackingRecord] = []
        let render = self.render
        let write = self.write
        try scene.walk(try scopes.rootContext(scene.rules)) { node, inherited throws(SceneResolveError) in
            try SceneResolver.chunkStep(
                node, inherited: inherited, scopes: &scopes, chunk: &chunk, backingOnly: &backingOnly,
                render: render, write: write)
        }
        self.chunk = chunk
        return SceneResolution(
            plugins: loaded.map(\.info), surfaces: [], diagnostics: scopes.diagnostics, scopeCount: scopes.count,
            backingOnly: backingOnly)
    }

    /// Resolves and writes every surface still waiting; the counts over every surface of the batch.
    public func finish() -> SceneSummary {
        finishChunk()
        return written
    }

    private func finishChunk() {
        guard var chunk else { return }
        self.chunk = nil
        chunk.flush(render: render, write: write)
        chunk.finish(write: write)
        written = chunk.summary
    }
}
