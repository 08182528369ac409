import TWSupport

/// Decodes a literal bracket argument (already unescaped: `_` is a space) as
/// one of the ABI's argument types, the way `.value(default:)` reads
/// `tilt-[8]` or `tilt-[3deg]`.
///
/// Units: points accept a bare number, `pt` or `px` (1 px = 1 pt); angles a
/// bare number of degrees, `deg`, `rad` or `turn`; seconds a bare number of
/// seconds, `s` or `ms`; colors `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a
/// theme color name (with `/N` opacity); vectors three numbers separated by
/// commas; animations a curve name (`default`, `spring`, `easeInOut` …).
public enum ArgumentDecoder {
    /// Why a literal did not decode.
    public struct Failure: Error, Equatable, Sendable, ExpressibleByStringInterpolation {
        public var message: String
        /// The theme entry the text names and the theme lacks (`colors.brand`),
        /// when that is why it did not decode: the text may be valid in
        /// another theme.
        public var missingThemeEntry: String?
        public init(message: String, missingThemeEntry: String? = nil) {
            self.message = message
            self.missingThemeEntry = missingThemeEntry
        }
        public init(stringLiteral value: String) { message = value }
        public init(stringInterpolation: DefaultStringInterpolation) {
            message = String(stringInterpolation: stringInterpolation)
        }
    }

    public static func decode(_ text: String, as type: ArgumentType, theme: Theme) -> Result<TypedValue, Failure> {
        let trimmed = text.trimmingASCIIWhitespace()
        switch type {
        case .none: return .failure(Failure(message: "this registration takes no argument"))
        case .number:
            guard let v = finiteNumber(trimmed) else { return .failure(expected("a number", trimmed)) }
            return .success(.number(v))
        case .points:
            guard let v = number(trimmed, units: lengthUnits) else {
                return .failure(expected("a length in points (8, 8pt, 8px)", trimmed))
            }
            return .success(.points(v))
        case .angle:
            guard let v = number(trimmed, units: angleUnits) else {
                return .failure(expected("an angle (8, 8deg, 0.5rad, 0.25turn)", trimmed))
            }
            return .success(.angle(v))
        case .seconds:
            guard let v = number(trimmed, units: secondUnits), v >= 0 else {
                return .failure(expected("a non-negative duration (0.2, 0.2s, 200ms)", trimmed))
            }
            return .success(.seconds(v))
        case .bool:
            switch trimmed {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(expected("true or false", trimmed))
            }
        case .string:
            return .success(.string(text))
        case .color:
            guard let c = color(trimmed, theme: theme) else {
                if let name = themeColorName(trimmed) {
                    return .failure(
                        Failure(
                            message:
                                "no theme color '\(name)' (and '\(trimmed)' is not a #rgb, #rgba, #rrggbb or #rrggbbaa literal)",
                            missingThemeEntry: "colors.\(name)"))
                }
                return .failure(expected("a color (#rrggbb or a theme color)", trimmed))
            }
            return .success(.color(c))
        case .vector:
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
            let values = parts.compactMap { finiteNumber(String($0).trimmingASCIIWhitespace()) }
            guard parts.count == 3, values.count == 3 else {
                return .failure(expected("three numbers separated by commas", trimmed))
            }
            return .success(.vector(values[0], values[1], values[2]))
        case .animation:
            guard let curve = AnimationValue.Curve(rawValue: trimmed) else {
                let names = AnimationValue.Curve.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(Failure(message: "unknown animation '\(trimmed)'; expected one of \(names)"))
            }
            return .success(.animation(AnimationValue(curve: curve)))
        case .custom:
            return .failure(Failure(message: "custom payloads are read by the plugin's parser"))
        }
    }

    private static func expected(_ what: String, _ text: String) -> Failure {
        Failure(message: "expected \(what), got '\(text)'")
    }

    /// A finite decimal number with an optional `-`: `DecimalNumber`'s
    /// grammar, the one every number in a class is read with (SPEC §9).
    public static func finiteNumber(_ text: String) -> Double? {
        DecimalNumber.parse(text, allowsSign: true)
    }

    /// A few units and their factors. A unit is at most four ASCII bytes, so
    /// each is kept as one number (its bytes and length): looking one up is
    /// comparing integers, with nothing to hash or allocate.
    package struct Units: Sendable {
        let codes: [UInt64]
        let factors: [Double]
        init(_ table: KeyValuePairs<String, Double>) {
            codes = table.map { Units.code(of: Array($0.key.utf8)[...]) ?? 0 }
            factors = table.map(\.value)
        }
        /// The bytes of a unit of at most four bytes, and its length.
        static func code(of unit: some Collection<UInt8>) -> UInt64? {
            guard unit.count <= 4 else { return nil }
            var code = UInt64(unit.count) << 32
            for (i, b) in unit.enumerated() { code |= UInt64(b) << (8 * i) }
            return code
        }
        /// The factor of a unit (`""` for a bare number).
        func factor(of unit: some Collection<UInt8>) -> Double? {
            guard let code = Units.code(of: unit) else { return nil }
            for (i, known) in codes.enumerated() where known == code { return factors[i] }
            return nil
        }
    }

    /// Units of a length (points), an angle (degrees) and a duration
    /// written in seconds or, bare, in milliseconds.
    package static let lengthUnits = Units(["": 1, "pt": 1, "px": 1])
    package static let angleUnits = Units(["": 1, "deg": 1, "rad": 180 / Double.pi, "turn": 360])
    package static let secondUnits = Units(["": 1, "s": 1, "ms": 0.001])
    package static let millisecondUnits = Units(["": 0.001, "ms": 0.001, "s": 1])

    /// A number with a unit: the trailing lowercase ASCII letters and `%`.
    package static func number(_ text: String, units: Units) -> Double? {
        // On the bytes, when the unit follows an ASCII byte (the usual case).
        if let reading = text.utf8.withContiguousStorageIfAvailable({ number(bytes: $0, units: units) }),
            let result = reading
        {
            return result
        }
        // When a non-ASCII byte comes before the unit, it is found by
        // Characters (a prepended mark could make the letter part of a
        // wider Character).
        var end = text.endIndex
        while end > text.startIndex, let last = text[text.index(before: end)].asciiValue,
            (last >= 0x61 && last <= 0x7A) || last == 0x25
        {
            end = text.index(before: end)
        }
        // The unit is ASCII either way, so comparing its bytes is comparing the strings.
        guard let factor = units.factor(of: text[end...].utf8),
            let value = DecimalNumber.parse(text[..<end], allowsSign: true)
        else { return nil }
        let scaled = value * factor
        return scaled.isFinite ? scaled : nil
    }

    /// `number` on bytes: the value (or nil), or nil itself when a non-ASCII
    /// byte comes before the unit and Characters must find it.
    private static func number(bytes: UnsafeBufferPointer<UInt8>, units: Units) -> Double?? {
        var cut = bytes.count
        while cut > 0, (bytes[cut - 1] >= 0x61 && bytes[cut - 1] <= 0x7A) || bytes[cut - 1] == 0x25 { cut -= 1 }
        if cut > 0 && bytes[cut - 1] >= 0x80 { return .none }
        guard let factor = units.factor(of: bytes[cut...]),
            let value = DecimalNumber.parse(bytes: UnsafeBufferPointer(rebasing: bytes[..<cut]), allowsSign: true)
        else { return .some(nil) }
        let scaled = value * factor
        return .some(scaled.isFinite ? scaled : nil)
    }

    /// The theme color `text` refers to (`brand` for `brand` and `brand/50`),
    /// when it is written as a reference to one: a letter, then letters,
    /// digits and `-`, and an optional `/N` opacity of at most 100.
    package static func themeColorName(_ text: String) -> String? {
        var name = Substring(text)
        if let slash = text.lastIndex(of: "/") {
            guard let percent = DecimalNumber.parse(text[text.index(after: slash)...]), percent <= 100 else {
                return nil
            }
            name = text[..<slash]
        }
        guard let first = name.utf8.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A,
            name.utf8.allSatisfy({ b in
                ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-")
            })
        else { return nil }
        return String(name)
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, or a theme color (`primary/50`).
    public static func color(_ text: String, theme: Theme) -> ColorValue? {
        let utf8 = text.utf8
        guard utf8.first == UInt8(ascii: "#") else { return theme.color(named: text) }
        // A mark after '#' joins it in one Character: then it is no hex literal
        // (`hasPrefix` reads Characters), and a theme name if anything.
        if utf8.count > 1, utf8[utf8.index(after: utf8.startIndex)] >= 0x80, !text.hasPrefix("#") {
            return theme.color(named: text)
        }
        // Up to eight hex digits, read into one integer as they come.
        var digits: UInt32 = 0
        var count = 0
        for d in utf8.dropFirst() {
            guard count < 8, let nibble = ASCII.hexValue(d) else { return nil }
            digits = digits << 4 | UInt32(nibble)
            count += 1
        }
        func channel(_ index: Int, of width: Int) -> Double {
            let shift = UInt32((count / width - 1 - index) * width * 4)
            let raw = Int((digits >> shift) & (width == 1 ? 0xF : 0xFF))
            return width == 1 ? Double(raw * 17) / 255 : Double(raw) / 255
        }
        switch count {
        case 3, 4, 6, 8:
            let width = count <= 4 ? 1 : 2
            let alpha = count == 4 || count == 8 ? channel(3, of: width) : 1
            return ColorValue(
                red: channel(0, of: width), green: channel(1, of: width), blue: channel(2, of: width), alpha: alpha)
        default: return nil
        }
    }
}
