import Foundation
import Testing

@testable import TWHost

/// `twhost resolve` and `twhost check` on Swift sources, through the real binary.
@Suite("Swift sources: the command line", .removesTemporaryDirectories)
struct SwiftCLITests {
    static let misspelt = """
        import SwiftUI

        struct Card: View {
            var body: some View {
                Text("Hello")
                    .tw("p-4 frostd")
            }
        }
        """

    @Test("the README's command: the seeds' NativeRegistryExample gives the JSON example's chains, with locations")
    func readme() throws {
        let swift = try twhost([
            "resolve", "--plugins", "material,motion",
            TestPaths.repository + "/Examples/Swift/NativeRegistryExample.swift",
            "--format", "json",
        ])
        #expect(swift.status == 0, "\(swift.stderr)")
        let json = try twhost([
            "resolve", "--plugins", "material,motion", TestPaths.repository + "/Examples/NativeRegistryExample.json",
            "--format", "json",
        ])
        let s = try ResolveOutput(swift.stdout)
        let j = try ResolveOutput(json.stdout)
        let text = "NativeRegistryExample.body/0"
        let path = TestPaths.repository + "/Examples/Swift/NativeRegistryExample.swift:NativeRegistryExample."
        #expect(s.modifiers(path + "body/0") == j.modifiers("/0"))
        #expect(s.modifiers(path + "body/1") == j.modifiers("/1"))
        #expect(
            ResolveOutput.string(s.surface(path + "body/0"), "identity")
                == ResolveOutput.string(j.surface("/0"), "identity"))
        // One identity for both values of `expanded`.
        let combinations = s.combinations(path + "body/0")
        #expect(combinations.map(\.when) == [["expanded": true], ["expanded": false]])
        #expect(Set(combinations.map(\.identity)).count == 1)
        #expect(combinations[0].modifiers == j.modifiers("/0"))
        #expect(combinations[1].modifiers.contains(".rotation3DEffect(.degrees(0), axis: (x: 0, y: 1, z: 0))"))
        // Locations: the surface's and, in text output, file:line:col.
        let surface = try #require(s.surface(path + "body/0"))
        let location = try #require(ResolveOutput.field(surface, "location"))
        #expect(
            ResolveOutput.string(location, "file") == TestPaths.repository
                + "/Examples/Swift/NativeRegistryExample.swift")
        let plain = try twhost(
            [
                "resolve", "--plugins", "material,motion", "Examples/Swift/NativeRegistryExample.swift",
            ], directory: TestPaths.repository)
        #expect(plain.status == 0)
        #expect(
            plain.stdout.contains("Examples/Swift/NativeRegistryExample.swift:30:13: \(text)  Text  (text, decorated)"))
        #expect(plain.stdout.contains("  conditions: expanded  // 2 combinations, one identity\n"))
        #expect(
            plain.stdout.contains(
                "Examples/Swift/NativeRegistryExample.swift:13:24: warning[shadowed-registration]: modifier 'frosted' registered inline shadows the one of plugin 'material'"
            ))
    }

    @Test("check: a misspelt class is file:line:col: error[unknown-class] … did you mean …, exit 1")
    func misspelt() throws {
        let folder = try SwiftSource.folder(["Card.swift": Self.misspelt], label: "check-misspelt")
        let result = try twhost(["check", "--plugins", "material", "Card.swift"], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Card.swift:6:22: error[unknown-class] unknown class 'frostd' — did you mean 'frosted'?
                1 error(s), 0 warning(s), 0 note(s) in 1 file(s), 1 surface(s)

                """)
        #expect(result.stderr.isEmpty)
    }

    @Test("check: real SwiftUI code with no .tw gives no finding and exit 0")
    func plainApp() throws {
        let result = try twhost(["check", TestPaths.repository + "/Tests/Fixtures/swift/PlainApp"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "0 error(s), 0 warning(s), 0 note(s) in 8 file(s), 0 surface(s)\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("rules set where a view is used reach the file that declares it, through the views in between")
    func rulesAcrossFiles() throws {
        let folder = try SwiftSource.folder(
            [
                "App.swift": """
                @main
                struct DemoApp: App {
                    private let rules = TWGlobalRules(
                        named: ["screen-card": "card p-4"],
                        modifiers: ["lift": .value(default: CGFloat.zero) { view, h in view.shadow(radius: h) }])
                    var body: some Scene {
                        WindowGroup {
                            ContentView().twRules(rules)
                        }
                    }
                }
                """,
                "ContentView.swift": """
                struct ContentView: View {
                    var body: some View { NavigationStack { CardView(title: "Hi") } }
                }
                """,
                "CardView.swift": """
                struct CardView: View {
                    let title: String
                    var body: some View { Text(title).tw("screen-card lift-[3]") }
                }
                #Preview { CardView(title: "Preview") }
                """,
            ], label: "across-files")
        let all = try twhost(["resolve", "--format", "json", "."], directory: folder)
        #expect(all.status == 0, "\(all.stdout)")
        let output = try ResolveOutput(all.stdout)
        #expect(output.surfaces.compactMap { ResolveOutput.string($0, "path") } == ["./CardView.swift:CardView.body"])
        #expect(output.modifiers("./CardView.swift:CardView.body").contains(".shadow(radius: 3)"))
        #expect(output.modifiers("./CardView.swift:CardView.body").contains(".padding(16)"))
        // Alone, the file cannot know the app's rules.
        let alone = try twhost(["check", "CardView.swift"], directory: folder)
        #expect(alone.status == 1)
        #expect(
            alone.stdout == """
                CardView.swift:3:43: error[unknown-class] unknown class 'screen-card'
                CardView.swift:3:55: error[unknown-class] unknown class 'lift-[…]'
                2 error(s), 0 warning(s), 0 note(s) in 1 file(s), 1 surface(s)

                """)
    }

    @Test("folders are walked recursively; hidden folders and .build are skipped, files in path order")
    func walking() throws {
        let bad = "struct V: View { var body: some View { Text(\"x\").tw(\"frostd\") } }"
        let folder = try SwiftSource.folder(
            [
                "b/Two.swift": bad, "a/One.swift": bad, ".hidden/Hidden.swift": bad,
                ".build/checkouts/Dependency.swift": bad, "a/.git/Object.swift": bad, "Notes.txt": bad,
            ], label: "walking")
        let result = try twhost(["check", "."], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                ./a/One.swift:1:54: error[unknown-class] unknown class 'frostd'
                ./b/Two.swift:1:54: error[unknown-class] unknown class 'frostd'
                2 error(s), 0 warning(s), 0 note(s) in 2 file(s), 2 surface(s)

                """)
        // A hidden file named explicitly is read.
        let explicit = try twhost(["check", ".hidden/Hidden.swift"], directory: folder)
        #expect(explicit.stdout.hasPrefix(".hidden/Hidden.swift:1:54: error[unknown-class]"))
    }

    @Test("check --format sarif validates against SARIF 2.1.0; every result has a physical location, every rule help")
    func sarif() throws {
        let folder = try SwiftSource.folder(
            [
                "Card.swift": Self.misspelt,
                "Flip.swift": """
                struct Flip: View {
                    @State private var c = false
                    var body: some View {
                        // «naïve» comment before the view: columns are counted in UTF-16 for SARIF
                        Button("b") {}.buttonStyle(.tw(c ? "button-primary" : "button-outline")); Text("é").tw(f())
                    }
                }
                """,
            ], label: "check-sarif")
        let result = try twhost(["check", "--plugins", "material", "--format", "sarif", "."], directory: folder)
        #expect(result.status == 1)
        let log = try JSONParser.parse(Array(result.stdout.utf8))
        let validator = try SchemaValidator(
            schema: Array(
                try Data(
                    contentsOf: URL(
                        fileURLWithPath: TestPaths.repository + "/Tests/Fixtures/sarif-2.1.0-required.schema.json"))))
        #expect(validator.validate(log) == [])
        let run = try #require(Self.array(log, "runs").first)
        let tool = try #require(ResolveOutput.field(run, "tool"))
        let rules = Self.array(try #require(ResolveOutput.field(tool, "driver")), "rules")
        #expect(
            rules.compactMap { ResolveOutput.string($0, "id") } == [
                "dynamic-classes", "identity-varies", "unknown-class",
            ])
        for rule in rules {
            #expect(ResolveOutput.string(ResolveOutput.field(rule, "shortDescription"), "text")?.isEmpty == false)
            #expect(ResolveOutput.string(ResolveOutput.field(rule, "help"), "text")?.isEmpty == false)
        }
        let results = Self.array(run, "results")
        #expect(results.count == 3)
        var places: [String] = []
        for r in results {
            let location = try #require(Self.array(r, "locations").first)
            let physical = try #require(ResolveOutput.field(location, "physicalLocation"))
            let uri = try #require(ResolveOutput.string(ResolveOutput.field(physical, "artifactLocation"), "uri"))
            let region = try #require(ResolveOutput.field(physical, "region"))
            let line = try #require(Self.number(region, "startLine"))
            let column = try #require(Self.number(region, "startColumn"))
            places.append("\(uri):\(Int(line)):\(Int(column)) \(ResolveOutput.string(r, "ruleId") ?? "")")
        }
        // `é` is two UTF-8 bytes and one UTF-16 unit: the text output's byte column there is 97.
        #expect(
            places == [
                "./Card.swift:6:22 unknown-class", "./Flip.swift:5:40 identity-varies",
                "./Flip.swift:5:96 dynamic-classes",
            ])
    }

    @Test("check --format github: file=, line= and col= on every annotation, and json")
    func githubAndJSON() throws {
        let folder = try SwiftSource.folder(["Card.swift": Self.misspelt], label: "check-github")
        let github = try twhost(
            ["check", "--plugins", "material", "--format", "github", "Card.swift"], directory: folder)
        #expect(github.status == 1)
        #expect(
            github.stdout == """
                ::error file=Card.swift,line=6,col=22,endColumn=28,title=twhost unknown-class::unknown class 'frostd' — did you mean 'frosted'?
                1 error(s), 0 warning(s), 0 note(s) in 1 file(s), 1 surface(s)

                """)
        let json = try twhost(["check", "--plugins", "material", "--format", "json", "Card.swift"], directory: folder)
        let root = try JSONParser.parse(Array(json.stdout.utf8))
        let finding = try #require(Self.array(root, "findings").first)
        #expect(ResolveOutput.string(finding, "file") == "Card.swift")
        // The finding points at the class inside the literal, with its extent.
        #expect(Self.number(finding, "line") == 6)
        #expect(Self.number(finding, "column") == 22)
        #expect(Self.number(finding, "endColumn") == 28)
        #expect(ResolveOutput.string(finding, "code") == "unknown-class")
        #expect(ResolveOutput.string(finding, "hint") == "did you mean 'frosted'?")
        #expect(ResolveOutput.string(finding, "surface") == "Card.swift:Card.body")
        #expect(Self.number(try #require(ResolveOutput.field(root, "summary")), "errors") == 1)
    }

    @Test("files are read and resolved in parallel; output is byte-identical to a one-thread run")
    func parallel() throws {
        var files: [String: String] = [:]
        for i in 0..<60 {
            files["Module\(i % 4)/View\(i).swift"] = """
                struct View\(i): View {
                    @State private var on = false
                    var body: some View {
                        VStack {
                            Text("\(i)").tw(on ? "p-\(i % 8) frostd" : "p-2 shadow-lg")
                            Button("b") {}.buttonStyle(.tw("button-primary"))
                        }
                        .tw("rounded-lg bg-accent")
                    }
                }
                """
        }
        files["Module1/Broken.swift"] = "struct Broken: View { var body: some View { Text(\"x\").tw(\"p-4\" } }"
        let folder = try SwiftSource.folder(files, label: "parallel")
        for format in ["text", "json", "sarif"] {
            let one = try twhost(
                ["check", "--plugins", "material", "--format", format, "--jobs", "1", "."], directory: folder)
            let many = try twhost(
                ["check", "--plugins", "material", "--format", format, "--jobs", "8", "."], directory: folder)
            let cores = try twhost(["check", "--plugins", "material", "--format", format, "."], directory: folder)
            #expect(one.status == 1)
            #expect(one.stdout == many.stdout)
            #expect(one.stdout == cores.stdout)
        }
        let one = try twhost(
            ["resolve", "--plugins", "material", "--format", "json", "--jobs", "1", "."], directory: folder)
        let many = try twhost(
            ["resolve", "--plugins", "material", "--format", "json", "--jobs", "8", "."], directory: folder)
        #expect(one.stdout == many.stdout)
        // Path order: Module0/View0, Module0/View12, … (bytewise), each file's surfaces in source order.
        let paths = try ResolveOutput(one.stdout).surfaces.compactMap { ResolveOutput.string($0, "path") }
        #expect(paths.count == 180)
        #expect(
            paths.prefix(3) == [
                "./Module0/View0.swift:View0.body", "./Module0/View0.swift:View0.body/0",
                "./Module0/View0.swift:View0.body/1",
            ])
        #expect(paths[3] == "./Module0/View12.swift:View12.body")
    }

    @Test("a file that does not parse is reported and the others still resolve; exit 2 only when nothing is read")
    func syntaxErrors() throws {
        let folder = try SwiftSource.folder(
            [
                "Good.swift": "struct Good: View { var body: some View { Text(\"x\").tw(\"p-4\") } }",
                "Bad.swift":
                    "struct Bad: View {\n    var body: some View {\n        Text(\"x\").tw(\"p-4\"\n    }\n}\n",
            ], label: "syntax")
        let result = try twhost(["check", "."], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                ./Bad.swift:3:27: error[syntax-error] expected ')' in function call — fix the syntax; the file's surfaces are not read until it parses
                1 error(s), 0 warning(s), 0 note(s) in 2 file(s), 1 surface(s); 1 file(s) could not be read

                """)
        let resolved = try twhost(["resolve", "--format", "json", "."], directory: folder)
        #expect(resolved.status == 1)
        #expect(
            try ResolveOutput(resolved.stdout).surfaces.compactMap { ResolveOutput.string($0, "path") } == [
                "./Good.swift:Good.body"
            ])
        let onlyBad = try twhost(["check", "Bad.swift"], directory: folder)
        #expect(onlyBad.status == 2)
        #expect(onlyBad.stderr == "error: nothing could be read\n")
        let missing = try twhost(["resolve", "Nowhere/"], directory: folder)
        #expect(missing.status == 2)
        let empty = try SwiftSource.folder(["README.md": "no swift here"], label: "empty")
        let none = try twhost(["check", "."], directory: empty)
        #expect(none.status == 2)
        #expect(none.stderr == "error: no .swift files or scenes under .\n")
        let jobs = try twhost(["check", "--jobs", "0", "."], directory: folder)
        #expect(jobs.status == 64)
    }

    @Test("scene files carry locations too: JSON and text output, and check on a scene")
    func sceneLocations() throws {
        let scene = """
            {"scene": 1,
             "root": {"type": "VStack", "children": [
               {"type": "Text", "tw": "p-4 frostd"}
             ]}}
            """
        let folder = try SwiftSource.folder(["scene.json": scene], label: "scene-locations")
        let json = try twhost(["resolve", "--format", "json", "scene.json"], directory: folder)
        #expect(json.status == 1)
        let surface = try #require(try ResolveOutput(json.stdout).surface("/0"))
        let location = try #require(ResolveOutput.field(surface, "location"))
        #expect(ResolveOutput.string(location, "file") == "scene.json")
        #expect(Self.number(location, "line") == 3)
        #expect(Self.number(location, "column") == 4)
        let text = try twhost(["resolve", "scene.json"], directory: folder)
        #expect(text.stdout.hasPrefix("scene.json:3:4: /0  Text  (text, undecorated)"))
        #expect(text.stdout.contains("  scene.json:3:4: error[unknown-class] (root): unknown class 'frostd'"))
        let check = try twhost(["check", "scene.json"], directory: folder)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("scene.json:3:4: error[unknown-class] unknown class 'frostd'"))
    }

    @Test("--platform alone brings that platform's default OS version; --os-version overrides it")
    func platformDefaults() throws {
        let file = TestPaths.repository + "/Examples/Swift/NativeControls.swift"
        let macos = try twhost(["resolve", "--platform", "macos", file])
        #expect(macos.stdout.contains("  backing: NSButton  // Button on macos 15\n"), "\(macos.stdout)")
        let pinned = try twhost(["resolve", "--platform", "macos", "--os-version", "26", file])
        #expect(pinned.stdout.contains("  backing: NSButton  // Button on macos 26\n"), "\(pinned.stdout)")
        let ios = try twhost(["resolve", file])
        #expect(ios.stdout.contains("  backing: UISlider  // Slider on ios 18\n"), "\(ios.stdout)")
    }

    @Test("diff --scene takes Swift sources: affected surfaces are named by their Swift path")
    func diffScene() throws {
        let base = TestPaths.temporaryDirectory("diff-swift") + "/base.json"
        let registry = try twhost(["registry", "--plugins", "material,motion", "-o", base])
        #expect(registry.status == 0)
        let folder = try SwiftSource.folder(
            ["Tilt.swift": "struct Tilt: View { var body: some View { Text(\"x\").tw(\"tilt-[4]\") } }"],
            label: "diff-swift")
        let result = try twhost(
            ["diff", base, "plugins:material", "--scene", "Tilt.swift", "--format", "json"], directory: folder)
        #expect(result.status == 1)
        let findings = Self.array(try JSONParser.parse(Array(result.stdout.utf8)), "findings")
        let removed = try #require(
            findings.first {
                ResolveOutput.string($0, "rule") == "slot-removed"
                    && ResolveOutput.string(ResolveOutput.field($0, "registration"), "name") == "tilt"
            })
        #expect(
            Self.array(removed, "surfaces").compactMap { node -> String? in
                if case .string(let s) = node.value { return s }
                return nil
            } == ["Tilt.swift:Tilt.body"])
    }

    static func array(_ node: JSONNode, _ key: String) -> [JSONNode] {
        guard let field = ResolveOutput.field(node, key), case .array(let items) = field.value else { return [] }
        return items
    }

    static func number(_ node: JSONNode?, _ key: String) -> Double? {
        guard let node, let field = ResolveOutput.field(node, key), case .number(let n) = field.value else {
            return nil
        }
        return n
    }
}
