import TWPluginAPI

/// A bracket argument as a parser or utility sees it (`_` already turned into
/// spaces), with the seeds' helpers for the usual grammars. Each helper reads
/// exactly what the host reads for the same type, so `tilt-[8deg]` means the
/// same to a `.value` registration and to a parser.
///
/// ```swift
/// "tilt": .argument(default: "0", conflictKey: "orientation", parse: { argument, _ in argument.degrees }) {
///     view, degrees in view.rotation3DEffect(.degrees(degrees), axis: (x: 0, y: 1, z: 0))
/// }
/// ```
public struct TWArgument: Sendable, Hashable {
    /// The argument text, `_` already turned into spaces: use it for your own grammars.
    ///
    /// ```swift
    /// TWArgument(rawValue: "thin").rawValue == "thin"  // true
    /// ```
    public let rawValue: String

    /// An argument with the given text.
    ///
    /// ```swift
    /// let argument = TWArgument(rawValue: "8px")
    /// ```
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A plain finite decimal number: digits, an optional fraction and
    /// exponent, an optional leading `-` (`8`, `-0.5`, `.5`, `1e3`). The
    /// host reads numbers in classes with the same grammar, so `+4`, `0x4`,
    /// `inf` or `4.` are rejected here as they are there.
    ///
    /// ```swift
    /// TWArgument(rawValue: "-0.5").number  // -0.5
    /// ```
    public var number: Double? { Self.decimal(rawValue) }

    /// Points: a number, `Npt` or `Npx` (1 px is 1 pt).
    ///
    /// ```swift
    /// TWArgument(rawValue: "12px").points  // 12
    /// ```
    public var points: Double? { scaled(["": 1, "pt": 1, "px": 1]) }

    /// Degrees: a number of degrees, `Ndeg`, `Nrad` or `Nturn`.
    ///
    /// ```swift
    /// TWArgument(rawValue: "0.25turn").degrees  // 90
    /// ```
    public var degrees: Double? { scaled(["": 1, "deg": 1, "rad": 180 / Double.pi, "turn": 360]) }

    /// Seconds: a number of seconds, `Ns` or `Nms`.
    ///
    /// ```swift
    /// TWArgument(rawValue: "200ms").seconds  // 0.2
    /// ```
    public var seconds: Double? { scaled(["": 1, "s": 1, "ms": 0.001]) }

    /// Numbers separated by commas; whitespace around each is ignored.
    ///
    /// ```swift
    /// TWArgument(rawValue: "0, 1, 0").components  // [0, 1, 0]
    /// ```
    public var components: [Double]? {
        // Trimmed like the host trims vector components: ASCII whitespace at either end only.
        let whitespace: Set<Character> = [" ", "\t", "\n", "\r"]
        let parts = rawValue.split(separator: ",", omittingEmptySubsequences: false).map { part in
            TWArgument(
                rawValue: String(
                    part.drop(while: whitespace.contains).reversed().drop(while: whitespace.contains).reversed())
            ).number
        }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// A hex color: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. Theme color
    /// names need the theme: ``TWThemeReader/color(_:)``.
    ///
    /// ```swift
    /// TWArgument(rawValue: "#ff8000").hexColor  // Color(red: 1, green: 0.5, blue: 0)
    /// ```
    public var hexColor: Color? {
        let bytes = Array(rawValue.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        var nibbles: [Int] = []
        for byte in bytes.dropFirst() {
            switch byte {
            case 0x30...0x39: nibbles.append(Int(byte) - 0x30)
            case 0x61...0x66: nibbles.append(Int(byte) - 0x61 + 10)
            case 0x41...0x46: nibbles.append(Int(byte) - 0x41 + 10)
            default: return nil
            }
        }
        var components: [Double]
        switch nibbles.count {
        case 3, 4: components = nibbles.map { Double($0 * 17) / 255 }
        case 6, 8:
            components = stride(from: 0, to: nibbles.count, by: 2).map {
                Double(nibbles[$0] * 16 + nibbles[$0 + 1]) / 255
            }
        default: return nil
        }
        if components.count == 3 { components.append(1) }
        return Color(red: components[0], green: components[1], blue: components[2], opacity: components[3])
    }

    /// The argument read as a type: the kit's argument types read the host's
    /// literal grammar for their type (`Angle` reads `8deg`, `Seconds` reads
    /// `200ms`), and your own types read it with their ``TWArgumentDecodable``
    /// initialiser.
    ///
    /// ```swift
    /// "spin": .argument(default: "0", parse: { argument, _ in argument.value(as: Angle.self) }) { view, angle in
    ///     view.rotationEffect(angle)
    /// }
    /// ```
    public func value<T: TWArgumentDecodable>(as type: T.Type) -> T? { T(argument: self) }

    /// The host's `DecimalNumber` grammar; this module cannot import the
    /// host, and a test checks both read the same corpus the same way.
    static func decimal(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - start
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
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

    /// A number followed by a unit of lowercase letters, read as the host
    /// reads `[12px]`: the unit is the trailing run of letters.
    private func scaled(_ units: [String: Double]) -> Double? {
        var unitStart = rawValue.endIndex
        while unitStart > rawValue.startIndex,
            let byte = rawValue[rawValue.index(before: unitStart)].asciiValue, byte >= 0x61, byte <= 0x7A
        {
            unitStart = rawValue.index(before: unitStart)
        }
        guard let factor = units[String(rawValue[unitStart...])],
            let v = Self.decimal(String(rawValue[..<unitStart]))
        else { return nil }
        let scaled = v * factor
        return scaled.isFinite ? scaled : nil
    }
}
