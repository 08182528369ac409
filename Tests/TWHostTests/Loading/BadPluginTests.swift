import Foundation
import Testing

@testable import TWHost

/// Every bad plugin gives a clear error naming the file and the field, in
/// process and from the CLI (exit 2); none crashes the host.
@Suite("Bad plugins", .removesTemporaryDirectories)
struct BadPluginTests {
    struct Case: CustomTestStringConvertible, Sendable {
        enum Build: Sendable {
            case fixture([String])
            case text(String)
            case missing
        }
        var id: String
        var build: Build
        /// Text the error must contain besides the file's path.
        var mentions: [String]
        var matches: @Sendable (PluginLoadError) -> Bool
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "missing-file", build: .missing, mentions: ["no such plugin file"]) {
            if case .missingFile = $0 { true } else { false }
        },
        Case(id: "not-elf", build: .text("this is not a shared library\n"), mentions: ["cannot load"]) {
            if case .dlopenFailed = $0 { true } else { false }
        },
        Case(id: "no-entry", build: .fixture(["NO_ENTRY"]), mentions: ["missing entry symbol 'tw_plugin_entry'"]) {
            if case .missingEntry = $0 { true } else { false }
        },
        Case(id: "entry-null", build: .fixture(["ENTRY_NULL"]), mentions: ["fixture refuses to load: ENTRY_NULL"]) {
            if case .entryFailed(_, let message) = $0 {
                message == "fixture refuses to load: ENTRY_NULL"
            } else {
                false
            }
        },
        Case(
            id: "abi-major", build: .fixture(["ABI_MAJOR=2"]),
            mentions: ["plugin built for ABI 2.0, host speaks 1.0"]
        ) {
            if case .abiMismatch(_, 2, 0, 1, 0) = $0 { true } else { false }
        },
        Case(
            id: "small-descriptor", build: .fixture(["SMALL_DESCRIPTOR"]),
            mentions: ["descriptor.struct_size is 64, smaller than ABI 1.0's 72"]
        ) {
            if case .structTooSmall(_, "descriptor", 64, 72) = $0 { true } else { false }
        },
        Case(
            id: "small-registration", build: .fixture(["SMALL_REGISTRATION"]),
            mentions: ["modifiers[0].struct_size is 64, smaller than ABI 1.0's 72"]
        ) {
            if case .structTooSmall(_, "modifiers[0]", 64, 72) = $0 { true } else { false }
        },
        Case(
            id: "reserved", build: .fixture(["RESERVED"]),
            mentions: ["modifier 'probe-points' (index 2) field reserved: is 7; reserved fields must be zero"]
        ) {
            if case .invalidRegistration(_, "modifier", 2, "probe-points", "reserved", _) = $0 { true } else { false }
        },
        Case(id: "name-null", build: .fixture(["NAME_NULL"]), mentions: ["descriptor.name", "is NULL"]) {
            $0 == .invalidDescriptor(path: $0.path ?? "", field: "name", reason: "is NULL")
        },
        Case(id: "name-empty", build: .fixture(["NAME_EMPTY"]), mentions: ["descriptor.name", "is empty"]) {
            $0 == .invalidDescriptor(path: $0.path ?? "", field: "name", reason: "is empty")
        },
        Case(id: "name-utf8", build: .fixture(["NAME_UTF8"]), mentions: ["descriptor.name", "not valid UTF-8"]) {
            $0 == .invalidDescriptor(path: $0.path ?? "", field: "name", reason: "is not valid UTF-8")
        },
        Case(id: "name-invalid", build: .fixture(["NAME_INVALID"]), mentions: ["descriptor.name", "'../Fixture'"]) {
            if case .invalidDescriptor(_, "name", _) = $0 { true } else { false }
        },
        Case(
            id: "reg-name-null", build: .fixture(["REG_NAME_NULL"]), mentions: ["modifier #0", "field name", "is NULL"]
        ) {
            if case .invalidRegistration(_, "modifier", 0, nil, "name", "is NULL") = $0 { true } else { false }
        },
        Case(id: "reg-name-empty", build: .fixture(["REG_NAME_EMPTY"]), mentions: ["field name", "is empty"]) {
            if case .invalidRegistration(_, "modifier", 0, nil, "name", "is empty") = $0 { true } else { false }
        },
        Case(id: "reg-name-utf8", build: .fixture(["REG_NAME_UTF8"]), mentions: ["field name", "not valid UTF-8"]) {
            if case .invalidRegistration(_, "modifier", 0, nil, "name", "is not valid UTF-8") = $0 {
                true
            } else {
                false
            }
        },
        Case(id: "reg-name-invalid", build: .fixture(["REG_NAME_INVALID"]), mentions: ["field name", "'Probe_None'"]) {
            if case .invalidRegistration(_, "modifier", 0, nil, "name", _) = $0 { true } else { false }
        },
        Case(id: "duplicate-name", build: .fixture(["DUP_NAME"]), mentions: ["'probe-number' is registered twice"]) {
            if case .duplicateName(_, "modifier", "probe-number") = $0 { true } else { false }
        },
        Case(
            id: "unknown-form", build: .fixture(["BAD_FORM"]),
            mentions: ["'probe-number'", "field form", "unknown form 99"]
        ) {
            if case .invalidRegistration(_, _, 1, "probe-number", "form", _) = $0 { true } else { false }
        },
        Case(id: "unknown-phase", build: .fixture(["BAD_PHASE"]), mentions: ["field phase", "unknown phase 7"]) {
            if case .invalidRegistration(_, _, 1, "probe-number", "phase", _) = $0 { true } else { false }
        },
        Case(
            id: "unknown-arg-type", build: .fixture(["BAD_ARG_TYPE"]),
            mentions: ["field arg_type", "unknown argument type 42"]
        ) {
            if case .invalidRegistration(_, _, 1, "probe-number", "arg_type", _) = $0 { true } else { false }
        },
        Case(
            id: "bad-default", build: .fixture(["BAD_DEFAULT"]),
            mentions: ["field default_argument", "'twelve' does not parse as number"]
        ) {
            if case .invalidRegistration(_, _, 1, "probe-number", "default_argument", _) = $0 { true } else { false }
        },
        Case(
            id: "null-factory", build: .fixture(["NULL_FACTORY"]),
            mentions: ["'probe-none'", "field factory", "is NULL"]
        ) {
            if case .invalidRegistration(_, _, 0, "probe-none", "factory", "is NULL") = $0 { true } else { false }
        },
        Case(
            id: "unresolved-symbol", build: .fixture(["UNRESOLVED"]),
            mentions: ["cannot load", "tw_fixture_symbol_nobody_defines"]
        ) {
            if case .dlopenFailed = $0 { true } else { false }
        },
        Case(
            id: "absurd-count", build: .fixture(["ABSURD_COUNT"]), mentions: ["descriptor.modifiers_count", "1000000"]
        ) {
            if case .invalidDescriptor(_, "modifiers_count", _) = $0 { true } else { false }
        },
    ]

    /// Builds the case's file as `lib<id>.so` in a fresh folder.
    static func make(_ c: Case) throws -> (directory: String, path: String) {
        let directory = TestPaths.temporaryDirectory(c.id)
        let path = directory + "/lib\(c.id).so"
        switch c.build {
        case .fixture(let defines): try FixtureCompiler.build(name: c.id, defines: defines, in: directory)
        case .text(let contents): try contents.write(toFile: path, atomically: true, encoding: .utf8)
        case .missing: break
        }
        return (directory, path)
    }

    @Test("the loader names the file and the field", arguments: cases)
    func inProcess(_ c: Case) throws {
        let (_, path) = try Self.make(c)
        let result = PluginLoader.load(path: path, expectedName: c.id)
        guard case .failure(let error) = result else {
            Issue.record("\(c.id) loaded")
            return
        }
        #expect(c.matches(error), "\(error)")
        #expect(error.description.contains(path), "\(error.description)")
        for text in c.mentions { #expect(error.description.contains(text), "\(error.description)") }
    }

    @Test("a file the dynamic loader refused is tried again: its inode may hold another plugin by then")
    func refusedFileIsNotRemembered() throws {
        let directory = TestPaths.temporaryDirectory("refused-then-fixed")
        let path = try FixtureCompiler.build(name: "fixture", defines: ["UNRESOLVED"], in: directory)
        guard case .failure(.dlopenFailed) = PluginLoader.load(path: path, expectedName: "fixture") else {
            Issue.record("the unresolved symbol did not stop the dynamic loader")
            return
        }
        // A good build written into the same file: same device and inode.
        let good = try FixtureCompiler.build(name: "fixture", in: TestPaths.temporaryDirectory("good"))
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: good)))
        try handle.close()
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == before)
        let plugin = try PluginLoader.load(path: path, expectedName: "fixture").get()
        #expect(plugin.info.name == "fixture")
    }

    @Test("the CLI exits 2 with the same error", arguments: cases)
    func fromCLI(_ c: Case) throws {
        let (directory, path) = try Self.make(c)
        let byName = try twhost(["registry", "--plugin-path", directory, "--plugins", c.id])
        let byPath = try twhost(["registry", "--plugins", path])
        for result in [byPath] + (c.id == "missing-file" ? [] : [byName]) {
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("error: plugin-load-failed: "), "\(result.stderr)")
            for text in c.mentions { #expect(result.stderr.contains(text), "\(result.stderr)") }
        }
        #expect(byPath.stderr.contains(path))
    }
}
