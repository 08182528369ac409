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
    /// One surface rendered: its head, its scope and its chain entries'
    /// numbers in `tables` (each an `Int`'s bytes: no array to allocate for
    /// every surface) are its bytes of the run (`render`'s writer); its tail
    /// and identity are numbers in `tables`.
    public struct Rendered: Sendable {
        var headCount: Int
        var scopeCount: Int
        var entryCount: Int
        var identity: Int
        var tail: Int
        /// All its bytes of the run.
        var byteCount: Int { headCount + scopeCount + entryCount * MemoryLayout<Int>.size }
    }

    private let w: ByteWriter
    /// What every rendering thread looks parts up in.
    public let tables = Tables()
    // The fields below are the writer's: one thread uses them, and no method
    // calls out while it changes them, so no access can overlap and they go
    // without dynamic exclusivity checks (two a table index, every index of
    // every surface, were a sixth of the compact format's own cost).
    /// Per kind, each table number's index in the report (-1 before its first use)…
    @exclusivity(unchecked) private var entryIndex: [Int] = []
    @exclusivity(unchecked) private var tailIndex: [Int] = []
    @exclusivity(unchecked) private var identityIndex: [Int] = []
    /// …and the numbers in order of first use.
    @exclusivity(unchecked) private var entryOrder: [Int] = []
    @exclusivity(unchecked) private var tailOrder: [Int] = []
    @exclusivity(unchecked) private var identityOrder: [Int] = []
    @exclusivity(unchecked) private var count = 0

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
            var tails = Table()
            /// Each identity's bytes.
            var identities = Table()
        }

        let state = Mutex(State())
        /// Never reused, unlike an object's address: a number kept for one
        /// report's tables is never taken for another's.
        let serial = Tables.nextSerial.add(1, ordering: .relaxed).newValue
        private static let nextSerial = Atomic<UInt64>(0)

        /// A number of these tables as a shared rendering keeps it: the
        /// serial above the low 24 bits, the number plus one in them.
        func packed(_ number: Int) -> UInt64? {
            number + 1 < 1 << 24 ? serial << 24 | UInt64(number + 1) : nil
        }

        /// The number a shared rendering keeps for these tables, if any.
        func number(kept rendering: SceneReport.RenderedEntry) -> Int? {
            let packed = rendering.compactNumber.load(ordering: .relaxed)
            guard packed >> 24 == serial, packed & 0xff_ffff != 0 else { return nil }
            return Int(packed & 0xff_ffff) - 1
        }

        /// A chain entry `render` could not number without the tables' lock.
        enum Entry {
            /// The rendering kept with a shared entry, not numbered yet.
            case shared(SceneReport.RenderedEntry)
            /// The bytes of an entry rendered for this surface alone.
            case bytes(Key)
        }

        /// A part of a surface as `render` hands it over: numbered already
        /// (the thread's last of its kind), or its bytes.
        enum Part {
            case number(Int)
            case bytes(Key)
        }

        /// Numbers the rest of a surface's parts: each entry of `pending`
        /// at its place in `entries` (a shared entry by its rendering's bytes,
        /// its number then kept with the rendering; any other by its bytes:
        /// the same number for the same bytes), the tail and identity by
        /// their values. No lock when everything is numbered already.
        func number(
            _ entries: UnsafeMutableBufferPointer<Int>, pending: [(index: Int, entry: Entry)], tail: Part,
            identity: Part
        ) -> (tail: Int, identity: Int) {
            if pending.isEmpty, case .number(let t) = tail, case .number(let i) = identity { return (t, i) }
            return state.withLock { state in
                for (index, entry) in pending {
                    switch entry {
                    case .bytes(let key): entries[index] = state.entries.number(key)
                    case .shared(let rendering):
                        let number = state.entries.number(Key(rendering.bytes))
                        if let packed = packed(number) { rendering.compactNumber.store(packed, ordering: .relaxed) }
                        entries[index] = number
                    }
                }
                func numbered(_ part: Part, _ table: inout Table) -> Int {
                    switch part {
                    case .number(let n): n
                    case .bytes(let key): table.number(key)
                    }
                }
                return (numbered(tail, &state.tails), numbered(identity, &state.identities))
            }
        }
    }

    /// The last few tails and the last identity a thread numbered, for one
    /// report's tables: most surfaces share one of a few tails and their
    /// identity with the surface before, which are then compared, not hashed
    /// and looked up under the tables' lock.
    /// Used by one thread alone, with no call out while a field changes:
    /// no dynamic exclusivity checks.
    final class LastParts {
        @exclusivity(unchecked) var serial: UInt64 = 0
        /// The last tails numbered, by their bytes…
        @exclusivity(unchecked) var tails = Recent<(bytes: [UInt8], number: Int)>()
        /// …and by their key (`SceneReport.TailKey`), compared without rendering the tail.
        @exclusivity(unchecked) var keyedTails = Recent<(key: SceneReport.TailKey, number: Int)>()
        @exclusivity(unchecked) var identity = ""
        @exclusivity(unchecked) var identityNumber = -1
        /// The last scope written and its bytes (the same for every table).
        @exclusivity(unchecked) var scope: [String]?
        @exclusivity(unchecked) var scopeBytes: [UInt8] = []

        /// The last few values kept, the oldest replaced first.
        struct Recent<Element> {
            private(set) var items: [Element] = []
            private var next = 0
            static var limit: Int { 4 }

            mutating func keep(_ item: Element) {
                if items.count < Self.limit {
                    items.append(item)
                } else {
                    items[next] = item
                    next = (next + 1) % Self.limit
                }
            }

            mutating func removeAll() {
                items.removeAll()
                next = 0
            }
        }

        /// Empties the parts when they are of other tables.
        func use(_ tables: Tables) {
            guard serial != tables.serial else { return }
            serial = tables.serial
            tails.removeAll()
            keyedTails.removeAll()
            identityNumber = -1
        }

        /// The number of a keyed tail's record (`SceneReport.keyedTail`), if it is one of the last.
        func tailNumber(keyed record: SurfaceRecord) -> Int? {
            for i in keyedTails.items.indices where keyedTails.items[i].key.matches(record) {
                return keyedTails.items[i].number
            }
            return nil
        }

        /// Writes the record's scope, copying the bytes of the last one when it is the same.
        func writeScope(_ record: SurfaceRecord, to w: ByteWriter) {
            if let scope, scope == record.scopePlugins {
                w.append(bytes: scopeBytes)
                return
            }
            let start = w.count
            SceneReport.writeScope(record, to: w)
            scope = record.scopePlugins
            scopeBytes = w.bytes(in: start..<w.count)
        }

        /// The number of the tail buffered in `w` from `start` on, if it is one of the last.
        func tailNumber(_ w: ByteWriter, from start: Int) -> Int? {
            tails.items.first { w.bytesEqual(from: start, $0.bytes) }?.number
        }

        /// This thread's, used by that thread alone.
        static var current: LastParts { perThread.current }
        private static let perThread = ThreadLocal { LastParts() }
    }

    public init(writer: ByteWriter) { w = writer }

    /// A surface's parts as the JSON format writes them: head and scope
    /// into `w`, the rest numbered in `tables`.
    public static func render(_ record: SurfaceRecord, tables: Tables, into w: ByteWriter) -> Rendered {
        let start = w.count
        SceneReport.writeHead(record, to: w)
        let headEnd = w.count
        let last = LastParts.current
        last.use(tables)
        last.writeScope(record, to: w)
        let scopeEnd = w.count
        let chain = record.surface.chain
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: chain.count) { entries in
            entries.initialize(repeating: -1)
            // A shared entry numbered before is its kept number; any other entry
            // is numbered under the tables' lock (`pending`), entries not shared
            // rendered and hashed here, outside it.
            var pending: [(index: Int, entry: Tables.Entry)] = []
            // Entries read in place: a copy of each would count a reference.
            chain.withUnsafeBufferPointer { chain in
                for i in chain.indices {
                    if chain[i].isShared {
                        SceneReport.withRendered(chain[i]) { rendering in
                            if !rendering.shared {
                                pending.append((i, .bytes(Tables.Key(rendering.bytes))))
                            } else if let known = tables.number(kept: rendering) {
                                entries[i] = known
                            } else {
                                pending.append((i, .shared(rendering)))
                            }
                        }
                    } else {
                        SceneReport.renderEntry(chain[i], to: w)
                        pending.append((i, .bytes(Tables.Key(w.takeBytes(from: scopeEnd)))))
                    }
                }
            }
            // A tail made of its key alone is known by the key, not rendered.
            let keyed = SceneReport.keyedTail(record)
            var keyKnown = false
            var tailBytes: [UInt8]?
            let tail: Tables.Part
            if keyed, let known = last.tailNumber(keyed: record) {
                keyKnown = true
                tail = .number(known)
            } else {
                w.append("{")
                SceneReport.writeTail(record, to: w)
                w.append("}")
                if let known = last.tailNumber(w, from: scopeEnd) {
                    w.truncate(to: scopeEnd)
                    tail = .number(known)
                } else {
                    let bytes = w.takeBytes(from: scopeEnd)
                    tailBytes = bytes
                    tail = .bytes(Tables.Key(bytes))
                }
            }
            let identityText = record.surface.identity
            let identity: Tables.Part =
                last.identityNumber >= 0 && last.identity == identityText
                ? .number(last.identityNumber) : .bytes(Tables.Key(Array(identityText.utf8)))
            let numbers = tables.number(entries, pending: pending, tail: tail, identity: identity)
            if let tailBytes { last.tails.keep((tailBytes, numbers.tail)) }
            if keyed && !keyKnown { last.keyedTails.keep((SceneReport.TailKey(record), numbers.tail)) }
            if case .bytes = identity {
                last.identity = identityText
                last.identityNumber = numbers.identity
            }
            w.append(raw: UnsafeRawBufferPointer(entries))
            return Rendered(
                headCount: headEnd - start, scopeCount: scopeEnd - headEnd, entryCount: chain.count,
                identity: numbers.identity, tail: numbers.tail)
        }
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

    /// A run of surfaces `render` made (nil for none), with the bytes it wrote for them, one a line.
    public func write(_ bytes: [UInt8], _ surfaces: [Rendered?]) {
        bytes.withUnsafeBytes { run in
            var offset = 0
            for case let surface? in surfaces {
                write(UnsafeRawBufferPointer(rebasing: run[offset..<offset + surface.byteCount]), surface)
                offset += surface.byteCount
            }
        }
    }

    /// One surface a line: its own fields, then indices into the tables.
    private func write(_ run: UnsafeRawBufferPointer, _ surface: Rendered) {
        let head = UnsafeRawBufferPointer(rebasing: run[..<surface.headCount])
        let scopeEnd = surface.headCount + surface.scopeCount
        let scope = UnsafeRawBufferPointer(rebasing: run[surface.headCount..<scopeEnd])
        // Fixed text as `StaticString`: a `String` literal's append asks for its storage each time.
        w.append(count == 0 ? "\n{" as StaticString : ",\n{")
        count += 1
        w.append(raw: head)
        w.append(", \"identity\": " as StaticString)
        w.appendInteger(Self.index(surface.identity, &identityIndex, &identityOrder))
        w.append(", \"scope\": " as StaticString)
        w.append(raw: scope)
        w.append(", \"chain\": [" as StaticString)
        w.appendIntegers(count: surface.entryCount) { i in
            let entry = run.loadUnaligned(fromByteOffset: scopeEnd + i * MemoryLayout<Int>.size, as: Int.self)
            return Self.index(entry, &entryIndex, &entryOrder)
        }
        w.append("], \"tail\": " as StaticString)
        w.appendInteger(Self.index(surface.tail, &tailIndex, &tailOrder))
        w.append(UInt8(ascii: "}"))
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
