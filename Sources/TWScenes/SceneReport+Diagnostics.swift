import TWModel
import TWSupport

extension SceneReport {
    /// A list of diagnostics as a JSON array, written straight into `w`: the
    /// same bytes as `JSONValue.array(diagnostics.map(diagnosticJSON))` written
    /// compactly (no spaces), without building a `JSONValue` per diagnostic.
    ///
    /// A surface of thousands of unknown classes has thousands of diagnostics,
    /// so this is on the report's hot path (docs/Performance.md, "Bounded
    /// suggestions"); a test compares its bytes with the tree's.
    public static func writeDiagnostics(_ diagnostics: [Diagnostic], to w: ByteWriter) {
        if diagnostics.isEmpty {
            w.append("[]")
            return
        }
        w.append("[")
        // A surface's diagnostics mostly share one location: rendered once.
        var lastLocation: SourceLocation?
        var lastLocationBytes: [UInt8] = []
        for (i, d) in diagnostics.enumerated() {
            w.append(i == 0 ? "{\"severity\":\"" : ",{\"severity\":\"")
            w.append(d.severity.rawValue)
            w.append("\",\"code\":\"")
            w.append(d.code.rawValue)
            w.append("\",\"class\":")
            w.appendJSONString(d.className)
            w.append(",\"part\":")
            if let part = d.part {
                w.append("\"")
                w.append(part.rawValue)
                w.append("\"")
            } else {
                w.append("null")
            }
            w.append(",\"message\":")
            w.appendJSONString(d.message)
            w.append(",\"hint\":")
            w.appendJSONString(d.hint)
            w.append(",\"location\":")
            if let l = d.location {
                if l != lastLocation {
                    let rendered = ByteWriter()
                    rendered.append("{\"file\":")
                    rendered.appendJSONString(l.file)
                    rendered.append(",\"line\":")
                    rendered.appendNumber(Double(l.line))
                    rendered.append(",\"column\":")
                    rendered.appendNumber(Double(l.column))
                    rendered.append("}}")
                    lastLocation = l
                    lastLocationBytes = rendered.bytes
                }
                w.append(bytes: lastLocationBytes)
            } else {
                w.append("null}")
            }
        }
        w.append("]")
    }
}
