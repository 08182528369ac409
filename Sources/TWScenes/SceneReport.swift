import TWLoading
import TWModel
import TWPlatform
import TWResolution
import TWSupport

/// The `resolve` outputs: JSON (version 1, SPEC §7) and text.
public enum SceneReport {
    public static let jsonVersion = 1

    /// The whole JSON report as text (what the streaming writers produce).
    public static func json(_ resolution: SceneResolution, environment: RenderEnvironment) -> String {
        let w = ByteWriter()
        writeHeader(plugins: resolution.plugins, to: w)
        for (i, record) in resolution.surfaces.enumerated() { writeSurface(record, first: i == 0, to: w) }
        writeFooter(resolution, to: w)
        return w.string
    }

    /// `{"twhost": 1, "plugins": […], "surfaces": [` — surfaces follow, one a line.
    public static func writeHeader(plugins: [PluginInfo], to w: ByteWriter) {
        w.append("{\"twhost\": \(jsonVersion),\n\"plugins\": ")
        w.append(
            JSONValue.array(
                plugins.map {
                    .object([("name", .string($0.name)), ("version", .string($0.version)), ("path", .string($0.path))])
                }))
        w.append(",\n\"surfaces\": [")
    }

    /// The rest after the last surface: backing-only nodes, diagnostics, summary.
    public static func writeFooter(_ resolution: SceneResolution, to w: ByteWriter) {
        w.append(resolution.summary.surfaces == 0 ? "],\n" : "\n],\n")
        writeFooterFields(resolution, to: w)
    }

    /// `"backing": …, "diagnostics": …, "summary": …}` and the last newline.
    static func writeFooterFields(_ resolution: SceneResolution, to w: ByteWriter) {
        w.append("\"backing\": ")
        w.append(JSONValue.array(resolution.backingOnly.map(backingRecordJSON)))
        w.append(",\n\"diagnostics\": ")
        writeDiagnostics(resolution.diagnostics, to: w)
        w.append(",\n\"summary\": ")
        w.append(
            JSONValue.object([
                ("surfaces", .number(Double(resolution.summary.surfaces))),
                ("decorated", .number(Double(resolution.decoratedCount))),
                ("undecorated", .number(Double(resolution.undecoratedCount))),
                ("errors", .number(Double(resolution.errorCount))),
                ("warnings", .number(Double(resolution.warningCount))),
            ]))
        w.append("}\n")
    }

    /// One surface as one line of JSON: its place, then the rest.
    public static func writeSurface(_ record: SurfaceRecord, first: Bool, to w: ByteWriter) {
        writePlace(record.path, first: first, to: w)
        writeBody(record, to: w)
    }

    /// The start of a surface's line, up to its path: all of the line that
    /// depends on where the surface is in the tree and whether it comes first.
    public static func writePlace(_ path: String, first: Bool, to w: ByteWriter) {
        w.append(first ? "\n{" : ",\n{")
        writePath(path, to: w)
    }

    /// `"path": "…"`, the first member of a surface's object in every JSON format.
    static func writePath(_ path: String, to w: ByteWriter) {
        w.append("\"path\": ")
        w.appendJSONString(path)
    }

    /// The rest of a surface's line after its path.
    public static func writeBody(_ record: SurfaceRecord, to w: ByteWriter) {
        writeHeadAfterPath(record, to: w)
        w.append(", \"identity\": \"")
        w.append(record.surface.identity)
        w.append("\", \"scope\": ")
        writeScope(record, to: w)
        w.append(", \"chain\": ")
        writeChain(record.surface.chain, to: w)
        w.append(", ")
        writeTail(record, to: w)
        w.append("}")
    }

    /// Whether only `.twAnimation` styles the node.
    static func animationOnly(_ record: SurfaceRecord) -> Bool {
        record.node.tw == nil && record.buttonStyle == nil && record.adapters.isEmpty
    }

    /// `"path": …, "id": …, "location": …, "type": …, "target": …, "status": …`.
    static func writeHead(_ record: SurfaceRecord, to w: ByteWriter) {
        writePath(record.path, to: w)
        writeHeadAfterPath(record, to: w)
    }

    /// `, "id": …, "location": …, "type": …, "target": …, "status": …`.
    static func writeHeadAfterPath(_ record: SurfaceRecord, to w: ByteWriter) {
        w.append(", \"id\": ")
        w.appendJSONString(record.node.id)
        w.append(", \"location\": ")
        if let location = record.location {
            location.writeJSON(to: w)
        } else {
            w.append("null")
        }
        w.append(", \"type\": ")
        w.appendJSONString(record.node.type)
        w.append(", \"target\": \"")
        w.append(animationOnly(record) ? "animation" : record.surface.source.targetName)
        w.append(record.decorated ? "\", \"status\": \"decorated\"" : "\", \"status\": \"undecorated\"")
    }

    /// `["material", "motion"]`: the plugins in scope.
    static func writeScope(_ record: SurfaceRecord, to w: ByteWriter) {
        w.append("[")
        for (i, p) in record.scopePlugins.enumerated() {
            if i > 0 { w.append(", ") }
            w.appendJSONString(p)
        }
        w.append("]")
    }

    /// What a tail is written from when it is nothing but a surface's
    /// animation and backing (`keyedTail`): two such records with equal keys
    /// have the same tail bytes (`writeTail`), so a report that numbers tails
    /// can compare a record with a key instead of rendering its tail.
    /// A class: a report keeps a few and compares each, never copying one.
    final class TailKey {
        let animation: ResolvedAnimation?
        let backing: BackingReport

        init(_ record: SurfaceRecord) {
            animation = SceneReport.tailAnimation(record)
            backing = record.backing
        }

        /// Whether a record with a keyed tail has this key's tail.
        func matches(_ record: SurfaceRecord) -> Bool {
            backing == record.backing && animation == SceneReport.tailAnimation(record)
        }
    }

    /// Whether the record's tail is its `TailKey` alone: no button style,
    /// `twAnimation`, adapters, combinations or diagnostics of any kind.
    static func keyedTail(_ record: SurfaceRecord) -> Bool {
        // `case .none`, not `== nil`: no optional surface is compared or copied.
        guard case .none = record.buttonStyle, case .none = record.node.twAnimation else { return false }
        return record.adapters.isEmpty && record.combinations.isEmpty && record.findings.isEmpty
            && record.surface.diagnostics.isEmpty
    }

    /// The animation a tail writes.
    static func tailAnimation(_ record: SurfaceRecord) -> ResolvedAnimation? {
        animationOnly(record) ? record.twAnimation : record.surface.animation
    }

    /// Every field after the chain: `"buttonStyle": …` to `"diagnostics": […]`.
    /// Keep `keyedTail` and `TailKey` to what this writes.
    static func writeTail(_ record: SurfaceRecord, to w: ByteWriter) {
        let s = record.surface
        let animationOnly = animationOnly(record)
        var diagnostics = s.diagnostics
        w.append("\"buttonStyle\": ")
        diagnostics += writeButtonStyle(record, to: w)
        w.append(", \"animation\": ")
        writeAnimation(tailAnimation(record), to: w)
        if record.node.twAnimation != nil && !animationOnly {
            w.append(", \"twAnimation\": ")
            w.append(animationJSON(record.twAnimation))
        }
        if !record.adapters.isEmpty { diagnostics += writeAdapters(record, to: w) }
        w.append(", \"backing\": ")
        writeBacking(record.backing, to: w)
        if !record.combinations.isEmpty { writeCombinations(record, to: w) }
        diagnostics += record.findings
        w.append(", \"diagnostics\": ")
        writeDiagnostics(diagnostics, to: w)
    }

    /// The `buttonStyle` field's value; the diagnostics of the button style's own
    /// surface when the node has both (`tw` and a button style).
    static func writeButtonStyle(_ record: SurfaceRecord, to w: ByteWriter) -> [Diagnostic] {
        guard let button = record.buttonStyle else {
            w.append("null")
            return []
        }
        w.append("{\"native\": ")
        w.appendJSONString(button.nativeButtonStyle)
        w.append(", \"requested\": ")
        w.appendJSONString(button.requestedButtonStyle ?? button.nativeButtonStyle)
        w.append(", \"fallback\": ")
        w.appendJSONString(button.diagnostics.first { $0.code == .nativeStyleFallback }?.message)
        let plain = button.nativeButtonStyle == nil || button.nativeButtonStyle == "plain"
        w.append(plain ? ", \"plain\": true" : ", \"plain\": false")
        guard record.node.tw != nil else {
            w.append("}")
            return []
        }
        // The node has both: the button style is its own surface.
        writeStatus(decorated: button.decorated, identity: button.identity, chain: button.chain, to: w)
        w.append(", \"animation\": ")
        w.append(animationJSON(button.animation))
        w.append("}")
        return button.diagnostics
    }

    /// `, "adapters": [...]`; the diagnostics of each adapter's surface except the
    /// first's when it is the node's only surface (already the record's own).
    static func writeAdapters(_ record: SurfaceRecord, to w: ByteWriter) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        w.append(", \"adapters\": [")
        for (i, a) in record.adapters.enumerated() {
            if i > 0 { w.append(", ") }
            w.append("{\"kind\": \"\(a.kind.rawValue)\", \"base\": ")
            w.appendJSONString(a.base)
            writeStatus(
                decorated: a.surface.decorated, identity: a.surface.identity, chain: a.surface.chain, to: w)
            w.append("}")
            if !(i == 0 && record.node.tw == nil && record.buttonStyle == nil) {
                diagnostics += a.surface.diagnostics
            }
        }
        w.append("]")
        return diagnostics
    }

    /// `{"file": …, "line": …, "column": …}`.
    public static func locationJSON(_ l: SourceLocation) -> String {
        let w = ByteWriter()
        l.writeJSON(to: w)
        return w.string
    }

    public static func locationValue(_ l: SourceLocation?) -> JSONValue {
        guard let l else { return .null }
        return .object([
            ("file", .string(l.file)), ("line", .number(Double(l.line))), ("column", .number(Double(l.column))),
        ])
    }

    /// `"conditions"` and, per combination, what the surfaces resolve to.
    static func writeCombinations(_ record: SurfaceRecord, to w: ByteWriter) {
        let conditions = record.node.conditions
        w.append(", \"conditions\": ")
        w.append(
            JSONValue.array(
                conditions.map { .object([("condition", .string($0.text)), ("location", locationValue($0.location))]) }
            ))
        w.append(", \"combinations\": [")
        for (i, combination) in record.combinations.enumerated() {
            if i > 0 { w.append(", ") }
            w.append("{\"when\": ")
            w.append(
                JSONValue.object(zip(conditions, combination.values).map { ($0.text, JSONValue.bool($1)) }))
            writeStatus(
                decorated: combination.allSurfaces.allSatisfy(\.decorated), identity: combination.surface.identity,
                chain: combination.surface.chain, to: w)
            w.append(", \"animation\": ")
            writeAnimation(combination.surface.animation, to: w)
            if let button = combination.buttonStyle {
                w.append(", \"buttonStyle\": {\"native\": ")
                w.appendJSONString(button.nativeButtonStyle)
                w.append(", \"identity\": \"")
                w.append(button.identity)
                w.append("\"}")
            }
            w.append("}")
        }
        w.append("]")
    }

    static func writeAnimation(_ animation: ResolvedAnimation?, to w: ByteWriter) {
        guard let animation else { return w.append("null") }
        w.append("{\"modifier\": ")
        w.appendJSONString(animation.modifier)
        w.append(", \"source\": ")
        w.appendJSONString(animation.source)
        w.append(", \"note\": ")
        w.appendJSONString(animation.note)
        w.append("}")
    }

    static func writeBacking(_ b: BackingReport, to w: ByteWriter) {
        if b.cocoa.isEmpty && b.lifecycle.isEmpty {
            w.append("{\"platform\": \"")
            w.append(b.platform.rawValue)
            w.append("\", \"osVersion\": ")
            w.appendInteger(b.osVersion)
            w.append(", \"view\": ")
            w.appendJSONString(b.view)
            w.append(", \"style\": ")
            w.appendJSONString(b.style)
            w.append(
                b.styleDefaulted
                    ? ", \"styleDefaulted\": true, \"status\": \"" : ", \"styleDefaulted\": false, \"status\": \"")
            w.append(b.status.rawValue)
            w.append("\", \"type\": ")
            w.appendJSONString(b.type)
            w.append(", \"cocoa\": [], \"lifecycle\": []}")
        } else {
            w.append(backingJSON(b))
        }
    }

    /// `, "status": …, "identity": …, "chain": […]` of a surface written inside another's object.
    static func writeStatus(decorated: Bool, identity: String, chain: [ChainEntry], to w: ByteWriter) {
        w.append(
            decorated
                ? ", \"status\": \"decorated\", \"identity\": \"" : ", \"status\": \"undecorated\", \"identity\": \"")
        w.append(identity)
        w.append("\", \"chain\": ")
        writeChain(chain, to: w)
    }

    static func writeChain(_ chain: [ChainEntry], to w: ByteWriter) {
        w.append("[")
        for (i, entry) in chain.enumerated() {
            if i > 0 { w.append(", ") }
            writeEntry(entry, to: w)
        }
        w.append("]")
    }

    static func backingRecordJSON(_ record: BackingRecord) -> JSONValue {
        let id: JSONValue = record.node.id.map(JSONValue.string) ?? .null
        return .object([
            ("path", .string(record.node.path)), ("id", id), ("type", .string(record.node.type)),
            ("backing", backingJSON(record.backing)), ("diagnostics", .array(record.diagnostics.map(diagnosticJSON))),
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
        // Type and modifier names come from input: echoed without control characters.
        for c in b.cocoa {
            let what = c.requested.map { ".cocoa(for: \($0).self)" } ?? ".cocoa { }"
            lines.append("  \(what): \(c.reason)".escapingControlCharacters)
        }
        for l in b.lifecycle {
            lines.append(
                ("  .\(l.modifier): " + (l.controller.map { "observes \($0) — \(l.reason)" } ?? l.reason))
                    .escapingControlCharacters)
        }
        return lines
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
            ("severity", .string(d.severity.rawValue)), ("code", .string(d.code.rawValue)),
            ("class", d.className.map(JSONValue.string) ?? .null),
            ("part", d.part.map { .string($0.rawValue) } ?? .null),
            ("message", .string(d.message)), ("hint", d.hint.map(JSONValue.string) ?? .null),
            ("location", locationValue(d.location)),
        ])
    }

    /// Per surface: path, type and status, the chain as Swift-like code tagged
    /// with phase and origin, diagnostics; then a summary line.
    public static func text(_ resolution: SceneResolution, palette: SurfaceReport.Palette) -> String {
        resolution.surfaces.map { text($0, palette: palette) }.joined() + textFooter(resolution, palette: palette)
    }

    /// One surface: path, type and status, the chain, button style, adapters,
    /// backing and diagnostics, then a blank line.
    public static func text(_ record: SurfaceRecord, palette: SurfaceReport.Palette) -> String {
        let w = ByteWriter()
        writeText(record, palette: palette, to: w)
        return w.string
    }

    /// `text` written into `w`: each line ended by a newline, then an empty
    /// line. The chain's lines are written straight in, each shared entry's
    /// code and tag made once (`SurfaceReport.ChainLine`).
    public static func writeText(_ record: SurfaceRecord, palette: SurfaceReport.Palette, to w: ByteWriter) {
        func line(_ text: String) {
            w.append(text)
            w.append(UInt8(ascii: "\n"))
        }
        let s = record.surface
        var path = record.path
        if let location = record.location, path.hasPrefix(location.file + ":") {
            // Swift sources: the location names the file already.
            path = String(path.dropFirst(location.file.count + 1))
        }
        // The head: `file:line:col: /0  Text  (text, decorated)  id x  identity 0123456789abcdef`.
        // Node types, ids and paths are echoed from input: never with control characters (SPEC §9).
        if let location = record.location {
            location.writeText(to: w)
            w.append(": ")
        }
        w.append(palette.boldStart)
        w.append(path.escapingControlCharacters)
        w.append("  ")
        w.append(record.node.type.escapingControlCharacters)
        w.append(palette.end)
        w.append("  (")
        w.append(s.source.targetName)
        w.append(", ")
        w.append(record.decorated ? "decorated" : palette.red("undecorated"))
        w.append(")")
        if let id = record.node.id {
            w.append("  id ")
            w.append(id.escapingControlCharacters)
        }
        w.append(palette.dimStart)
        w.append("  identity ")
        w.append(s.identity.prefix(16))
        w.append(palette.end)
        w.append(UInt8(ascii: "\n"))
        if record.node.tw != nil || record.buttonStyle != nil {
            SurfaceReport.writeChainLines(s, palette: palette, to: w)
        }
        if let button = record.buttonStyle {
            let native = button.nativeButtonStyle.map { ".\($0)" } ?? ".plain (twhost style)"
            let requested = button.requestedButtonStyle.map { " instead of .\($0)" } ?? ""
            line("  .buttonStyle(\(native))" + palette.dim("  // button style\(requested)"))
            if record.node.tw != nil { SurfaceReport.writeChainLines(button, palette: palette, indent: "    ", to: w) }
        }
        /// `animation: .spring(…)  // animate-spring`, under what it animates.
        func animationLine(_ animation: ResolvedAnimation, indent: String) -> String {
            indent + "animation: " + (animation.modifier ?? "none")
                + palette.dim("  // \(animation.source)" + (animation.note.map { " — \($0)" } ?? ""))
        }
        for adapter in record.adapters {
            line("  .\(adapter.kind.rawValue)(.tw(\(adapter.base.map { "base: .\($0)" } ?? "")))")
            SurfaceReport.writeChainLines(adapter.surface, palette: palette, indent: "    ", to: w)
            // The adapter's own animation (the JSON report's `adapters[i].animation`).
            if let animation = adapter.surface.animation { line(animationLine(animation, indent: "    ")) }
        }
        backingLines(record.backing, palette: palette).forEach(line)
        let animation = record.node.tw == nil && record.buttonStyle == nil ? record.twAnimation : s.animation
        if let animation { line(animationLine(animation, indent: "  ")) }
        combinationLines(record, palette: palette).forEach(line)
        let diagnostics = record.allSurfaces.flatMap(\.diagnostics) + record.findings
        SurfaceReport.diagnosticLines(diagnostics, palette: palette).forEach(line)
        line("")
    }

    /// The conditions, then each other combination's chain entries that differ from the first's.
    static func combinationLines(_ record: SurfaceRecord, palette: SurfaceReport.Palette) -> [String] {
        guard let first = record.combinations.first else { return [] }
        let identities = Set(record.combinations.flatMap { $0.allSurfaces.map(\.identity) }).count
        let names = record.node.conditions.map(\.text).joined(separator: ", ")
        var lines = [
            "  conditions: \(names)"
                + palette.dim(
                    "  // \(record.combinations.count) combinations, \(identities == record.allSurfaces.count ? "one identity" : "identities vary")"
                )
        ]
        for combination in record.combinations.dropFirst() {
            // What this combination's chain has that the first's does not (+), and the reverse (-).
            let before = first.surface.chain.map(SurfaceReport.entryLine)
            let after = combination.surface.chain.map(SurfaceReport.entryLine)
            var changed: [String] = []
            for line in before where !after.contains(line) { changed.append("    - " + line) }
            for line in after where !before.contains(line) { changed.append("    + " + line) }
            if first.buttonStyle?.nativeButtonStyle != combination.buttonStyle?.nativeButtonStyle {
                changed.append("    .buttonStyle(.\(combination.buttonStyle?.nativeButtonStyle ?? "plain"))")
            }
            if first.surface.animation != combination.surface.animation {
                changed.append("    animation: \(combination.surface.animation?.modifier ?? "none")")
            }
            lines.append(
                "  when \(combination.label(record.node.conditions)):" + (changed.isEmpty ? " same chain" : ""))
            lines += changed
        }
        return lines
    }

    /// Backing-only nodes, scene diagnostics and the summary line.
    public static func textFooter(_ resolution: SceneResolution, palette: SurfaceReport.Palette) -> String {
        var lines: [String] = []
        for b in resolution.backingOnly {
            lines.append(
                palette.bold("\(b.node.path)  \(b.node.type.escapingControlCharacters)") + "  (no styling)"
                    + (b.node.id.map { "  id \($0.escapingControlCharacters)" } ?? ""))
            lines += backingLines(b.backing, palette: palette)
            lines += SurfaceReport.diagnosticLines(b.diagnostics, palette: palette)
            lines.append("")
        }
        lines += SurfaceReport.diagnosticLines(resolution.diagnostics, palette: palette, indent: "")
        lines.append(
            "\(resolution.summary.surfaces) surface(s): \(resolution.decoratedCount) decorated, \(resolution.undecoratedCount) undecorated; "
                + "\(resolution.errorCount) error(s), \(resolution.warningCount) warning(s)")
        return lines.joined(separator: "\n") + "\n"
    }
}
