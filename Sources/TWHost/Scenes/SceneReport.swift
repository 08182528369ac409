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
            ("backing", .array(resolution.backingOnly.map(backingRecordJSON))),
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
                ("requested", (button.requestedButtonStyle ?? button.nativeButtonStyle).map(JSONValue.string) ?? .null),
                (
                    "fallback",
                    button.diagnostics.first { $0.code == "native-style-fallback" }.map { .string($0.message) } ?? .null
                ),
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
        if !record.adapters.isEmpty {
            members.append(
                (
                    "adapters",
                    .array(
                        record.adapters.map { a in
                            .object([
                                ("kind", .string(a.kind.rawValue)), ("base", a.base.map(JSONValue.string) ?? .null),
                                ("status", .string(a.surface.decorated ? "decorated" : "undecorated")),
                                ("identity", .string(a.surface.identity)),
                                ("chain", .array(a.surface.chain.map(chainJSON))),
                            ])
                        })
                ))
            for (i, a) in record.adapters.enumerated()
            where !(i == 0 && record.node.tw == nil && record.buttonStyle == nil) {
                diagnostics += a.surface.diagnostics
            }
        }
        members.append(("backing", backingJSON(record.backing)))
        members.append(("diagnostics", .array(diagnostics.map(diagnosticJSON))))
        return .object(members)
    }

    static func backingRecordJSON(_ record: BackingRecord) -> JSONValue {
        let id: JSONValue = record.node.id.map(JSONValue.string) ?? .null
        return .object([
            ("path", .string(record.node.path)), ("id", id), ("type", .string(record.node.type)),
            ("backing", backingJSON(record.backing)),
        ])
    }

    static func backingJSON(_ b: BackingReport) -> JSONValue {
        .object([
            ("platform", .string(b.platform.rawValue)), ("osVersion", .number(Double(b.osVersion))),
            ("view", .string(b.view)),
            ("style", b.style.map(JSONValue.string) ?? .null), ("styleDefaulted", .bool(b.styleDefaulted)),
            ("status", .string(b.status.rawValue)), ("type", b.type.map(JSONValue.string) ?? .null),
            (
                "cocoa",
                .array(
                    b.cocoa.map { c in
                        .object([
                            ("for", c.requested.map(JSONValue.string) ?? .null), ("default", .bool(c.requested == nil)),
                            ("called", c.called.map(JSONValue.bool) ?? .null), ("reason", .string(c.reason)),
                        ])
                    })
            ),
            (
                "lifecycle",
                .array(
                    b.lifecycle.map { l in
                        .object([
                            ("modifier", .string(l.modifier)),
                            ("controller", l.controller.map(JSONValue.string) ?? .null),
                            ("reason", .string(l.reason)),
                        ])
                    })
            ),
        ])
    }

    static func backingLines(_ b: BackingReport, palette: SurfaceReport.Palette) -> [String] {
        var lines: [String] = []
        let style = b.style.map { " (\($0)\(b.styleDefaulted ? ", default" : ""))" } ?? ""
        switch b.status {
        case .known:
            lines.append(
                "  backing: \(b.type ?? "?")"
                    + palette.dim("  // \(b.view)\(style) on \(b.platform.rawValue) \(b.osVersion)"))
        case .unknown:
            lines.append(
                "  backing: unknown"
                    + palette.dim("  // the table says ? for \(b.view)\(style) on \(b.platform.rawValue)"))
        case .unavailable:
            lines.append(
                "  backing: none" + palette.dim("  // \(b.view)\(style) has no backing on \(b.platform.rawValue)"))
        case .unlisted:
            if !b.cocoa.isEmpty || !b.lifecycle.isEmpty { lines.append("  backing: not in the correspondence table") }
        }
        for c in b.cocoa {
            let what = c.requested.map { ".cocoa(for: \($0).self)" } ?? ".cocoa { }"
            lines.append("  \(what): \(c.reason)")
        }
        for l in b.lifecycle {
            lines.append("  .\(l.modifier): " + (l.controller.map { "observes \($0) — \(l.reason)" } ?? l.reason))
        }
        return lines
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
                let requested = button.requestedButtonStyle.map { " instead of .\($0)" } ?? ""
                lines.append("  .buttonStyle(\(native))" + palette.dim("  // button style\(requested)"))
                if record.node.tw != nil { lines += SurfaceReport.chainLines(button, palette: palette, indent: "    ") }
            }
            for adapter in record.adapters {
                lines.append("  .\(adapter.kind.rawValue)(.tw(\(adapter.base.map { "base: .\($0)" } ?? "")))")
                lines += SurfaceReport.chainLines(adapter.surface, palette: palette, indent: "    ")
            }
            lines += backingLines(record.backing, palette: palette)
            let animation = record.node.tw == nil && record.buttonStyle == nil ? record.twAnimation : s.animation
            if let animation {
                lines.append(
                    "  animation: " + (animation.modifier ?? "none")
                        + palette.dim("  // \(animation.source)" + (animation.note.map { " — \($0)" } ?? "")))
            }
            let diagnostics = record.allSurfaces.flatMap(\.diagnostics)
            lines += SurfaceReport.diagnosticLines(diagnostics, palette: palette)
            lines.append("")
        }
        for b in resolution.backingOnly {
            lines.append(
                palette.bold("\(b.node.path)  \(b.node.type)") + "  (no styling)"
                    + (b.node.id.map { "  id \($0)" } ?? ""))
            lines += backingLines(b.backing, palette: palette)
            lines.append("")
        }
        lines += SurfaceReport.diagnosticLines(resolution.diagnostics, palette: palette, indent: "")
        lines.append(
            "\(resolution.surfaces.count) surface(s): \(resolution.decoratedCount) decorated, \(resolution.undecoratedCount) undecorated; "
                + "\(resolution.errorCount) error(s), \(resolution.warningCount) warning(s)")
        return lines.joined(separator: "\n") + "\n"
    }
}
