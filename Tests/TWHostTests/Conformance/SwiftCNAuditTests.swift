import Foundation
import Testing

/// Disagreements an audit of swiftcn's own unit tests found (issue 25), each
/// pinned against the real `twhost` binary: exact chains, findings and exit
/// statuses. Every test names the swiftcn test file and test it follows.
@Suite("swiftcn parity: the audit's findings, through the binary", .removesTemporaryDirectories)
struct SwiftCNAuditTests {
    /// Writes `contents` to a fresh folder as `name` and runs `twhost ARGS… name` there.
    static func run(_ arguments: [String], _ name: String, _ contents: String) throws -> ProcessResult {
        let dir = TestPaths.temporaryDirectory("swiftcn-audit")
        try contents.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        return try twhost(arguments + [name], directory: dir)
    }

    /// The lines under the surface whose header names `path` (`body/0`, `/1`), up to the blank line.
    static func block(_ output: String, _ path: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(where: { $0.contains(" \(path)  ") }) else { return [] }
        return Array(lines[(header + 1)...].prefix { !$0.isEmpty })
    }

    static func explain(_ arguments: [String]) throws -> (status: Int32, chain: [String], diagnostics: [String]) {
        let result = try twhost(["explain"] + arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func section(_ title: String) -> [String] {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(title) }) else { return [] }
            return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
        }
        return (result.status, section("chain ("), section("diagnostics:"))
    }

    // swiftcn Tests/SwiftCNTests/ArgumentTests.swift, invalidArgumentsFailWithoutCallingNativePreconditions
    // (`scale-[-1]` throws): swiftcn's scale takes factors of 0 or more (ArgumentUtilities.swift).
    @Test("a negative scale factor is refused, however it is written")
    func negativeScale() throws {
        for classes in ["scale-[-1]", "scale-[1,-1]", "-scale-50", "-scale-[2]"] {
            let result = try Self.explain(["--", classes])
            #expect(result.status == 1, "\(classes)")
            #expect(result.chain == ["  (no modifiers)"], "\(classes)")
            #expect(
                result.diagnostics == [
                    "  error[invalid-argument] (value): '\(classes)': a scale factor cannot be negative"
                ])
        }
        let zero = try Self.explain(["scale-[0]"])
        #expect(zero.status == 0)
        #expect(zero.chain == ["  .scaleEffect(0)  // style · built-in scale ← scale-[0]"])
    }

    static let typedSource = """
        import SwiftCN
        import SwiftUI

        struct Typed: View {
            var body: some View {
                let width: CGFloat = 123.5
                VStack {
                    Color.clear.tw("w-[\\(width)] text-[color:\\(Color.red)]")
                    Color.clear.tw("offset-[\\(12),\\(-4)] scale-[\\(CGSize(width: 1.1, height: 0.9))]")
                    Color.clear.tw("tilt-[\\(Double.nan)]").twRules(TWGlobalRules(modifiers: ["tilt": .value(default: 0.0) { view, degrees in view.rotationEffect(.degrees(degrees)) }]))
                    Color.clear.tw("w-[\\(Double.infinity)]")
                    Color.clear.tw("bg-[length:\\(Color.red)]")
                    Color.clear.tw("text-[hue:\\(Color.red)]")
                }
            }
        }
        """

    // swiftcn Tests/SwiftCNTests/InterpolationTests.swift, nativeBuiltInsUseValuesAndUnitsWithoutAStringRoundTrip
    // (`text-[color:\(Color.red)]` is a red foreground; `scale-[\(CGSize(width: 1.1, height: 0.9))]` is the
    // scale (1.1, 0.9)) and runtimeStringAndStrictTypedValidationBothWork (`tilt-[\(Double.nan)]` and
    // `w-[\(Double.infinity)]` throw).
    @Test("typed values after a hint and as a size resolve; non-finite typed numbers are refused")
    func typedValues() throws {
        let result = try Self.run(["resolve"], "Typed.swift", Self.typedSource)
        #expect(result.status == 1)
        #expect(
            Self.block(result.stdout, "Typed.body/0") == [
                "  .foregroundStyle(Color.red)  // style · built-in foreground ← text-[color:\\(Color.red)]",
                "  .frame(width: 123.5)         // style · built-in frame ← w-[\\(123.5)]",
            ])
        #expect(
            Self.block(result.stdout, "Typed.body/1") == [
                "  .scaleEffect(x: 1.1, y: 0.9)  // style · built-in scale ← scale-[1.1,0.9]",
                "  .offset(x: 12, y: -4)         // style · built-in offset ← offset-[12,-4]",
            ])
        #expect(
            Self.block(result.stdout, "Typed.body/2") == [
                "  .rotationEffect(.degrees(0))  // effects · tilt (inline, Typed.swift:10:94) · inactive",
                "  Typed.swift:10:13: error[invalid-argument] (value): 'tilt-[\\(.nan)]': nan is not a finite number",
            ])
        #expect(
            Self.block(result.stdout, "Typed.body/3") == [
                "  (no modifiers)",
                "  Typed.swift:11:13: error[invalid-argument] (value): 'w-[\\(.infinity)]': inf is not a finite number",
            ])
        #expect(
            Self.block(result.stdout, "Typed.body/4") == [
                "  (no modifiers)",
                "  Typed.swift:12:13: error[invalid-argument] (value): 'bg-[length:\\(Color.red)]': the length hint does not apply to bg-[…]",
            ])
        #expect(
            Self.block(result.stdout, "Typed.body/5") == [
                "  (no modifiers)",
                "  Typed.swift:13:13: error[invalid-argument] (value): 'text-[hue:\\(Color.red)]': unknown type hint 'hue' (color, length, size)",
            ])
        #expect(result.stdout.hasSuffix("6 surface(s): 2 decorated, 4 undecorated; 4 error(s), 0 warning(s)\n"))
    }

    // swiftcn Tests/SwiftCNTests/AnimationTests.swift, explicitNoneReduceMotionAndDisabledTransactionsRespectNativeSemantics
    // (last assertion: under a transaction that disables animations the caller's explicit animation is kept,
    // `animate-none` included — `TWResolvedMotion.update` returns before setting one).
    @Test("under a transaction that disables animations every preset keeps the caller's transaction")
    func disabledTransaction() throws {
        let scene = """
            {"scene":1,"environment":{"animationsDisabled":true},"root":{"type":"VStack","children":[
            {"type":"Color","tw":"animate-none"},{"type":"Color","tw":"animate-spring"}]}}
            """
        let result = try Self.run(["resolve"], "motion.json", scene)
        #expect(result.status == 0)
        let kept = "disabled: the transaction disables animations, so the caller's transaction is kept"
        #expect(
            Self.block(result.stdout, "/0") == ["  (no modifiers)", "  animation: none  // animate-none — \(kept)"])
        #expect(
            Self.block(result.stdout, "/1") == ["  (no modifiers)", "  animation: none  // animate-spring — \(kept)"])
        let json = try Self.run(["resolve", "--format", "json"], "motion.json", scene)
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""animation": {"modifier": null, "source": "animate-none", "note": "\#(kept)"}"#))
    }

    // swiftcn Tests/SwiftCNTests/AdaptiveSurfacePolicyTests.swift, glassVariantsResolveIndependently
    // (`glass-prominent glass-interactive glass-tint-destructive`: tint destructive; `glass
    // glass-tint-[\(Color.red)]`: tint red); swiftcn's glass is `Glass.regular.tint(_:).interactive(_:)`
    // (Surface.swift), and a natively styled button takes the glass tint as its `.tint`.
    @Test("glass-tint tints the glass, and a native button")
    func glassTint() throws {
        let token = try Self.explain(["--os-version", "26", "glass-prominent glass-interactive glass-tint-destructive"])
        #expect(token.status == 0)
        #expect(
            token.chain == [
                "  .glassEffect(.regular.tint(Color(red: 0.78, green: 0.12, blue: 0.15)).interactive(), in: Capsule(style: .continuous))  // style · built-in surface ← glass-prominent glass-interactive glass-tint-destructive"
            ])
        let source = """
            import SwiftCN
            import SwiftUI

            struct Tinted: View {
                var body: some View {
                    Color.clear.tw("glass glass-tint-[\\(Color.red)]")
                }
            }
            """
        let typed = try Self.run(["resolve", "--os-version", "26"], "Tinted.swift", source)
        #expect(typed.status == 0)
        #expect(
            Self.block(typed.stdout, "Tinted.body") == [
                "  .glassEffect(.regular.tint(Color.red), in: Capsule(style: .continuous))  // style · built-in surface ← glass glass-tint-[\\(Color.red)]"
            ])
        let button = try Self.explain(["--os-version", "26", "--target", "button", "glass glass-tint-destructive"])
        #expect(button.status == 0)
        #expect(
            button.chain == [
                "  .tint(Color(red: 0.78, green: 0.12, blue: 0.15))  // style · built-in surface ← glass-tint-destructive",
                "  buttonStyle: .glass",
            ])
        // Before Liquid Glass the material fallback has no glass to tint.
        let older = try Self.explain(["--os-version", "18", "glass glass-tint-destructive"])
        #expect(
            older.chain.first?.hasPrefix("  .background(.regularMaterial, in: Capsule(style: .continuous))") == true)
        #expect(!older.chain.joined().contains("tint"))
    }

    // swiftcn Tests/SwiftCNTests/StyleResolverTests.swift, tintAndControlSizeClassesResolve (`tint-destructive`
    // sets the resolved style's glass tint, the value `glass-tint-*` sets too) and Surface.swift (the glass is
    // `Glass.regular.tint(glassTint)`): on a glass surface a `tint-*` class tints the glass.
    @Test("tint-* tints a glass surface's glass when no glass-tint-* is given; its .tint stays beside it")
    func tintOnGlass() throws {
        let destructive = "Color(red: 0.78, green: 0.12, blue: 0.15)"
        let glass = try Self.explain(["--os-version", "26", "glass tint-destructive"])
        #expect(glass.status == 0)
        #expect(
            glass.chain == [
                "  .glassEffect(.regular.tint(\(destructive)), in: Capsule(style: .continuous))  // style · built-in surface,tint ← glass tint-destructive",
                "  .tint(\(destructive))                          // style · built-in tint ← tint-destructive",
            ])
        // The same on a scene's interned path (a plain class string).
        let scene = try Self.run(
            ["resolve"], "tint.json",
            #"{"scene": 1, "environment": {"osVersion": 26}, "root": {"type": "Text", "tw": "surface-floating tint-[#ff0000]"}}"#
        )
        #expect(
            scene.stdout.contains(
                "  .glassEffect(.regular.tint(Color(red: 1, green: 0, blue: 0)), in: Capsule(style: .continuous))"))
        // A glass-tint-* class is the glass's tint; tint-* is then only the .tint.
        let both = try Self.explain(["--os-version", "26", "surface-floating glass-tint-primary tint-destructive"])
        #expect(
            both.chain == [
                "  .glassEffect(.regular.tint(Color(red: 0.09, green: 0.09, blue: 0.09)), in: Capsule(style: .continuous))  // style · built-in surface ← surface-floating glass-tint-primary",
                "  .tint(\(destructive))                          // style · built-in tint ← tint-destructive",
            ])
        // A solid surface and the material before Liquid Glass have no glass to tint.
        let older = try Self.explain(["--os-version", "18", "glass tint-destructive"])
        #expect(
            older.chain.first?.hasPrefix("  .background(.regularMaterial, in: Capsule(style: .continuous))") == true)
        #expect(older.chain.filter { $0.contains(".tint(") }.count == 1)
        let solid = try Self.explain(["--os-version", "26", "surface-solid tint-destructive"])
        #expect(solid.chain.first?.hasPrefix("  .background(Color(red: 1, green: 1, blue: 1), in: Capsule") == true)
        #expect(solid.chain.filter { $0.contains(".tint(") }.count == 1)
    }

    // swiftcn Tests/SwiftCNTests/AdaptiveSurfaceTests.swift, policySelectsOneFillForEachRole (the automatic
    // policy with glass support: a floating surface is glass unless the app requires the compatibility design,
    // then a material; a glass surface is glass either way; a solid one solid) and Surface.swift
    // (`systemRequiresCompatibility`, Info.plist's UIDesignRequiresCompatibility).
    @Test("a scene's designRequiresCompatibility: floating surfaces take the material, glass keeps the glass")
    func compatibilityDesign() throws {
        func scene(_ compatibility: Bool) -> String {
            """
            {"scene": 1, "environment": {"osVersion": 26, "designRequiresCompatibility": \(compatibility)},
             "root": {"type": "VStack", "children": [
               {"type": "Text", "tw": "surface-floating rounded-lg"},
               {"type": "Text", "tw": "glass"},
               {"type": "Text", "tw": "surface-solid"}]}}
            """
        }
        let kept = try Self.run(["resolve"], "compat.json", scene(true))
        #expect(kept.status == 0)
        #expect(
            Self.block(kept.stdout, "/0") == [
                "  .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))  // style · built-in surface ← surface-floating",
                "  .overlay { RoundedRectangle(cornerRadius: 12, style: .continuous).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88, opacity: 0.7), lineWidth: 1) }  // style · built-in surface ← surface-floating",
                "  .clipShape(.rect(cornerRadius: 12))                                       // style · built-in cornerRadius ← rounded-lg",
            ])
        #expect(
            Self.block(kept.stdout, "/1") == [
                "  .glassEffect(.regular, in: Capsule(style: .continuous))  // style · built-in surface ← glass"
            ])
        #expect(
            Self.block(kept.stdout, "/2").first?.hasPrefix(
                "  .background(Color(red: 1, green: 1, blue: 1), in: Capsule") == true)
        let glass = try Self.run(["resolve"], "glass.json", scene(false))
        #expect(
            Self.block(glass.stdout, "/0") == [
                "  .glassEffect(.regular, in: RoundedRectangle(cornerRadius: 12, style: .continuous))  // style · built-in surface ← surface-floating",
                "  .clipShape(.rect(cornerRadius: 12))                                       // style · built-in cornerRadius ← rounded-lg",
            ])
        let invalid = try Self.run(
            ["resolve"], "bad.json", scene(true).replacingOccurrences(of: ": true}", with: ": 1}"))
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("/environment/designRequiresCompatibility"))
    }

    // swiftcn Tests/SwiftCNTests/ThemeContrastTests.swift, textRemainsReadableOnDefaultSurfaces(light):
    // muted text is at least 4.5 : 1 on `muted` and on `accent` (swiftcn's newest Theme.swift values).
    @Test("the default light muted colours are swiftcn's")
    func mutedColours() throws {
        let result = try Self.explain(["text-mutedForeground bg-muted"])
        #expect(result.status == 0)
        #expect(
            result.chain == [
                "  .foregroundStyle(Color(red: 0.42, green: 0.42, blue: 0.432))  // style · built-in foreground ← text-mutedForeground",
                "  .background(Color(red: 0.96, green: 0.96, blue: 0.972))       // style · built-in background ← bg-muted",
            ])
        let accent = try Self.explain(["bg-accent"])
        #expect(
            accent.chain == [
                "  .background(Color(red: 0.935, green: 0.935, blue: 0.947))  // style · built-in background ← bg-accent"
            ])
        func luminance(_ c: [Double]) -> Double {
            let l = c.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
        }
        let text = luminance([0.42, 0.42, 0.432])
        for surface in [[0.96, 0.96, 0.972], [0.935, 0.935, 0.947]] {
            #expect((luminance(surface) + 0.05) / (text + 0.05) >= 4.5)
        }
        // Dark values are unchanged.
        let dark = try Self.explain(["--color-scheme", "dark", "bg-muted"])
        #expect(
            dark.chain == [
                "  .background(Color(red: 0.17, green: 0.17, blue: 0.17))  // style · built-in background ← bg-muted"
            ])
    }

    // Issue 25 ("noticed"): an animation's comment names the class as written; `text-typo` lists the
    // theme's own sizes; swiftcn Tests/SwiftCNTests/CompositionRenderingTests.swift's
    // `.tw(…, value:, animationScope: .layout)` is named in a note, never dropped silently.
    @Test("small messages: preset spelling, the theme's text sizes, animationScope")
    func messages() throws {
        let ease = try twhost(["explain", "animate-ease-in-out duration-200"])
        #expect(ease.status == 0)
        #expect(ease.stdout.contains("\n  animation: .easeInOut(duration: 0.2)  // animate-ease-in-out\n"))
        let typo = try Self.explain(["text-typo"])
        #expect(typo.status == 1)
        #expect(
            typo.diagnostics == [
                "  error[invalid-argument] (value): 'text-typo': expected a font size (xs, sm, base, lg, xl, 2xl, 3xl), an alignment (left, center, right) or a color"
            ])
        let source = """
            import SwiftCN
            import SwiftUI

            struct Scoped: View {
                @State private var open = false
                var body: some View {
                    Color.clear.tw("animate-smooth", value: open, animationScope: .layout)
                }
            }
            """
        let result = try Self.run(["check"], "Scoped.swift", source)
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "Scoped.swift:7:71: note[dynamic-classes] `animationScope: .layout` (what a change of `value:` animates) is not read statically; what it adds is not checked"
            ))
    }
}
