/// A versioned description of every registration of a scope in merged order,
/// with the probed structure of each factory: the baseline `twhost diff` reads.
public struct RegistrySnapshot: Equatable, Sendable {
    public static let formatVersion = 1

    public struct Entry: Equatable, Sendable {
        public var name: String
        public var plugin: String
        /// modifier, utility, recipe, animation
        public var kind: String
        public var form: String?
        public var phase: String?
        public var order: Int?
        public var conflictKey: String?
        public var argumentType: String?
        public var defaultArgument: String?
        /// For recipes: the classes.
        public var classes: String?
        public var activeStructure: String?
        public var inactiveStructure: String?
        public var activeModifier: String?
        public var inactiveModifier: String?
        /// A factory call that failed while probing.
        public var probeError: String?
    }

    public var plugins: [PluginInfo]
    public var entries: [Entry]

    /// Probes every registration of the registry (factories called active and
    /// inactive with the default argument).
    public init(registry: PluginRegistry, theme: Theme = Theme()) {
        plugins = registry.plugins
        var entries: [Entry] = []
        for m in registry.modifiers {
            var entry = Entry(
                name: m.name, plugin: m.plugin, kind: "modifier", form: m.form.rawValue, phase: m.phase.rawValue,
                order: m.order, conflictKey: m.conflictKey, argumentType: m.argumentType.rawValue,
                defaultArgument: m.defaultArgument)
            let value: TypedValue?
            switch m.defaultValue(in: theme) {
            case .success(let v)?: value = v
            case .failure(let failure)?:
                entry.probeError = "default argument: \(failure.message)"
                value = nil
            case nil: value = nil
            }
            if entry.probeError == nil {
                switch (m.makeModifier(active: true, value: value), m.makeModifier(active: false, value: value)) {
                case (.success(let active), .success(let inactive)):
                    entry.activeStructure = active.structure
                    entry.inactiveStructure = inactive.structure
                    entry.activeModifier = active.swiftCode
                    entry.inactiveModifier = inactive.swiftCode
                case (.failure(let error), _), (_, .failure(let error)):
                    entry.probeError = error.description
                }
            }
            entries.append(entry)
        }
        for u in registry.utilities {
            entries.append(Entry(name: u.prefix, plugin: u.plugin, kind: "utility"))
        }
        for r in registry.recipes {
            entries.append(Entry(name: r.name, plugin: r.plugin, kind: "recipe", classes: r.classes))
        }
        for a in registry.animations {
            var entry = Entry(name: a.name, plugin: a.plugin, kind: "animation")
            entry.activeModifier = IRValue.animationCode(a.make(seconds: nil))
            entries.append(entry)
        }
        self.entries = entries
    }

    public var json: JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            ("twhostRegistry", .number(Double(Self.formatVersion))),
            (
                "plugins",
                .array(
                    plugins.map {
                        .object([
                            ("name", .string($0.name)), ("version", .string($0.version)),
                            ("abi", .string("\($0.abiMajor).\($0.abiMinor)")),
                        ])
                    })
            ),
            (
                "registrations",
                .array(
                    entries.map { e in
                        var members: [(String, JSONValue)] = [
                            ("name", .string(e.name)), ("plugin", .string(e.plugin)), ("kind", .string(e.kind)),
                        ]
                        if e.kind == "modifier" {
                            members += [
                                ("form", optional(e.form)), ("phase", optional(e.phase)),
                                ("order", e.order.map { .number(Double($0)) } ?? .null),
                                ("conflictKey", optional(e.conflictKey)), ("argumentType", optional(e.argumentType)),
                                ("default", optional(e.defaultArgument)),
                                (
                                    "structure",
                                    .object([
                                        ("active", optional(e.activeStructure)),
                                        ("inactive", optional(e.inactiveStructure)),
                                    ])
                                ),
                                (
                                    "modifier",
                                    .object([
                                        ("active", optional(e.activeModifier)),
                                        ("inactive", optional(e.inactiveModifier)),
                                    ])
                                ),
                            ]
                            if let error = e.probeError { members.append(("probeError", .string(error))) }
                        }
                        if let classes = e.classes { members.append(("classes", .string(classes))) }
                        if e.kind == "animation" { members.append(("animation", optional(e.activeModifier))) }
                        return .object(members)
                    })
            ),
        ])
    }
}

extension IRValue {
    /// SwiftUI syntax for an animation value.
    public static func animationCode(_ animation: AnimationValue) -> String {
        _IRRenderer.animationCode(animation)
    }
}
