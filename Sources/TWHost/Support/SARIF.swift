/// A SARIF 2.1.0 log with one run of twhost, for `diff` and `plugins check`.
public enum SARIF {
    /// - Parameters:
    ///   - rules: the driver's rule table (`reportingDescriptor` objects).
    ///   - results: `result` objects; each names its rule by id and index.
    public static func log(rules: [JSONValue], results: [JSONValue]) -> JSONValue {
        let driver: JSONValue = .object([
            ("name", .string("twhost")), ("version", .string(TWHostVersion.string)), ("rules", .array(rules)),
        ])
        let run: JSONValue = .object([("tool", .object([("driver", driver)])), ("results", .array(results))])
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }
}
