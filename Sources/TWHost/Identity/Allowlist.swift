/// Findings a team accepted, each with a reason (`twhost diff --allow FILE`):
///
/// ```json
/// { "twhostAllow": 1,
///   "allow": [{ "fingerprint": "slot-reordered/motion/tilt", "reason": "shipped with the 2.0 redesign" }] }
/// ```
public struct Allowlist: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var fingerprint: String
        public var reason: String
    }
    public var entries: [Entry]

    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func read(_ bytes: [UInt8]) throws(ReadError) -> Allowlist {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ReadError(message: "not valid JSON: \(error.description)")
        }
        guard case .object(let top) = root.value,
            let version = top.first(where: { $0.key == "twhostAllow" })?.node, case .number(1) = version.value
        else { throw ReadError(message: "not a twhost allowlist: expected {\"twhostAllow\": 1, \"allow\": [...]}") }
        guard let list = top.first(where: { $0.key == "allow" })?.node, case .array(let items) = list.value else {
            throw ReadError(message: "/allow: expected an array")
        }
        var entries: [Entry] = []
        for (i, item) in items.enumerated() {
            guard case .object(let m) = item.value else {
                throw ReadError(message: "/allow/\(i): expected an object (line \(item.line))")
            }
            guard let f = m.first(where: { $0.key == "fingerprint" })?.node, case .string(let fingerprint) = f.value,
                !fingerprint.isEmpty
            else {
                throw ReadError(
                    message:
                        "/allow/\(i)/fingerprint: expected a fingerprint such as slot-reordered/motion/tilt (line \(item.line))"
                )
            }
            guard let r = m.first(where: { $0.key == "reason" })?.node, case .string(let reason) = r.value,
                !reason.trimmingASCIIWhitespace().isEmpty
            else {
                throw ReadError(
                    message:
                        "/allow/\(i): '\(fingerprint)' has no reason; every allowed finding needs one (line \(item.line))"
                )
            }
            entries.append(Entry(fingerprint: fingerprint, reason: reason))
        }
        return Allowlist(entries: entries)
    }

    /// Marks allowed findings; returns the entries that matched nothing (stale).
    public func apply(to findings: inout [DiffFinding]) -> [Entry] {
        var used = Set<String>()
        for i in findings.indices {
            if let entry = entries.first(where: { $0.fingerprint == findings[i].fingerprint }) {
                findings[i].allowedBecause = entry.reason
                used.insert(entry.fingerprint)
            }
        }
        return entries.filter { !used.contains($0.fingerprint) }
    }
}
