import Testing

@testable import TWHost
@testable import TWSupport

/// The resolve report of a generated corpus stays byte for byte what the
/// build before the id-based resolve path wrote (commit 5cd85ab): its SHA-256
/// is kept here, so any change to a chain, identity, order or number shows.
@Suite("Corpus digest", .removesTemporaryDirectories)
struct CorpusDigestTests {
    /// The benchmark's repeated corpus (twhost-bench `Corpus.repeated`, the same
    /// 64-bit LCG and seed), at 2,000 surfaces: 5–12 of 33 common classes each.
    /// - Parameter plugins: the README's plugins in the root's rules (`Corpus.sceneJSON(plugins:)`).
    static func repeatedScene(surfaces: Int, plugins: Bool = false) -> String {
        let common = [
            "p-2", "p-4", "px-4", "py-2", "rounded", "rounded-lg", "rounded-full", "bg-white", "bg-blue", "bg-muted",
            "text-white", "text-muted-foreground", "text-sm", "text-lg", "text-xl", "font-medium", "font-bold",
            "shadow", "shadow-md", "border", "border-border", "w-[120px]", "w-[240px]", "opacity-50", "opacity-75",
            "hover:bg-indigo", "focus:border-blue", "disabled:opacity-50", "duration-200", "duration-300", "rotate-3",
            "-rotate-2", "hover:shadow-lg",
        ]
        var state: UInt64 = 42
        func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let rules = plugins ? "\"rules\": {\"plugins\": [\"material\", \"motion\"]}, " : ""
        var out = "{\"scene\": 1, \"name\": \"repeated\", \"root\": {\"type\": \"VStack\", \(rules)\"children\": [\n"
        for i in 0..<surfaces {
            let n = 5 + below(8)
            let classes = (0..<n).map { _ in common[below(common.count)] }
            out += "{\"type\": \"Text\", \"tw\": \"\(classes.joined(separator: " "))\"}"
            out += i + 1 < surfaces ? ",\n" : "\n"
        }
        return out + "]}}\n"
    }

    /// `twhost resolve --format json -` and `twhost resolve -` on this scene, since
    /// swiftcn's default theme (adaptive token values, Dynamic Type text sizes,
    /// radii, shadows, `rounded-full` without clipping, 0.3 s presets), and
    /// since its newest light `muted` and `mutedForeground` (issue 25).
    static let jsonDigest = "051ccb7d4aa30b259f0ad4564bebb4ef0ab1a58fc3edd7792ae00521f7a41176"
    static let textDigest = "59e59a40022de1d7bac9e9aebeab47d9fd00ef26c25e0428f66ea51b89de4fd2"

    @Test("the repeated corpus (2,000 surfaces) resolves to the same bytes, JSON and text")
    func repeatedCorpus() throws {
        let scene = Self.repeatedScene(surfaces: 2000)
        #expect(scene.utf8.count == 236_865)  // the same scene the digests were taken of
        let json = try twhost(["resolve", "--format", "json", "-"], input: scene)
        #expect(json.status == 0)
        #expect(json.stderr == "")
        #expect(SHA256.hex(json.stdout) == Self.jsonDigest)
        let text = try twhost(["resolve", "-"], input: scene)
        #expect(text.status == 0)
        #expect(SHA256.hex(text.stdout) == Self.textDigest)
    }

    /// The same corpus with material and motion in the root's rules and
    /// `--plugins material,motion` (the README's command), as 82c01f7 wrote
    /// it, when such a scene resolved on one thread on the general path; the
    /// JSON and compact digests leave out their second line (the plugins'
    /// paths, which depend on the build folder).
    static let pluginDigests = [
        "json": "885112df95ac0e8648adeac8cfbff088357e826969aa2aef53fe6d970035256c",
        "compact": "07d62fc5d38ce4972ee5af6ca7286435ddfbcc96c096c9017bbc0763c804fee0",
        "text": "214335feafe3c14fa324005ddc39235d92478126089a8680f3b910d90417657b",
    ]

    @Test("with plugins in scope, the repeated corpus resolves to the same bytes on one thread and on several")
    func repeatedCorpusWithPlugins() throws {
        let scene = Self.repeatedScene(surfaces: 2000, plugins: true)
        #expect(scene.utf8.count == 236_911)
        for format in ["json", "compact", "text"] {
            for jobs in ["1", "2", "3"] {
                let result = try twhost(
                    ["resolve", "--plugins", "material,motion", "--jobs", jobs, "--format", format, "-"], input: scene)
                #expect(result.status == 0)
                #expect(result.stderr == "")
                var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                if format != "text" {
                    #expect(lines.count > 2 && lines[1].hasPrefix(#""plugins": [{"name":"material""#))
                    if lines.count > 1 { lines.remove(at: 1) }
                }
                #expect(
                    SHA256.hex(lines.joined(separator: "\n")) == Self.pluginDigests[format], "\(format), --jobs \(jobs)"
                )
            }
        }
    }

    /// Three subtrees with their own plugins and rules, rows with unknown
    /// classes, button styles and `.cocoa` nodes: chunks cross scopes.
    static func mixedScene(rows: Int, plugins: Bool = true) -> String {
        let classes =
            plugins
            ? [
                "p-4 bg-blue rounded-lg", "elevation-[2] hover:bg-indigo", "spin-[10deg] frosted p-2",
                "bogus-class p-4", "button-link bg-white", "tilt-[5deg] shadow-md text-lg",
            ]
            : [
                "p-4 bg-blue rounded-lg", "row shadow hover:bg-indigo", "card p-2 w-[120px]", "bogus-class p-4",
                "button-link bg-white", "rotate-3 shadow-md text-lg disabled:opacity-50",
            ]
        var groups: [String] = []
        let groupRules =
            plugins
            ? [
                #"{"plugins": ["material", "motion"]}"#, #"{"plugins": ["-material"], "view": "p-1"}"#,
                #"{"replace": true, "plugins": ["material"], "theme": {"spacing": 2}}"#,
            ]
            : [
                #"{"named": {"row": "px-4 py-2"}}"#, #"{"view": "p-1", "named": {"row": "p-8"}}"#,
                #"{"replace": true, "theme": {"spacing": 2}, "named": {"row": "rounded"}}"#,
            ]
        for (g, rules) in groupRules.enumerated() {
            var children: [String] = []
            for i in 0..<rows {
                let tw = classes[(i * 7 + g) % classes.count]
                let type = i % 5 == 0 ? "Button" : "Text"
                let extra = i % 11 == 0 ? #", "cocoa": [{"default": true}]"# : ""
                children.append(#"{"type": "\#(type)", "id": \#(i), "tw": "\#(tw)"\#(extra)}"#)
                if i % 97 == 0 { children.append(#"{"type": "Toggle", "cocoa": [{"for": "UISwitch"}]}"#) }
            }
            groups.append(
                #"{"type": "VStack", "rules": \#(rules), "children": [\#(children.joined(separator: ",\n"))]}"#)
        }
        return
            #"{"scene": 1, "rules": {"plugins": ["material", "motion"]}, "root": {"type": "VStack", "children": [\#(groups.joined(separator: ",\n"))]}}"#
    }

    @Test("a scene resolved on one thread and on several writes the same bytes, JSON, compact and text")
    func jobsAgree() throws {
        // Without plugins, and with them in scope (plugin calls serialised, memoised per scope).
        for plugins in [false, true] {
            let scene = Self.mixedScene(rows: 700, plugins: plugins)
            for format in ["json", "compact", "text"] {
                let one = try twhost(["resolve", "--jobs", "1", "--format", format, "-"], input: scene)
                #expect(one.status == 1)  // the bogus class leaves rows undecorated
                #expect(one.stdout.contains("unknown class 'bogus-class'"))
                if plugins && format == "json" {
                    // Plugin slots, active and inactive, are in the output.
                    #expect(
                        one.stdout.contains(
                            #""origin": "registration", "name": "elevation", "plugin": "material", "active": true"#))
                    #expect(one.stdout.contains(#""name": "tilt", "plugin": "motion", "active": false"#))
                }
                for jobs in ["2", "3"] {
                    let many = try twhost(["resolve", "--jobs", jobs, "--format", format, "-"], input: scene)
                    #expect(many.status == one.status)
                    #expect(many.stderr == one.stderr)
                    #expect(many.stdout == one.stdout, "plugins \(plugins) --jobs \(jobs) --format \(format)")
                }
            }
        }
        let scene = Self.mixedScene(rows: 700, plugins: false)
        let summary = try twhost(["resolve", "--jobs", "2", "--format", "json", "-"], input: scene)
        #expect(
            summary.stdout.hasSuffix(
                #""summary": {"surfaces":2100,"decorated":1749,"undecorated":351,"errors":351,"warnings":0}}"# + "\n"))
        let bad = try twhost(["resolve", "--jobs", "0", "-"], input: scene)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--jobs"))
    }
}
