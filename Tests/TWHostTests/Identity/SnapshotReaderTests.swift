import Foundation
import TWModel
import Testing

@testable import TWHost
@testable import TWIdentity

/// The one-pass snapshot reader: it takes every file `twhost registry`
/// writes, and on any file whatsoever `RegistrySnapshot.read` answers what
/// the JSON-tree reader answers — the same snapshot, positions and misorder,
/// or the same error message.
@Suite("Snapshot reader", .removesTemporaryDirectories)
struct SnapshotReaderTests {
    /// The outcome of a read, comparable: a snapshot with where it was
    /// written, or an error message.
    enum Outcome: Equatable, CustomStringConvertible {
        case snapshot(
            RegistrySnapshot, entries: [String: TWModel.SourceLocation], plugins: [String: TWModel.SourceLocation],
            misorder: RegistrySnapshot.Misorder?)
        case error(String)

        init(_ read: () throws(RegistrySnapshot.ReadError) -> RegistrySnapshot) {
            do {
                let s = try read()
                self = .snapshot(s, entries: s.positions.entries, plugins: s.positions.plugins, misorder: s.misorder)
            } catch {
                self = .error(error.message)
            }
        }

        var description: String {
            switch self {
            case .snapshot(let s, _, _, let misorder):
                return "snapshot of \(s.entries.count) entries, misorder \(String(describing: misorder))"
            case .error(let message): return "error: \(message)"
            }
        }
    }

    static func expectSame(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
        let fast = Outcome { () throws(RegistrySnapshot.ReadError) in try RegistrySnapshot.read(bytes, file: "f.json") }
        let tree = Outcome { () throws(RegistrySnapshot.ReadError) in
            try RegistrySnapshot.readTree(bytes, file: "f.json")
        }
        #expect(fast == tree, "\(label()): \(fast) vs \(tree)")
    }

    /// A snapshot of the shipped plugins (modifiers, utilities, recipes and
    /// presets, strings with escapes) as `twhost registry` writes it.
    static func shippedSnapshot() throws -> [UInt8] {
        let result = try twhost(["registry", "--plugins", "material,motion,typography", "--format", "json"])
        #expect(result.status == 0)
        return Array(result.stdout.utf8)
    }

    @Test("every file twhost registry writes is read in one pass, equal to the tree reader's reading")
    func writtenFiles() throws {
        let shipped = try Self.shippedSnapshot()
        let dir = TestPaths.temporaryDirectory("snapshot-reader")
        try FixtureCompiler.build(
            name: "big", defines: ["BENCH_COUNT=3000"], source: TestPaths.repository + "/Scripts/bench/bench_plugin.c",
            in: dir)
        let big = try twhost(["registry", "--plugin-path", dir, "--plugins", "big,material", "--format", "json"])
        #expect(big.status == 0)
        let snapshot = try RegistrySnapshot.read(shipped)
        for bytes in [
            shipped, Array(big.stdout.utf8), Array(snapshot.json.serialized().utf8), Array(snapshot.fileText.utf8),
            [0xEF, 0xBB, 0xBF] + shipped,
        ] {
            #expect(SnapshotDecoder.decode(bytes, file: "f.json") != nil)
            Self.expectSame(bytes, "written file")
        }
        // Escapes in strings (written by hand: twhost writes none) are decoded as the tree reader does.
        let escaped = String(decoding: shipped, as: UTF8.self).replacingOccurrences(
            of: "\"name\": \"frosted\"", with: #""name": "fro\u0073ted\n\"\\\/\ud83d\ude00""#)
        #expect(SnapshotDecoder.decode(Array(escaped.utf8), file: "f.json") != nil)
        Self.expectSame(Array(escaped.utf8), "escapes")
        // Out of order: the fields win, as before.
        let lines = String(decoding: shipped, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.firstIndex(where: { $0.contains("\"kind\": \"modifier\"") }) {
            var swapped = lines
            let a = swapped[first].hasSuffix(",") ? swapped[first] : swapped[first] + ","
            let b = swapped[first + 1].hasSuffix(",") ? swapped[first + 1] : swapped[first + 1] + ","
            (swapped[first], swapped[first + 1]) = (b, a)
            let text = swapped.joined(separator: "\n")
            #expect(SnapshotDecoder.decode(Array(text.utf8), file: "f.json") != nil)
            Self.expectSame(Array(text.utf8), "misordered")
            #expect(try RegistrySnapshot.read(Array(text.utf8)).misorder != nil)
        }
    }

    @Test("a truncated, cut or edited file gives the tree reader's answer, byte for byte")
    func damagedFiles() throws {
        let shipped = try Self.shippedSnapshot()
        // Truncated anywhere.
        for end in stride(from: 0, to: shipped.count, by: max(1, shipped.count / 700)) {
            Self.expectSame(Array(shipped[..<end]), "truncated at \(end)")
        }
        // One byte removed or replaced anywhere.
        let replacements: [UInt8] = [
            UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "1"), 0x0A, 0xFF,
        ]
        for (n, at) in stride(from: 0, to: shipped.count, by: max(1, shipped.count / 500)).enumerated() {
            var removed = shipped
            removed.remove(at: at)
            Self.expectSame(removed, "byte \(at) removed")
            var replaced = shipped
            replaced[at] = replacements[n % replacements.count]
            Self.expectSame(replaced, "byte \(at) replaced")
        }
    }

    static let edits: [(String, String, String)] = [
        ("wrong type of a string field", "\"plugin\": \"material\"", "\"plugin\": 5"),
        ("null where a string is required", "\"conflictKey\": \"", "\"conflictKey\": null, \"x\": \""),
        ("order as a fraction", "\"order\": 0", "\"order\": 0.0"),
        ("order with an exponent", "\"order\": 0", "\"order\": 0e0"),
        ("order too large", "\"order\": 0", "\"order\": 3000000000"),
        ("order with a leading zero", "\"order\": 0", "\"order\": 00"),
        ("a duplicate key", "\"kind\": \"modifier\"", "\"kind\": \"modifier\", \"kind\": \"modifier\""),
        ("an unknown member", "\"kind\": \"modifier\"", "\"kind\": \"modifier\", \"comment\": [1, {\"a\": null}]"),
        ("modifier that is not an object", "\"modifier\": {", "\"modifier\": 5, \"m\": {"),
        ("structure that is not an object", "\"structure\": {", "\"structure\": [], \"s\": {"),
        ("an unknown form", "\"form\": \"", "\"form\": \"x"),
        ("an unknown phase", "\"phase\": \"", "\"phase\": \"x"),
        ("an unknown argument type", "\"argumentType\": \"", "\"argumentType\": \"x"),
        ("an unknown kind", "\"kind\": \"recipe\"", "\"kind\": \"gadget\""),
        ("version 1.0", "\"twhostRegistry\": 1", "\"twhostRegistry\": 1.0"),
        ("version 2", "\"twhostRegistry\": 1", "\"twhostRegistry\": 2"),
        ("version as a string", "\"twhostRegistry\": 1", "\"twhostRegistry\": \"1\""),
        ("probes with a number", "\"probes\": [", "\"probes\": [1, "),
        ("probes as a string", "\"probes\": [", "\"probes\": \"x\", \"p\": ["),
        ("a control character", "\"name\": \"frosted\"", "\"name\": \"fro\u{01}sted\""),
        ("a bad escape", "\"name\": \"frosted\"", "\"name\": \"fro\\qsted\""),
        ("a lone surrogate", "\"name\": \"frosted\"", "\"name\": \"\\ud800\""),
        ("text after the value", "\n}\n", "\n}\n{}"),
        ("plugins not an array", "\"plugins\": [", "\"plugins\": {}, \"p\": ["),
        ("a plugin without its abi", ", \"abi\": \"1.0\"", ""),
        (
            "a registration twice", "\"registrations\": [\n",
            "\"registrations\": [\n    {\"name\": \"card-x\", \"plugin\": \"material\", \"kind\": \"recipe\", \"classes\": \"p-4\"},\n    {\"name\": \"card-x\", \"plugin\": \"material\", \"kind\": \"recipe\", \"classes\": \"p-4\"},\n"
        ),
        (
            "a recipe with modifier fields", "\"kind\": \"recipe\"",
            "\"kind\": \"recipe\", \"order\": \"x\", \"structure\": 5"
        ),
        // The shipped file itself, unedited.
        ("nothing edited", "", ""),
    ]

    @Test("each kind of bad field gives the tree reader's answer", arguments: edits.indices)
    func editedFiles(_ i: Int) throws {
        let (label, target, replacement) = Self.edits[i]
        let text = String(decoding: try Self.shippedSnapshot(), as: UTF8.self)
        guard !target.isEmpty else {
            // Both readers read the unedited file, and read it without error.
            Self.expectSame(Array(text.utf8), label)
            #expect((try? RegistrySnapshot.read(Array(text.utf8), file: "f.json")) != nil)
            return
        }
        let range = try #require(text.range(of: target), "\(label): the snapshot has no \(target)")
        // The first occurrence, and every occurrence.
        Self.expectSame(Array(text.replacingCharacters(in: range, with: replacement).utf8), label + " (first)")
        Self.expectSame(Array(text.replacingOccurrences(of: target, with: replacement).utf8), label + " (all)")
    }

    /// What `twhost diff` said for these files before the one-pass reader (5cd85ab), to the letter.
    static let brokenFiles: [(String, String, String)] = [
        (
            "truncated",
            #"{"twhostRegistry": 1, "plugins": [{"name": "m", "version": "1", "abi": "1.0"}], "registrations": [{"name": "#,
            "error: B.json: not valid JSON: line 1, column 108: unexpected end of input\n"
        ),
        (
            "wrong type",
            #"{"twhostRegistry": 1, "plugins": [], "registrations": [{"name": "x", "plugin": 5, "kind": "recipe", "classes": "p-4"}]}"#,
            "error: B.json: /registrations/0/plugin: expected a string (line 1)\n"
        ),
        (
            "duplicate key",
            #"{"twhostRegistry": 1, "plugins": [], "registrations": [{"name": "x", "name": "y", "plugin": "p", "kind": "recipe", "classes": "p-4"}]}"#,
            "error: B.json: not valid JSON: line 1, column 76: duplicate key 'name'\n"
        ),
        (
            "duplicate registration",
            "{\"twhostRegistry\": 1, \"plugins\": [], \"registrations\": [\n{\"name\": \"x\", \"plugin\": \"p\", \"kind\": \"recipe\", \"classes\": \"p-4\"},\n{\"name\": \"x\", \"plugin\": \"q\", \"kind\": \"recipe\", \"classes\": \"p-4\"}]}",
            "error: B.json: /registrations/1: recipe 'x' appears twice (line 3)\n"
        ),
        (
            "order as text",
            #"{"twhostRegistry": 1, "plugins": [], "registrations": [{"name": "x", "plugin": "p", "kind": "modifier", "form": "view", "phase": "effects", "order": "1"}]}"#,
            "error: B.json: /registrations/0/order: expected an integer\n"
        ),
    ]

    @Test(
        "twhost diff refuses broken snapshots with the messages it always gave, exit 2", arguments: brokenFiles.indices)
    func diffMessages(_ i: Int) throws {
        let (label, text, message) = Self.brokenFiles[i]
        let dir = TestPaths.temporaryDirectory("snapshot-messages")
        try text.write(toFile: dir + "/B.json", atomically: true, encoding: .utf8)
        let good = #"{"twhostRegistry": 1, "plugins": [], "registrations": []}"#
        try good.write(toFile: dir + "/H.json", atomically: true, encoding: .utf8)
        let result = try runProcess(TestPaths.twhost, ["diff", "B.json", "H.json"], directory: dir)
        #expect(result.status == 2, "\(label)")
        #expect(result.stdout == "", "\(label)")
        #expect(result.stderr == message, "\(label)")
    }
}
