import TWGrammar
import TWModel

/// The built-in utilities: roots, what values they take, and the properties
/// they set. `docs/Classes.md` documents this table; a test resolves every
/// class the document lists.
public enum BuiltinUtilities {
    /// The input of one built-in class.
    struct Input {
        /// `p-4` → "4"; nil for an exact tag or a bracket argument.
        var key: String?
        var argument: BracketArgument?
        var bracketOpacity: Double?
        var negative: Bool
        var theme: Theme
    }

    typealias Handler = @Sendable (Input) -> Result<[StyleAssignment], ArgumentDecoder.Failure>

    /// Exact tags: classes that are only a name.
    package static let exactTags: [String: [StyleAssignment]] = [
        "border": [StyleAssignment(.borderWidth, .points(1))],
        "italic": [StyleAssignment(.italic, .member("true"))],
        "not-italic": [StyleAssignment(.italic, .member("false"))],
        "truncate": [StyleAssignment(.lineLimit, .number(1))],
        // `glass` and `glass-prominent` choose the native button style, and on a view the glass surface.
        "glass": [StyleAssignment(.nativeButtonStyle, .member("glass")), StyleAssignment(.surface, .member("glass"))],
        "glass-prominent": [
            StyleAssignment(.nativeButtonStyle, .member("glassProminent")), StyleAssignment(.surface, .member("glass")),
        ],
        "style-bordered-prominent": [StyleAssignment(.nativeButtonStyle, .member("borderedProminent"))],
        "style-bordered": [StyleAssignment(.nativeButtonStyle, .member("bordered"))],
        "style-borderless": [StyleAssignment(.nativeButtonStyle, .member("borderless"))],
        "style-link": [StyleAssignment(.nativeButtonStyle, .member("link"))],
        "style-plain": [StyleAssignment(.nativeButtonStyle, .member("plain"))],
        // swiftcn's semantic surfaces (`Surface.swift`): the system chooses glass, a material or a solid fill.
        "surface-floating": [StyleAssignment(.surface, .member("floating"))],
        "surface-solid": [StyleAssignment(.surface, .member("solid"))],
        "glass-interactive": [StyleAssignment(.glassInteractive, .member("true"))],
        // swiftcn's `bezel-*` (`TWButtonStyle.swift`): the native style alone, without a recipe's label classes.
        "bezel-prominent": [StyleAssignment(.nativeButtonStyle, .member("borderedProminent"))],
        "bezel-bordered": [StyleAssignment(.nativeButtonStyle, .member("bordered"))],
        "bezel-borderless": [StyleAssignment(.nativeButtonStyle, .member("borderless"))],
        "bezel-link": [StyleAssignment(.nativeButtonStyle, .member("link"))],
        // swiftcn's group marker and shared-element options (`ClassParser.swift`); `group/name` and
        // `shared-[id]` take a name and are read by `ClassExpander`.
        "group": [StyleAssignment(.groupMarker, .member(""))],
        "shared-frame": [StyleAssignment(.sharedProperties, .member("frame"))],
        "shared-position": [StyleAssignment(.sharedProperties, .member("position"))],
        "shared-size": [StyleAssignment(.sharedProperties, .member("size"))],
        "shared-source": [StyleAssignment(.sharedSource, .member("true"))],
        "shared-follower": [StyleAssignment(.sharedSource, .member("false"))],
    ]

    /// Whether a built-in root takes values under this name (`p`, `bg`, `rounded`).
    package static func isRoot(_ name: String) -> Bool { roots[name] != nil }

    /// Roots that take a value: `p-4`, `bg-[#00f]`.
    static let roots: [String: Handler] = {
        var table: [String: Handler] = [:]
        let edges: [String: [StyleProperty]] = [
            "p": [.paddingTop, .paddingLeading, .paddingBottom, .paddingTrailing],
            "px": [.paddingLeading, .paddingTrailing], "py": [.paddingTop, .paddingBottom],
            "pt": [.paddingTop], "pb": [.paddingBottom], "pl": [.paddingLeading], "pr": [.paddingTrailing],
            "ps": [.paddingLeading], "pe": [.paddingTrailing],
        ]
        for (root, properties) in edges {
            table[root] = { input in
                length(input, allowNegative: false).map { v in properties.map { StyleAssignment($0, .points(v)) } }
            }
        }
        let frames: [String: [StyleProperty]] = [
            "w": [.width], "h": [.height], "size": [.width, .height], "min-w": [.minWidth], "max-w": [.maxWidth],
            "min-h": [.minHeight], "max-h": [.maxHeight],
        ]
        for (root, properties) in frames {
            table[root] = { input in
                if input.key == "full" {
                    // `w-full` is a width (Tailwind's `width: 100%`): it competes with `w-12`, later wins,
                    // and combines with `max-w-*`; the emitter draws it as a frame that fills the offer.
                    guard !properties.contains(.minWidth) && !properties.contains(.minHeight) else {
                        return .failure(
                            "a minimum of .infinity is not a valid SwiftUI frame; use \(root == "min-w" ? "w" : "h")-full"
                        )
                    }
                    return .success(properties.map { StyleAssignment($0, .infinity) })
                }
                return length(input, allowNegative: false).map { v in properties.map { StyleAssignment($0, .points(v)) }
                }
            }
        }
        table["bg"] = { input in color(input).map { [StyleAssignment(.background, .color($0))] } }
        table["tint"] = { input in color(input).map { [StyleAssignment(.tint, .color($0))] } }
        // swiftcn's glass tint (`Surface.swift`): the tint of a glass surface's `Glass`, and of a
        // natively styled button.
        table["glass-tint"] = { input in color(input).map { [StyleAssignment(.glassTint, .color($0))] } }
        table["text"] = { input in
            if let key = input.key {
                switch input.theme.fontSizes[key] {
                case .style(let style)?: return .success([StyleAssignment(.fontSize, .member(style))])
                case .points(let size)?: return .success([StyleAssignment(.fontSize, .points(size))])
                case nil: break
                }
                if let alignment = textAlignments[key] {
                    return .success([StyleAssignment(.textAlignment, .member(alignment))])
                }
            }
            if case .typed(let value)? = input.argument {
                switch value {
                case .points(let v), .number(let v):
                    guard v > 0 else { return .failure("a font size must be positive") }
                    return .success([StyleAssignment(.fontSize, .points(v))])
                default: break
                }
            }
            if case .literal(let text)? = input.argument, ArgumentDecoder.color(text, theme: input.theme) == nil,
                let v = ArgumentDecoder.number(text, units: ArgumentDecoder.lengthUnits)
            {
                guard v > 0 else { return .failure("a font size must be positive") }
                return .success([StyleAssignment(.fontSize, .points(v))])
            }
            return color(input).map { [StyleAssignment(.foreground, .color($0))] }
                .mapError { _ in
                    "expected a font size (\(input.theme.fontSizeNames.joined(separator: ", "))), an alignment (left, center, right) or a color"
                }
        }
        table["font"] = { input in
            if let key = input.key {
                if let weight = fontWeights[key] { return .success([StyleAssignment(.fontWeight, .member(weight))]) }
                if let design = fontDesigns[key] { return .success([StyleAssignment(.fontDesign, .member(design))]) }
                return .failure("expected a weight (thin…black) or a design (sans, serif, mono, rounded)")
            }
            guard let v = number(input), let weight = weightForNumber(v) else {
                return .failure("expected a font weight 100…900")
            }
            return .success([StyleAssignment(.fontWeight, .member(weight))])
        }
        table["tracking"] = { input in
            if let key = input.key, let v = trackingSteps[key] {
                return .success([StyleAssignment(.tracking, .points(input.negative ? -v : v))])
            }
            return length(input, allowNegative: true).map {
                [StyleAssignment(.tracking, .points(input.negative ? -$0 : $0))]
            }
        }
        table["leading"] = { input in
            if let key = input.key, let v = leadingSteps[key] {
                return .success([StyleAssignment(.lineSpacing, .points(v))])
            }
            return length(input, allowNegative: false).map { [StyleAssignment(.lineSpacing, .points($0))] }
        }
        table["line-spacing"] = { input in
            length(input, allowNegative: false).map { [StyleAssignment(.lineSpacing, .points($0))] }
        }
        table["offset"] = { input in
            guard case .literal(let text)? = input.argument else {
                return .failure("expected two lengths in points, [x,y]")
            }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2,
                let x = ArgumentDecoder.number(String(parts[0]), units: ArgumentDecoder.lengthUnits),
                let y = ArgumentDecoder.number(String(parts[1]), units: ArgumentDecoder.lengthUnits),
                x.magnitude <= 1e6, y.magnitude <= 1e6
            else { return .failure("expected two lengths in points, [x,y]") }
            return .success([StyleAssignment(.offsetX, .points(x)), StyleAssignment(.offsetY, .points(y))])
        }
        table["line-clamp"] = { input in
            if input.key == "none" { return .success([StyleAssignment(.lineLimit, .none)]) }
            guard let v = number(input), v >= 1, v == v.rounded(), v <= 1000 else {
                return .failure("expected a whole number of lines (1…1000) or none")
            }
            return .success([StyleAssignment(.lineLimit, .number(v))])
        }
        table["border"] = { input in
            if let key = input.key, ["0", "2", "4", "8"].contains(key), let width = DecimalNumber.parse(key) {
                return .success([StyleAssignment(.borderWidth, .points(width))])
            }
            if case .literal(let text)? = input.argument, ArgumentDecoder.color(text, theme: input.theme) == nil,
                let v = ArgumentDecoder.number(text, units: ArgumentDecoder.lengthUnits)
            {
                guard v >= 0 else { return .failure("a border width cannot be negative") }
                return .success([StyleAssignment(.borderWidth, .points(v))])
            }
            if case .typed(.points(let v))? = input.argument {
                return .success([StyleAssignment(.borderWidth, .points(v))])
            }
            return color(input).map { [StyleAssignment(.borderColor, .color($0))] }
                .mapError { _ in "expected a width (0, 2, 4, 8, [n]) or a color" }
        }
        table["rounded"] = { input in
            if let key = input.key {
                guard let v = input.theme.radii[key] else { return .failure("unknown radius '\(key)'") }
                return .success([StyleAssignment(.cornerRadius, .points(v))])
            }
            return length(input, allowNegative: false).map { [StyleAssignment(.cornerRadius, .points($0))] }
        }
        table["shadow"] = { input in
            guard let key = input.key, let token = input.theme.shadows[key] else {
                return .failure(
                    "expected a shadow step (\(input.theme.shadows.keys.filter { $0 != "DEFAULT" }.sorted().joined(separator: ", ")))"
                )
            }
            return .success([StyleAssignment(.shadow, .shadow(token))])
        }
        table["opacity"] = { input in
            if let key = input.key {
                guard let v = DecimalNumber.parse(key), v <= 100, v == v.rounded() else {
                    return .failure("expected a percentage 0…100")
                }
                return .success([StyleAssignment(.opacity, .number(v / 100))])
            }
            guard let v = fraction(input) else { return .failure("expected an opacity 0…1 or 0%…100%") }
            return .success([StyleAssignment(.opacity, .number(v))])
        }
        table["blur"] = { input in
            if let key = input.key {
                guard let v = blurSteps[key] else { return .failure("unknown blur step '\(key)'") }
                return .success([StyleAssignment(.blur, .points(v))])
            }
            return length(input, allowNegative: false).map { [StyleAssignment(.blur, .points($0))] }
        }
        table["rotate"] = { input in
            var degrees: Double?
            if let key = input.key, ["0", "1", "2", "3", "6", "12", "45", "90", "180"].contains(key),
                let v = DecimalNumber.parse(key)
            {
                degrees = v
            } else if case .typed(.angle(let v))? = input.argument {
                degrees = v
            } else if case .typed(.number(let v))? = input.argument {
                degrees = v
            } else if case .literal(let text)? = input.argument {
                degrees = ArgumentDecoder.number(text, units: ArgumentDecoder.angleUnits)
            }
            guard let degrees else { return .failure("expected an angle (3, [12deg], [0.5rad])") }
            return .success([StyleAssignment(.rotation, .number(input.negative ? -degrees : degrees))])
        }
        table["scale"] = { input in
            // A uniform scale sets both axes, so it replaces a two-axis one whole. swiftcn takes
            // factors of 0 or more only (ArgumentUtilities.swift): a negative one, written in the
            // bracket or by a leading `-`, is refused.
            func both(_ x: Double, _ y: Double) -> Result<[StyleAssignment], ArgumentDecoder.Failure> {
                guard x >= 0 && y >= 0 else { return .failure("a scale factor cannot be negative") }
                return .success([StyleAssignment(.scale, .number(x)), StyleAssignment(.scaleY, .number(y))])
            }
            let sign: Double = input.negative ? -1 : 1
            if let key = input.key {
                guard let v = DecimalNumber.parse(key), v <= 1000, v == v.rounded() else {
                    return .failure("expected a percentage such as 95 or 110")
                }
                return both(sign * v / 100, sign * v / 100)
            }
            if case .literal(let text)? = input.argument, text.contains(",") {
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2, let x = ArgumentDecoder.finiteNumber(String(parts[0])),
                    let y = ArgumentDecoder.finiteNumber(String(parts[1]))
                else { return .failure("expected a scale factor, or two: [x,y]") }
                return both(sign * x, sign * y)
            }
            guard let v = number(input) else { return .failure("expected a scale factor, or two: [x,y]") }
            return both(sign * v, sign * v)
        }
        for (root, property) in [("translate-x", StyleProperty.offsetX), ("translate-y", .offsetY)] {
            table[root] = { input in
                length(input, allowNegative: true).map { v in
                    [StyleAssignment(property, .points(input.negative ? -v : v))]
                }
            }
        }
        table["control"] = { input in
            guard let key = input.key, let size = controlSizes[key] else {
                return .failure("expected a control size (mini, small, regular, large, extra-large; sm, md, lg, xl)")
            }
            return .success([StyleAssignment(.controlSize, .member(size))])
        }
        table["animate"] = { input in
            if case .typed(let value)? = input.argument {
                switch value {
                case .animation(let a): return .success([StyleAssignment(.animation, .animation(.native(a)))])
                case .animationFactory(let name):
                    guard AnimationValue.Curve(rawValue: name) != nil else {
                        return .failure("unknown animation factory '\(name)'")
                    }
                    return .success([StyleAssignment(.animation, .animation(.factory(name)))])
                default: return .failure("expected an animation, got \(value.type.rawValue)")
                }
            }
            if input.key == "none" { return .success([StyleAssignment(.animation, .animation(.none))]) }
            let name = input.key ?? { if case .literal(let t)? = input.argument { return t } else { return "" } }()
            guard let curve = curveNames[name] else {
                return .failure("unknown animation preset '\(name)'")
            }
            return .success([StyleAssignment(.animation, .animation(.curve(curve)))])
        }
        for (root, property) in [("duration", StyleProperty.duration), ("delay", .delay)] {
            table[root] = { input in
                // Bare numbers are milliseconds; brackets may give a unit.
                var seconds: Double?
                if let key = input.key, let ms = DecimalNumber.parse(key) {
                    seconds = ms / 1000
                } else if case .literal(let text)? = input.argument {
                    seconds = ArgumentDecoder.number(text, units: ArgumentDecoder.millisecondUnits)
                } else if case .typed(.seconds(let s))? = input.argument {
                    seconds = s
                } else if case .typed(.number(let ms))? = input.argument {
                    seconds = ms / 1000
                }
                guard let seconds, seconds >= 0, seconds <= 3600 else {
                    return .failure("expected milliseconds (200), or [220ms] / [0.2s]")
                }
                return .success([StyleAssignment(property, .seconds(seconds))])
            }
        }
        return table
    }()

    /// Roots that accept a leading `-`.
    static let negatable: Set<String> = ["rotate", "translate-x", "translate-y", "tracking", "scale"]

    /// Every built-in root and tag, for "did you mean" and prefix lookup.
    public static var allNames: [String] { (Array(roots.keys) + Array(exactTags.keys)).sorted() }

    static let textAlignments = [
        "left": "leading", "start": "leading", "center": "center", "right": "trailing", "end": "trailing",
    ]
    /// Tailwind's weight names, and swiftcn's `font-regular` (ClassParser.swift) beside `font-normal`.
    static let fontWeights = [
        "thin": "ultraLight", "extralight": "thin", "light": "light", "normal": "regular", "regular": "regular",
        "medium": "medium",
        "semibold": "semibold", "bold": "bold", "extrabold": "heavy", "black": "black",
    ]
    static let fontDesigns = ["sans": "default", "serif": "serif", "mono": "monospaced", "rounded": "rounded"]
    static let trackingSteps = [
        "tighter": -0.8, "tight": -0.4, "normal": 0.0, "wide": 0.4, "wider": 0.8, "widest": 1.6,
    ]
    static let leadingSteps = ["none": 0.0, "tight": 2.0, "snug": 3.0, "normal": 4.0, "relaxed": 6.0, "loose": 8.0]
    static let blurSteps = [
        "none": 0.0, "xs": 4, "sm": 8, "DEFAULT": 8, "md": 12, "lg": 16, "xl": 24, "2xl": 40, "3xl": 64,
    ]
    static let controlSizes = [
        "mini": "mini", "small": "small", "regular": "regular", "large": "large", "extra-large": "extraLarge",
        // swiftcn's short spellings.
        "sm": "small", "md": "regular", "lg": "large", "xl": "extraLarge",
    ]

    /// Bracket type hints (`w-[length:12]`, `text-[color:primary]`), as swiftcn
    /// reads them: the roots each hint applies to.
    static let hintRoots: [String: Set<String>] = {
        let lengths: Set<String> = [
            "p", "px", "py", "pt", "pb", "pl", "pr", "ps", "pe", "w", "h", "size", "min-w", "max-w", "min-h", "max-h",
            "rounded", "border", "text", "line-spacing", "leading", "blur", "tracking",
        ]
        return ["length": lengths, "size": lengths, "color": ["text", "bg", "border", "tint", "glass-tint"]]
    }()
    package static let curveNames: [String: AnimationValue.Curve] = [
        "default": .default, "linear": .linear, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut,
        "spring": .spring, "smooth": .smooth, "snappy": .snappy, "bouncy": .bouncy,
    ]

    /// A curve's class spelling (`ease-in` for `.easeIn`): the name `animate-*` is written with.
    static func presetName(_ curve: AnimationValue.Curve) -> String { presetNames[curve] ?? curve.rawValue }
    private static let presetNames: [AnimationValue.Curve: String] = {
        var names: [AnimationValue.Curve: String] = [:]
        for (name, curve) in curveNames { names[curve] = name }
        return names
    }()

    static func weightForNumber(_ v: Double) -> String? {
        let table: [Double: String] = [
            100: "ultraLight", 200: "thin", 300: "light", 400: "regular", 500: "medium", 600: "semibold", 700: "bold",
            800: "heavy", 900: "black",
        ]
        return table[v]
    }

    /// A length: a spacing step (`4` → 16 pt), `px`, or a bracket of points.
    static func length(_ input: Input, allowNegative: Bool) -> Result<Double, ArgumentDecoder.Failure> {
        if let key = input.key {
            guard let v = input.theme.spacing(key) else {
                return .failure("'\(key)' is not a spacing step (0, 0.5, 1, 2, … or px)")
            }
            return .success(v)
        }
        var value: Double?
        switch input.argument {
        case .typed(.points(let v))?, .typed(.number(let v))?: value = v
        case .literal(let text)?: value = ArgumentDecoder.number(text, units: ArgumentDecoder.lengthUnits)
        default: value = nil
        }
        guard let value else { return .failure("expected a length in points ([12], [12px])") }
        guard value.magnitude <= 1e6 else { return .failure("\(value) is out of range (at most 1000000 points)") }
        if value < 0 && !allowNegative { return .failure("a length here cannot be negative") }
        return .success(value)
    }

    static func number(_ input: Input) -> Double? {
        switch input.argument {
        case .typed(.number(let v))?: return v
        case .literal(let text)?: return ArgumentDecoder.finiteNumber(text)
        default: return input.key.flatMap { DecimalNumber.parse($0) }
        }
    }

    static func fraction(_ input: Input) -> Double? {
        switch input.argument {
        case .typed(.number(let v))? where v >= 0 && v <= 1: return v
        case .literal(let text)?:
            if text.hasSuffix("%"), let p = DecimalNumber.parse(text.dropLast()), p <= 100 {
                return p / 100
            }
            if let v = ArgumentDecoder.finiteNumber(text), v >= 0, v <= 1 { return v }
            return nil
        default: return nil
        }
    }

    static func color(_ input: Input) -> Result<ColorValue, ArgumentDecoder.Failure> {
        var color: ColorValue?
        switch input.argument {
        case .typed(.color(let c))?: color = c
        case .literal(let text)?: color = ArgumentDecoder.color(text, theme: input.theme)
        case .typed?: color = nil
        case nil: color = input.key.flatMap { input.theme.color(named: $0) }
        }
        guard var color else { return .failure("expected a color (a theme color, [#rrggbb])") }
        if let opacity = input.bracketOpacity { color = color.withOpacity(opacity) }
        return .success(color)
    }
}
