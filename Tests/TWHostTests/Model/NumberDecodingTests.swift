import Testing

@testable import TWModel

/// Numbers, units and hex colours are read on bytes without intermediate
/// strings or arrays; these compare them with the straightforward reading
/// (grammar check, then `Double(String)`; hex digits collected, then
/// divided) on many random and edge-case texts, down to the sign of a zero.
@Suite("Number and colour decoding")
struct NumberDecodingTests {
    /// The grammar of `DecimalNumber`, checked on an array, then converted by
    /// `Double(String)`.
    static func referenceNumber(_ text: String, allowsSign: Bool) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if bytes[i] == UInt8(ascii: "-") {
            guard allowsSign else { return nil }
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
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == bytes.count, let value = Double(text), value.isFinite else { return nil }
        return value == 0 ? 0 : value
    }

    /// Hex digits collected into an array, then each component divided by 255.
    static func referenceHex(_ text: String) -> ColorValue? {
        guard text.hasPrefix("#") else { return nil }
        var nibbles: [Int] = []
        for d in text.utf8.dropFirst() {
            guard let nibble = Int(String(UnicodeScalar(d)), radix: 16) else { return nil }
            nibbles.append(nibble)
        }
        var components: [Double] = []
        switch nibbles.count {
        case 3, 4: for n in nibbles { components.append(Double(n * 17) / 255) }
        case 6, 8:
            for i in stride(from: 0, to: nibbles.count, by: 2) {
                components.append(Double(nibbles[i] * 16 + nibbles[i + 1]) / 255)
            }
        default: return nil
        }
        if components.count == 3 { components.append(1) }
        return ColorValue(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    struct Generator {
        var seed: UInt64
        mutating func below(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        mutating func text(from alphabet: [Character], upTo length: Int) -> String {
            String((0..<below(length + 1)).map { _ in alphabet[below(alphabet.count)] })
        }
    }

    static func bits(_ value: Double?) -> UInt64? { value.map(\.bitPattern) }

    @Test("decimal numbers: the same value or refusal as the reference, signs of zero included")
    func decimalNumbers() {
        var generator = Generator(seed: 3)
        var texts = [
            "0", "-0", "00", "007", "-007", ".5", "-.5", "5.", "1e3", "1E-3", "2.5e+1", "1e400", "-1e400", "e3",
            "123456789012345", "999999999999999", "1234567890123456", "-999999999999999", "9007199254740993",
            String(repeating: "9", count: 64), String(repeating: "9", count: 65), "+4", "0x10", "inf", "nan", "",
            "-", "1-", "1.2.3", "１２", "4 ", " 4",
        ]
        let alphabet: [Character] = ["0", "1", "5", "9", "0", "7", ".", "-", "e", "E", "+", "x", " "]
        for _ in 0..<20_000 { texts.append(generator.text(from: alphabet, upTo: 20)) }
        for _ in 0..<5_000 {
            texts.append((generator.below(2) == 0 ? "-" : "") + generator.text(from: ["0", "3", "9"], upTo: 17))
        }
        for text in texts {
            for allowsSign in [false, true] {
                let expected = Self.bits(Self.referenceNumber(text, allowsSign: allowsSign))
                #expect(Self.bits(DecimalNumber.parse(text, allowsSign: allowsSign)) == expected, "\(text)")
                // A slice of a longer string reads the same.
                let padded = "[" + text + "]"
                let slice = padded.dropFirst().dropLast()
                #expect(Self.bits(DecimalNumber.parse(slice, allowsSign: allowsSign)) == expected, "\(text)")
            }
        }
    }

    @Test("numbers with units: the factor of the unit written, nothing for another")
    func units() {
        #expect(ArgumentDecoder.number("12px", units: ArgumentDecoder.lengthUnits) == 12)
        #expect(ArgumentDecoder.number("12pt", units: ArgumentDecoder.lengthUnits) == 12)
        #expect(ArgumentDecoder.number("-12", units: ArgumentDecoder.lengthUnits) == -12)
        #expect(ArgumentDecoder.number("12deg", units: ArgumentDecoder.lengthUnits) == nil)
        #expect(ArgumentDecoder.number("12PX", units: ArgumentDecoder.lengthUnits) == nil)
        #expect(ArgumentDecoder.number("0.5rad", units: ArgumentDecoder.angleUnits) == 0.5 * 180 / Double.pi)
        #expect(ArgumentDecoder.number("0.25turn", units: ArgumentDecoder.angleUnits) == 90)
        #expect(ArgumentDecoder.number("200ms", units: ArgumentDecoder.secondUnits) == 200 * 0.001)
        #expect(ArgumentDecoder.number("200", units: ArgumentDecoder.millisecondUnits) == 200 * 0.001)
        #expect(ArgumentDecoder.number("2s", units: ArgumentDecoder.millisecondUnits) == 2)
        #expect(ArgumentDecoder.number("2sms", units: ArgumentDecoder.millisecondUnits) == nil)
        #expect(ArgumentDecoder.number("px", units: ArgumentDecoder.lengthUnits) == nil)
        #expect(ArgumentDecoder.number("1e308turn", units: ArgumentDecoder.angleUnits) == nil)
        #expect(ArgumentDecoder.number("12\u{301}px", units: ArgumentDecoder.lengthUnits) == nil)
    }

    /// The unit found on Characters and looked up in a dictionary.
    static func referenceNumber(_ text: String, units: [String: Double]) -> Double? {
        var end = text.endIndex
        while end > text.startIndex, let last = text[text.index(before: end)].asciiValue,
            (last >= 0x61 && last <= 0x7A) || last == 0x25
        {
            end = text.index(before: end)
        }
        guard let factor = units[String(text[end...])],
            let value = referenceNumber(String(text[..<end]), allowsSign: true)
        else { return nil }
        let scaled = value * factor
        return scaled.isFinite ? scaled : nil
    }

    @Test("numbers with units: the same as a dictionary lookup of the unit read by Characters")
    func randomUnits() {
        let tables: [(ArgumentDecoder.Units, [String: Double])] = [
            (ArgumentDecoder.lengthUnits, ["": 1, "pt": 1, "px": 1]),
            (ArgumentDecoder.angleUnits, ["": 1, "deg": 1, "rad": 180 / Double.pi, "turn": 360]),
            (ArgumentDecoder.secondUnits, ["": 1, "s": 1, "ms": 0.001]),
            (ArgumentDecoder.millisecondUnits, ["": 0.001, "ms": 0.001, "s": 1]),
        ]
        var generator = Generator(seed: 11)
        let units = ["", "px", "pt", "deg", "rad", "turn", "s", "ms", "%", "PX", "pxx", "turns", "d", "\u{301}px", "é"]
        for _ in 0..<20_000 {
            let text =
                generator.text(from: ["0", "1", "9", ".", "-", "e", "x", "\u{e9}"], upTo: 8)
                + units[generator.below(units.count)]
            for (table, reference) in tables {
                let expected = Self.bits(Self.referenceNumber(text, units: reference))
                #expect(Self.bits(ArgumentDecoder.number(text, units: table)) == expected, "\(text)")
            }
        }
    }

    @Test("hex colours: the same components as the reference for 0…9 digits of either case")
    func hexColours() {
        var generator = Generator(seed: 5)
        var texts = ["#", "#abc", "#ABCD", "#a1b2c3", "#A1B2C3D4", "#abcde", "#ggg", "#\u{301}abc", "#12345678"]
        let alphabet = Array("0123456789abcdefABCDEFg")
        for _ in 0..<20_000 { texts.append("#" + generator.text(from: alphabet, upTo: 9)) }
        let theme = Theme()
        for text in texts {
            #expect(ArgumentDecoder.color(text, theme: theme) == Self.referenceHex(text), "\(text)")
        }
        // Not a literal: a theme colour or nothing.
        #expect(ArgumentDecoder.color("red", theme: theme) == theme.color(named: "red"))
        #expect(ArgumentDecoder.color("red", theme: theme) != nil)
    }

    @Test("colour components: four decimals written from digits as the shortest decimal writes them")
    func colourComponents() {
        for k in 0...10_000 {
            #expect(SwiftLiteral.fourDecimals(Double(k)) == SwiftLiteral.number(Double(k) / 10_000), "\(k)")
        }
        for outside in [-1.0, -0.0, 10_001, 123_456, 1e20] {
            #expect(SwiftLiteral.fourDecimals(outside) == SwiftLiteral.number(outside / 10_000), "\(outside)")
        }
        #expect(SwiftLiteral.fourDecimals(9_330) == "0.933")
        #expect(SwiftLiteral.fourDecimals(7) == "0.0007")
    }
}
