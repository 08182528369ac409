import Foundation
import Testing

@testable import TWHost

/// `plugins check` through the real binary on real plugins that fail on one
/// argument of the sweep, on their name, or on their theme.
@Suite("twhost plugins check: the sweep, names and themes", .removesTemporaryDirectories)
struct CheckSweepTests {
    /// One plugin of a `--format json` report, with whole findings.
    struct Checked {
        var name: String?
        var version: String?
        var status: String
        var findings: [CheckFinding]
        var rules: [String] { findings.map(\.rule.rawValue) }
    }

    static func report(_ text: String) throws -> [Checked] {
        let root = try JSONParser.parse(Array(text.utf8))
        guard let list = ResolveOutput.field(root, "plugins"), case .array(let items) = list.value else { return [] }
        return items.map { item in
            var findings: [CheckFinding] = []
            if let f = ResolveOutput.field(item, "findings"), case .array(let nodes) = f.value {
                findings = nodes.compactMap(CheckFinding.init(json:))
            }
            return Checked(
                name: ResolveOutput.string(item, "name"), version: ResolveOutput.string(item, "version"),
                status: ResolveOutput.string(item, "status") ?? "", findings: findings)
        }
    }

    @Test("a crash on one swept argument names the class; the check carries on with the next registration")
    func crashOnASweptArgument() throws {
        let dir = TestPaths.temporaryDirectory("sweep-crash")
        let fraction = try ContainmentTests.hostile("fraction", ["CRASH_ON_FRACTION"], in: dir)
        let both = try ContainmentTests.hostile("both", ["CRASH_ON_FRACTION", "CRASH_PARSER_UTF8"], in: dir)
        let good = try ContainmentTests.hostile("good", [], in: dir)
        let result = try twhost(["plugins", "check", "--format", "json", fraction, both, good])
        #expect(result.status == 1, "\(result.stderr)")
        let plugins = try Self.report(result.stdout)
        #expect(plugins.count == 3)
        // fade's default (1) is whole: only the sweep's first fraction, 0.5, crashes it.
        #expect(plugins[0].name == "fraction" && plugins[0].version == "0.1.0" && plugins[0].status == "failed")
        #expect(
            plugins[0].findings == [
                CheckFinding(
                    .factoryCrashed, registration: "fade",
                    "fade-[0.5] (SIGSEGV): the factory of 'fade' crashed when called active with 0.5",
                    fix:
                        "handle every value its argument type allows (the sweep's values are in docs/PluginAuthoring.md); reproduce it under a debugger with `twhost explain --plugins \(fraction) 'fade-[0.5]'`",
                    className: "fade-[0.5]")
            ])
        // Two crashes in one plugin: each registration is checked in a child of its own after the first.
        #expect(plugins[1].name == "both")
        #expect(plugins[1].rules == ["factory-crashed", "parser-crashed"])
        #expect(plugins[1].findings.map(\.className) == ["fade-[0.5]", "level-[ünïcødé]"])
        #expect(
            plugins[1].findings[1].message
                == "level-[ünïcødé] (SIGSEGV): the parser of 'level' crashed reading 'ünïcødé'")
        #expect(plugins[2].name == "good" && plugins[2].status == "passed" && plugins[2].findings.isEmpty)

        // The text report keeps the plugin's name on its line and leads with the class.
        let text = try twhost(["plugins", "check", fraction])
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("fraction 0.1.0  failed  \(fraction)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  error[factory-crashed] fade: fade-[0.5] (SIGSEGV): the factory of 'fade'"))

        // The command in the fix reproduces the crash, contained, in one process.
        let again = try twhost(["explain", "--plugins", fraction, "fade-[0.5]"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("error: plugin 'fraction' crashed in the factory of 'fade' (active) (SIGSEGV)"))
    }

    @Test("a hang stops the plugin's check and says what was left unchecked")
    func hangStops() throws {
        let dir = TestPaths.temporaryDirectory("sweep-hang")
        let sleeper = try ContainmentTests.hostile("sleeper", ["SLEEP_FACTORY"], in: dir)
        let result = try twhost(["plugins", "check", "--timeout", "2", "--format", "json", sleeper])
        #expect(result.status == 1)
        let plugins = try Self.report(result.stdout)
        #expect(plugins[0].name == "sleeper")
        #expect(plugins[0].rules == ["plugin-hung"])
        #expect(
            plugins[0].findings[0].message
                == "fade-[1]: the factory of 'fade' did not return within 2 s when called active with its default '1'; the registrations after it were not checked"
        )
    }

    @Test("the sweep finds structure that changes with the argument, and nondeterminism shows input and outputs")
    func structureAndDeterminism() throws {
        let dir = TestPaths.temporaryDirectory("sweep-structure")
        let branching = try ContainmentTests.hostile("branching", ["BRANCH_ON_VALUE"], in: dir)
        let counting = try ContainmentTests.hostile("counting", ["NONDETERMINISTIC"], in: dir)
        let plugins = try Self.report(
            try twhost(["plugins", "check", "--format", "json", branching, counting]).stdout)
        #expect(plugins[0].rules == ["unstable-structure"])
        #expect(
            plugins[0].findings[0].message
                == "fade-[1] returns .opacity(1) but fade-[-1] returns .hidden(): changing only the argument resets child state"
        )
        #expect(plugins[0].findings[0].className == "fade-[-1]")
        // Reported once per registration, with the input and both outputs.
        #expect(plugins[1].rules.filter { $0 == "nondeterministic" }.count == 1)
        #expect(
            plugins[1].findings.first { $0.rule == .nondeterministic }?.message
                == "fade-[1]: the same input gave .opacity(1), then .opacity(2)")
    }

    @Test("name-mismatch: a .so whose descriptor names another plugin, by path and by name")
    func nameMismatch() throws {
        let dir = TestPaths.temporaryDirectory("renamed")
        let good = try ContainmentTests.hostile("good", [], in: dir)
        let renamed = dir + "/libbroken.so"
        try FileManager.default.copyItem(atPath: good, toPath: renamed)
        let noPrefix = dir + "/good.so"
        try FileManager.default.copyItem(atPath: good, toPath: noPrefix)
        let expected = CheckFinding(
            .nameMismatch, registration: nil,
            "the descriptor's name is 'good' but the file is libbroken.so: --plugins broken would refuse it (the name differs), and --plugins good looks for libgood.so",
            fix: "rename the file libgood.so, or set descriptor.name to \"broken\"")
        let byPath = try twhost(["plugins", "check", "--format", "json", renamed])
        #expect(byPath.status == 1)
        let plugins = try Self.report(byPath.stdout)
        // The rest of the check still runs on what loaded: the name is the only finding.
        #expect(plugins[0].name == "good" && plugins[0].findings == [expected])
        let byName = try Self.report(
            try twhost(["plugins", "check", "--format", "json", "--plugin-path", dir, "broken"]).stdout)
        #expect(byName[0].findings == [expected])
        let bare = try Self.report(try twhost(["plugins", "check", "--format", "json", noPrefix]).stdout)
        #expect(
            bare[0].findings.map(\.message) == [
                "the descriptor's name is 'good' but the file is good.so: no name finds it (plugins are found as lib<name>.so), and --plugins good looks for libgood.so"
            ])
        #expect(try twhost(["plugins", "check", good]).status == 0)
        // What the check promises: by that name the plugin indeed cannot be loaded.
        let loaded = try twhost(["explain", "--plugin-path", dir, "--plugins", "broken", "fade-[0.5]"])
        #expect(loaded.status == 2)
        #expect(loaded.stderr.contains("descriptor.name is 'good', expected 'broken'"))
    }

    @Test("invalid-default: a color default that names a theme color is checked in the theme in force")
    func themeDefaults() throws {
        let dir = TestPaths.temporaryDirectory("theme-color")
        let plugin = try ContainmentTests.hostile("branded", ["THEME_COLOR_DEFAULT"], in: dir)
        let brand = dir + "/brand.json"
        try ##"{"colors": {"brand": "#4f46e5"}, "spacing": 4}"##.write(toFile: brand, atomically: true, encoding: .utf8)
        let other = dir + "/other.json"
        try #"{"colors": {"ink": {"r": 0.1, "g": 0.1, "b": 0.1}}, "colours": {}}"#.write(
            toFile: other, atomically: true, encoding: .utf8)

        // It loads: the default theme lacks brand, but the theme in force decides.
        let plain = try twhost(["plugins", "check", "--format", "json", plugin])
        #expect(plain.status == 1)
        #expect(
            try Self.report(plain.stdout)[0].findings == [
                CheckFinding(
                    .invalidDefault, registration: "glow",
                    "default 'brand' is invalid in the default theme: no theme color 'brand' (and 'brand' is not a #rgb, #rgba, #rrggbb or #rrggbbaa literal)",
                    fix:
                        "define colors.brand in every theme the plugin is used with (and check with --theme FILE), or use a literal default that needs no theme entry"
                )
            ])
        // With the app's theme, which defines brand: no finding.
        let themed = try twhost(["plugins", "check", "--theme", brand, plugin])
        #expect(themed.status == 0, "\(themed.stdout)")
        #expect(themed.stdout.hasSuffix("1 plugin(s) checked: 1 passed, 0 failed; 0 error(s), 0 warning(s)\n"))
        // Each --theme is checked; one without brand fails, named; its unknown field is warned about.
        let both = try twhost(["plugins", "check", "--format", "json", "--theme", brand, "--theme", other, plugin])
        #expect(both.status == 1)
        #expect(
            try Self.report(both.stdout)[0].findings.map(\.message) == [
                "default 'brand' is invalid in the theme \(other): no theme color 'brand' (and 'brand' is not a #rgb, #rgba, #rrggbb or #rrggbbaa literal)"
            ])
        #expect(
            both.stderr.contains(
                "warning: \(other): unknown-field: /colours: unknown field, ignored (line 1) (did you mean 'colors'?)"))

        // registry probes in the default theme, or in --theme: a baseline for the app's theme.
        let registry = try twhost(["registry", "--plugins", plugin])
        #expect(registry.status == 1)
        #expect(
            registry.stderr.contains(
                "error: probe-failed: modifier 'glow' of plugin 'branded': default argument: no theme color 'brand'"))
        let themedRegistry = try twhost(["registry", "--plugins", plugin, "--theme", brand])
        #expect(themedRegistry.status == 0, "\(themedRegistry.stderr)")
        #expect(
            themedRegistry.stdout.contains(".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0), radius: 4)"))

        // resolve: decorated in a scene whose theme has brand, undecorated with the reason in one that lacks it.
        let scene =
            ##"{"scene": 1, "rules": {"theme": {"colors": {"brand": "#ff0000"}}}, "root": {"type": "Text", "tw": "p-4 glow-[brand/50]"}}"##
        let good = try twhost(["resolve", "--plugins", plugin, "--format", "json", "-"], input: scene)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        let out = try ResolveOutput(good.stdout)
        #expect(
            out.chain("/").map(\.modifier) == [
                ".padding(16)", ".opacity(1)",
                ".shadow(color: Color(red: 1, green: 0, blue: 0, opacity: 0.5), radius: 4)",
                ".opacity(1)",
            ])
        let bare = try twhost(
            ["resolve", "--plugins", plugin, "-"], input: #"{"scene": 1, "root": {"type": "Text", "tw": "p-4"}}"#)
        #expect(bare.status == 1)
        // One fault, one error: the factory is not called without its default (no factory-failed beside it).
        #expect(
            bare.stdout.split(separator: "\n").filter { $0.contains("error[") } == [
                "  <stdin>:1:22: error[invalid-argument] (value): default 'brand' of glow is invalid in this theme: no theme color 'brand' (and 'brand' is not a #rgb, #rgba, #rrggbb or #rrggbbaa literal)"
            ])
        #expect(bare.stdout.hasSuffix("1 surface(s): 0 decorated, 1 undecorated; 1 error(s), 0 warning(s)\n"))
    }

    @Test("the --theme examples in plugins check --help and docs/PluginAuthoring.md are theme files twhost reads")
    func themeExamples() throws {
        let help = try twhost(["plugins", "check", "--help"]).stdout
        let doc = try String(contentsOfFile: TestPaths.repository + "/docs/PluginAuthoring.md", encoding: .utf8)
        let section = try #require(doc.range(of: "A `--theme` file is a JSON object"))
        let fromDoc = try #require(doc[section.upperBound...].split(separator: "```")[1].dropFirst("json".count))
        let helpStart = try #require(help.range(of: "  {\"colors\""))
        let helpEnd = try #require(help.range(of: "}}\n", range: helpStart.upperBound..<help.endIndex))
        let fromHelp = help[helpStart.lowerBound..<helpEnd.upperBound]
        let dir = TestPaths.temporaryDirectory("theme-examples")
        let plugin = try ContainmentTests.hostile("branded", ["THEME_COLOR_DEFAULT"], in: dir)
        for (label, example) in [("help", String(fromHelp)), ("docs", String(fromDoc))] {
            #expect(example.contains("\"brand\": \"#4f46e5\""), "\(label): \(example)")
            let file = dir + "/\(label).json"
            try example.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try twhost(["plugins", "check", "--theme", file, plugin])
            #expect(result.status == 0, "\(label): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(label): \(result.stderr)")
        }
    }
}
