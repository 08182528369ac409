/// The fast path of tokenizing: most class lists are one run of printable
/// ASCII, classes separated by spaces, brackets balanced within each class.
/// For those the tokens are exactly the space-separated words (what
/// `ClassTokenizer` gives them, G-1, G-4), found without its per-byte state;
/// anything else (tabs, newlines, control or non-ASCII bytes, brackets that
/// span a space or do not balance, typed values) takes the tokenizer.
package enum PlainClassList {
    /// The tokens of `classes`, from the fast path when it applies.
    package static func tokens(_ classes: TWClasses) -> [ClassToken] {
        if classes.segments.count == 1, case .text(let text) = classes.segments[0], let words = words(text) {
            return words
        }
        return ClassTokenizer.tokenize(classes)
    }

    /// The space-separated words of `text`, or nil when it is not plain.
    package static func words(_ text: String) -> [ClassToken]? {
        var text = text
        return text.withUTF8 { bytes in
            ranges(bytes)?.map {
                ClassToken(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self))
            }
        }
    }

    /// Where the words of a plain list are in its bytes (no string made per
    /// word: what the interned path looks up), or nil when it is not plain.
    package static func ranges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var out: [Range<Int>] = []
        out.reserveCapacity(16)
        var start = 0
        var depth = 0
        for i in 0..<bytes.count {
            let byte = bytes[i]
            if byte == 0x20 {
                guard depth == 0, i - start <= ClassTokenizer.maxClassBytes else { return nil }
                if i > start { out.append(start..<i) }
                start = i + 1
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth < 0 { return nil }
            } else if byte < 0x21 || byte > 0x7E {
                return nil
            }
        }
        // A class past the length limit takes the tokenizer, which reports it.
        guard depth == 0, bytes.count - start <= ClassTokenizer.maxClassBytes else { return nil }
        if bytes.count > start { out.append(start..<bytes.count) }
        return out
    }
}
