import Synchronization
import TWModel
import TWResolution
import TWSupport

/// Chain entries as the JSON and compact reports write them (SPEC §7). An
/// entry the resolver hands to many surfaces (`ChainEntry.isShared`: a
/// memoised styling step or plugin slot) is rendered once, by the first
/// thread that writes it, and its bytes are kept with the entry.
extension SceneReport {
    /// An entry's JSON object; `shared` when it is the one kept with a shared entry.
    final class RenderedEntry: Sendable {
        let bytes: [UInt8]
        let shared: Bool
        /// The entry's number in the compact report that numbered it last
        /// (`CompactReport.Tables.packed`), 0 before: read without a lock.
        let compactNumber = Atomic<UInt64>(0)
        init(_ bytes: [UInt8], shared: Bool) {
            self.bytes = bytes
            self.shared = shared
        }
    }

    /// One chain entry as a JSON object.
    static func writeEntry(_ entry: ChainEntry, to w: ByteWriter) {
        guard entry.isShared else { return renderEntry(entry, to: w) }
        withRendered(entry) { w.append(bytes: $0.bytes) }
    }

    /// `body` of a shared entry's rendering, made now if no thread made it
    /// yet; a rendering kept already is read without a reference counted.
    static func withRendered<Result>(_ entry: ChainEntry, _ body: (RenderedEntry) -> Result) -> Result {
        let kept: Result? = entry.withReportMemo { memo in
            // Only this layer keeps anything with an entry: a `RenderedEntry`.
            memo.map { body(unsafeDowncast($0, to: RenderedEntry.self)) }
        }
        return kept ?? body(rendered(entry))
    }

    /// A shared entry's rendering, made now if no thread made it yet.
    static func rendered(_ entry: ChainEntry) -> RenderedEntry {
        if let known = entry.reportMemo as? RenderedEntry { return known }
        let w = ByteWriter()
        renderEntry(entry, to: w)
        let kept = entry.keepReportMemo(RenderedEntry(w.bytes, shared: true))
        // Only this layer keeps anything with an entry.
        return kept as? RenderedEntry ?? RenderedEntry(w.bytes, shared: false)
    }

    /// One chain entry as a JSON object, rendered now.
    static func renderEntry(_ entry: ChainEntry, to w: ByteWriter) {
        w.append("{\"phase\": \"")
        w.append(entry.phase.rawValue)
        let active = entry.active == true
        switch entry.origin {
        case .registration(let name, let plugin):
            w.append("\", \"origin\": \"registration\", \"name\": ")
            w.appendJSONString(name)
            w.append(", \"plugin\": ")
            w.appendJSONString(plugin)
            w.append(active ? ", \"active\": true, \"modifier\": " : ", \"active\": false, \"modifier\": ")
        case .source(let name, let location):
            w.append("\", \"origin\": \"source\", \"name\": ")
            w.appendJSONString(name)
            w.append(", \"plugin\": null, \"location\": ")
            location.writeJSON(to: w)
            w.append(active ? ", \"active\": true, \"modifier\": " : ", \"active\": false, \"modifier\": ")
        case .builtin(let property):
            w.append("\", \"origin\": \"builtin\", \"property\": ")
            w.appendJSONString(property)
            w.append(", \"class\": ")
            w.appendJSONString(entry.className)
            w.append(", \"modifier\": ")
        }
        entry.modifier.writeSwiftCodeJSON(to: w)
        w.append("}")
    }
}
