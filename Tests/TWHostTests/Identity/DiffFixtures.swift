import Foundation

@testable import TWHost

/// Base and head builds of `Tests/Fixtures/plugins/versioned.c` (and, when
/// asked, its partner plugin) in folders of their own, compiled by the tests.
struct VersionedBuilds {
    let root: String
    let base: String
    let head: String

    /// - Parameters:
    ///   - base, head: the macros of each build (see versioned.c), e.g.
    ///     `["REORDER"]` or `["VERSION=\"2.0.0\""]`.
    ///   - partner: also build the partner plugin on both sides.
    init(base baseDefines: [String] = [], head headDefines: [String], partner: Bool = false) throws {
        root = TestPaths.temporaryDirectory("diff")
        base = root + "/base"
        head = root + "/head"
        for (folder, defines) in [(base, baseDefines), (head, headDefines)] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FixtureCompiler.build(name: "versioned", defines: defines, source: Self.source, in: folder)
            if partner {
                try FixtureCompiler.build(
                    name: "partner", defines: ["PARTNER"] + defines, source: Self.source, in: folder)
            }
        }
    }

    static let source = TestPaths.repository + "/Tests/Fixtures/plugins/versioned.c"

    /// `twhost registry -o FILE` of one side; returns the file.
    func snapshot(_ folder: String, plugins: String = "versioned", to file: String) throws -> String {
        let result = try twhost([
            "registry", "--plugins", plugins, "--plugin-path", folder, "--no-default-path", "-o", file,
        ])
        guard result.status == 0 else { throw FixtureError.compileFailed(name: file, output: result.stderr) }
        return file
    }
}

/// Reading `twhost diff --format json` and SARIF in tests.
enum DiffOutput {
    static func parse(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    static func findings(_ json: String) throws -> [JSONNode] {
        guard let f = ResolveOutput.field(try parse(json), "findings"), case .array(let items) = f.value else {
            return []
        }
        return items
    }

    static func rules(_ json: String) throws -> [String] {
        try findings(json).compactMap { ResolveOutput.string($0, "rule") }
    }

    static func strings(_ node: JSONNode?) -> [String] {
        guard let node, case .array(let items) = node.value else { return [] }
        return items.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
    }

    static func number(_ node: JSONNode?, _ key: String) -> Double? {
        guard let node, let v = ResolveOutput.field(node, key), case .number(let n) = v.value else { return nil }
        return n
    }

    /// A member path such as `["runs", 0, "results"]`.
    static func at(_ node: JSONNode, _ path: [Any]) -> JSONNode? {
        var current: JSONNode? = node
        for step in path {
            guard let c = current else { return nil }
            if let key = step as? String {
                current = ResolveOutput.field(c, key)
            } else if let index = step as? Int, case .array(let items) = c.value, index < items.count {
                current = items[index]
            } else {
                return nil
            }
        }
        return current
    }

    static func array(_ node: JSONNode?) -> [JSONNode] {
        if let node, case .array(let items) = node.value { return items }
        return []
    }

    static let sarifValidator: SchemaValidator = {
        let path = TestPaths.repository + "/Tests/Fixtures/sarif-2.1.0-required.schema.json"
        return try! SchemaValidator(schema: Array(try! Data(contentsOf: URL(fileURLWithPath: path))))
    }()
}

extension String {
    /// Writes the text to a file (tests only).
    func write(to path: String) throws { try write(toFile: path, atomically: true, encoding: .utf8) }
}
