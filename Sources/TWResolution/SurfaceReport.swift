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
        let w = ByteWriter()
        writeChainLines(surface, palette: palette, indent: indent, to: w)
        // No line holds a newline of its own: control characters in it are escaped.
        return w.string.split(separator: "\n").map(String.init)
    }

    /// `chainLines` written into `w`, each line ended by a newline.
    package static func writeChainLines(
        _ surface: ResolvedSurface, palette: Palette, indent: String = "  ", to w: ByteWriter
    ) {
        let entries = surface.chain.map(ChainLine.of)
        if entries.isEmpty {
            w.append(indent)
            w.append(palette.dim("(no modifiers)"))
            w.append(UInt8(ascii: "\n"))
        }
        let width = min(72, entries.lazy.map(\.width).max() ?? 0)
        for entry in entries {
            writeChainLine(entry, width: width, palette: palette, indent: indent, to: w)
            w.append(UInt8(ascii: "\n"))
        }
    }

    /// One chain line, without its newline: the code padded to `width`, then
    /// its tag as a comment (the whole line dimmed for an inactive slot).
    private static func writeChainLine(
        _ entry: ChainLine, width: Int, palette: Palette, indent: String, to w: ByteWriter
    ) {
        if entry.inactive { w.append(palette.dimStart) }
        w.append(indent)
        w.append(entry.code)
        if entry.width < width { w.append(spaces[width - entry.width]) }
        w.append("  ")
        if !entry.inactive { w.append(palette.dimStart) }
        w.append("// ")
        w.append(entry.tag)
        w.append(palette.end)
    }

    /// What a chain entry's line is made of, before alignment: its code, the
    /// code's width in characters and its tag. A report keeps these for an
    /// entry many surfaces share (rendering an entry's code is most of a line's cost).
    package struct ChainLine: Sendable {
        /// The modifier as Swift code; control characters from input escaped (SPEC §9).
        package let code: String
        /// `code.count`.
        package let width: Int
        package let tag: String
        package let inactive: Bool

        package init(_ entry: ChainEntry) {
            code = entry.modifier.isEmpty ? "(no modifier)" : entry.modifier.swiftCode.escapingControlCharacters
            width = code.count
            tag = SurfaceReport.tag(entry)
            inactive = entry.active == false
        }

        /// The entry's line parts: made once for an entry many surfaces share, and kept with it.
        package static func of(_ entry: ChainEntry) -> ChainLine {
            guard entry.isShared else { return ChainLine(entry) }
            if let kept = entry.textMemo as? Kept { return kept.line }
            let made = Kept(ChainLine(entry))
            return (entry.keepTextMemo(made) as? Kept ?? made).line
        }

        /// A line's parts as an object an entry keeps.
        private final class Kept: Sendable {
            let line: ChainLine
            init(_ line: ChainLine) { self.line = line }
        }
    }

    /// Runs of spaces by length, for padding a chain line's code.
    private static let spaces = (0...72).map { String(repeating: " ", count: $0) }

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
