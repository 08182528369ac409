extension String {
    /// The text with every control character (U+0000…U+001F, U+007F,
    /// U+0080…U+009F) written as `\u{1B}`: what text output prints for
    /// input it echoes, so that a class or a node type can never carry a
    /// terminal escape sequence to the reader's terminal (SPEC §9).
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.isControlCharacter {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// C0 controls, DEL and C1 controls.
    var isControlCharacter: Bool { value < 0x20 || (value >= 0x7F && value <= 0x9F) }
}
