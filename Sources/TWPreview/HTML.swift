/// Text made safe for an HTML page: every piece of input text (paths, labels,
/// chain text, messages) goes through `escape` before it reaches the page.
package enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as character references; control characters
    /// (other than tab and newline) as U+FFFD, which HTML cannot hold as text.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A CSS length in pixels (one SwiftUI point is one CSS pixel): finite,
    /// within ±100000, written without exponent.
    package static func px(_ value: Double) -> String {
        number(value) + "px"
    }

    /// A finite number for CSS, within ±100000.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let v = min(100_000, max(-100_000, value))
        let rounded = (v * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
