import TWLoading
import TWModel
import TWSupport

/// `resolve --format compact` (SPEC §7, "Output size"): the JSON report's
/// information with each distinct chain entry, tail (every field after the
/// chain) and identity written once, in tables after the surfaces, and each
/// surface referring to them by index. Schema: `schema/resolve-compact.schema.json`.
///
/// Surfaces are rendered on any thread (`render`); the tables are filled in
/// input order by one writer, so indices never depend on threads.
public final class CompactReport {
    /// One surface rendered, before its parts are given indices.
    public struct Rendered: Sendable {
        var head: [UInt8]
        var identity: String
        var scope: [UInt8]
        /// Each entry's JSON object: a shared entry's rendering is the one
        /// kept with it, the same object for every surface.
        var entries: [SceneReport.RenderedEntry]
        var tail: [UInt8]
    }

    private let w: ByteWriter
    private var entries = Table<[UInt8]>()
    /// Table indices of the shared renderings met so far, by object (each
    /// kept alive in `keptRenderings`, so an identity is never reused): a
    /// shared entry is looked up without hashing its bytes.
    private var sharedIndex: [ObjectIdentifier: Int] = [:]
    private var keptRenderings: [SceneReport.RenderedEntry] = []
    private var tails = Table<[UInt8]>()
    private var identities = Table<String>()
    private var count = 0

    /// Distinct values in order of first use.
    struct Table<Key: Hashable> {
        var index: [Key: Int] = [:]
        var values: [Key] = []

        mutating func id(_ key: Key) -> Int {
            if let known = index[key] { return known }
            index[key] = values.count
            values.append(key)
            return values.count - 1
        }
    }

    public init(writer: ByteWriter) { w = writer }

    /// A surface's parts as the JSON format writes them.
    public static func render(_ record: SurfaceRecord) -> Rendered {
        let head = ByteWriter()
        SceneReport.writeHead(record, to: head)
        let scope = ByteWriter()
        SceneReport.writeScope(record, to: scope)
        let entries = record.surface.chain.map { entry -> SceneReport.RenderedEntry in
            if entry.isShared { return SceneReport.rendered(entry) }
            let e = ByteWriter()
            SceneReport.renderEntry(entry, to: e)
            return SceneReport.RenderedEntry(e.bytes, shared: false)
        }
        let tail = ByteWriter()
        tail.append("{")
        SceneReport.writeTail(record, to: tail)
        tail.append("}")
        return Rendered(
            head: head.bytes, identity: record.surface.identity, scope: scope.bytes, entries: entries,
            tail: tail.bytes)
    }

    /// `{"twhost": 1, "format": "compact", "plugins": […], "surfaces": [`.
    public func writeHeader(plugins: [PluginInfo]) {
        w.append("{\"twhost\": \(SceneReport.jsonVersion), \"format\": \"compact\",\n\"plugins\": ")
        w.append(
            JSONValue.array(
                plugins.map {
                    .object([("name", .string($0.name)), ("version", .string($0.version)), ("path", .string($0.path))])
                }))
        w.append(",\n\"surfaces\": [")
    }

    /// One surface a line: its own fields, then indices into the tables.
    public func write(_ surface: Rendered) {
        w.append(count == 0 ? "\n{" : ",\n{")
        count += 1
        w.append(bytes: surface.head)
        w.append(", \"identity\": ")
        w.appendNumber(Double(identities.id(surface.identity)))
        w.append(", \"scope\": ")
        w.append(bytes: surface.scope)
        w.append(", \"chain\": [")
        for (i, entry) in surface.entries.enumerated() {
            if i > 0 { w.append(", ") }
            w.appendNumber(Double(id(entry)))
        }
        w.append("], \"tail\": ")
        w.appendNumber(Double(tails.id(surface.tail)))
        w.append("}")
    }

    /// An entry's index in the table: a shared rendering's by identity once
    /// met, any other by its bytes (the same index for the same bytes).
    private func id(_ entry: SceneReport.RenderedEntry) -> Int {
        let key = ObjectIdentifier(entry)
        if let known = sharedIndex[key] { return known }
        let index = entries.id(entry.bytes)
        if entry.shared, sharedIndex.count < 1 << 16 {
            sharedIndex[key] = index
            keptRenderings.append(entry)
        }
        return index
    }

    /// The tables, then backing-only nodes, diagnostics and summary as in the JSON format.
    public func writeFooter(_ resolution: SceneResolution) {
        w.append(count == 0 ? "],\n" : "\n],\n")
        writeTable("identities", identities.values.map { Array("\"\($0)\"".utf8) })
        writeTable("entries", entries.values)
        writeTable("tails", tails.values)
        SceneReport.writeFooterFields(resolution, to: w)
    }

    /// `"name": [` one item a line `],`.
    private func writeTable(_ name: String, _ items: [[UInt8]]) {
        w.append("\"\(name)\": [")
        for (i, item) in items.enumerated() {
            w.append(i == 0 ? "\n" : ",\n")
            w.append(bytes: item)
        }
        w.append(items.isEmpty ? "],\n" : "\n],\n")
    }
}
