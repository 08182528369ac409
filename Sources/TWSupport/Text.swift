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

    /// Whether `needle`'s bytes occur in a row in the text's UTF-8. For a
    /// needle that begins and ends with ASCII this is `contains(_:)`, without
    /// the generic string search (tens of thousands of instructions for a
    /// short path).
    package func containsBytes(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in
                // An empty needle is found nowhere, as with `contains(_:)`.
                guard !n.isEmpty, h.count >= n.count else { return false }
                let first = n[0]
                var i = 0
                while i <= h.count - n.count {
                    if h[i] == first {
                        var j = 1
                        while j < n.count, h[i + j] == n[j] { j += 1 }
                        if j == n.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// Whether the first character is uppercase (`Text`, `VStack`): an ASCII
    /// one by its byte, any other by `Character.isUppercase`, which looks its
    /// scalars' properties up (about a thousand instructions a call).
    package var startsUppercase: Bool {
        guard let byte = utf8.first else { return false }
        guard byte >= 0x80 else { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return first?.isUppercase == true
    }

    /// Whether the first character is lowercase (`padding`), as `startsUppercase`.
    package var startsLowercase: Bool {
        guard let byte = utf8.first else { return false }
        guard byte >= 0x80 else { return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        return first?.isLowercase == true
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
