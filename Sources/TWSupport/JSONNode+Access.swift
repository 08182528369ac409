/// Reading parsed JSON by key and kind (the language server's messages).
extension JSONNode {
    /// An object's member, nil when absent or not an object.
    public subscript(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.node
    }
    public var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }
    public var bool: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }
    public var double: Double? {
        if case .number(let n) = value { return n }
        return nil
    }
    /// A whole number that fits an `Int`.
    public var int: Int? {
        guard case .number(let n) = value, n == n.rounded(), abs(n) < 9e15 else { return nil }
        return Int(n)
    }
    public var array: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }
    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
    /// The same value for writing back.
    public var jsonValue: JSONValue {
        switch value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.jsonValue))
        case .object(let members): return .object(members.map { ($0.key, $0.node.jsonValue) })
        }
    }
}
