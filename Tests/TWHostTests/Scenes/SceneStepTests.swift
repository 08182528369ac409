import Testing

@testable import TWHost
@testable import TWScenes
@testable import TWSupport

/// Each step of scene reading and scene resolution, called directly.
@Suite("Scene steps", .removesTemporaryDirectories)
struct SceneStepTests {
    static func json(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    static func members(_ text: String) throws -> [JSONMember] {
        guard case .object(let members) = try json(text).value else { return [] }
        return members
    }

    static func scopes() throws -> SceneScopes {
        SceneScopes(
            plugins: try FixturePlugins.shipped(["material", "motion"]), environment: RenderEnvironment(),
            shared: nil)
    }

    @Test("field step: each node field type-checked, with its JSON path in the error")
    func field() throws {
        var reader = SceneReader(file: "f.json")
        var node = SceneNode.Fields(type: "Text", path: "/", jsonPath: "/root", line: 1, location: nil)
        for m in try Self.members(#"{"id": 7, "tw": "p-4", "native": ["bold"], "lifecycle": ["onAppear"]}"#) {
            try reader.field(m, "/root/\(m.key)", into: &node)
        }
        #expect(node.id == "7")
        #expect(node.tw == TWClasses("p-4"))
        #expect(node.native == ["bold"])
        #expect(node.lifecycle == ["onAppear"])
        let bad = try Self.members(#"{"style": "swich"}"#)[0]
        #expect(
            throws: SceneError.invalid(
                path: "/root/style", line: 1, message: "unknown style 'swich'; did you mean 'switch'?")
        ) {
            try reader.field(bad, "/root/style", into: &node)
        }
    }

    @Test("plugins step: names added, +added or -dropped; anything else named in the error")
    func pluginChanges() throws {
        var reader = SceneReader()
        #expect(
            try reader.pluginChanges(try Self.json(#"["material", "+motion", "-typography"]"#), "/rules/plugins")
                == [.add("material"), .add("motion"), .drop("typography")])
        #expect(
            throws: SceneError.invalid(
                path: "/rules/plugins/1", line: 1,
                message: "'+Motion' is not a plugin name ([a-z][a-z0-9-]{0,63}, with an optional + or -)")
        ) {
            try reader.pluginChanges(try Self.json(#"["material", "+Motion"]"#), "/rules/plugins")
        }
        #expect(
            throws: SceneError.invalid(path: "/rules/plugins", line: 1, message: "expected an array of plugin names")
        ) {
            try reader.pluginChanges(try Self.json(#""material""#), "/rules/plugins")
        }
    }

    @Test("recipe step: a class list, or classes extending a built-in recipe")
    func recipe() throws {
        var reader = SceneReader()
        #expect(
            try reader.recipe(try Self.json(#""p-4 rounded""#), "/rules/named/pill")
                == RecipeDefinition(classes: TWClasses("p-4 rounded")))
        #expect(
            try reader.recipe(try Self.json(#"{"extends": "card", "classes": "p-2"}"#), "/rules/named/tile")
                == RecipeDefinition(classes: TWClasses("p-2"), extends: "card"))
        let names = BuiltinRecipes.definitions.keys.sorted().joined(separator: ", ")
        #expect(
            throws: SceneError.invalid(
                path: "/rules/named/tile/extends", line: 1, message: "'crad' is not a built-in recipe (\(names))")
        ) {
            try reader.recipe(try Self.json(#"{"extends": "crad"}"#), "/rules/named/tile")
        }
    }

    @Test("state step: named states are explicit, on or off; an unknown one is suggested")
    func state() throws {
        let reader = SceneReader()
        let state = try reader.state(try Self.json(#"{"hover": true, "pressed": false}"#), "/root/state")
        #expect(state == SurfaceState([.hover], explicit: [.hover, .pressed]))
        #expect(
            throws: SceneError.invalid(
                path: "/root/state/hovr", line: 1, message: "unknown state; did you mean 'hover'?")
        ) {
            try reader.state(try Self.json(#"{"hovr": true}"#), "/root/state")
        }
    }

    @Test("cocoa step: a type or the default customization, nothing else")
    func cocoa() throws {
        let reader = SceneReader()
        #expect(
            try reader.cocoa(try Self.json(#"[{"for": "UISwitch"}, {"default": true}]"#), "/root/cocoa") == [
                CocoaRequest(typeName: "UISwitch"), CocoaRequest(typeName: nil),
            ])
        #expect(throws: SceneError.invalid(path: "/root/cocoa/0/default", line: 1, message: "expected true")) {
            try reader.cocoa(try Self.json(#"[{"default": false}]"#), "/root/cocoa")
        }
    }

    @Test("adapter step: classes, or an object with a toggle's base")
    func adapter() throws {
        var reader = SceneReader()
        let toggle = try Self.members(#"{"toggleStyle": {"base": "checkbox", "classes": "p-2"}}"#)[0]
        let adapter = try reader.adapter(toggle, "/root/toggleStyle")
        #expect(adapter.kind == .toggleStyle)
        #expect(adapter.base == "checkbox")
        #expect(adapter.classes == TWClasses("p-2"))
        let label = try reader.adapter(try Self.members(#"{"labelStyle": "gap-2"}"#)[0], "/root/labelStyle")
        #expect(label.kind == .labelStyle)
        #expect(label.base == nil)
        #expect(label.classes == TWClasses("gap-2"))
        let wrong = try Self.members(#"{"toggleStyle": {"base": "knob"}}"#)[0]
        #expect(
            throws: SceneError.invalid(
                path: "/root/toggleStyle/base", line: 1, message: "expected switch, button or checkbox")
        ) {
            try reader.adapter(wrong, "/root/toggleStyle")
        }
    }

    @Test("root context step: the loaded set, or the plugins the root's rules name")
    func rootContext() throws {
        let scopes = try Self.scopes()
        #expect(try scopes.rootContext(nil).plugins == ["material", "motion"])
        var rules = SceneRules()
        rules.plugins = [.add("motion")]
        #expect(try scopes.rootContext(rules).plugins == ["motion"])
    }

    @Test("rules step: merge or replace, add and drop plugins, an unloaded plugin fails with its path and line")
    func rules() throws {
        let scopes = try Self.scopes()
        let root = try scopes.rootContext(nil)
        var drop = SceneRules()
        drop.plugins = [.drop("material")]
        #expect(try scopes.applying(drop, to: root, path: "/root", line: 3).plugins == ["motion"])
        var replace = SceneRules()
        replace.replace = true
        replace.plugins = [.add("material")]
        #expect(try scopes.applying(replace, to: root, path: "/root", line: 3).plugins == ["material"])
        var unknown = SceneRules()
        unknown.plugins = [.add("typography")]
        #expect(
            throws: SceneResolveError.unknownPlugin(
                name: "typography", path: "/root/rules/plugins", line: 4, loaded: ["material", "motion"])
        ) { try scopes.applying(unknown, to: root, path: "/root", line: 4) }
    }

    @Test("scope step: one scope per distinct plugins and rules; a child without rules shares its parent's")
    func scopeBuilding() throws {
        var scopes = try Self.scopes()
        let root = try scopes.rootContext(nil)
        let a = scopes.scope(for: root)
        let b = scopes.scope(for: root)
        #expect(a === b)
        #expect(scopes.count == 1)
        var motionOnly = root
        motionOnly.plugins = ["motion"]
        let c = scopes.scope(for: motionOnly)
        #expect(c !== a)
        #expect(c.registry.modifiers.map(\.name) == ["inset", "spin", "tilt"])
        #expect(scopes.count == 2)
        let parent = try scopes.context(
            for: SceneNode(type: "VStack", path: "/", jsonPath: "/root", line: 1, location: nil), inherited: root)
        let child = try scopes.context(
            for: SceneNode(type: "Text", path: "/0", jsonPath: "/root/children/0", line: 2, location: nil),
            inherited: parent)
        #expect(child.scope === parent.scope)
        #expect(scopes.count == 2)
    }

    @Test("node step: a styled node gives a surface record, an unstyled one with cocoa its backing only")
    func visit() throws {
        var scopes = try Self.scopes()
        let context = try scopes.context(
            for: SceneNode(type: "VStack", path: "/", jsonPath: "/root", line: 1, location: nil),
            inherited: try scopes.rootContext(nil))
        var styled = SceneNode(type: "Text", path: "/0", jsonPath: "/root/children/0", line: 2, location: nil)
        styled.tw = TWClasses("p-4 elevation-[2]")
        guard
            case .surface(let record) = SceneResolver.visit(
                styled, context: context, scopes: &scopes, state: SurfaceState(), lenient: false)
        else {
            Issue.record("a styled node is a surface")
            return
        }
        #expect(record.decorated)
        #expect(record.scopePlugins == ["material", "motion"])
        #expect(record.surface.chain.first { $0.active == true }?.className == "elevation-[2]")
        #expect(record.backing.platform == .ios)
        var switchNode = SceneNode(type: "Toggle", path: "/1", jsonPath: "/root/children/1", line: 3, location: nil)
        switchNode.cocoa = [CocoaRequest(typeName: "UISwitch")]
        guard
            case .backing(let backing?) = SceneResolver.visit(
                switchNode, context: context, scopes: &scopes, state: SurfaceState(), lenient: false)
        else {
            Issue.record("an unstyled node with cocoa is reported for its backing")
            return
        }
        #expect(backing.node.type == "Toggle")
        let plain = SceneNode(type: "Spacer", path: "/2", jsonPath: "/root/children/2", line: 4, location: nil)
        guard
            case .backing(nil) = SceneResolver.visit(
                plain, context: context, scopes: &scopes, state: SurfaceState(), lenient: false)
        else {
            Issue.record("a plain node gives nothing")
            return
        }
    }

    @Test("surface record step: every combination resolved in order, the first one is the record's surface")
    func record() throws {
        var scopes = try Self.scopes()
        let scope = scopes.scope(for: try scopes.rootContext(nil))
        var node = SceneNode(type: "Text", path: "/0", jsonPath: "/root/children/0", line: 2, location: nil)
        node.tw = TWClasses("p-4")
        node.conditions = [SurfaceCondition(text: "selected", location: nil)]
        var other = SurfaceCombination(values: [false])
        other.tw = TWClasses("p-4 button-link")
        node.combinations = [other]
        let backing = BackingResolver.resolve(
            view: "Text", style: nil, cocoa: [], lifecycle: [], environment: RenderEnvironment())
        let record = SceneResolver.record(
            node, scope: scope, plugins: ["material", "motion"], backing: backing, state: SurfaceState(),
            lenient: false)
        #expect(record.combinations.map(\.values) == [[true], [false]])
        #expect(record.combinations[0].surface.identity == record.surface.identity)
        #expect(record.findings.isEmpty)
        #expect(record.surface.chain.map(\.modifier.swiftCode).contains(".padding(16)"))
    }
}
