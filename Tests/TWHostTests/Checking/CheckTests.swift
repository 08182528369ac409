import Foundation
import Testing

@testable import TWHost

/// `twhost plugins check` on real, misbehaving plugins.
@Suite("twhost plugins check", .removesTemporaryDirectories)
struct CheckTests {
    static func hostile(_ name: String, _ defines: [String], in dir: String) throws -> String {
        try FixtureCompiler.build(
            name: name, defines: defines, source: TestPaths.repository + "/Tests/Fixtures/plugins/hostile.c", in: dir)
    }

    struct Report {
        var plugins: [(name: String, status: String, rules: [String], messages: [String])]
        init(_ text: String) throws {
            let root = try JSONParser.parse(Array(text.utf8))
            guard let list = ResolveOutput.field(root, "plugins"), case .array(let items) = list.value else {
                plugins = []
                return
            }
            plugins = items.map { item in
                var rules: [String] = []
                var messages: [String] = []
                if let f = ResolveOutput.field(item, "findings"), case .array(let findings) = f.value {
                    rules = findings.compactMap { ResolveOutput.string($0, "rule") }
                    messages = findings.compactMap { ResolveOutput.string($0, "message") }
                }
                return (
                    ResolveOutput.string(item, "name") ?? ResolveOutput.string(item, "request") ?? "",
                    ResolveOutput.string(item, "status") ?? "", rules, messages
                )
            }
        }
    }

    @Test("crashes, aborts, hangs and exits are reported by rule id; good plugins after them are still checked")
    func isolation() throws {
        let dir = TestPaths.temporaryDirectory("hostile")
        let segv = try Self.hostile("segv", ["SEGV_ENTRY"], in: dir)
        let abort = try Self.hostile("aborting", ["ABORT_FACTORY"], in: dir)
        let loop = try Self.hostile("looping", ["LOOP_PARSER"], in: dir)
        let exit = try Self.hostile("exiting", ["EXIT_FACTORY"], in: dir)
        let branching = FixturePlugins.echoDirectory + "/libfixture.so"
        let start = ContinuousClock.now
        let result = try twhost([
            "plugins", "check", "--timeout", "8", "--format", "json", segv, abort, loop, exit, branching, "material",
        ])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 1)
        let report = try Report(result.stdout)
        #expect(report.plugins.count == 6)
        #expect(report.plugins[0].rules == ["plugin-crashed"])
        #expect(
            report.plugins[0].messages == [
                "the plugin crashed with SIGSEGV while loading (its constructors, its entry or the parsers of its defaults)"
            ])
        // A crash in a registration names the class, keeps the plugin's name, and
        // the check carries on with the next registration (level, which passes).
        #expect(report.plugins[1].name == "aborting")
        #expect(report.plugins[1].rules == ["factory-crashed"])
        #expect(
            report.plugins[1].messages == [
                "fade-[1] (SIGABRT): the factory of 'fade' crashed when called active with its default '1'"
            ])
        #expect(report.plugins[2].rules == ["plugin-hung"])
        #expect(report.plugins[2].messages == ["the plugin did not finish loading within 8 s"])
        #expect(report.plugins[3].name == "exiting")
        #expect(report.plugins[3].rules == ["plugin-exited"])
        #expect(
            report.plugins[3].messages == [
                "fade-[1]: the factory of 'fade' ended the process (exit status 3) when called active with its default '1'"
            ])
        #expect(report.plugins[4].rules.contains("unstable-structure"))
        #expect(report.plugins[4].rules.contains("factory-failed"))
        #expect(report.plugins[5].name == "material" && report.plugins[5].status == "passed")
        // Bounded by the time limit: one hang of 8 s plus quick checks. (The limit
        // is also every good plugin's budget, on a machine that may be busy building.)
        #expect(elapsed < .seconds(40))
    }

    @Test("neutrality, determinism, invalid defaults in a theme override, and hostile parser input")
    func checks() throws {
        let dir = TestPaths.temporaryDirectory("checks")
        let notNeutral = try Self.hostile("notneutral", ["NOT_NEUTRAL"], in: dir)
        let counting = try Self.hostile("counting", ["NONDETERMINISTIC"], in: dir)
        let good = try Self.hostile("good", [], in: dir)
        let result = try twhost(["plugins", "check", "--format", "json", notNeutral, counting, good])
        let report = try Report(result.stdout)
        #expect(report.plugins[0].rules == ["not-neutral"])
        #expect(report.plugins[0].messages[0].contains(".opacity(0.5) is not neutral"))
        #expect(report.plugins[1].rules.contains("nondeterministic"))
        #expect(report.plugins[2].status == "passed")
        #expect(report.plugins[2].rules.isEmpty)
        // The echo fixture's payload parser accepts anything: reported, not fatal.
        let echo = try Report(
            try twhost(["plugins", "check", "--format", "json", FixturePlugins.echoDirectory + "/libfixture.so"]).stdout
        )
        #expect(echo.plugins[0].rules.contains("parser-accepts-garbage"))
        #expect(echo.plugins[0].messages.contains { $0.contains("the parser accepted empty input") })
    }

    @Test("shipped plugins pass; shadowing built-ins is reported; text output and exit codes")
    func shipped() throws {
        let result = try twhost(["plugins", "check", "material", "motion", "typography"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("3 plugin(s) checked: 3 passed, 0 failed; 0 error(s), 0 warning(s)\n"))
        let dir = TestPaths.temporaryDirectory("shadow-check")
        try FixtureCompiler.build(
            name: "shadower", defines: ["FIRST_NAME_VALUE=\"border\"", "UTILITY_PREFIX=\"rotate\""], in: dir)
        let shadow = try Report(try twhost(["plugins", "check", "--format", "json", dir + "/libshadower.so"]).stdout)
        #expect(shadow.plugins[0].rules.filter { $0 == "shadows-builtin" }.count == 2)
        let theme = dir + "/theme.json"
        try ##"{"colors": {"brand": "#123456"}, "spacing": 8}"##.write(toFile: theme, atomically: true, encoding: .utf8)
        #expect(try twhost(["plugins", "check", "--theme", theme, "material"]).status == 0)
        let missingTheme = try twhost(["plugins", "check", "--theme", dir + "/nope.json", "material"])
        #expect(missingTheme.status == 2)
        let sarif = try twhost(["plugins", "check", "--format", "sarif", "material"])
        let validator = try SchemaValidator(
            schema: Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: TestPaths.repository + "/Tests/Fixtures/sarif-2.1.0-required.schema.json"))))
        #expect(validator.validate(try JSONParser.parse(Array(sarif.stdout.utf8))) == [])
        let broken = try twhost(["plugins", "check", "../x"])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("error[load-failed]: invalid plugin name '../x'"))
    }

    @Test("the neutral forms, checked directly")
    func neutrality() {
        #expect(Neutrality.check(ModifierIR([.modifier("padding", [IRArgument(nil, .number(0))])])) == .neutral)
        #expect(Neutrality.check(ModifierIR([.modifier("opacity", [IRArgument(nil, .number(1))])])) == .neutral)
        if case .notNeutral = Neutrality.check(ModifierIR([.modifier("scaleEffect", [IRArgument(nil, .number(0.9))])]))
        {
        } else {
            Issue.record("scaleEffect(0.9) judged neutral")
        }
        #expect(
            Neutrality.check(ModifierIR([.modifier("frame", [IRArgument("width", .number(0))])])) == .unknown("frame"))
    }
}
