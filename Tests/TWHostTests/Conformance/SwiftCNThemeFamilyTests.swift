import Testing

@testable import TWHost

/// swiftcn's default theme scales and the utility families issue 25 lists,
/// pinned against swiftcn's own tests and sources (each test names the swiftcn
/// file and test it follows).
@Suite("swiftcn parity: theme scales and families")
struct SwiftCNThemeFamilyTests {
    // swiftcn Tests/SwiftCNTests/ClassTests.swift, stringsComposeByPropertyAndWhitespace:
    // whitespace of any kind separates classes; later classes win per property;
    // `rounded-md` is 8 and `text-sm` is the theme's `.sm` font, `.subheadline`.
    @Test("strings compose by property and whitespace")
    func composeByProperty() {
        let surface = Engine.resolve(" p-4\npx-6\tpt-1 rounded-lg rounded-md text-sm font-bold ")
        #expect(surface.diagnostics.isEmpty)
        #expect(
            surface.style == [
                ".font(.subheadline)", ".fontWeight(.bold)",
                ".padding(.init(top: 4, leading: 24, bottom: 16, trailing: 24))", ".clipShape(.rect(cornerRadius: 8))",
            ])
    }

    // swiftcn Tests/SwiftCNTests/ClassTests.swift, dimensionsUseTheCurrentSpacingScale.
    @Test("dimensions use the theme's spacing unit")
    func spacingUnit() {
        var rules = Rules()
        rules.theme.spacingUnit = 5
        let style = Engine.resolve("w-12 h-10 min-h-8 px-2.5", rules: rules).style
        #expect(style == [".padding(.horizontal, 12.5)", ".frame(width: 60, height: 50)", ".frame(minHeight: 40)"])
    }

    // swiftcn Tests/SwiftCNTests/ClassTests.swift, borderColorAndWidthComposeIndependently.
    @Test("border color and width compose independently")
    func borderComposes() {
        let a = Engine.resolve("border-2 border-primary").style
        #expect(a == [".overlay { Rectangle().strokeBorder(Color(red: 0.09, green: 0.09, blue: 0.09), lineWidth: 2) }"])
        #expect(Engine.resolve("border-primary border-2").style == a)
        #expect(Engine.resolve("border border-0").style == [])
    }

    // swiftcn Tests/SwiftCNTests/ClassTests.swift, globalRulesAcceptStringLiteralsAndTypedComposition:
    // `rounded-full` is the 10 000 pt radius, a capsule.
    @Test("rounded-full is a capsule that shapes the background without clipping content")
    func roundedFull() {
        #expect(
            Engine.resolve("bg-accent rounded-full").style == [
                ".background(Color(red: 0.935, green: 0.935, blue: 0.947), in: .capsule)"
            ])
        #expect(!Engine.resolve("bg-accent rounded-full").style.contains(".clipShape(.capsule)"))
        #expect(Engine.resolve("rounded-lg").style == [".clipShape(.rect(cornerRadius: 12))"])
    }

    // swiftcn Tests/SwiftCNTests/ClassTests.swift, unknownClassesAndVariantsFailValidation.
    @Test(
        "malformed values and unknown variants fail",
        arguments: [
            "px-nope", "opacity-101", "p--2", "text-typo", "p-NaN", "w-infinity", "p-2..0", "dark:bg-primary",
        ])
    func invalid(_ classes: String) {
        let surface = Engine.resolve(TWClasses(classes))
        #expect(!surface.decorated)
        #expect(!surface.diagnostics.isEmpty)
    }

    // swiftcn Tests/SwiftCNTests/ClassTests.swift, nestedVariantsRequireAllConditions.
    @Test("nested variants require every condition")
    func nestedVariants() {
        let classes: TWClasses = "disabled:hover:opacity-10 disabled:opacity-30 hover:opacity-60"
        #expect(Engine.resolve(classes, state: [.disabled]).style == [".opacity(0.3)"])
        #expect(Engine.resolve(classes, state: [.disabled, .hover]).style == [".opacity(0.1)"])
    }

    // swiftcn Sources/SwiftCN/Theme.swift (defaultTypography): text sizes are Dynamic Type styles.
    @Test(
        "text sizes are Dynamic Type styles",
        arguments: [
            ("text-xs", ".caption"), ("text-sm", ".subheadline"), ("text-base", ".body"), ("text-lg", ".title3"),
            ("text-xl", ".title2"), ("text-2xl", ".title"), ("text-3xl", ".largeTitle"),
        ])
    func textStyles(_ row: (String, String)) {
        #expect(Engine.resolve(TWClasses(row.0)).style == [".font(\(row.1))"])
    }

    // swiftcn Sources/SwiftCN/Theme.swift (defaultShadows): shadow-lg is radius 16, y 6, black at 0.16.
    @Test("shadow steps are swiftcn's")
    func shadows() {
        #expect(
            Engine.resolve("shadow-lg").style == [".shadow(color: Color.black.opacity(0.16), radius: 16, x: 0, y: 6)"])
        #expect(
            Engine.resolve("shadow-md").style == [".shadow(color: Color.black.opacity(0.12), radius: 8, x: 0, y: 3)"])
        #expect(Engine.resolve("shadow").style == [".shadow(color: Color.black.opacity(0.08), radius: 3, x: 0, y: 1)"])
    }

    // swiftcn Sources/SwiftCN/ArgumentUtilities.swift: line-spacing, offset and two-axis scale.
    @Test("line-spacing, offset and two-axis scale")
    func families() {
        #expect(Engine.resolve("line-spacing-[6]").style == [".lineSpacing(6)"])
        #expect(Engine.resolve("offset-[12,-4]").style == [".offset(x: 12, y: -4)"])
        #expect(Engine.resolve("scale-[1.5,0.5]").style == [".scaleEffect(x: 1.5, y: 0.5)"])
        #expect(Engine.resolve("scale-[1.5,0.5] scale-95").style == [".scaleEffect(0.95)"])
        #expect(Engine.resolve("offset-[12]").codes == ["invalid-argument"])
    }

    // swiftcn Sources/SwiftCN/ArgumentUtilities.swift: bracket type hints.
    @Test("bracket type hints choose the value's kind")
    func hints() {
        #expect(Engine.resolve("w-[length:12]").style == [".frame(width: 12)"])
        #expect(Engine.resolve("w-[size:12]").style == [".frame(width: 12)"])
        #expect(Engine.resolve("text-[length:12]").style == [".font(.system(size: 12))"])
        #expect(Engine.resolve("border-[color:primary]").diagnostics.isEmpty)
        #expect(Engine.resolve("bg-[length:12]").codes == ["invalid-argument"])
        #expect(Engine.resolve("text-[color:12]").codes == ["invalid-argument"])
        #expect(Engine.resolve("opacity-[length:0.5]").codes == ["invalid-argument"])
    }

    // swiftcn Sources/SwiftCN/Animation.swift (TWResolvedMotion): a preset lasts 0.3 s by default,
    // and a transaction that disables animations is left alone, animate-none included.
    @Test("animation defaults")
    func animationDefaults() {
        #expect(Engine.resolve("animate-spring").animation?.modifier == ".spring(duration: 0.3)")
        #expect(Engine.resolve("animate-spring duration-250").animation?.modifier == ".spring(duration: 0.25)")
        let disabled = RenderEnvironment(animationsDisabled: true)
        let none = Engine.resolve("animate-none", environment: disabled).animation
        #expect(none?.modifier == nil)
        #expect(none?.note == "disabled: the transaction disables animations, so the caller's transaction is kept")
    }

    // Issue 25: swiftcn's control-size spellings.
    @Test("control-sm and control-xl")
    func controlSizes() {
        #expect(Engine.resolve("control-sm").style == [".controlSize(.small)"])
        #expect(Engine.resolve("control-xl").style == [".controlSize(.extraLarge)"])
    }
}
