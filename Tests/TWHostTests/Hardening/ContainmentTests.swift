import Foundation
import Testing

@testable import TWHost

/// SPEC A-12: plugin code that runs in the twhost process (`resolve`, `explain`,
/// `registry`) and fails is reported as the plugin's failure, with exit 2 —
/// never exit 0, never a raw crash (139). Each case runs the real binary on a
/// real C plugin (Tests/Fixtures/plugins/hostile.c).
@Suite("Containment of plugin code", .removesTemporaryDirectories)
struct ContainmentTests {
    /// Builds hostile.c as `lib<name>.so` in `dir`.
    @discardableResult
    static func hostile(_ name: String, _ defines: [String], in dir: String) throws -> String {
        try FixtureCompiler.build(
            name: name, defines: defines, source: TestPaths.repository + "/Tests/Fixtures/plugins/hostile.c", in: dir)
    }

    /// A scene of one Text surface per class list.
    static func scene(_ classes: [String]) -> String {
        let children = classes.map { #"{"type": "Text", "tw": "\#($0)"}"# }.joined(separator: ", ")
        return #"{"scene": 1, "root": {"type": "VStack", "children": [\#(children)]}}"#
    }

    static func elapsed(_ body: () throws -> Void) rethrows -> Duration {
        let start = ContinuousClock.now
        try body()
        return ContinuousClock.now - start
    }

    @Test("a factory that crashes on one argument: exit 2 naming the plugin and the factory, not 139")
    func crashOnOneArgument() throws {
        let dir = TestPaths.temporaryDirectory("crash-13")
        try Self.hostile("crashy", ["CRASH_ON_13"], in: dir)
        let message = "error: plugin 'crashy' crashed in the factory of 'fade' (active) (SIGSEGV)\n"
        let resolve = try twhost(
            ["resolve", "--plugin-path", dir, "--plugins", "crashy", "-"],
            input: Self.scene(["fade-[12]", "fade-[13]"]))
        #expect(resolve.status == 2)
        #expect(resolve.stderr == message)
        let explain = try twhost(["explain", "fade-[13]", "--plugin-path", dir, "--plugins", "crashy"])
        #expect(explain.status == 2)
        #expect(explain.stderr == message)
        #expect(explain.stdout.isEmpty)
        // Every other argument works.
        let fine = try twhost(["explain", "fade-[12]", "--plugin-path", dir, "--plugins", "crashy"])
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(fine.stdout.contains(".opacity(12)"))
    }

    @Test("on every core, a memoised factory that crashes, exits or hangs still ends twhost with exit 2 and its name")
    func memoisedCallsOnEveryCore() throws {
        let dir = TestPaths.temporaryDirectory("memoised")
        try Self.hostile("crashy", ["CRASH_ON_13"], in: dir)
        try Self.hostile("quitter", ["EXIT_ZERO"], in: dir)
        try Self.hostile("sleeper", ["SLEEP_FACTORY"], in: dir)
        // Thousands of surfaces in chunks over three threads: the first call of
        // each argument is made once, the others reuse it, until the one that fails.
        let many = (0..<3000).map { i in i % 3 == 0 ? "fade-[12] p-4" : "p-\(i % 8) rounded" }
        for jobs in ["1", "3"] {
            let fine = try twhost(
                ["resolve", "--jobs", jobs, "--format", "compact", "--plugin-path", dir, "--plugins", "crashy", "-"],
                input: Self.scene(many))
            #expect(fine.status == 0, "\(fine.stderr)")
            let crash = try twhost(
                ["resolve", "--jobs", jobs, "--plugin-path", dir, "--plugins", "crashy", "-"],
                input: Self.scene(many + ["fade-[13]"] + many))
            #expect(crash.status == 2)
            #expect(crash.stderr == "error: plugin 'crashy' crashed in the factory of 'fade' (active) (SIGSEGV)\n")
            let exit = try twhost(
                ["resolve", "--jobs", jobs, "--plugin-path", dir, "--plugins", "quitter", "-"],
                input: Self.scene(many.map { $0.replacingOccurrences(of: "fade-[12]", with: "p-2") } + ["fade-[0.5]"]))
            #expect(exit.status == 2)
            #expect(
                exit.stderr
                    == "error: plugin 'quitter' called exit(0) in the factory of 'fade' (active); plugins must not end the process\n"
            )
            let hang = try twhost(
                [
                    "resolve", "--jobs", jobs, "--plugin-timeout", "1", "--plugin-path", dir, "--plugins", "sleeper",
                    "-",
                ],
                input: Self.scene(many.map { $0.replacingOccurrences(of: "12", with: "1") }))
            #expect(hang.status == 2)
            #expect(
                hang.stderr
                    == "error: plugin 'sleeper' did not return within 1 s in the factory of 'fade' (active); raise --plugin-timeout if it needs longer\n"
            )
        }
    }

    struct CrashCase: Sendable, CustomTestStringConvertible {
        var id: String
        var define: String
        var arguments: [String]
        var message: String
        var testDescription: String { id }
    }

    static let crashes: [CrashCase] = [
        CrashCase(
            id: "inactive factory with its default", define: "CRASH_INACTIVE", arguments: ["explain", "p-4"],
            message: "crashed in the factory of 'fade' (inactive, with its default) (SIGSEGV)"),
        CrashCase(
            id: "parser reading its default at load", define: "CRASH_DEFAULT_PARSE", arguments: ["registry"],
            message: "crashed in the parser of 'level' reading its default argument (SIGSEGV)"),
        CrashCase(
            id: "entry", define: "SEGV_ENTRY", arguments: ["registry"], message: "crashed in tw_plugin_entry (SIGSEGV)"),
        CrashCase(
            id: "abort", define: "ABORT_FACTORY", arguments: ["explain", "p-4"],
            message: "crashed in the factory of 'fade' (inactive, with its default) (SIGABRT)"),
        CrashCase(
            id: "stack overflow", define: "STACK_OVERFLOW", arguments: ["explain", "fade-[1]"],
            message: "crashed in the factory of 'fade' (active) (SIGSEGV)"),
    ]

    @Test("crashes in the default, at load, in the entry, abort() and a stack overflow", arguments: crashes)
    func crashElsewhere(_ c: CrashCase) throws {
        let dir = TestPaths.temporaryDirectory("crash")
        try Self.hostile("faulty", [c.define], in: dir)
        let result = try twhost(c.arguments + ["--plugin-path", dir, "--plugins", "faulty"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: plugin 'faulty' \(c.message)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test("exit(0) in a factory: exit 2 naming the plugin; registry -o keeps the old snapshot")
    func exitFromPluginCode() throws {
        let dir = TestPaths.temporaryDirectory("exit-zero")
        try Self.hostile("quitter", ["EXIT_ZERO"], in: dir)
        let message =
            "error: plugin 'quitter' called exit(0) in the factory of 'fade' (active); plugins must not end the process\n"
        let resolve = try twhost(
            ["resolve", "--plugin-path", dir, "--plugins", "quitter", "-"], input: Self.scene(["p-4", "fade-[0.5]"]))
        #expect(resolve.status == 2)
        #expect(resolve.stderr == message)
        #expect(resolve.stdout.isEmpty)
        let out = TestPaths.temporaryDirectory("exit-zero-out")
        let base = out + "/base.json"
        try "the old snapshot\n".write(toFile: base, atomically: true, encoding: .utf8)
        let registry = try twhost(["registry", "--plugin-path", dir, "--plugins", "quitter", "-o", base])
        #expect(registry.status == 2)
        #expect(registry.stderr == message)
        #expect(try String(contentsOfFile: base, encoding: .utf8) == "the old snapshot\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["base.json"])
    }

    @Test("a factory or parser that never returns: exit 2 after --plugin-timeout")
    func endlessPluginCode() throws {
        let dir = TestPaths.temporaryDirectory("endless")
        try Self.hostile("sleeper", ["SLEEP_FACTORY"], in: dir)
        try Self.hostile("spinner", ["LOOP_PARSER"], in: dir)
        var sleeper: ProcessResult?
        let time = try Self.elapsed {
            sleeper = try twhost(
                ["explain", "fade-[1]", "--plugin-timeout", "1", "--plugin-path", dir, "--plugins", "sleeper"])
        }
        #expect(sleeper?.status == 2)
        #expect(
            sleeper?.stderr
                == "error: plugin 'sleeper' did not return within 1 s in the factory of 'fade' (active); raise --plugin-timeout if it needs longer\n"
        )
        #expect(time < .seconds(10))
        let spinner = try twhost(
            ["resolve", "--plugin-timeout", "0.5", "--plugin-path", dir, "--plugins", "spinner", "-"],
            input: Self.scene(["p-4"]))
        #expect(spinner.status == 2)
        #expect(
            spinner.stderr
                == "error: plugin 'spinner' did not return within 0.5 s in the parser of 'level' reading its default argument; raise --plugin-timeout if it needs longer\n"
        )
        for bad in ["0", "-1", "nan", "inf", "4000", "soon"] {
            let usage = try twhost(["explain", "p-4", "--plugin-timeout=\(bad)"])
            #expect(usage.status == 64)
            let expected =
                (bad == "-1" ? "a duration, not a negative number: " : "")
                + "seconds as a decimal number from 0.001 to 3600 (e.g. 2.5), with at most 6 digits after the point"
            #expect(usage.stderr == "error: invalid value '\(bad)' for '--plugin-timeout': expected \(expected)\n")
        }
    }

    @Test("what plugin code prints goes to stderr, never into the report")
    func pluginOutputNeverInTheReport() throws {
        let dir = TestPaths.temporaryDirectory("printer")
        try Self.hostile("printer", ["PRINT_STDOUT"], in: dir)
        let result = try twhost(
            ["resolve", "--format", "json", "--plugin-path", dir, "--plugins", "printer", "-"],
            input: Self.scene(["fade-[0.5]", "p-2"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("PLUGIN"))
        let out = try ResolveOutput(result.stdout)  // the whole report is still one JSON document
        #expect(out.chain("/0").contains { $0.modifier == ".opacity(0.5)" })
        for line in ["PLUGIN STDOUT from the entry", "PLUGIN WRITE(1) from the entry", "PLUGIN STDOUT from fade"] {
            #expect(result.stderr.contains(line + "\n"), "\(result.stderr)")
        }
        let explain = try twhost(["explain", "fade-[0.5]", "--plugin-path", dir, "--plugins", "printer"])
        #expect(explain.status == 0)
        #expect(!explain.stdout.contains("PLUGIN"))
        #expect(explain.stdout.hasPrefix("classes: fade-[0.5]\n"))
    }

    @Test("plugins check reads its child over a channel: a printed result and _exit(0) is not a pass")
    func forgedCheckResult() throws {
        let dir = TestPaths.temporaryDirectory("forger")
        let plugin = try Self.hostile("forger", ["FORGE_RESULT"], in: dir)
        let result = try twhost(["plugins", "check", "--format", "json", plugin])
        #expect(result.status == 1)
        let report = try CheckTests.Report(result.stdout)
        #expect(report.plugins.count == 1)
        // The name and version come over the channel once the plugin has loaded, not from what it printed.
        #expect(report.plugins[0].name == "forger")
        #expect(report.plugins[0].status == "failed")
        #expect(report.plugins[0].rules == ["plugin-exited"])
        #expect(
            report.plugins[0].messages == [
                "fade-[1]: the factory of 'fade' ended the process (exit status 0) when called active with its default '1'"
            ])
        #expect(!result.stdout.contains("/made/up"))
        #expect(!result.stdout.contains("6.6.6"))
    }

    @Test("a builder kept and used from another thread during a later call is ignored, counted and reported")
    func keptBuilderFromAnotherThread() throws {
        let dir = TestPaths.temporaryDirectory("kept-handles")
        try Self.hostile("keeper", ["KEEP_BUILDER_THREAD"], in: dir)
        try Self.hostile("steady", [], in: dir)
        let classes = ["fade-[0.5]", "fade-[0.25] p-2", "p-4"]
        let kept = try twhost(
            ["resolve", "--format", "json", "--plugin-path", dir, "--plugins", "keeper", "-"],
            input: Self.scene(classes))
        let steady = try twhost(
            ["resolve", "--format", "json", "--plugin-path", dir, "--plugins", "steady", "-"],
            input: Self.scene(classes))
        #expect(kept.status == 0)
        #expect(
            kept.stderr
                == "warning: builder-kept: plugin 'keeper' used a builder handle 2 time(s) after the call that received it returned, or from another thread; ignored\n"
        )
        #expect(!kept.stdout.contains("injected"))
        // Nothing reached the later surfaces: the same chains and identities as a plugin that keeps nothing.
        func split(_ report: String) -> (surfaces: Substring, footer: Substring) {
            let footer = report.range(of: "\"backing\": ").map(\.lowerBound) ?? report.endIndex
            return (report[..<footer], report[footer...])
        }
        #expect(
            split(kept.stdout).surfaces.replacingOccurrences(of: "keeper", with: "steady")
                == split(steady.stdout).surfaces)
        // The kept handles are a warning of the report, counted in its summary.
        #expect(
            split(kept.stdout).footer.contains(
                #""code":"builder-kept","class":null,"part":null,"message":"plugin 'keeper' used a builder handle 2 time(s) after the call that received it returned, or from another thread; ignored""#
            ), "\(split(kept.stdout).footer)")
        #expect(split(kept.stdout).footer.hasSuffix(#""errors":0,"warnings":1}}"# + "\n"))
        #expect(split(steady.stdout).footer.hasSuffix(#""errors":0,"warnings":0}}"# + "\n"))
        let check = try twhost(["plugins", "check", "--format", "json", dir + "/libkeeper.so"])
        #expect(check.status == 1)
        let report = try CheckTests.Report(check.stdout)
        #expect(report.plugins[0].rules == ["builder-kept"])
        #expect(
            report.plugins[0].messages == [
                "the plugin used a builder handle 2 time(s) after the call that received it returned, or from another thread; twhost ignored those calls"
            ])
    }

    @Test("plugins list survives plugins that crash or hang while loading, and lists the rest")
    func listSurvivesCrashingPlugins() throws {
        let dir = TestPaths.temporaryDirectory("list-crash")
        try Self.hostile("segv", ["SEGV_ENTRY"], in: dir)
        try Self.hostile("spinner", ["LOOP_PARSER"], in: dir)
        try Self.hostile("steady", [], in: dir)
        let result = try twhost(
            ["plugins", "list", "--plugin-path", dir, "--plugin-timeout", "5", "--format", "json"])
        #expect(result.status == 1)
        let rows = try ABIEvolutionTests.listed(result.stdout)
        #expect(
            Array(rows.prefix(3)) == [
                .init(name: "segv", abi: nil, error: "\(dir)/libsegv.so: the plugin crashed (SIGSEGV) while loading"),
                .init(
                    name: "spinner", abi: nil,
                    error: "\(dir)/libspinner.so: the plugin did not finish within 5 s while loading"),
                .init(name: "steady", abi: "1.0", error: nil),
            ])
        // Then the build folder's plugins: the shipped ones and the Swift twin fixture (libTwin.so).
        #expect(rows.dropFirst(3).map(\.name) == ["material", "motion", "twin", "typography"])
        // The text form, on a folder without the spinner (one wait is enough).
        let crashOnly = TestPaths.temporaryDirectory("list-crash-text")
        try Self.hostile("segv", ["SEGV_ENTRY"], in: crashOnly)
        let text = try twhost(["plugins", "list", "--plugin-path", crashOnly])
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("NAME        VERSION  ABI"), "\(text.stdout)")
        #expect(
            text.stderr
                == "error: plugin-load-failed: \(crashOnly)/libsegv.so: the plugin crashed (SIGSEGV) while loading\n")
    }

    @Test("a process a plugin forks during plugins check is killed with the check's child")
    func forkedGrandchildIsKilled() throws {
        let dir = TestPaths.temporaryDirectory("forker")
        let pidFile = dir + "/grandchild.pid"
        let plugin = try Self.hostile("forker", ["FORK_GRANDCHILD", "GRANDCHILD_PID_FILE=\"\(pidFile)\""], in: dir)
        var result: ProcessResult?
        let time = try Self.elapsed { result = try twhost(["plugins", "check", "--timeout", "20", plugin]) }
        #expect(result?.status == 0, "\(result?.stdout ?? "")")
        #expect(time < .seconds(15))  // it did not wait for the grandchild to let go of the pipes
        let pid = try #require(
            Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, or a zombie waiting for whoever inherited it to reap it: either way, not running.
        var running = true
        for _ in 0..<100 where running {
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            running = stat.map { !$0.contains(") Z ") } ?? false
            if running { usleep(20_000) }
        }
        #expect(!running)
    }
}
