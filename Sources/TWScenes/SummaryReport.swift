import TWModel
import TWResolution
import TWSupport

/// `resolve --summary` (SPEC §7, "Output size"): per surface only its path,
/// id, location, status, identity and diagnostics — no chains. JSON keeps
/// the report's header and footer; text gives one line per surface.
public enum SummaryReport {
    /// The surface's diagnostics and the node's findings, in the order the full report lists them.
    static func diagnostics(_ record: SurfaceRecord) -> [Diagnostic] {
        record.allSurfaces.flatMap(\.diagnostics) + record.findings
    }

    /// One surface as one line of JSON.
    public static func writeSurface(_ record: SurfaceRecord, first: Bool, to w: ByteWriter) {
        w.append(first ? "\n{\"path\": " : ",\n{\"path\": ")
        w.appendJSONString(record.path)
        w.append(", \"id\": ")
        w.appendJSONString(record.node.id)
        w.append(", \"location\": ")
        w.append(record.location.map(SceneReport.locationJSON) ?? "null")
        w.append(
            record.decorated
                ? ", \"status\": \"decorated\", \"identity\": \"" : ", \"status\": \"undecorated\", \"identity\": \"")
        w.append(record.surface.identity)
        w.append("\", \"diagnostics\": ")
        SceneReport.writeDiagnostics(diagnostics(record), to: w)
        w.append("}")
    }

    /// `file:line:col: path  (status)  identity …`, then its diagnostics.
    public static func text(_ record: SurfaceRecord, palette: Palette) -> String {
        var head = ""
        if let location = record.location { head = "\(location.description.escapingControlCharacters): " }
        head += record.path.escapingControlCharacters
        if let id = record.node.id { head += "  id \(id.escapingControlCharacters)" }
        head += "  (\(record.decorated ? "decorated" : palette.red("undecorated")))"
        head += palette.dim("  identity \(record.surface.identity.prefix(16))")
        let lines = [head] + SurfaceReport.diagnosticLines(diagnostics(record), palette: palette)
        return lines.joined(separator: "\n") + "\n"
    }
}
