import TWHost

/// A JSON Schema (2020-12) validator for the keywords twhost's schemas use:
/// type, const, enum, properties, required, additionalProperties, items,
/// min/maxItems, uniqueItems, min/maxProperties, minimum, maximum,
/// min/maxLength, anyOf, oneOf, format (`uri` and `uri-reference`, RFC 3986)
/// and local `$ref`s. Unknown keywords and formats fail loudly so that a
/// schema cannot silently check less than it says.
struct SchemaValidator {
    let root: JSONNode
    static let known: Set<String> = [
        "$schema", "$id", "title", "description", "type", "const", "enum", "properties", "required",
        "additionalProperties", "items", "minItems", "maxItems", "minProperties", "maxProperties", "minimum", "maximum",
        "minLength", "maxLength", "anyOf", "oneOf", "$ref", "$defs", "uniqueItems", "format",
    ]

    init(schema: [UInt8]) throws { root = try JSONParser.parse(schema) }

    /// Every violation, as "path: message".
    func validate(_ instance: JSONNode) -> [String] {
        var errors: [String] = []
        check(instance, root, "", &errors)
        return errors
    }

    private func members(_ node: JSONNode) -> [JSONMember] {
        if case .object(let m) = node.value { return m }
        return []
    }

    private func lookup(_ ref: String) -> JSONNode? {
        guard ref.hasPrefix("#/") else { return nil }
        var node = root
        for part in ref.dropFirst(2).split(separator: "/") {
            guard let next = members(node).first(where: { $0.key == String(part) })?.node else { return nil }
            node = next
        }
        return node
    }

    private func typeName(_ node: JSONNode) -> [String] {
        switch node.value {
        case .null: return ["null"]
        case .bool: return ["boolean"]
        case .number(let n): return n == n.rounded() ? ["number", "integer"] : ["number"]
        case .string: return ["string"]
        case .array: return ["array"]
        case .object: return ["object"]
        }
    }

    private func equal(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            // Objects are equal with the same members in any order (JSON Schema's instance equality).
            return x.count == y.count
                && x.allSatisfy { m in y.first(where: { $0.key == m.key }).map { equal(m.node, $0.node) } ?? false }
        default: return false
        }
    }

    /// RFC 3986: a URI reference uses only unreserved, reserved and
    /// percent-encoded characters; a URI also starts with a scheme.
    static func isURI(_ text: String, reference: Bool) -> Bool {
        let bytes = Array(text.utf8)
        func isAlpha(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102) }
        let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else { return false }
                i += 3
                continue
            }
            guard isAlpha(b) || isDigit(b) || allowed.contains(b) else { return false }
            i += 1
        }
        if reference { return true }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]) else { return false }
        return bytes[1..<colon].allSatisfy { isAlpha($0) || isDigit($0) || $0 == 43 || $0 == 45 || $0 == 46 }
    }

    private func check(_ node: JSONNode, _ schema: JSONNode, _ path: String, _ errors: inout [String]) {
        if case .bool(let allowed) = schema.value {
            if !allowed { errors.append("\(path): not allowed") }
            return
        }
        for keyword in members(schema) {
            let k = keyword.key
            let v = keyword.node
            switch k {
            case "$schema", "$id", "title", "description", "$defs": break
            case "$ref":
                guard case .string(let ref) = v.value, let target = lookup(ref) else {
                    errors.append("\(path): unresolvable $ref")
                    continue
                }
                check(node, target, path, &errors)
            case "type":
                var allowed: [String] = []
                if case .string(let t) = v.value { allowed = [t] }
                if case .array(let ts) = v.value {
                    allowed = ts.compactMap { if case .string(let t) = $0.value { return t } else { return nil } }
                }
                if Set(allowed).isDisjoint(with: typeName(node)) {
                    errors.append("\(path): expected \(allowed), got \(typeName(node)[0])")
                }
            case "const":
                if !equal(node, v) { errors.append("\(path): not the constant") }
            case "enum":
                if case .array(let options) = v.value, !options.contains(where: { equal(node, $0) }) {
                    errors.append("\(path): not one of the allowed values")
                }
            case "properties":
                for p in members(v) {
                    if let child = members(node).first(where: { $0.key == p.key }) {
                        check(child.node, p.node, path + "/" + p.key, &errors)
                    }
                }
            case "required":
                if case .object = node.value, case .array(let names) = v.value {
                    for n in names {
                        if case .string(let name) = n.value, !members(node).contains(where: { $0.key == name }) {
                            errors.append("\(path): missing required '\(name)'")
                        }
                    }
                }
            case "additionalProperties":
                guard case .object(let fields) = node.value else { continue }
                let declared = Set(
                    members(members(schema).first(where: { $0.key == "properties" })?.node ?? schema).map(\.key))
                for f in fields where !declared.contains(f.key) { check(f.node, v, path + "/" + f.key, &errors) }
            case "items":
                if case .array(let items) = node.value {
                    for (i, item) in items.enumerated() { check(item, v, "\(path)/\(i)", &errors) }
                }
            case "minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength":
                guard case .number(let limit) = v.value else { continue }
                var count: Int?
                switch node.value {
                case .array(let a) where k.hasSuffix("Items"): count = a.count
                case .object(let o) where k.hasSuffix("Properties"): count = o.count
                case .string(let s) where k.hasSuffix("Length"): count = s.count
                default: count = nil
                }
                if let count, k.hasPrefix("min") ? count < Int(limit) : count > Int(limit) {
                    errors.append("\(path): \(k) \(Int(limit))")
                }
            case "uniqueItems":
                guard case .bool(true) = v.value, case .array(let items) = node.value else { continue }
                for i in items.indices {
                    for j in items.indices where j > i && equal(items[i], items[j]) {
                        errors.append("\(path): items \(i) and \(j) are equal (uniqueItems)")
                    }
                }
            case "format":
                guard case .string(let format) = v.value, format == "uri" || format == "uri-reference" else {
                    errors.append("\(path): format \(v.value) is not supported by the test validator")
                    continue
                }
                if case .string(let text) = node.value, !Self.isURI(text, reference: format == "uri-reference") {
                    errors.append("\(path): '\(text)' is not a valid \(format)")
                }
            case "minimum", "maximum":
                if case .number(let limit) = v.value, case .number(let n) = node.value,
                    k == "minimum" ? n < limit : n > limit
                {
                    errors.append("\(path): \(k) \(limit)")
                }
            case "anyOf", "oneOf":
                guard case .array(let options) = v.value else { continue }
                let passing = options.filter { option in
                    var scratch: [String] = []
                    check(node, option, path, &scratch)
                    return scratch.isEmpty
                }.count
                if passing == 0 || (k == "oneOf" && passing > 1) {
                    errors.append("\(path): \(k) matched \(passing) schemas")
                }
            default:
                errors.append("\(path): schema keyword '\(k)' is not supported by the test validator")
            }
        }
    }
}
