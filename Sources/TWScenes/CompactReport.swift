import Synchronization
import TWLoading
import TWModel
import TWSupport

/// `resolve --format compact` (SPEC §7, "Output size"): the JSON report's
/// information with each distinct chain entry, tail (every field after the
/// chain) and identity written once, in tables after the surfaces, and each
/// surface referring to them by index. Schema: `schema/resolve-compact.schema.json`.
///
/// Surfaces are rendered on any thread (`render`), which also looks their
/// parts up in the tables (`Tables`: a number for each distinct part, in
/// whatever order threads meet them); the writer, in input order, only turns
/// those numbers into the indices it writes (first use first), so indices
/// never depend on threads and the one thread that writes hashes nothing.
public final class CompactReport {
    /// One surface rendered: its head and scope are the first bytes of its
    /// run (`render`'s writer), its other parts numbers in `tables`.
    public struct Rendered: Sendable {
        var headCount: Int
        var scopeCount: Int
        var identity: Int
        var entries: [Int]
        var tail: Int
    }

    private let w: ByteWriter
    /// What every rendering thread looks parts up in.
    public let tables = Tables()
    /// Per kind, each table number's index in the report (-1 before its first use)…
    private var entryIndex: [Int] = []
    private var tailIndex: [Int] = []
    private var identityIndex: [Int] = []
    /// …and the numbers in order of first use.
    private var entryOrder: [Int] = []
    private var tailOrder: [Int] = []
    private var identityOrder: [Int] = []
    private var count = 0

    /// The distinct parts of the surfaces rendered so far, each with a number.
    public final class Tables: Sendable {
        /// Bytes hashed once, outside the lock, in one pass over the
        /// buffer (an array's own hashing feeds the hasher byte by byte).
        struct Key: Hashable, Sendable {
            let bytes: [UInt8]
            let hash: Int
            init(_ bytes: [UInt8]) {
                self.bytes = bytes
                var hasher = Hasher()
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                hash = hasher.finalize()
            }
            static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
            func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        }

        /// Distinct values in order of numbering.
        struct Table: Sendable {
            var numbers: [Key: Int] = [:]
            var values: [[UInt8]] = []

            mutating func number(_ key: Key) -> Int {
                if let known = numbers[key] { return known }
                numbers[key] = values.count
                values.append(key.bytes)
                return values.count - 1
            }
        }

        struct State: Sendable {
            var entries = Table()
            /// Entry numbers of the shared renderings met so far, by object
            /// (each kept alive in `kept`, so an identity is never reused): a
            /// shared entry is looked up without hashing its bytes.
            var shared: [ObjectIdentifier: Int] = [:]
            var kept: [SceneReport.RenderedEntry] = []
            var tails = Table()
            /// Each identity's bytes.
            var identities = Table()
        }

        let state = Mutex(State())

        /// A chain entry as `render` hands it over.
        enum Entry {
            /// The rendering kept with a shared entry.
            case shared(SceneReport.RenderedEntry)
            /// The bytes of an entry rendered for this surface alone.
            case bytes(Key)
        }

        /// A surface's parts numbered: a shared entry by its rendering's
        /// identity once met, any other entry by its bytes (the same number
        /// for the same bytes), the tail and identity by their values.
        func number(_ entries: [Entry], tail: Key, identity: Key) -> (
            entries: [Int], tail: Int, identity: Int
        ) {
            state.withLock { state in
                var numbers: [Int] = []
                numbers.reserveCapacity(entries.count)
                for entry in entries {
                    switch entry {
                    case .bytes(let key): numbers.append(state.entries.number(key))
                    case .shared(let rendering):
                        let id = ObjectIdentifier(rendering)
                        if let known = state.shared[id] {
                            numbers.append(known)
                            continue
                        }
                        let number = state.entries.number(Key(rendering.bytes))
                        if state.shared.count < 1 << 16 {
                            state.shared[id] = number
                            state.kept.append(rendering)
                        }
                        numbers.append(number)
                    }
                }
                return (numbers, state.tails.number(tail), state.identities.number(identity))
            }
        }
    }

    public init(writer: ByteWriter) { w = writer }

    /// A surface's parts as the JSON format writes them: head and scope
    /// into `w`, the rest numbered in `tables`.
    public static func render(_ record: SurfaceRecord, tables: Tables, into w: ByteWriter) -> Rendered {
        let start = w.count
        SceneReport.writeHead(record, to: w)
        let headEnd = w.count
        SceneReport.writeScope(record, to: w)
        let scopeEnd = w.count
        // Entries not shared are rendered and hashed here, outside the tables' lock.
        var entries: [Tables.Entry] = []
        entries.reserveCapacity(record.surface.chain.count)
        for entry in record.surface.chain {
            if entry.isShared {
                let rendering = SceneReport.rendered(entry)
                entries.append(rendering.shared ? .shared(rendering) : .bytes(Tables.Key(rendering.bytes)))
            } else {
                SceneReport.renderEntry(entry, to: w)
                entries.append(.bytes(Tables.Key(w.takeBytes(from: scopeEnd))))
            }
        }
        w.append("{")
        SceneReport.writeTail(record, to: w)
        w.append("}")
        let tail = Tables.Key(w.takeBytes(from: scopeEnd))
        let numbers = tables.number(entries, tail: tail, identity: Tables.Key(Array(record.surface.identity.utf8)))
        return Rendered(
            headCount: headEnd - start, scopeCount: scopeEnd - headEnd, identity: numbers.identity,
            entries: numbers.entries, tail: numbers.tail)
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

    /// A run of surfaces `render` made, with the bytes it wrote for them, one a line.
    public func write(_ bytes: [UInt8], _ surfaces: [Rendered]) {
        var offset = 0
        for surface in surfaces {
            let head = offset..<offset + surface.headCount
            let scope = head.upperBound..<head.upperBound + surface.scopeCount
            offset = scope.upperBound
            write(head: bytes[head], scope: bytes[scope], surface)
        }
    }

    /// One surface a line: its own fields, then indices into the tables.
    private func write(head: ArraySlice<UInt8>, scope: ArraySlice<UInt8>, _ surface: Rendered) {
        w.append(count == 0 ? "\n{" : ",\n{")
        count += 1
        w.append(bytes: head)
        w.append(", \"identity\": ")
        w.appendInteger(Self.index(surface.identity, &identityIndex, &identityOrder))
        w.append(", \"scope\": ")
        w.append(bytes: scope)
        w.append(", \"chain\": [")
        for (i, entry) in surface.entries.enumerated() {
            if i > 0 { w.append(", ") }
            w.appendInteger(Self.index(entry, &entryIndex, &entryOrder))
        }
        w.append("], \"tail\": ")
        w.appendInteger(Self.index(surface.tail, &tailIndex, &tailOrder))
        w.append("}")
    }

    /// A table number's index in the report, given at its first use.
    private static func index(_ number: Int, _ indices: inout [Int], _ order: inout [Int]) -> Int {
        if number >= indices.count { indices += repeatElement(-1, count: number + 1 - indices.count) }
        if indices[number] < 0 {
            indices[number] = order.count
            order.append(number)
        }
        return indices[number]
    }

    /// The tables, then backing-only nodes, diagnostics and summary as in the JSON format.
    public func writeFooter(_ resolution: SceneResolution) {
        w.append(count == 0 ? "],\n" : "\n],\n")
        let state = tables.state.withLock { $0 }
        let quote = [UInt8(ascii: "\"")]
        writeTable("identities", identityOrder.map { quote + state.identities.values[$0] + quote })
        writeTable("entries", entryOrder.map { state.entries.values[$0] })
        writeTable("tails", tailOrder.map { state.tails.values[$0] })
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
