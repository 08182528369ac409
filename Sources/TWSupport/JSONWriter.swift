/// A JSON value whose objects keep their keys in the order given, so output
/// never depends on hashing.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Serialized with two-space indentation, or compact.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : -1)
        return out
    }

    /// Serialized on one line with a space after each `:` and `,`, for
    /// files with one record per line (registry snapshots): still JSON, and
    /// line-oriented tools (diff, blame, review comments) see one record.
    public func serializedOnOneLine() -> String {
        var out = ""
        writeInline(into: &out)
        return out
    }

    private func writeInline(into out: inout String) {
        switch self {
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                item.writeInline(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += ", " }
                JSONValue.quote(key, into: &out)
                out += ": "
                value.writeInline(into: &out)
            }
            out += "}"
        default:
            write(into: &out, indent: -1)
        }
    }

    func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.format(n)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent + 1, compact: indent < 0)
                item.write(into: &out, indent: indent < 0 ? -1 : indent + 1)
            }
            newline(&out, indent, compact: indent < 0)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent + 1, compact: indent < 0)
                JSONValue.quote(key, into: &out)
                out += indent < 0 ? ":" : ": "
                value.write(into: &out, indent: indent < 0 ? -1 : indent + 1)
            }
            newline(&out, indent, compact: indent < 0)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ level: Int, compact: Bool) {
        guard !compact else { return }
        out += "\n"
        out += String(repeating: "  ", count: level)
    }

    package static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        var s = s
        s.withUTF8 { utf8 in JSONEscape.pieces(of: utf8) { out += String(decoding: $0, as: UTF8.self) } }
        out += "\""
    }
}
