import Foundation
import Testing

@testable import TWHost

/// What users read never cites the specification's internal rule ids
/// (`(A-7)`, `(R-ID-3)`): every command's help, and the output of a broad set
/// of failures in every format.
@Suite("User-facing text", .removesTemporaryDirectories)
struct UserTextTests {
    /// `(A-7)`, `(R-ID-3)`, and the same ids without parentheses.
    static let specId = try! NSRegularExpression(pattern: #"\((A|R|G)-[A-Z0-9-]+\)|\b(A|R|G)-([A-Z]+-)*[0-9]+\b"#)

    static func specIds(_ text: String) -> [String] {
        let range = NSRange(text.startIndex..., in: text)
        return specId.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    @Test("the pattern finds what it is meant to find")
    func pattern() {
        #expect(Self.specIds("passes validation (A-7).") == ["(A-7)"])
        #expect(Self.specIds("resets (R-ID-3) and R-PREC-2 and G-4") == ["(R-ID-3)", "R-PREC-2", "G-4"])
        #expect(Self.specIds("fade-[0.5] A-frame R-value #A-1b").isEmpty)
    }

    @Test("no spec ids in help, usage errors, or any format of plugins check, resolve, explain, registry and diff")
    func noSpecIds() throws {
        var outputs: [(String, ProcessResult)] = []
        func run(_ arguments: [String], input: String? = nil) throws {
            outputs.append((arguments.joined(separator: " "), try twhost(arguments, input: input)))
        }
        // Help and usage.
        try run(["--help"])
        for command in [
            "resolve", "explain", "registry", "diff", "plugins", "plugins list", "plugins check", "platforms",
        ] {
            try run(command.split(separator: " ").map(String.init) + ["--help"])
        }
        try run(["registy"])
        try run(["plugins", "check", "--format", "yaml"])
        try run(["resolve", "--plugins"])
        try run(["platforms", "--apis"])

        // Broken and misbehaving plugins, checked in every format.
        var plugins: [String] = []
        // A load failure of each kind of field: entry, ABI, struct, names, registrations, defaults.
        let broken = [
            "no-entry", "abi-major", "small-descriptor", "name-invalid", "reserved", "bad-default", "null-factory",
        ]
        for bad in BadPluginTests.cases where broken.contains(bad.id) {
            plugins.append(try BadPluginTests.make(bad).path)
        }
        let dir = TestPaths.temporaryDirectory("user-text")
        for (name, defines) in [
            ("segv", ["SEGV_ENTRY"]), ("aborting", ["ABORT_FACTORY"]), ("fraction", ["CRASH_ON_FRACTION"]),
            ("utf", ["CRASH_PARSER_UTF8"]), ("branching", ["BRANCH_ON_VALUE"]), ("counting", ["NONDETERMINISTIC"]),
            ("notneutral", ["NOT_NEUTRAL"]), ("branded", ["THEME_COLOR_DEFAULT"]), ("exiting", ["EXIT_FACTORY"]),
        ] {
            plugins.append(try ContainmentTests.hostile(name, defines, in: dir))
        }
        plugins += [FixturePlugins.echoDirectory + "/libfixture.so", "../x", "nosuchplugin", "material"]
        for format in ["text", "json", "sarif"] {
            try run(["plugins", "check", "--format", format] + plugins)
        }

        // Resolve, explain, registry and diff failing in their own ways.
        let fixture = FixturePlugins.echoDirectory + "/libfixture.so"
        let scene = #"{"scene": 1, "root": {"type": "Text", "tw": "p-4 probe-branching frostd probe-unbalanced"}}"#
        for format in ["text", "json"] {
            try run(["resolve", "--plugins", fixture, "--format", format, "-"], input: scene)
            try run(["resolve", "--format", format, "-"], input: #"{"scene": 1, "root": {"type": 3}}"#)
        }
        try run(["resolve", "-"], input: "not json")
        try run(["explain", "--plugins", fixture, "p-4 probe-branching frostd hover:probe-unbalanced"])
        try run(["explain", "--plugins", dir + "/libfraction.so", "fade-[0.5]"])
        try run(["registry", "--plugins", fixture])
        let base = dir + "/base.json"
        let head = dir + "/head.json"
        #expect(try twhost(["registry", "--plugins", "material,motion", "-o", base]).status == 0)
        #expect(try twhost(["registry", "--plugins", "motion", "-o", head]).status == 0)
        for format in ["text", "json", "github", "sarif"] {
            try run(["diff", base, head, "--format", format])
        }

        for (command, result) in outputs {
            #expect(Self.specIds(result.stdout).isEmpty, "\(command): \(Self.specIds(result.stdout))")
            #expect(Self.specIds(result.stderr).isEmpty, "\(command): \(Self.specIds(result.stderr))")
        }
        // They were failures indeed: the cases above cover every non-zero exit.
        #expect(Set(outputs.map(\.1.status)) == [0, 1, 2, 64])
    }
}
