import Foundation
import Testing

@testable import TWHost

/// Runs `twhost resolve` on a scene given as text, with the shipped plugins.
func resolveScene(_ json: String, _ extra: [String] = []) throws -> ProcessResult {
    try twhost(["resolve", "-", "--format", "json"] + extra, input: json)
}

/// The surfaces of a `resolve --format json` output.
struct ResolveOutput {
    let root: JSONNode
    init(_ text: String) throws { root = try JSONParser.parse(Array(text.utf8)) }

    static func field(_ node: JSONNode, _ key: String) -> JSONNode? {
        if case .object(let members) = node.value { return members.first { $0.key == key }?.node }
        return nil
    }
    static func string(_ node: JSONNode?, _ key: String) -> String? {
        guard let node, let v = field(node, key), case .string(let s) = v.value else { return nil }
        return s
    }
    var surfaces: [JSONNode] {
        guard let s = Self.field(root, "surfaces"), case .array(let items) = s.value else { return [] }
        return items
    }
    func surface(_ path: String) -> JSONNode? { surfaces.first { Self.string($0, "path") == path } }
    /// (phase, name or property, active, modifier) per chain entry.
    func chain(_ path: String) -> [(phase: String, name: String, active: Bool?, modifier: String)] {
        guard let s = surface(path), let c = Self.field(s, "chain"), case .array(let entries) = c.value else {
            return []
        }
        return entries.map { e in
            var active: Bool?
            if let a = Self.field(e, "active"), case .bool(let b) = a.value { active = b }
            return (
                Self.string(e, "phase") ?? "", Self.string(e, "name") ?? Self.string(e, "property") ?? "", active,
                Self.string(e, "modifier") ?? ""
            )
        }
    }
    func diagnostics(_ path: String) -> [String] {
        guard let s = surface(path), let d = Self.field(s, "diagnostics"), case .array(let items) = d.value else {
            return []
        }
        return items.compactMap { Self.string($0, "code") }
    }
}

@Suite("Scenes and twhost resolve", .removesTemporaryDirectories)
struct SceneTests {
    static let examples = [
        "NativeRegistryExample", "NativeCompositionExample", "TypedInterpolationExample", "InterpolatedListExample",
        "GlobalRules", "FocusExample",
    ]

    @Test("the shipped examples validate against schema/scene.schema.json", arguments: examples)
    func examplesValidate(_ name: String) throws {
        let validator = try SchemaValidator(
            schema: Array(
                try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/schema/scene.schema.json"))))
        let scene = try JSONParser.parse(
            Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Examples/\(name).json"))))
        #expect(validator.validate(scene) == [])
        let result = try twhost(["resolve", TestPaths.repository + "/Examples/\(name).json", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try SchemaValidator(
            schema: Array(
                try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/schema/resolve-output.schema.json")))
        )
        #expect(output.validate(try JSONParser.parse(Array(result.stdout.utf8))) == [])
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("the schema validator rejects what the schema forbids")
    func validatorCatches() throws {
        let validator = try SchemaValidator(
            schema: Array(
                try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/schema/scene.schema.json"))))
        let bad = try JSONParser.parse(Array(#"{"scene": 2, "root": {"type": 3, "tw": 5, "extra": true}}"#.utf8))
        let errors = validator.validate(bad)
        #expect(errors.contains { $0.hasPrefix("/scene") })
        #expect(errors.contains { $0.hasPrefix("/root/type") })
        #expect(errors.contains { $0.hasPrefix("/root/tw") })
        #expect(errors.contains { $0.hasPrefix("/root/extra") })
    }

    @Test("NativeRegistryExample: frosted and tilt in effects, tilt after frosted, styling before them")
    func nativeRegistry() throws {
        let result = try twhost([
            "resolve", "--plugins", "material,motion", TestPaths.repository + "/Examples/NativeRegistryExample.json",
            "--format", "json",
        ])
        #expect(result.status == 0)
        let out = try ResolveOutput(result.stdout)
        let chain = out.chain("/0")
        let frosted = try #require(chain.firstIndex { $0.name == "frosted" })
        let tilt = try #require(chain.firstIndex { $0.name == "tilt" })
        let lastStyle = try #require(chain.lastIndex { $0.phase == "style" })
        #expect(chain[frosted].phase == "effects" && chain[tilt].phase == "effects")
        #expect(frosted < tilt)
        #expect(lastStyle < frosted)
        #expect(chain[tilt].active == true)
        #expect(chain[tilt].modifier == ".rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))")
        #expect(
            chain[frosted].modifier
                == ".background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(1) }")
        let text = try twhost([
            "resolve", "--plugins", "material,motion", TestPaths.repository + "/Examples/NativeRegistryExample.json",
        ])
        #expect(
            text.stdout.split(separator: "\n").contains {
                $0.hasPrefix("  .rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0)) ")
                    && $0.hasSuffix("// effects · tilt (motion) · active")
            })
        #expect(text.stdout.hasSuffix("2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)\n"))
        #expect(!text.stdout.contains("\u{1B}["))  // no colour off a terminal
    }

    @Test("NativeCompositionExample: kern at the source, inset inside styling; text/image slots only when selected")
    func composition() throws {
        let result = try twhost([
            "resolve", TestPaths.repository + "/Examples/NativeCompositionExample.json", "--format", "json",
        ])
        let out = try ResolveOutput(result.stdout)
        let text = out.chain("/0")
        #expect(text.map(\.phase).prefix(3) == ["source", "content", "style"])
        #expect(text[0].name == "kern" && text[0].modifier == ".kerning(1.5)")
        #expect(text[1].name == "inset" && text[1].modifier == ".padding(8)")
        #expect(!out.chain("/3").contains { $0.name == "kern" })  // a Text without kern: no kern slot
        let plainCircle = out.chain("/4")
        // Shapes keep an inactive slot.
        #expect(plainCircle.first?.name == "trim" && plainCircle.first?.active == false)
        #expect(plainCircle.first?.modifier == ".trim(from: 0, to: 1)")
        #expect(out.chain("/2").first?.modifier == ".trim(from: 0, to: 0.7)")
        #expect(!out.chain("/1").contains { $0.name == "trim" || $0.name == "kern" })
        // Same structure: the two circles share an identity.
        #expect(
            ResolveOutput.string(out.surface("/2"), "identity") == ResolveOutput.string(out.surface("/4"), "identity"))
    }

    @Test("a subtree that drops motion has no tilt slot while its parent has one; scopes are built once each")
    func subtreeScopes() throws {
        let result = try twhost(["resolve", TestPaths.repository + "/Examples/GlobalRules.json", "--format", "json"])
        let out = try ResolveOutput(result.stdout)
        #expect(out.chain("/0").contains { $0.name == "tilt" })
        #expect(!out.chain("/1/0").contains { $0.name == "tilt" })
        #expect(out.chain("/1/0").contains { $0.name == "frosted" })
        // The subtree's recipe override applies there only.
        #expect(out.chain("/0").contains { $0.modifier == ".padding(24)" })
        #expect(out.chain("/1/0").contains { $0.modifier == ".padding(16)" })
        // Nodes without tw are never decorated.
        #expect(out.surface("/0/2") == nil)
        var reader = SceneReader()
        let scene = try reader.read(
            Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.repository + "/Examples/GlobalRules.json"))))
        let resolution = try SceneResolver.resolve(scene, plugins: try FixturePlugins.shipped(["material", "motion"]))
        #expect(resolution.surfaces.count == 5)
        #expect(resolution.scopeCount == 2)
    }

    @Test("nodes carry the file, line and UTF-8 column of their JSON object")
    func nodeLocations() throws {
        let text =
            "{\"scene\": 1, \"root\": {\"type\": \"VStack\", \"children\": [\n  {\"type\": \"Text\"},\n\t  {\"type\": \"Text\", \"text\": \"é\"}, {\"type\": \"Image\"}]}}"
        var reader = SceneReader(file: "Scenes/a.json")
        let scene = try reader.read(Array(text.utf8))
        #expect(scene.root.location == SourceLocation(file: "Scenes/a.json", line: 1, column: 22))
        #expect(
            scene.root.children.map { $0.location?.description } == [
                "Scenes/a.json:2:3", "Scenes/a.json:3:4", "Scenes/a.json:3:36",
            ])
    }

    @Test("replace and merge of subtree rules and plugin scopes")
    func replaceAndMerge() throws {
        let scene = #"""
            {"scene": 1, "rules": {"plugins": ["material"], "view": "p-4"},
             "root": {"type": "VStack", "tw": "frosted", "children": [
               {"type": "VStack", "rules": {"plugins": ["+motion"]}, "tw": "tilt-[4]"},
               {"type": "VStack", "rules": {"replace": true, "plugins": ["motion"]}, "tw": "tilt-[4]"},
               {"type": "VStack", "rules": {"replace": true}, "tw": "p-1"}
             ]}}
            """#
        let result = try resolveScene(scene)
        #expect(result.status == 0, "\(result.stderr)")
        let out = try ResolveOutput(result.stdout)
        #expect(out.chain("/").contains { $0.modifier == ".padding(16)" })
        #expect(out.chain("/0").contains { $0.name == "frosted" } && out.chain("/0").contains { $0.name == "tilt" })
        #expect(out.chain("/0").contains { $0.modifier == ".padding(16)" })  // merged: inherits view defaults
        #expect(!out.chain("/1").contains { $0.name == "frosted" } && out.chain("/1").contains { $0.name == "tilt" })
        #expect(!out.chain("/1").contains { $0.modifier == ".padding(16)" })  // replaced: no inherited defaults
        #expect(out.chain("/2").map(\.name) == ["padding"])
    }

    @Test("an Image wrapped by native modifiers with a target tag is undecorated (unsupported-target)")
    func wrappedImage() throws {
        let result = try resolveScene(
            #"{"scene": 1, "root": {"type": "Image", "native": ["padding"], "tw": "resize w-[20]"}}"#,
            ["--plugins", "typography"])
        #expect(result.status == 1)
        let out = try ResolveOutput(result.stdout)
        #expect(ResolveOutput.string(out.surface("/"), "status") == "undecorated")
        #expect(out.diagnostics("/") == ["unsupported-target"])
        #expect(!out.chain("/").contains { $0.phase == "style" })
    }

    @Test("identity: the same with or without tilt-[8]; different when the registry differs")
    func identity() throws {
        func identity(_ tw: String, _ plugins: String) throws -> String? {
            let out = try ResolveOutput(
                try resolveScene(#"{"scene": 1, "root": {"type": "Text", "tw": "\#(tw)"}}"#, ["--plugins", plugins])
                    .stdout)
            return ResolveOutput.string(out.surface("/"), "identity")
        }
        let with = try identity("p-4 tilt-[8]", "material,motion")
        #expect(with != nil)
        #expect(with == (try identity("p-2 bg-red", "material,motion")))
        #expect(with == (try identity("hover:tilt-[3] frosted", "material,motion")))
        #expect(with == (try identity("p-4 frostd", "material,motion")))  // undecorated keeps the structure
        #expect(with != (try identity("p-4", "material")))
        // Merged order comes from (phase, order, name), not from the plugin list's order.
        #expect(with == (try identity("p-4", "motion,material,typography")))
        let typography = try identity("p-4", "material,motion,typography")
        #expect(typography == with)  // Text with no text registration selected: no extra slot
        // A selected text transform returns Text: the structure, and so the identity, stay (R-ID-1).
        #expect((try identity("kern-[2]", "material,motion,typography")) == with)
    }

    @Test("unstable-structure is reported for factories that branch on active")
    func unstable() throws {
        let scene = #"{"scene": 1, "root": {"type": "VStack", "tw": "p-4"}}"#
        let result = try resolveScene(scene, ["--plugins", FixturePlugins.echoDirectory + "/libfixture.so"])
        let out = try ResolveOutput(result.stdout)
        #expect(out.diagnostics("/").contains("unstable-structure"))
    }

    struct BadScene: Sendable, CustomTestStringConvertible {
        var id: String
        var json: String
        var message: String
        var testDescription: String { id }
    }

    static let badScenes: [BadScene] = [
        BadScene(id: "not-json", json: "{\"scene\": 1,", message: "not valid JSON: line 1, column 13"),
        BadScene(
            id: "tw-number",
            json:
                "{\"scene\": 1, \"root\": {\"type\": \"VStack\", \"children\": [{\"type\": \"Text\"},\n{\"type\": \"Text\"},\n{\"type\": \"Text\", \"tw\": 5}]}}",
            message: "/root/children/2/tw: expected a string or an array, got a number (line 3)"),
        BadScene(
            id: "version", json: "{\"scene\": 2, \"root\": {\"type\": \"Text\"}}",
            message: "/scene: version 2 is not supported"),
        BadScene(id: "missing-root", json: "{\"scene\": 1}", message: "/root: missing"),
        BadScene(
            id: "missing-type", json: "{\"scene\": 1, \"root\": {\"tw\": \"p-4\"}}", message: "/root/type: missing"),
        BadScene(
            id: "bad-typed",
            json: "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": [\"w-[\", {\"pints\": 3}, \"]\"]}}",
            message: "/root/tw/1/pints: unknown typed value 'pints'; did you mean 'points'?"),
        BadScene(
            id: "bad-style", json: "{\"scene\": 1, \"root\": {\"type\": \"Toggle\", \"style\": \"swich\"}}",
            message: "did you mean 'switch'?"),
        BadScene(
            id: "duplicate-key", json: "{\"scene\": 1, \"scene\": 1, \"root\": {\"type\": \"Text\"}}",
            message: "duplicate key 'scene'"),
        BadScene(
            id: "unknown-plugin",
            json: "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"rules\": {\"plugins\": [\"+nosuch\"]}}}",
            message: "unknown-plugin: /root/rules/plugins: plugin 'nosuch' is not in the loaded set"),
        BadScene(
            id: "bad-plugin-name",
            json: "{\"scene\": 1, \"rules\": {\"plugins\": [\"../x\"]}, \"root\": {\"type\": \"Text\"}}",
            message: "/rules/plugins/0: '../x' is not a plugin name"),
        BadScene(
            id: "huge-number",
            json: "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": [\"w-[\", {\"number\": 1e999}, \"]\"]}}",
            message: "number 1e999 is out of range"),
        BadScene(
            id: "bad-color",
            json: "{\"scene\": 1, \"root\": {\"type\": \"Text\", \"tw\": [\"bg-[\", {\"color\": \"nope\"}, \"]\"]}}",
            message: "/root/tw/1/color: 'nope' is not a color"),
    ]

    @Test("malformed scenes exit 2 with the JSON path of the problem", arguments: badScenes)
    func malformed(_ c: BadScene) throws {
        let result = try twhost(["resolve", "-", "--plugins", "material,motion"], input: c.json)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains(c.message), "\(result.stderr)")
    }

    @Test("unknown fields are warnings; output is byte-identical across runs; --state applies")
    func warningsAndDeterminism() throws {
        let scene =
            #"{"scene": 1, "colour": "red", "root": {"type": "Text", "tw": "p-4 hover:bg-accent tilt-[8]", "txt": "x"}}"#
        let first = try twhost(["resolve", "-", "--plugins", "material,motion"], input: scene)
        let second = try twhost(["resolve", "-", "--plugins", "material,motion"], input: scene)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stderr.contains("warning: unknown-field: /colour: unknown field, ignored (line 1)"))
        #expect(first.stderr.contains("/root/txt: unknown field, ignored (line 1) (did you mean 'text'?)"))
        let hovered = try ResolveOutput(
            try resolveScene(scene, ["--plugins", "material,motion", "--state", "hover"]).stdout)
        #expect(hovered.chain("/").contains { $0.modifier == ".background(Color(red: 0.935, green: 0.935, blue: 0.947))" })
        let json1 = try resolveScene(scene, ["--plugins", "material,motion"])
        let json2 = try resolveScene(scene, ["--plugins", "material,motion"])
        #expect(json1.stdout == json2.stdout)
    }

    @Test("without --plugins the scene's plugins are loaded; a missing file exits 2")
    func scenePlugins() throws {
        let result = try twhost([
            "resolve", TestPaths.repository + "/Examples/NativeRegistryExample.json", "--format", "json",
        ])
        let out = try ResolveOutput(result.stdout)
        guard let plugins = ResolveOutput.field(out.root, "plugins"), case .array(let items) = plugins.value else {
            Issue.record("no plugins")
            return
        }
        #expect(items.compactMap { ResolveOutput.string($0, "name") } == ["material", "motion"])
        let missing = try twhost(["resolve", "/nonexistent/scene.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read /nonexistent/scene.json"))
        let lenient = try twhost(
            ["resolve", "-", "--plugins", "material", "--lenient"],
            input: #"{"scene": 1, "root": {"type": "Text", "tw": "p-4 frostd"}}"#)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("warning[unknown-class]"))
    }
}
