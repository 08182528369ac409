import TWModel
import TWSupport

/// Findings a team accepted, each with a reason (`twhost diff --allow FILE`):
///
/// ```json
/// { "twhostAllow": 1,
///   "allow": [{ "fingerprint": "slot-reordered/motion/tilt", "reason": "shipped with the 2.0 redesign" }] }
/// ```
///
/// A fingerprint is `rule/plugin/registration` (`rule/plugin/version` for
/// version findings). One that does not have that form, or names a rule that
/// cannot be allowed, is an error; one that matches no finding is a
/// `stale-allowlist` warning; one listed twice is a `duplicate-allowlist`
/// warning, and the first entry's reason applies.
public struct Allowlist: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var fingerprint: String
        public var reason: String
        /// Where the entry's object starts in the file.
        public var location: SourceLocation
        /// Its index in `allow`, for JSON-pointer messages.
        public var index: Int
    }
    public var file: String
    public var entries: [Entry]

    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads the file's structure; fingerprints are checked by `validate`.
    public static func read(_ bytes: [UInt8], file: String = "") throws(ReadError) -> Allowlist {
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
            entries.append(
                Entry(
                    fingerprint: fingerprint, reason: reason,
                    location: SourceLocation(file: file, line: item.line, column: item.column), index: i))
        }
        return Allowlist(file: file, entries: entries)
    }

    /// Why a fingerprint is not one, or nil when it has the form
    /// `rule/plugin/registration` with a rule that can be allowed.
    public static func problem(with fingerprint: String) -> String? {
        let parts = fingerprint.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            return "expected three parts separated by '/'"
        }
        guard let rule = DiffRule(rawValue: parts[0]) else { return "'\(parts[0])' is not a rule id" }
        guard rule.allowable else { return "\(rule.id) findings are fixed in the input, not allowed" }
        guard isValidPluginName(parts[1]) else { return "'\(parts[1])' is not a plugin name" }
        guard parts[2].unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
            return "'\(parts[2])' has spaces or control characters"
        }
        return nil
    }

    /// One error per malformed entry, each with the expected form and the
    /// nearest fingerprint this diff found; empty when every entry is well formed.
    public func validate(against findings: [DiffFinding]) -> [ReadError] {
        let real = findings.filter(\.rule.allowable).map(\.fingerprint)
        return entries.compactMap { entry in
            guard let problem = Self.problem(with: entry.fingerprint) else { return nil }
            var nearest: (String, Int)?
            for candidate in real {
                let d = Suggestion.distance(entry.fingerprint, candidate)
                if let best = nearest,
                    d > best.1 || (d == best.1 && !candidate.utf8.lexicographicallyPrecedes(best.0.utf8))
                {
                    continue
                }
                nearest = (candidate, d)
            }
            let suggestion =
                nearest.map { "; did you mean '\($0.0)' (the nearest fingerprint of this diff)?" }
                ?? "; this diff has no findings to allow"
            return ReadError(
                message:
                    "\(file):\(entry.location.line): /allow/\(entry.index)/fingerprint: '\(entry.fingerprint)' is not a fingerprint (\(problem)): write rule/plugin/registration, such as slot-reordered/motion/tilt\(suggestion)"
            )
        }
    }

    /// Marks allowed findings and returns the allowlist's own findings:
    /// `stale-allowlist` for entries that match nothing, `duplicate-allowlist`
    /// for a fingerprint listed again (the first reason applies).
    public func apply(to findings: inout [DiffFinding]) -> [DiffFinding] {
        var first: [String: Entry] = [:]
        var notes: [DiffFinding] = []
        for entry in entries {
            if let earlier = first[entry.fingerprint] {
                var f = DiffFinding(
                    .duplicateAllowlist, .allowlistEntry(fingerprint: entry.fingerprint),
                    why:
                        "listed on line \(earlier.location.line) (reason \"\(earlier.reason)\") and again on line \(entry.location.line) (reason \"\(entry.reason)\"); the first reason applies",
                    changes: [
                        .init(field: "line \(earlier.location.line)", before: earlier.reason, after: earlier.reason),
                        .init(field: "line \(entry.location.line)", before: entry.reason, after: entry.reason),
                    ])
                f.location = .line(entry.location)
                f.related = [.init(location: .line(earlier.location), note: "the first entry, whose reason applies")]
                notes.append(f)
            } else {
                first[entry.fingerprint] = entry
            }
        }
        var used = Set<String>()
        for i in findings.indices where findings[i].rule.allowable {
            if let entry = first[findings[i].fingerprint] {
                findings[i].allowedBecause = entry.reason
                used.insert(entry.fingerprint)
            }
        }
        for entry in entries where !used.contains(entry.fingerprint) && first[entry.fingerprint] == entry {
            var f = DiffFinding(
                .staleAllowlist, .allowlistEntry(fingerprint: entry.fingerprint),
                why: "it matches no finding of this diff, so it allows nothing",
                changes: [.init(field: "reason", before: entry.reason, after: entry.reason)])
            f.location = .line(entry.location)
            notes.append(f)
        }
        return notes
    }
}
