import TWGrammar
import TWModel
import TWSupport

/// Text renderings of resolved surfaces, shared by `resolve` and `explain`.
public enum SurfaceReport {
    /// ANSI styling for text reports (defined with the other output helpers).
    public typealias Palette = TWSupport.Palette

    /// The chain as Swift-like code in application order, one modifier a line,
    /// tagged with phase and origin; inactive slots marked.
    public static func chainLines(_ surface: ResolvedSurface, palette: Palette, indent: String = "  ") -> [String] {
        var lines: [String] = []
        // Text output never echoes control characters from input (SPEC §9).
        let codes = surface.chain.map {
            $0.modifier.isEmpty ? "(no modifier)" : $0.modifier.swiftCode.escapingControlCharacters
        }
        let width = min(72, codes.map(\.count).max() ?? 0)
        for (entry, code) in zip(surface.chain, codes) {
            let tag = self.tag(entry)
            let padded = code.count < width ? code + String(repeating: " ", count: width - code.count) : code
            let line = indent + padded + "  " + palette.dim("// " + tag)
            lines.append(entry.active == false ? palette.dim(indent + padded + "  // " + tag) : line)
        }
        if surface.chain.isEmpty { lines.append(indent + palette.dim("(no modifiers)")) }
        return lines
    }

    /// What a chain line says after its code: phase, origin, state.
    static func tag(_ entry: ChainEntry) -> String {
        switch entry.origin {
        case .registration(let name, let plugin):
            let state = entry.active == true ? "active" : "inactive"
            return "\(entry.phase.rawValue) · \(name.escapingControlCharacters) (\(plugin)) · \(state)"
        case .source(let name, let location):
            let state = entry.active == true ? "active" : "inactive"
            return
                "\(entry.phase.rawValue) · \(name.escapingControlCharacters) (inline, \(location.description.escapingControlCharacters)) · \(state)"
        case .builtin(let property):
            return
                "\(entry.phase.rawValue) · built-in \(property)"
                + (entry.className.map { " ← \($0.escapingControlCharacters)" } ?? "")
        }
    }

    /// One chain entry without alignment padding, for comparing chains.
    package static func entryLine(_ entry: ChainEntry) -> String {
        (entry.modifier.isEmpty ? "(no modifier)" : entry.modifier.swiftCode) + "  // " + tag(entry)
    }

    /// `error[unknown-class] frostd: unknown class 'frostd' (did you mean 'frosted'?)`
    public static func diagnosticLines(_ diagnostics: [Diagnostic], palette: Palette, indent: String = "  ") -> [String]
    {
        diagnostics.map { d in
            let head: String
            switch d.severity {
            case .error: head = palette.red("error[\(d.code)]")
            case .warning: head = palette.yellow("warning[\(d.code)]")
            case .note: head = "note[\(d.code)]"
            }
            var line = indent + (d.location.map { "\($0.description.escapingControlCharacters): " } ?? "") + head
            if let part = d.part { line += " (\(part))" }
            line += ": " + d.message.escapingControlCharacters
            if let hint = d.hint { line += " — " + hint.escapingControlCharacters }
            return line
        }
    }

    /// What `twhost explain` prints.
    public static func explain(_ classes: TWClasses, _ surface: ResolvedSurface, palette: Palette) -> String {
        var out = [palette.bold("classes: ") + classes.description.escapingControlCharacters]
        out.append("")
        out.append(palette.bold("matches:"))
        let width = min(36, surface.matches.map { $0.classText.count + 2 * $0.depth }.max() ?? 0)
        for m in surface.matches {
            let name = String(repeating: "  ", count: m.depth) + m.classText.escapingControlCharacters
            out.append(
                "  " + name + String(repeating: " ", count: max(1, width - name.count + 2))
                    + m.matched.escapingControlCharacters)
        }
        if surface.matches.isEmpty { out.append("  (none)") }
        out.append("")
        out.append(palette.bold("winners:"))
        let keyWidth = min(32, surface.winners.map(\.key.count).max() ?? 0)
        for w in surface.winners {
            let condition = w.conditions.isEmpty ? "" : "  (when \(w.conditions.joined(separator: ", ")))"
            out.append(
                "  " + w.key + String(repeating: " ", count: max(1, keyWidth - w.key.count + 2))
                    + w.className.escapingControlCharacters + condition)
        }
        if surface.winners.isEmpty { out.append("  (none)") }
        out.append("")
        let status = surface.decorated ? "decorated" : "undecorated"
        out.append(palette.bold("chain (\(surface.source.targetName), \(status)):"))
        out += chainLines(surface, palette: palette)
        if let animation = surface.animation {
            out.append(
                "  animation: " + (animation.modifier ?? "none") + "  // \(animation.source)"
                    + (animation.note.map { " — \($0)" } ?? ""))
        }
        if let style = surface.nativeButtonStyle { out.append("  buttonStyle: .\(style)") }
        if !surface.diagnostics.isEmpty {
            out.append("")
            out.append(palette.bold("diagnostics:"))
            out += diagnosticLines(surface.diagnostics, palette: palette)
        }
        out.append("")
        out.append(
            "\(surface.errors) error(s), \(surface.warnings) warning(s); identity \(surface.identity.prefix(16))")
        return out.joined(separator: "\n") + "\n"
    }
}
