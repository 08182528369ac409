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

    /// Space, tab, line feed or carriage return: the blanks class lists and
    /// source text are split and trimmed at.
    @inlinable package static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
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

    /// The standard library's `contains(_:)` (not Foundation's, which neither
    /// keeps to character boundaries nor finds an empty needle), by a byte
    /// scan when both texts are ASCII and the needle
    /// holds no line break: then every byte is a character of its own (the
    /// one pair that is not, CR LF, cannot begin, end or sit inside such a
    /// match), so the scan and the character search agree. Any other text
    /// takes `contains(_:)` itself, which compares characters (`"w\u{301}"` is
    /// not `"w"`) under canonical equivalence (`"\u{212A}"` is `"K"`); the
    /// generic search costs tens of thousands of instructions on a short path.
    package func containsBytes(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        let scanned: Bool? = haystack.withUTF8 { h in
            needle.withUTF8 { n -> Bool? in
                func plain(_ byte: UInt8) -> Bool { byte < 0x80 }
                guard n.allSatisfy({ plain($0) && $0 != 0x0A && $0 != 0x0D }), h.allSatisfy(plain) else { return nil }
                // An empty needle is found everywhere, as with `contains(_:)`.
                guard !n.isEmpty else { return true }
                guard h.count >= n.count else { return false }
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
        return scanned ?? contains(needle)
    }

    /// Whether the first character is uppercase (`Text`, `VStack`): by its
    /// byte when it and the byte after it are ASCII (so the first character
    /// is that byte alone), else by `Character.isUppercase`, which looks the
    /// character's scalars up (about a thousand instructions a call) and
    /// answers for the whole character: `"A\u{345}"` is not uppercase.
    package var startsUppercase: Bool {
        guard let (byte, alone) = firstByteAlone, alone else { return first?.isUppercase == true }
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// Whether the first character is lowercase (`padding`), as `startsUppercase`.
    package var startsLowercase: Bool {
        guard let (byte, alone) = firstByteAlone, alone else { return first?.isLowercase == true }
        return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    /// The first byte, and whether it is a character alone: ASCII, and the
    /// text ends after it or goes on with ASCII (CR LF, one character of two
    /// ASCII bytes, is neither a letter nor a case).
    private var firstByteAlone: (UInt8, Bool)? {
        var bytes = utf8.makeIterator()
        guard let first = bytes.next() else { return nil }
        let second = bytes.next()
        return (first, first < 0x80 && (second.map { $0 < 0x80 } ?? true))
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
        while start < end, ASCII.isWhitespace(bytes[start]) { start += 1 }
        while end > start, ASCII.isWhitespace(bytes[end - 1]) { end -= 1 }
        if start == 0 && end == bytes.count { return self }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
