import Foundation
import Testing

@testable import TWChecking
@testable import TWHost

/// The steps a child announces and the findings the parent makes of them
/// when plugin code ends the child.
@Suite("Check steps and interruptions", .removesTemporaryDirectories)
struct CheckStepTests {
    static let steps: [CheckStep] = [
        .loading,
        CheckStep(unit: 0, registration: "fade", action: .factory, className: "fade-[0.5]", input: "0.5"),
        CheckStep(unit: 0, registration: "fade", action: .factory, active: false, input: "its default '1'"),
        CheckStep(unit: 1, registration: "kern", action: .factory, className: "kern-[2]", input: "2pt", target: "text"),
        CheckStep(unit: 2, registration: "level", action: .parser, className: "level-[a\\_b]", input: "'a_b'"),
        CheckStep(unit: 2, registration: "level", action: .parser, input: "the invalid UTF-8 input"),
        CheckStep(
            unit: 2, registration: "level", action: .defaultArgument, input: "its default 'hi' in the default theme"),
        CheckStep(unit: 3, registration: "space", action: .utility, className: "space-[4]", input: "'4'"),
        CheckStep(
            unit: 4, registration: "bounce", action: .preset, className: "animate-bounce duration-250", input: "0.25 s"),
    ]

    @Test("every step survives the channel")
    func roundTrip() {
        for step in Self.steps {
            #expect(!step.encoded.contains("\n"))
            #expect(CheckStep(encoded: step.encoded) == step, "\(step.encoded)")
        }
        #expect(CheckStep(encoded: "loading") == nil)
        #expect(CheckStep(encoded: #"{"unit": 1, "action": "dance"}"#) == nil)
    }

    @Test("a crash names the rule, the class and the call; a hang and an exit too")
    func interruptions() {
        let plugin = "/p/libx.so"
        let crash = Self.steps.map {
            CheckFinding.interrupted(by: .signaled(SIGSEGV), during: $0, plugin: plugin, notChecked: false)
        }
        #expect(
            crash.map(\.rule.rawValue) == [
                "plugin-crashed", "factory-crashed", "factory-crashed", "factory-crashed", "parser-crashed",
                "parser-crashed", "parser-crashed", "parser-crashed", "factory-crashed",
            ])
        #expect(
            crash.map(\.message) == [
                "the plugin crashed with SIGSEGV while loading (its constructors, its entry or the parsers of its defaults)",
                "fade-[0.5] (SIGSEGV): the factory of 'fade' crashed when called active with 0.5",
                "fade absent (SIGSEGV): the factory of 'fade' crashed when called inactive with its default '1'",
                "kern-[2] (SIGSEGV): the factory of 'kern' crashed when called active with 2pt",
                "level-[a\\_b] (SIGSEGV): the parser of 'level' crashed reading 'a_b'",
                "level (SIGSEGV): the parser of 'level' crashed reading the invalid UTF-8 input",
                "level (SIGSEGV): the parser of 'level' crashed reading its default 'hi' in the default theme",
                "space-[4] (SIGSEGV): the utility of 'space' crashed expanding '4'",
                "animate-bounce duration-250 (SIGSEGV): the preset of 'bounce' crashed for 0.25 s",
            ])
        // The fix reproduces the class in one process, quoted for the shell, with its target.
        #expect(crash[1].fix.hasSuffix("`twhost explain --plugins /p/libx.so 'fade-[0.5]'`"))
        #expect(crash[3].fix.hasSuffix("`twhost explain --plugins /p/libx.so --target text 'kern-[2]'`"))
        #expect(crash[2].fix.hasSuffix("`twhost plugins check --in-process /p/libx.so`"))
        #expect(crash[6].fix.hasSuffix("`twhost plugins check --in-process /p/libx.so`"))
        #expect(crash.dropFirst().map(\.className) == Self.steps.dropFirst().map(\.className))

        let hang = CheckFinding.interrupted(
            by: .timedOut(seconds: 2.5), during: Self.steps[4], plugin: plugin, notChecked: true)
        #expect(hang.rule == .pluginHung && hang.registration == "level")
        #expect(
            hang.message
                == "level-[a\\_b]: the parser of 'level' did not return within 2.5 s reading 'a_b'; the registrations after it were not checked"
        )
        let exit = CheckFinding.interrupted(by: .exited(0), during: Self.steps[8], plugin: plugin, notChecked: false)
        #expect(exit.rule == .pluginExited)
        #expect(
            exit.message
                == "animate-bounce duration-250: the preset of 'bounce' ended the process (exit status 0) for 0.25 s")
        let loading = CheckFinding.interrupted(
            by: .timedOut(seconds: 10), during: nil, plugin: plugin, notChecked: false)
        #expect(loading.message == "the plugin did not finish loading within 10 s")
    }

    @Test("shell words")
    func quoting() {
        #expect(CheckFinding.shellQuoted("/tmp/x/libx.so") == "/tmp/x/libx.so")
        #expect(CheckFinding.shellQuoted("glow") == "glow")
        #expect(CheckFinding.shellQuoted("fade-[0.5]") == "'fade-[0.5]'")
        #expect(CheckFinding.shellQuoted("label-[it's]") == "'label-[it'\\''s]'")
        #expect(CheckFinding.shellQuoted("") == "''")
    }
}
