/// Byte-level helpers for ASCII text, shared by the JSON reader and the class
/// grammar's argument decoder.
package enum ASCII {
    /// The value of a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), or nil.
    package static func hexValue(_ d: UInt8) -> Int? {
        switch d {
        case 0x30...0x39: return Int(d) - 0x30
        case 0x61...0x66: return Int(d) - 0x61 + 10
        case 0x41...0x46: return Int(d) - 0x41 + 10
        default: return nil
        }
    }
}

extension String {
    package func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        out += rest
        return out
    }

    /// Left-aligned in `width` characters.
    package func paddedTo(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

extension String {
    package func replacingOccurrences(of character: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for c in self {
            if c == character { out += replacement } else { out.append(c) }
        }
        return out
    }
}

extension String {
    package func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A || bytes[start] == 0x0D
        {
            start += 1
        }
        while end > start,
            bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D
        {
            end -= 1
        }
        if start == 0 && end == bytes.count { return self }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
