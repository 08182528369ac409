import TWModel

/// The bracket arguments `twhost plugins check` tries on every value and
/// argument form, every utility and every preset: the edges a factory is
/// most likely to mishandle, then a few values drawn from a generator with a
/// fixed seed. The set is bounded (`maximumPerType` arguments of a type,
/// `maximumForParsers` for a parser or utility) and the same on every run
/// and machine, so a crash
/// it finds is reported with the exact class (`fade-[0.5]`) and comes back
/// when the check is run again.
///
/// Every argument is text a class can carry: `ArgumentSweep.className`
/// spells it (a space as `_`, an underscore as `\_`) and the class parser
/// reads it back unchanged. Value forms receive what the host decodes from it
/// (arguments their type rejects are skipped: no class could pass them);
/// argument forms and utilities receive the text itself, through the plugin's
/// own parser, together with the text of every other type.
///
/// ```swift
/// ArgumentSweep.arguments(for: .angle).prefix(4)   // ["0", "1", "-1", "90"]
/// ArgumentSweep.className("label", "a_b c")        // "label-[a\\_b_c]"
/// ```
package enum ArgumentSweep {
    /// The generator's seed: the bytes of "twhost".
    package static let seed: UInt64 = 0x74_77_68_6F_73_74
    /// Generated values per numeric type, after the edges.
    package static let randomCount = 6
    /// The most arguments a value form is tried with.
    package static let maximumPerType = 32
    /// The most arguments a parser or utility is tried with.
    package static let maximumForParsers = 128

    /// The arguments tried for a type, edges first, in a fixed order.
    package static func arguments(for type: ArgumentType) -> [String] {
        switch type {
        case .none: return []
        case .number: return numbers + generated(.number)
        case .points: return points + generated(.points)
        case .angle: return angles + generated(.angle)
        case .seconds: return seconds + generated(.seconds)
        case .bool: return ["true", "false"]
        case .string: return strings
        case .color: return colors + generated(.color)
        case .vector: return vectors + generated(.vector)
        case .animation: return AnimationValue.Curve.allCases.map(\.rawValue)
        case .custom: return textCorpus
        }
    }

    /// What parsers and utilities are tried with: the arguments of their own
    /// type first, then text of every other kind (a parser reads any text a
    /// class carries), without repeats.
    package static func parserArguments(for type: ArgumentType) -> [String] {
        var seen = Set<String>()
        return (arguments(for: type) + textCorpus).filter { seen.insert($0).inserted }
    }

    /// Durations a preset is tried with, in seconds (nil: no duration class).
    package static let presetDurations: [Double?] = [nil, 0, 0.001, 0.25, 1, 60]

    /// The class that passes `argument` to `root`, as a user would write it.
    package static func className(_ root: String, _ argument: String) -> String {
        var out = root + "-["
        for character in argument {
            switch character {
            case " ": out += "_"
            case "_": out += "\\_"
            default: out.append(character)
            }
        }
        return out + "]"
    }

    /// The class that runs a preset for a duration.
    package static func presetClass(_ name: String, seconds: Double?) -> String {
        guard let seconds else { return "animate-\(name)" }
        return "animate-\(name) duration-\(SwiftLiteral.number(seconds * 1000))"
    }

    // Edges: zero, ±1, fractions, large and tiny magnitudes (the largest and
    // smallest finite doubles a class can spell), and each unit.
    static let numbers = [
        "0", "1", "-1", "0.5", "-0.5", "0.42", "0.333333333333", "100", "-100", "1000000", "1e308", "-1e308",
        "0.000001", "1e-308", "5e-324",
    ]
    static let points = [
        "0", "1", "-1", "0.5", "0.42", "8pt", "8px", "-16px", "0.5pt", "1000000", "1e308", "0.000001", "5e-324",
    ]
    static let angles = [
        "0", "1", "-1", "90", "0.42", "-45deg", "180deg", "360deg", "720deg", "-720deg", "1e308deg", "0.000001deg",
        "0rad", "0.5rad", "-1rad", "3.14159265rad", "6.2831853rad", "100rad", "0.25turn", "-0.5turn", "1turn",
    ]
    static let seconds = [
        "0", "1", "0.5", "0.42", "0s", "0.25s", "3600s", "1e308s", "0.000001s", "0ms", "1ms", "200ms", "0.5ms",
        "86400000ms",
    ]
    // Every color form: #rgb, #rgba, #rrggbb, #rrggbbaa (either case), and
    // theme names with and without an opacity.
    static let colors = [
        "#000", "#fff", "#f008", "#000000", "#ffffff", "#FF0000", "#00ff0080", "#00000000", "#FFFFFFFF", "clear",
        "primary", "primary/50", "primary/0", "white/100", "destructive-foreground", "red",
    ]
    static let vectors = ["0,0,0", "0,1,0", "1,1,1", "-1,-1,-1", "0.5,-0.5,0.42", "1e308,-1e308,0", "5e-324,0,1"]
    // Strings with spaces, underscores, brackets, punctuation and UTF-8.
    static let strings = [
        "a", "none", "hello world", "under_score", "a_b c", "[nested]", "a[b]c", "[[deep]]", "[]", "#hash",
        "with:colon",
        "50%", "quote\"d", "back\\slash", "-1", "0", "ünïcødé", "日本語", "emoji 🎉", "\u{200B}zero width",
        String(repeating: "long", count: 256),
    ]
    /// Text of every kind, for parsers and utilities.
    static let textCorpus: [String] = {
        var seen = Set<String>()
        return (strings + numbers + points + angles + seconds + colors + vectors + ["true", "false", "default"])
            .filter { seen.insert($0).inserted }
    }()

    /// The kinds of generated values; each draws its own stream (the raw
    /// value is added to the seed), so adding a kind never changes another's.
    enum Generated: UInt64 { case number = 1, points, angle, seconds, color, vector }

    /// `randomCount` values of a kind from SplitMix64 seeded with `seed` and
    /// the kind, written with at most three decimals.
    static func generated(_ kind: Generated) -> [String] {
        var generator = SplitMix64(seed: seed &+ kind.rawValue)
        func uniform(_ low: Double, _ high: Double) -> Double {
            let unit = Double(generator.next() >> 11) / Double(1 << 53)
            return ((low + unit * (high - low)) * 1000).rounded() / 1000
        }
        func text(_ v: Double) -> String { SwiftLiteral.number(v) }
        return (0..<randomCount).map { _ in
            switch kind {
            case .number: return text(uniform(-1000, 1000))
            case .points: return text(uniform(0, 500)) + "pt"
            case .angle:
                let degrees = generator.next() & 1 == 0
                return degrees ? text(uniform(-720, 720)) + "deg" : text(uniform(-7, 7)) + "rad"
            case .seconds: return text(uniform(0, 10)) + "s"
            case .color:
                let hex = String(generator.next() & 0xFFFF_FFFF, radix: 16)
                return "#" + String(repeating: "0", count: 8 - hex.count) + hex
            case .vector:
                return [uniform(-10, 10), uniform(-10, 10), uniform(-10, 10)].map(text).joined(separator: ",")
            }
        }
    }
}

/// Steele, Lea and Flood's SplitMix64: tiny, fast and the same everywhere.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
