/// The one number grammar of class text (SPEC §9): theme keys (`p-4`,
/// `w-0.5`), opacity steps and modifiers (`opacity-50`, `bg-primary/50`),
/// fractions and bracket arguments (`[0.35]`, `[12px]`) are all read here.
///
/// A number is decimal digits with an optional fraction and an optional
/// exponent — `4`, `0.5`, `.5`, `2.5e1` — and, only where the caller allows
/// a sign, one leading `-`. Nothing else is a number: no `+` (`p-+4`), no
/// hexadecimal (`p-0x4`, `p-0x1p2`, `opacity-0x32`), no `inf` or `nan`, no
/// trailing dot (`4.`), no spaces, no NUL or anything after the digits.
/// Swift's `Double(String)` accepts all of those, so it is only called on
/// text this grammar has already accepted.
///
/// ```swift
/// DecimalNumber.parse("0.5")                    // 0.5
/// DecimalNumber.parse("-6", allowsSign: true)   // -6
/// DecimalNumber.parse("0x4")                    // nil
/// ```
public enum DecimalNumber {
    /// Digits beyond this many are refused before conversion: no class needs
    /// them, and the grammar check stays cheap on hostile input.
    static let maximumLength = 64

    /// The value of `text` if it is a finite decimal number, else nil. `-0`
    /// is read as 0.
    /// - Parameter allowsSign: accept one leading `-` (bracket arguments);
    ///   theme keys and `/N` modifiers take none.
    public static func parse(_ text: some StringProtocol, allowsSign: Bool = false) -> Double? {
        // Read in place when the text is contiguous (a String or a slice of one).
        if let value = text.utf8.withContiguousStorageIfAvailable({ parse(bytes: $0, allowsSign: allowsSign) }) {
            return value
        }
        return Array(text.utf8).withUnsafeBufferPointer { parse(bytes: $0, allowsSign: allowsSign) }
    }

    /// `parse` on bytes already in memory.
    static func parse(bytes: UnsafeBufferPointer<UInt8>, allowsSign: Bool) -> Double? {
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") {
            guard allowsSign else { return nil }
            negative = true
            i += 1
        }
        let whole = digits()
        var fraction = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            fraction = digits()
            guard fraction > 0 else { return nil }
        }
        guard whole + fraction > 0 else { return nil }
        var exponent = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            exponent = true
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == bytes.count else { return nil }
        // A whole number of at most 15 digits is exact in a Double: summed
        // here, it is the value the conversion below would give.
        if fraction == 0 && !exponent && whole <= 15 {
            var value: Int64 = 0
            for b in bytes[(negative ? 1 : 0)...] { value = value * 10 + Int64(b &- UInt8(ascii: "0")) }
            return value == 0 ? 0 : Double(negative ? -value : value)
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value == 0 ? 0 : value  // folds -0 to 0
    }
}
