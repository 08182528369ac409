/// The `resolve` outputs: JSON (version 1, SPEC §7) and text.
public enum SceneReport {
    public static let jsonVersion = 1

    public static func json(_ resolution: SceneResolution, environment: RenderEnvironment) -> JSONValue {
        .object([
            ("twhost", .number(Double(jsonVersion))),
            (
                "plugins",
                .array(
                    resolution.plugins.map {
                        .object([
                            ("name", .string($0.name)), ("version", .string($0.version)), ("path", .string($0.path)),
                        ])
                    })
            ),
            ("surfaces", .array(resolution.surfaces.map { surfaceJSON($0, environment: environment) })),
            ("diagnostics", .array(resolution.diagnostics.map(diagnosticJSON))),
            (
                "summary",
                .object([
                    ("surfaces", .number(Double(resolution.surfaces.count))),
                    ("decorated", .number(Double(resolution.decoratedCount))),
                    ("undecorated", .number(Double(resolution.undecoratedCount))),
                    ("errors", .number(Double(resolution.errorCount))),
                    ("warnings", .number(Double(resolution.warningCount))),
                ])
            ),
        ])
    }

    static func surfaceJSON(_ record: SurfaceRecord, environment: RenderEnvironment) -> JSONValue {
        let s = record.surface
        var diagnostics = s.diagnostics
        var buttonStyle: JSONValue = .null
        if let button = record.buttonStyle {
            var members: [(String, JSONValue)] = [
                ("native", button.nativeButtonStyle.map(JSONValue.string) ?? .null),
                ("plain", .bool(button.nativeButtonStyle == nil || button.nativeButtonStyle == "plain")),
            ]
            if record.node.tw != nil {
                // The node has both: the button style is its own surface.
                members += [
                    ("status", .string(button.decorated ? "decorated" : "undecorated")),
                    ("identity", .string(button.identity)),
                    ("chain", .array(button.chain.map(chainJSON))), ("animation", animationJSON(button.animation)),
                ]
                diagnostics += button.diagnostics
            }
            buttonStyle = .object(members)
        }
        var members: [(String, JSONValue)] = [
            ("path", .string(record.path)),
            ("id", record.node.id.map(JSONValue.string) ?? .null),
            ("type", .string(record.node.type)),
            ("target", .string(record.node.tw == nil && record.buttonStyle == nil ? "animation" : s.source.targetName)),
            ("status", .string(s.decorated ? "decorated" : "undecorated")),
            ("identity", .string(s.identity)),
            ("scope", .array(record.scopePlugins.map(JSONValue.string))),
            ("chain", .array(s.chain.map(chainJSON))),
            ("buttonStyle", buttonStyle),
            (
                "animation",
                animationJSON(record.node.tw == nil && record.buttonStyle == nil ? record.twAnimation : s.animation)
            ),
        ]
        if record.node.twAnimation != nil && (record.node.tw != nil || record.buttonStyle != nil) {
            members.append(("twAnimation", animationJSON(record.twAnimation)))
        }
        members.append(
            (
                "backing",
                .object([
                    ("platform", .string(environment.platform.rawValue)), ("type", .null), ("cocoa", .array([])),
                    ("lifecycle", .array([])),
                ])
            ))
        members.append(("diagnostics", .array(diagnostics.map(diagnosticJSON))))
        return .object(members)
    }

    static func chainJSON(_ entry: ChainEntry) -> JSONValue {
        let code = entry.modifier.swiftCode
        switch entry.origin {
        case .registration(let name, let plugin):
            return .object([
                ("phase", .string(entry.phase.rawValue)), ("origin", .string("registration")), ("name", .string(name)),
                ("plugin", .string(plugin)), ("active", .bool(entry.active ?? false)), ("modifier", .string(code)),
            ])
        case .builtin(let property):
            return .object([
                ("phase", .string(entry.phase.rawValue)), ("origin", .string("builtin")),
                ("property", .string(property)),
                ("class", entry.className.map(JSONValue.string) ?? .null), ("modifier", .string(code)),
            ])
        }
    }

    static func animationJSON(_ animation: ResolvedAnimation?) -> JSONValue {
        guard let animation else { return .null }
        return .object([
            ("modifier", animation.modifier.map(JSONValue.string) ?? .null), ("source", .string(animation.source)),
            ("note", animation.note.map(JSONValue.string) ?? .null),
        ])
    }

    public static func diagnosticJSON(_ d: Diagnostic) -> JSONValue {
        .object([
            ("severity", .string(d.severity.rawValue)), ("code", .string(d.code)),
            ("class", d.className.map(JSONValue.string) ?? .null), ("part", d.part.map(JSONValue.string) ?? .null),
            ("message", .string(d.message)), ("hint", d.hint.map(JSONValue.string) ?? .null),
        ])
    }

    /// Per surface: path, type and status, the chain as Swift-like code tagged
    /// with phase and origin, diagnostics; then a summary line.
    public static func text(_ resolution: SceneResolution, palette: SurfaceReport.Palette) -> String {
        var lines: [String] = []
        for record in resolution.surfaces {
            let s = record.surface
            let status = s.decorated ? "decorated" : palette.red("undecorated")
            var head = palette.bold("\(record.path)  \(record.node.type)") + "  (\(s.source.targetName), \(status))"
            if let id = record.node.id { head += "  id \(id)" }
            head += palette.dim("  identity \(s.identity.prefix(16))")
            lines.append(head)
            if record.node.tw != nil || record.buttonStyle != nil {
                lines += SurfaceReport.chainLines(s, palette: palette)
            }
            if let button = record.buttonStyle {
                let native = button.nativeButtonStyle.map { ".\($0)" } ?? ".plain (twhost style)"
                lines.append("  .buttonStyle(\(native))" + palette.dim("  // button style"))
                if record.node.tw != nil { lines += SurfaceReport.chainLines(button, palette: palette, indent: "    ") }
            }
            let animation = record.node.tw == nil && record.buttonStyle == nil ? record.twAnimation : s.animation
            if let animation {
                lines.append(
                    "  animation: " + (animation.modifier ?? "none")
                        + palette.dim("  // \(animation.source)" + (animation.note.map { " — \($0)" } ?? "")))
            }
            var diagnostics = s.diagnostics
            if record.node.tw != nil, let button = record.buttonStyle { diagnostics += button.diagnostics }
            lines += SurfaceReport.diagnosticLines(diagnostics, palette: palette)
            lines.append("")
        }
        lines += SurfaceReport.diagnosticLines(resolution.diagnostics, palette: palette, indent: "")
        lines.append(
            "\(resolution.surfaces.count) surface(s): \(resolution.decoratedCount) decorated, \(resolution.undecoratedCount) undecorated; "
                + "\(resolution.errorCount) error(s), \(resolution.warningCount) warning(s)")
        return lines.joined(separator: "\n") + "\n"
    }
}
