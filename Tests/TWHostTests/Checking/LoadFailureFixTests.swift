import Foundation
import Testing

@testable import TWHost

/// `plugins check` gives every cause of `load-failed` a fix of its own, built
/// from the same real broken plugins as the bad-plugin table.
@Suite("load-failed fixes", .removesTemporaryDirectories)
struct LoadFailureFixTests {
    /// A cause, the bad-plugin cases that show it, and its fix (`{path}` is
    /// the plugin's folder).
    struct Cause: CustomTestStringConvertible, Sendable {
        var id: String
        var cases: [String]
        var fix: String
        var testDescription: String { id }
    }

    static let nameRule =
        "name registrations with lowercase letters, digits and '-', starting with a letter, at most 64 bytes"

    static let causes: [Cause] = [
        Cause(id: "missing file", cases: ["missing-file"], fix: "check the path, or build the plugin first"),
        Cause(
            id: "not a shared library", cases: ["not-elf"],
            fix:
                "build the plugin as a shared library for this machine: `cc -shared -fPIC …` (or `swift build` of a .dynamic library product), not an executable, a static archive or another architecture's file"
        ),
        Cause(
            id: "unresolved symbol", cases: ["unresolved-symbol"],
            fix:
                "link the plugin against every library whose symbols it uses, or define them (`ldd -r` on the file lists what is unresolved); twhost loads plugins with every symbol bound at load time"
        ),
        Cause(
            id: "missing entry symbol", cases: ["no-entry"],
            fix:
                "export the entry with the header's prototype: `TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t, uint32_t, const tw_host_api *, const char **)` in C or C++ (the macro gives it C linkage), or `@_cdecl(\"tw_plugin_entry\")` in Swift"
        ),
        Cause(
            id: "entry returned NULL", cases: ["entry-null"],
            fix:
                "tw_plugin_entry refused to load with the reason above: fix what it names, and refuse only a host whose ABI major you do not support"
        ),
        Cause(
            id: "ABI major newer than the host", cases: ["abi-major"],
            fix:
                "this twhost is older than the plugin's ABI: use a twhost that speaks ABI 2.x, or rebuild the plugin against the TWPluginAPI.h of ABI 1.x"
        ),
        Cause(
            id: "ABI major older than the host", cases: ["abi-major-old"],
            fix:
                "rebuild the plugin against this twhost's TWPluginAPI.h (ABI 1.x), with abi_major = TW_ABI_MAJOR and abi_minor = TW_ABI_MINOR"
        ),
        Cause(
            id: "descriptor too small", cases: ["small-descriptor"],
            fix:
                "set struct_size = sizeof(tw_plugin_descriptor), never a number, and build against the current TWPluginAPI.h"
        ),
        Cause(
            id: "registration too small", cases: ["small-registration"],
            fix:
                "set struct_size = sizeof(tw_modifier_registration), never a number, and build against the current TWPluginAPI.h"
        ),
        Cause(
            id: "reserved not zero", cases: ["reserved"],
            fix:
                "zero-initialise the struct (designated initializers or `= {0}`): reserved fields must be 0 so a later ABI minor can use them"
        ),
        Cause(
            id: "invalid plugin name", cases: ["name-null", "name-empty", "name-utf8", "name-invalid"],
            fix: "set descriptor.name to the plugin's name, [a-z][a-z0-9-]{0,63}: the stem of its file lib<name>.so"),
        Cause(
            id: "invalid registration name",
            cases: ["reg-name-null", "reg-name-empty", "reg-name-utf8", "reg-name-invalid"], fix: nameRule),
        Cause(
            id: "duplicate name", cases: ["duplicate-name"],
            fix:
                "give every registration its own name: names are unique among modifiers and utilities (one namespace) of one plugin"
        ),
        Cause(id: "unknown form", cases: ["unknown-form"], fix: "set form to one of the header's TW_FORM_* constants"),
        Cause(
            id: "unknown phase", cases: ["unknown-phase"],
            fix: "set phase to TW_PHASE_DEFAULT, TW_PHASE_CONTENT or TW_PHASE_EFFECTS"),
        Cause(
            id: "unknown argument type", cases: ["unknown-arg-type"],
            fix:
                "set arg_type to a TW_ARG_* constant that goes with the form: TW_ARG_NONE for view, text, image and shape; any other type for the value forms; TW_ARG_CUSTOM only with TW_FORM_ARGUMENT"
        ),
        Cause(
            id: "invalid default", cases: ["bad-default"],
            fix:
                "write a default that decodes under the registration's type (`0`, `0deg`, `#00000000`, `0,0,1` …) and leave it NULL on exact tags; an argument-form default goes through the plugin's own parser"
        ),
        Cause(
            id: "NULL factory", cases: ["null-factory"],
            fix:
                "point factory at a function of the signature the argument type takes: `void f(tw_builder *, void *, bool active, ARG)`"
        ),
        Cause(
            id: "absurd count", cases: ["absurd-count"],
            fix:
                "set the count to the number of elements in the array, at most 65,536: `sizeof array / sizeof array[0]`"
        ),
        Cause(
            id: "untrusted folder", cases: ["untrusted"],
            fix:
                "chmod o-w {path}, or move the plugin to a folder only you can write; or pass --allow-writable-plugins, only in a throwaway environment"
        ),
        Cause(
            id: "invalid requested name", cases: ["requested-name"],
            fix:
                "name plugins with lowercase letters, digits and '-', starting with a letter; to load a file by its path, pass a path ending in .so"
        ),
        Cause(
            id: "not found", cases: ["not-found"],
            fix:
                "build the plugin as lib<name>.so into one of those folders, add its folder with --plugin-path DIR, or pass the path of the .so file"
        ),
    ]

    /// What to pass to `plugins check` for a case, and the folder it is in.
    static func request(_ id: String) throws -> (arguments: [String], directory: String) {
        if let bad = BadPluginTests.cases.first(where: { $0.id == id }) {
            let (directory, path) = try BadPluginTests.make(bad)
            return ([path], directory)
        }
        let directory = TestPaths.temporaryDirectory(id)
        switch id {
        case "abi-major-old":
            try FixtureCompiler.build(name: id, defines: ["ABI_MAJOR=0"], in: directory)
            return ([directory + "/lib\(id).so"], directory)
        case "untrusted":
            try FixtureCompiler.build(name: id, in: directory)
            chmod(directory, 0o777)
            return ([directory + "/lib\(id).so"], directory)
        case "requested-name": return (["Bad_Name"], directory)
        default: return (["--plugin-path", directory, "no-such-plugin"], directory)
        }
    }

    @Test("every cause's fix, exactly", arguments: causes)
    func fix(_ cause: Cause) throws {
        for id in cause.cases {
            let (arguments, directory) = try Self.request(id)
            let result = try twhost(["plugins", "check", "--format", "json"] + arguments)
            #expect(result.status == 1, "\(id): \(result.stderr)")
            let plugins = try CheckSweepTests.report(result.stdout)
            #expect(plugins.count == 1 && plugins[0].rules == ["load-failed"], "\(id): \(result.stdout)")
            #expect(
                plugins.first?.findings.first?.fix == cause.fix.replacing("{path}", with: directory),
                "\(id): \(result.stdout)")
        }
    }

    @Test("no two causes share a fix, and every bad plugin of the table has a cause")
    func distinct() {
        #expect(Set(Self.causes.map(\.fix)).count == Self.causes.count)
        let covered = Set(Self.causes.flatMap(\.cases))
        for bad in BadPluginTests.cases { #expect(covered.contains(bad.id), "\(bad.id)") }
        #expect(!Self.causes.contains { $0.fix.contains("fix the field the message names") })
    }
}
