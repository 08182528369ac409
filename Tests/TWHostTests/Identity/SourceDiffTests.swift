import Foundation
import Testing

@testable import TWHost

/// A SwiftUI app with inline registrations in a git repository made by the
/// test: its first commit is BASE (`git:HEAD~1` or `git:HEAD`), and the
/// change under test is written over it and read as `swift:Sources`, or
/// committed and read as `git:HEAD`.
struct InlineApp {
    let root: String

    /// The app: ContentView's `.twRules` registers tilt, glow and lift for
    /// its subtree; CardView (used inside it) replaces the rules with its
    /// own, spin only. One surface in each scope.
    static func source(
        tiltOrder: Int = 10, tiltDefault: String = "0.0", glowName: String = "glow",
        glowBody: String = "view.shadow(radius: active ? 8 : 0)", liftInCard: Bool = false, tilt: Bool = true
    ) -> String {
        let lift = "\"lift\": .value(default: 0.0, order: 30) { view, y in view.offset(y: y) },"
        let tiltEntry = """
            "tilt": .value(default: \(tiltDefault), order: \(tiltOrder)) { view, degrees in
                            view.rotation3DEffect(.degrees(degrees), axis: (x: 0, y: 1, z: 0))
                        },
            """
        return """
            import SwiftUI

            struct ContentView: View {
                var body: some View {
                    VStack {
                        Text("Title").tw("tilt-[5] \(glowName)")
                        CardView()
                    }
                    .twRules(TWGlobalRules(modifiers: [
                        \(tilt ? tiltEntry : "")
                        "\(glowName)": .view(order: 20) { view, active in
                            \(glowBody)
                        },
                        \(liftInCard ? "" : lift)
                    ]))
                }
            }

            struct CardView: View {
                var body: some View {
                    Text("Card").tw("spin")
                        .twRules(TWGlobalRules(modifiers: [
                            "spin": .view(order: 5) { view, active in view.rotationEffect(.degrees(active ? 90 : 0)) },
                            \(liftInCard ? lift : "")
                        ]))
                }
            }

            """
    }

    static let environment = [
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
    ]

    static var git: String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/git") {
            return "\(dir)/git"
        }
        return "/usr/bin/git"
    }

    /// A repository whose one commit holds the app as `source()` writes it.
    init() throws {
        root = TestPaths.temporaryDirectory("inline-app")
        try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"])
        try write(Self.source())
        try commit("the app")
    }

    func git(_ arguments: [String]) throws {
        let result = try runProcess(
            Self.git, ["-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments,
            environment: Self.environment, directory: root)
        guard result.status == 0 else { throw FixtureError.compileFailed(name: "git", output: result.stderr) }
    }

    func write(_ source: String) throws {
        try source.write(toFile: root + "/Sources/App.swift", atomically: true, encoding: .utf8)
    }

    func commit(_ message: String) throws {
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", message])
    }

    /// `twhost diff BASE HEAD …` run in the repository.
    func diff(_ base: String, _ head: String, _ more: [String] = []) throws -> ProcessResult {
        try twhost(["diff", base, head, "--no-config"] + more, environment: Self.environment, directory: root)
    }

    /// The JSON findings of a diff as `rule fingerprint → file:line`.
    func findings(_ base: String = "git:HEAD:Sources", _ head: String = "swift:Sources") throws -> [String] {
        let result = try diff(base, head, ["--format", "json"])
        return try DiffOutput.findings(result.stdout).map { f in
            let location = ResolveOutput.field(f, "location")
            let file = location.flatMap { ResolveOutput.string($0, "file") } ?? "?"
            let line = location.flatMap { InlineApp.line($0) }.map(String.init) ?? "?"
            return "\(ResolveOutput.string(f, "fingerprint") ?? "?") → \(file):\(line)"
        }
    }

    /// A location's `line`.
    static func line(_ location: JSONNode) -> Int? {
        guard let node = ResolveOutput.field(location, "line"), case .number(let n) = node.value else { return nil }
        return Int(n)
    }

    /// The surfaces the first finding with that rule lists.
    func surfaces(_ rule: String, _ base: String = "git:HEAD:Sources", _ head: String = "swift:Sources") throws
        -> [String]
    {
        let result = try diff(base, head, ["--format", "json"])
        let f = try DiffOutput.findings(result.stdout).first { ResolveOutput.string($0, "rule") == rule }
        return DiffOutput.strings(f.flatMap { ResolveOutput.field($0, "surfaces") })
    }
}

@Suite("diff: inline registrations of Swift sources, against a git revision", .removesTemporaryDirectories)
struct SourceDiffTests {
    @Test("registry PATH snapshots every inline registration with its scope and location (format version 2)")
    func registrySnapshot() throws {
        let app = try InlineApp()
        let result = try twhost(["registry", "--no-config", "Sources"], directory: app.root)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "  \"twhostRegistry\": 2,")
        #expect(
            lines.contains(
                #"    {"name": "tilt", "plugin": "source@ContentView", "kind": "modifier", "form": "value", "phase": "effects", "order": 10, "conflictKey": "tilt", "argumentType": "number", "default": "0", "structure": {"active": ".rotation3DEffect(_:.degrees(_:Number),axis:(x:Number,y:Number,z:Number))", "inactive": ".rotation3DEffect(_:.degrees(_:Number),axis:(x:Number,y:Number,z:Number))"}, "modifier": {"active": ".rotation3DEffect(.degrees(0), axis: (x: 0, y: 1, z: 0))", "inactive": ".rotation3DEffect(.degrees(0), axis: (x: 0, y: 1, z: 0))"}, "scope": {"view": "ContentView", "file": "Sources/App.swift", "line": 9}, "location": {"file": "Sources/App.swift", "line": 10, "column": 21}},"#
            ), "\(result.stdout)")
        #expect(lines.contains { $0.contains(#""name": "spin", "plugin": "source@CardView""#) })
        // The snapshot file reads back as one: no finding against the sources it came from.
        let file = app.root + "/snapshot.json"
        try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let same = try app.diff(file, "swift:Sources")
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(
            same.stdout.hasSuffix(
                "0 finding(s): 0 blocking, 0 allowed; identity 0, breaking 0, behavior 0, compatible 0, version 0, input 0\n"
            ), "\(same.stdout)")
        // A snapshot of plugins only is still version 1, byte for byte, and version 1 files still read.
        let plugins = try twhost([
            "registry", "--no-config", "--plugins", "motion", "--plugin-path", TestPaths.binDirectory,
        ])
        #expect(plugins.stdout.split(separator: "\n")[1] == "  \"twhostRegistry\": 1,")
        let old = app.root + "/old.json"
        try plugins.stdout.write(toFile: old, atomically: true, encoding: .utf8)
        let oldDiff = try app.diff(old, old)
        #expect(oldDiff.status == 0, "\(oldDiff.stderr)")
    }

    @Test(
        "an order that moves the slot is slot-reordered on exactly that scope's surfaces; one that does not is order-changed"
    )
    func orders() throws {
        let app = try InlineApp()
        try app.write(InlineApp.source(tiltOrder: 25))
        #expect(try app.findings() == ["slot-reordered/source@ContentView/tilt → Sources/App.swift:10"])
        #expect(try app.surfaces("slot-reordered") == ["Sources/App.swift:ContentView.body/0"])
        #expect(try app.diff("git:HEAD:Sources", "swift:Sources").status == 1)
        try app.write(InlineApp.source(tiltOrder: 15))
        #expect(try app.findings() == ["order-changed/source@ContentView/tilt → Sources/App.swift:10"])
        #expect(try app.diff("git:HEAD:Sources", "swift:Sources").status == 0)
    }

    @Test("a rename is registration-removed (at BASE) and slot-added (at HEAD)")
    func rename() throws {
        let app = try InlineApp()
        try app.write(InlineApp.source(glowName: "shine"))
        #expect(
            try app.findings() == [
                "slot-removed/source@ContentView/glow → Sources/App.swift:13",
                "slot-added/source@ContentView/shine → Sources/App.swift:13",
                "registration-removed/source@ContentView/glow → Sources/App.swift:13",
            ])
    }

    @Test(
        "a closure that returns another structure is structure-changed; a new default only is default-changed, exit 0")
    func structureAndDefault() throws {
        let app = try InlineApp()
        try app.write(InlineApp.source(glowBody: "view.blur(radius: active ? 8 : 0)"))
        #expect(try app.findings() == ["structure-changed/source@ContentView/glow → Sources/App.swift:13"])
        #expect(try app.surfaces("structure-changed") == ["Sources/App.swift:ContentView.body/0"])
        try app.write(InlineApp.source(tiltDefault: "1.0"))
        #expect(try app.findings() == ["default-changed/source@ContentView/tilt → Sources/App.swift:10"])
        #expect(try app.diff("git:HEAD:Sources", "swift:Sources").status == 0)
    }

    @Test(
        "a registration moved between .twRules scopes is one registration-moved with both locations and both subtrees")
    func movedBetweenScopes() throws {
        let app = try InlineApp()
        try app.write(InlineApp.source(liftInCard: true))
        try app.commit("lift moves into the card")
        let result = try app.diff("git:HEAD~1", "git:HEAD", ["--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let findings = try DiffOutput.findings(result.stdout)
        #expect(
            findings.compactMap { ResolveOutput.string($0, "fingerprint") } == [
                "registration-moved/source@CardView/lift"
            ])
        let moved = try #require(findings.first)
        #expect(ResolveOutput.string(moved, "movedFrom") == "source@ContentView")
        #expect(
            ResolveOutput.string(moved, "why")
                == "the surfaces under the .twRules of ContentView (Sources/App.swift:9) lose this slot and those under the .twRules of CardView (Sources/App.swift:24) gain it, so their child state resets"
        )
        let location = try #require(ResolveOutput.field(moved, "location"))
        #expect(ResolveOutput.string(location, "file") == "Sources/App.swift")
        #expect(InlineApp.line(location) == 26)
        let related = try #require(ResolveOutput.field(moved, "related"))
        guard case .array(let items) = related.value, let first = items.first,
            let at = ResolveOutput.field(first, "location")
        else {
            Issue.record("no related location: \(result.stdout)")
            return
        }
        #expect(InlineApp.line(at) == 16)
        #expect(
            DiffOutput.strings(ResolveOutput.field(moved, "surfaces")) == [
                "Sources/App.swift:ContentView.body/0", "Sources/App.swift:ContentView.body/1/0",
            ])
    }

    @Test("an inline registration that stops shadowing a plugin's: registration-moved on that scope's surfaces only")
    func shadowing() throws {
        let app = try InlineApp()
        try app.write(InlineApp.source(tilt: false))
        let plugins = ["--plugins", "motion", "--plugin-path", TestPaths.binDirectory]
        let result = try app.diff("git:HEAD:Sources", "swift:Sources", plugins + ["--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let findings = try DiffOutput.findings(result.stdout)
        // Motion's own tilt now reaches ContentView's subtree; motion itself did not change, so
        // it needs no release (no version finding).
        #expect(
            findings.compactMap { ResolveOutput.string($0, "fingerprint") } == [
                "registration-moved/motion/tilt", "argument-type-changed/motion/tilt",
                "conflict-key-changed/motion/tilt",
            ])
        let moved = try #require(findings.first)
        #expect(ResolveOutput.string(moved, "movedFrom") == "source@ContentView")
        // Same phase, order and structure: no surface's chain changes structure.
        #expect(DiffOutput.strings(ResolveOutput.field(moved, "surfaces")) == [])
        guard let related = ResolveOutput.field(moved, "related"), case .array(let items) = related.value,
            let at = items.first.flatMap({ ResolveOutput.field($0, "location") })
        else {
            Issue.record("no related location: \(result.stdout)")
            return
        }
        #expect(ResolveOutput.string(at, "file") == "Sources/App.swift")
        #expect(InlineApp.line(at) == 10)
        // Classes written for the inline tilt: the surfaces of ContentView's subtree only, not CardView's.
        #expect(
            DiffOutput.strings(ResolveOutput.field(findings[1], "surfaces")) == ["Sources/App.swift:ContentView.body/0"]
        )
    }

    @Test("GitHub and SARIF point at the HEAD file and line")
    func annotations() throws {
        let app = try InlineApp()
        try app.write(InlineApp.source(tiltOrder: 25))
        let github = try app.diff("git:HEAD:Sources", "swift:Sources", ["--format", "github"])
        #expect(github.status == 1)
        #expect(
            github.stdout.hasPrefix(
                "::error file=Sources/App.swift,line=10,col=21,title=twhost slot-reordered::identity: modifier tilt (source@ContentView)"
            ), "\(github.stdout)")
        let sarif = try app.diff("git:HEAD:Sources", "swift:Sources", ["--format", "sarif"])
        #expect(sarif.status == 1)
        #expect(sarif.stdout.contains(#""uri": "Sources/App.swift""#))
        #expect(sarif.stdout.contains(#""startLine": 10,"#), "\(sarif.stdout)")
    }

    @Test(
        "no git, an unknown revision, a path outside the repository, a side that does not parse: exit 2 naming the side"
    )
    func errors() throws {
        let app = try InlineApp()
        let noGit = try twhost(
            ["diff", "git:HEAD", "swift:Sources", "--no-config"], environment: ["PATH": "/nonexistent"],
            directory: app.root)
        #expect(noGit.status == 2)
        #expect(noGit.stderr == "error: git:HEAD: git is not on PATH; install git, or give the side as swift:PATH\n")
        let unknown = try app.diff("git:no-such-branch", "swift:Sources")
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "error: git:no-such-branch: unknown revision 'no-such-branch' (fetch it first: a shallow clone lacks it)\n"
        )
        let outside = try app.diff("git:HEAD:../elsewhere", "swift:Sources")
        #expect(outside.status == 2)
        #expect(outside.stderr == "error: git:HEAD:../elsewhere: ../elsewhere is outside the repository\n")
        try "struct Broken: View { var body: some View { Text(\"x\").tw(\"p-2\" }\n".write(
            toFile: app.root + "/Sources/Broken.swift", atomically: true, encoding: .utf8)
        let broken = try app.diff("git:HEAD:Sources", "swift:Sources")
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("error: swift:Sources: Sources/Broken.swift:1:"), "\(broken.stderr)")
        #expect(broken.stderr.contains("syntax-error"))
    }
}
