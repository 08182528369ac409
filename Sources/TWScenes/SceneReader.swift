import TWGrammar
import TWModel
import TWPlatform
import TWResolution
import TWSupport

/// Reads scene files: every field of SPEC §6 with its type checked, errors
/// that give the JSON path and line, and warnings for unknown fields.
public struct SceneReader {
    public private(set) var warnings: [Diagnostic] = []
    /// The file name that node locations carry ("<stdin>" for standard input).
    public var file: String
    /// Whether the scene's environment gave an `osVersion` (else the platform's default applies).
    var osVersionGiven = false

    public init(file: String = "<scene>") {
        self.file = file
    }

    public mutating func read(_ bytes: [UInt8]) throws(SceneError) -> Scene {
        let document: JSONNode
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .notJSON(error)
        }
        return try scene(document)
    }

    /// Reads a theme file: the `theme` object of scene rules
    /// (`{"colors": {…}, "spacing": 4, "radius": {…}, "fontSize": {…}}`).
    public mutating func readTheme(_ bytes: [UInt8]) throws(SceneError) -> Theme {
        let document: JSONNode
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .notJSON(error)
        }
        var rules = SceneRules()
        try theme(document, "", into: &rules)
        return Theme().merging(rules.rules.theme, overrides: rules.overrides.theme)
    }

    func invalid(_ path: String, _ node: JSONNode, _ message: String) -> SceneError {
        .invalid(path: path, line: node.line, message: message)
    }

    mutating func unknownFields(_ members: [JSONMember], known: Set<String>, path: String) {
        for member in members where !known.contains(member.key) {
            let suggestion = Suggestion.nearest(to: member.key, in: known)
            warnings.append(
                SceneFinding.unknownField(path: path, key: member.key, line: member.node.line, suggestion: suggestion)
                    .diagnostic())
        }
    }

    func object(_ node: JSONNode, _ path: String) throws(SceneError) -> [JSONMember] {
        guard case .object(let members) = node.value else {
            throw invalid(path, node, "expected an object, got \(node.kindName)")
        }
        return members
    }

    func string(_ node: JSONNode, _ path: String) throws(SceneError) -> String {
        guard case .string(let s) = node.value else {
            throw invalid(path, node, "expected a string, got \(node.kindName)")
        }
        return s
    }

    func number(_ node: JSONNode, _ path: String) throws(SceneError) -> Double {
        guard case .number(let n) = node.value else {
            throw invalid(path, node, "expected a number, got \(node.kindName)")
        }
        return n
    }

    private func bool(_ node: JSONNode, _ path: String) throws(SceneError) -> Bool {
        guard case .bool(let b) = node.value else {
            throw invalid(path, node, "expected true or false, got \(node.kindName)")
        }
        return b
    }

    private func strings(_ node: JSONNode, _ path: String) throws(SceneError) -> [String] {
        guard case .array(let items) = node.value else {
            throw invalid(path, node, "expected an array of strings, got \(node.kindName)")
        }
        var out: [String] = []
        for (i, item) in items.enumerated() { out.append(try string(item, "\(path)/\(i)")) }
        return out
    }

    private mutating func scene(_ node: JSONNode) throws(SceneError) -> Scene {
        let members = try object(node, "")
        unknownFields(members, known: ["scene", "name", "environment", "rules", "root", "$schema"], path: "")
        guard let version = members.first(where: { $0.key == "scene" }) else {
            throw invalid("/scene", node, "missing: a scene file starts with \"scene\": 1")
        }
        let v = try number(version.node, "/scene")
        guard v == 1 else { throw .unsupportedVersion(Int(exactly: v) ?? -1, line: version.node.line) }
        var environment = RenderEnvironment()
        var name: String?
        var rules: SceneRules?
        var root: SceneNode?
        for member in members {
            switch member.key {
            case "name": name = try string(member.node, "/name")
            case "environment": environment = try self.environment(member.node)
            case "rules": rules = try self.rules(member.node, "/rules", allowReplace: false)
            case "root": root = try self.node(member.node, jsonPath: "/root", path: "/")
            default: break
            }
        }
        guard let root else { throw invalid("/root", node, "missing: the scene needs a root node") }
        var scene = Scene(name: name, environment: environment, rules: rules, root: root)
        scene.osVersionGiven = osVersionGiven
        return scene
    }

    mutating func environment(_ node: JSONNode) throws(SceneError) -> RenderEnvironment {
        let members = try object(node, "/environment")
        unknownFields(
            members,
            known: [
                "platform", "osVersion", "reduceMotion", "animationsDisabled", "colorScheme",
                "designRequiresCompatibility",
            ],
            path: "/environment")
        var env = RenderEnvironment()
        var versionGiven = false
        for m in members {
            let path = "/environment/\(m.key)"
            switch m.key {
            case "platform":
                let p = try string(m.node, path)
                guard let platform = RenderEnvironment.Platform(rawValue: p) else {
                    throw invalid(path, m.node, "unknown platform '\(p)'; expected ios, macos or tvos")
                }
                env.platform = platform
            case "osVersion":
                let v = try number(m.node, path)
                guard v >= 1, v <= 999, v == v.rounded() else {
                    throw invalid(path, m.node, "expected a major version 1…999")
                }
                env.osVersion = Int(v)
                versionGiven = true
            case "reduceMotion": env.reduceMotion = try bool(m.node, path)
            case "animationsDisabled": env.animationsDisabled = try bool(m.node, path)
            case "designRequiresCompatibility": env.designRequiresCompatibility = try bool(m.node, path)
            case "colorScheme":
                let text = try string(m.node, path)
                guard let scheme = Theme.ColorScheme(rawValue: text) else {
                    throw invalid(path, m.node, "unknown color scheme '\(text)'; expected light or dark")
                }
                env.colorScheme = scheme
            default: break
            }
        }
        if !versionGiven { env.osVersion = RenderEnvironment.defaultOSVersion(env.platform) }
        osVersionGiven = versionGiven
        return env
    }

    mutating func rules(_ node: JSONNode, _ path: String, allowReplace: Bool) throws(SceneError) -> SceneRules {
        let members = try object(node, path)
        var known: Set<String> = ["plugins", "view", "button", "named", "theme"]
        if allowReplace { known.insert("replace") }
        unknownFields(members, known: known, path: path)
        var result = SceneRules()
        for m in members {
            let p = "\(path)/\(m.key)"
            switch m.key {
            case "plugins":
                result.plugins = try pluginChanges(m.node, p)
            case "view":
                result.rules.view = try classes(m.node, p)
                result.overrides.view = true
            case "button":
                result.rules.button = try classes(m.node, p)
                result.overrides.button = true
            case "named":
                for recipe in try object(m.node, p) {
                    result.rules.named[recipe.key] = try self.recipe(recipe.node, "\(p)/\(recipe.key)")
                }
            case "theme":
                try theme(m.node, p, into: &result)
            case "replace":
                result.replace = try bool(m.node, p)
            default: break
            }
        }
        return result
    }

    /// A scope's `plugins` list: names to add (`name`, `+name`) or drop (`-name`).
    mutating func pluginChanges(_ node: JSONNode, _ p: String) throws(SceneError) -> [PluginScopeChange] {
        guard case .array(let items) = node.value else {
            throw invalid(p, node, "expected an array of plugin names")
        }
        var changes: [PluginScopeChange] = []
        for (i, item) in items.enumerated() {
            let entry = try string(item, "\(p)/\(i)")
            let change: PluginScopeChange
            if entry.hasPrefix("+") {
                change = .add(String(entry.dropFirst()))
            } else if entry.hasPrefix("-") {
                change = .drop(String(entry.dropFirst()))
            } else {
                change = .add(entry)
            }
            guard isValidPluginName(change.name) else {
                throw invalid(
                    "\(p)/\(i)", item,
                    "'\(entry)' is not a plugin name ([a-z][a-z0-9-]{0,63}, with an optional + or -)")
            }
            changes.append(change)
        }
        return changes
    }

    /// One named recipe: a class list, or `{"classes": …, "extends": "<built-in recipe>"}`.
    mutating func recipe(_ node: JSONNode, _ rp: String) throws(SceneError) -> RecipeDefinition {
        guard case .object(let fields) = node.value else {
            return RecipeDefinition(classes: try classes(node, rp))
        }
        unknownFields(fields, known: ["classes", "extends"], path: rp)
        var definition = RecipeDefinition(classes: TWClasses(segments: []))
        for f in fields {
            switch f.key {
            case "classes": definition.classes = try classes(f.node, "\(rp)/classes")
            case "extends":
                let base = try string(f.node, "\(rp)/extends")
                guard BuiltinRecipes.definitions[base] != nil else {
                    let names = BuiltinRecipes.definitions.keys.sorted().joined(separator: ", ")
                    throw invalid("\(rp)/extends", f.node, "'\(base)' is not a built-in recipe (\(names))")
                }
                definition.extends = base
            default: break
            }
        }
        return definition
    }

    private mutating func theme(_ node: JSONNode, _ path: String, into result: inout SceneRules) throws(SceneError) {
        let members = try object(node, path)
        unknownFields(members, known: ["colors", "spacing", "radius", "fontSize"], path: path)
        for m in members {
            let p = "\(path)/\(m.key)"
            switch m.key {
            case "colors":
                for c in try object(m.node, p) {
                    // An alias (`primary-foreground`) sets the token it names (`onPrimary`).
                    let token = Theme.canonicalColorName(c.key)
                    let (light, dark) = try adaptiveColor(c.node, "\(p)/\(c.key)")
                    result.rules.theme.colors[token] = light
                    result.rules.theme.darkColors[token] = dark
                    result.overrides.theme.colors.insert(token)
                }
            case "spacing":
                let unit = try number(m.node, p)
                guard unit > 0, unit <= 1000 else {
                    throw invalid(p, m.node, "expected a spacing unit in points, 0 < n ≤ 1000")
                }
                result.rules.theme.spacingUnit = unit
                result.overrides.theme.spacingUnit = true
            case "radius", "fontSize":
                for entry in try object(m.node, p) {
                    let v = try number(entry.node, "\(p)/\(entry.key)")
                    guard v >= 0, v <= 10_000 else {
                        throw invalid("\(p)/\(entry.key)", entry.node, "expected points 0…10000")
                    }
                    if m.key == "radius" {
                        result.rules.theme.radii[entry.key] = v
                        result.overrides.theme.radii.insert(entry.key)
                    } else {
                        result.rules.theme.fontSizes[entry.key] = .points(v)
                        result.overrides.theme.fontSizes.insert(entry.key)
                    }
                }
            default: break
            }
        }
    }

    /// A theme token's value: one color for both appearances, or
    /// `{"light": …, "dark": …}` (swiftcn's `TWAdaptiveColor`).
    private func adaptiveColor(_ node: JSONNode, _ path: String) throws(SceneError) -> (ColorValue, ColorValue?) {
        guard case .object(let members) = node.value, members.contains(where: { $0.key == "light" || $0.key == "dark" })
        else { return (try colorValue(node, path), nil) }
        var light: ColorValue?
        var dark: ColorValue?
        for m in members {
            switch m.key {
            case "light": light = try colorValue(m.node, "\(path)/light")
            case "dark": dark = try colorValue(m.node, "\(path)/dark")
            default: throw invalid("\(path)/\(m.key)", m.node, "expected light or dark")
            }
        }
        guard let light, let dark else { throw invalid(path, node, "an adaptive color needs both light and dark") }
        return (light, dark)
    }

    /// A color: `"#rrggbb"`, a theme name, or `{"r":…,"g":…,"b":…,"a":…}` in 0…1.
    /// A theme name gives that token's light value.
    private func colorValue(_ node: JSONNode, _ path: String) throws(SceneError) -> ColorValue {
        switch node.value {
        case .string(let text):
            guard let color = ArgumentDecoder.color(text, theme: .standard) else {
                throw invalid(path, node, "'\(text)' is not a color (#rgb, #rrggbb, #rrggbbaa or a theme color)")
            }
            return color
        case .object(let members):
            var c: [String: Double] = [:]
            for m in members {
                guard ["r", "g", "b", "a"].contains(m.key) else {
                    throw invalid("\(path)/\(m.key)", m.node, "expected r, g, b or a")
                }
                let v = try number(m.node, "\(path)/\(m.key)")
                guard v >= 0, v <= 1 else { throw invalid("\(path)/\(m.key)", m.node, "a color component is 0…1") }
                c[m.key] = v
            }
            guard let r = c["r"], let g = c["g"], let b = c["b"] else {
                throw invalid(path, node, "a color needs r, g and b")
            }
            return ColorValue(red: r, green: g, blue: b, alpha: c["a"] ?? 1)
        default:
            throw invalid(path, node, "expected a color string or {r, g, b, a}, got \(node.kindName)")
        }
    }

    /// The longest class list a scene may give (a `tw`, `buttonStyle`,
    /// `twAnimation`, adapter, recipe or rules value), in UTF-8 bytes of its
    /// text: far above any real list (the expansion limit is 10,000 classes),
    /// so that one enormous string, or millions of short classes, is refused
    /// before it is tokenized.
    public static let maxClassListBytes = 1 << 20

    /// The error for a class list of `bytes` bytes, past `maxClassListBytes`.
    func classListTooLong(_ path: String, _ node: JSONNode, bytes: Int) -> SceneError {
        .invalid(path: path, line: node.line, message: Self.classListTooLongMessage(bytes: bytes))
    }

    /// What is said of a class list of `bytes` bytes, past `maxClassListBytes`.
    static func classListTooLongMessage(bytes: Int) -> String {
        "a class list of \(bytes) bytes; a class list is at most \(Self.maxClassListBytes) bytes (1 MiB)"
    }

    /// Classes: a string, or an array of text segments and typed values.
    mutating func classes(_ node: JSONNode, _ path: String) throws(SceneError) -> TWClasses {
        switch node.value {
        case .string(let s):
            // `utf8.count` of a native string is its stored length: no pass over the bytes.
            guard s.utf8.count <= Self.maxClassListBytes else {
                throw classListTooLong(path, node, bytes: s.utf8.count)
            }
            return TWClasses(s)
        case .array(let items):
            let bytes = items.reduce(0) { sum, item in
                guard case .string(let s) = item.value else { return sum }
                return sum + s.utf8.count
            }
            guard bytes <= Self.maxClassListBytes else { throw classListTooLong(path, node, bytes: bytes) }
            var segments: [TWClasses.Segment] = []
            for (i, item) in items.enumerated() {
                let p = "\(path)/\(i)"
                switch item.value {
                case .string(let s): segments.append(.text(s))
                case .object: segments.append(try typedSegment(item, p))
                default:
                    throw invalid(
                        p, item, "expected a string or a typed value such as {\"number\": 8}, got \(item.kindName)")
                }
            }
            return TWClasses(segments: segments)
        default:
            throw invalid(path, node, "expected a string or an array, got \(node.kindName)")
        }
    }

    static let typedKeys = [
        "number", "points", "angle", "seconds", "color", "vector", "bool", "string", "animation", "animationFactory",
        "classes",
    ]

    private mutating func typedSegment(_ node: JSONNode, _ path: String) throws(SceneError) -> TWClasses.Segment {
        let members = try object(node, path)
        guard members.count == 1, let m = members.first else {
            throw invalid(path, node, "a typed value has exactly one key (\(Self.typedKeys.joined(separator: ", ")))")
        }
        let p = "\(path)/\(m.key)"
        switch m.key {
        case "number": return .value(.number(try number(m.node, p)))
        case "points": return .value(.points(try number(m.node, p)))
        case "seconds":
            let s = try number(m.node, p)
            guard s >= 0 else { throw invalid(p, m.node, "seconds cannot be negative") }
            return .value(.seconds(s))
        case "bool": return .value(.bool(try bool(m.node, p)))
        case "string": return .value(.string(try string(m.node, p)))
        case "color": return .value(.color(try colorValue(m.node, p)))
        case "angle":
            let fields = try object(m.node, p)
            guard fields.count == 1, let f = fields.first, f.key == "degrees" || f.key == "radians" else {
                throw invalid(p, m.node, "expected {\"degrees\": n} or {\"radians\": n}")
            }
            let v = try number(f.node, "\(p)/\(f.key)")
            let degrees = f.key == "degrees" ? v : v * 180 / Double.pi
            guard degrees.isFinite else { throw invalid(p, m.node, "the angle is out of range") }
            return .value(.angle(degrees))
        case "vector":
            guard case .array(let items) = m.node.value, items.count == 3 else {
                throw invalid(p, m.node, "expected [x, y, z]")
            }
            var v: [Double] = []
            for (i, item) in items.enumerated() { v.append(try number(item, "\(p)/\(i)")) }
            return .value(.vector(v[0], v[1], v[2]))
        case "animation": return .value(.animation(try animation(m.node, p)))
        case "animationFactory":
            let name = try string(m.node, p)
            guard AnimationValue.Curve(rawValue: name) != nil else {
                throw invalid(
                    p, m.node,
                    "unknown animation factory '\(name)'; expected \(AnimationValue.Curve.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return .value(.animationFactory(name))
        case "classes":
            guard case .array(let items) = m.node.value else {
                throw invalid(p, m.node, "expected an array of classes or null")
            }
            var fragments: [TWClasses?] = []
            for (i, item) in items.enumerated() {
                if case .null = item.value {
                    fragments.append(nil)
                } else {
                    fragments.append(try classes(item, "\(p)/\(i)"))
                }
            }
            return .fragment(cn(fragments))
        default:
            let hint = Suggestion.nearest(to: m.key, in: Self.typedKeys).map { "; did you mean '\($0)'?" } ?? ""
            throw invalid(p, m.node, "unknown typed value '\(m.key)'\(hint)")
        }
    }

    /// `"default"`, a curve name, or `{"spring": {"response": 0.4, "dampingFraction": 0.8}}`.
    private func animation(_ node: JSONNode, _ path: String) throws(SceneError) -> AnimationValue {
        if case .string(let name) = node.value {
            guard let curve = AnimationValue.Curve(rawValue: name) else {
                throw invalid(
                    path, node,
                    "unknown animation '\(name)'; expected \(AnimationValue.Curve.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return AnimationValue(curve: curve)
        }
        let members = try object(node, path)
        guard members.count == 1, let m = members.first, let curve = AnimationValue.Curve(rawValue: m.key) else {
            throw invalid(path, node, "expected a curve name or {\"spring\": {…}}")
        }
        var a = AnimationValue(curve: curve)
        for f in try object(m.node, "\(path)/\(m.key)") {
            let fp = "\(path)/\(m.key)/\(f.key)"
            let v = try number(f.node, fp)
            guard v >= 0, v <= 3600 else { throw invalid(fp, f.node, "expected 0…3600") }
            switch f.key {
            case "duration": a.duration = v
            case "response": a.response = v
            case "dampingFraction": a.dampingFraction = v
            case "bounce": a.bounce = v
            case "delay": a.delay = v
            default:
                throw invalid(
                    fp, f.node,
                    "unknown animation parameter; expected duration, response, dampingFraction, bounce or delay")
            }
        }
        // Only what the curve's SwiftUI function takes (`.easeOut(duration:)` has no bounce).
        if let extra = a.invalidParameters.first {
            throw invalid(
                "\(path)/\(m.key)/\(extra.rawValue)", m.node,
                "\(a.functionName) takes no \(extra.rawValue)")
        }
        return a
    }

    static let nodeFields: Set<String> = [
        "type", "id", "text", "label", "systemImage", "style", "native", "tw", "buttonStyle", "state", "rules",
        "twAnimation", "cocoa", "lifecycle", "children", "textFieldStyle", "toggleStyle", "labelStyle",
    ]
    static let styles: Set<String> = [
        "switch", "button", "checkbox", "wheel", "inline", "segmented", "menu", "linear", "circular", "doubleColumn",
        "stack",
    ]
    static let stateNames = [
        "hover", "focus", "pressed", "disabled", "groupHover", "groupFocus", "groupPressed", "groupDisabled",
    ]

    /// Node step: the node's type, then each field in document order, then its children.
    private mutating func node(_ json: JSONNode, jsonPath: String, path: String) throws(SceneError) -> SceneNode {
        let members = try object(json, jsonPath)
        unknownFields(members, known: Self.nodeFields, path: jsonPath)
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            throw invalid(jsonPath + "/type", json, "missing: every node needs a type")
        }
        var node = SceneNode.Fields(
            type: try string(typeMember.node, jsonPath + "/type"), path: path, jsonPath: jsonPath, line: json.line,
            location: SourceLocation(file: file, line: json.line, column: json.column))
        guard !node.type.isEmpty else { throw invalid(jsonPath + "/type", typeMember.node, "the type is empty") }
        for m in members {
            let p = "\(jsonPath)/\(m.key)"
            switch m.key {
            case "children":
                guard case .array(let items) = m.node.value else {
                    throw invalid(p, m.node, "expected an array of nodes, got \(m.node.kindName)")
                }
                for (i, item) in items.enumerated() {
                    node.children.append(
                        try self.node(item, jsonPath: "\(p)/\(i)", path: path == "/" ? "/\(i)" : "\(path)/\(i)"))
                }
            default: try field(m, p, into: &node)
            }
        }
        return SceneNode(node)
    }

    /// Field step: one of a node's fields other than `children`, type-checked.
    mutating func field(_ m: JSONMember, _ p: String, into node: inout SceneNode.Fields) throws(SceneError) {
        switch m.key {
        case "id":
            switch m.node.value {
            case .string(let s): node.id = s
            case .number(let n) where n == n.rounded() && abs(n) < 1e15: node.id = String(Int64(n))
            default: throw invalid(p, m.node, "expected a string or an integer, got \(m.node.kindName)")
            }
        case "text": node.text = try string(m.node, p)
        case "label": node.label = try string(m.node, p)
        case "systemImage": node.systemImage = try string(m.node, p)
        case "style":
            let s = try string(m.node, p)
            guard Self.styles.contains(s) else {
                let hint = Suggestion.nearest(to: s, in: Self.styles).map { "; did you mean '\($0)'?" } ?? ""
                throw invalid(p, m.node, "unknown style '\(s)'\(hint)")
            }
            node.style = s
        case "native": node.native = try strings(m.node, p)
        case "tw": node.tw = try classes(m.node, p)
        case "buttonStyle": node.buttonStyle = try classes(m.node, p)
        case "twAnimation": node.twAnimation = try classes(m.node, p)
        case "state": node.state = try state(m.node, p)
        case "rules": node.rules = try rules(m.node, p, allowReplace: true)
        case "cocoa": node.cocoa = try cocoa(m.node, p)
        case "lifecycle": node.lifecycle = try strings(m.node, p)
        case "textFieldStyle", "toggleStyle", "labelStyle":
            node.adapters.append(try adapter(m, p))
        default: break
        }
    }

    /// State step: every state the node names is explicit, on or off:
    /// `"pressed": false` is the seeds' TWState(isPressed: false), which gives a
    /// general view its pressed state.
    func state(_ json: JSONNode, _ p: String) throws(SceneError) -> SurfaceState {
        var active: Set<Variant> = []
        var explicit: Set<Variant> = []
        for s in try object(json, p) {
            guard Self.stateNames.contains(s.key) else {
                let hint = Suggestion.nearest(to: s.key, in: Self.stateNames).map { "; did you mean '\($0)'?" } ?? ""
                throw invalid("\(p)/\(s.key)", s.node, "unknown state\(hint)")
            }
            guard case .success(let named) = SurfaceState.parse(s.key) else { continue }
            explicit.formUnion(named.active)
            if try bool(s.node, "\(p)/\(s.key)") { active.formUnion(named.active) }
        }
        return SurfaceState(active, explicit: explicit)
    }

    /// Cocoa step: `[{"for": "UISwitch"}, {"default": true}]`.
    func cocoa(_ json: JSONNode, _ p: String) throws(SceneError) -> [CocoaRequest] {
        guard case .array(let items) = json.value else { throw invalid(p, json, "expected an array") }
        var out: [CocoaRequest] = []
        for (i, item) in items.enumerated() {
            let ip = "\(p)/\(i)"
            let fields = try object(item, ip)
            guard fields.count == 1, let f = fields.first else {
                throw invalid(ip, item, "expected {\"for\": \"UISwitch\"} or {\"default\": true}")
            }
            switch f.key {
            case "for": out.append(CocoaRequest(typeName: try string(f.node, "\(ip)/for")))
            case "default":
                guard try bool(f.node, "\(ip)/default") else {
                    throw invalid("\(ip)/default", f.node, "expected true")
                }
                out.append(CocoaRequest(typeName: nil))
            default: throw invalid("\(ip)/\(f.key)", f.node, "expected 'for' or 'default'")
            }
        }
        return out
    }

    /// Adapter step: `textFieldStyle`, `toggleStyle` or `labelStyle` as classes,
    /// or `{"classes": …}` (with `"base"` for a toggle: switch, button or checkbox).
    mutating func adapter(_ m: JSONMember, _ p: String) throws(SceneError) -> StyleAdapter {
        let kind = StyleAdapter.Kind(rawValue: m.key) ?? .labelStyle
        guard case .object(let fields) = m.node.value else {
            return StyleAdapter(kind: kind, base: nil, classes: try classes(m.node, p))
        }
        unknownFields(fields, known: kind == .toggleStyle ? ["base", "classes"] : ["classes"], path: p)
        var adapter = StyleAdapter(kind: kind, base: nil, classes: TWClasses(segments: []))
        for f in fields {
            switch f.key {
            case "classes": adapter.classes = try classes(f.node, "\(p)/classes")
            case "base" where kind == .toggleStyle:
                let base = try string(f.node, "\(p)/base")
                guard ["switch", "button", "checkbox"].contains(base) else {
                    throw invalid("\(p)/base", f.node, "expected switch, button or checkbox")
                }
                adapter.base = base
            default: break
            }
        }
        return adapter
    }
}
