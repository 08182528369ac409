import Testing

@testable import TWHost

/// swiftcn's theme tokens and recipe catalogue, pinned against swiftcn's own
/// tests and sources (each test names the swiftcn file and test it follows).
@Suite("swiftcn parity: tokens and recipes")
struct SwiftCNTokenRecipeTests {
    static let grey009 = "Color(red: 0.09, green: 0.09, blue: 0.09)"

    // swiftcn Tests/SwiftCNTests/ClassTests.swift, customColorTokensWorkInStrings:
    // a custom adaptive token from TWTheme(colors:) works in class strings, next to
    // the kebab alias `text-primary-foreground`, and resolves for the scheme.
    @Test("a custom adaptive token resolves to its value for the color scheme")
    func customAdaptiveToken() {
        var rules = Rules()
        rules.theme.colors["brand"] = Theme.standard.colors["purple"]
        rules.theme.darkColors["brand"] = Theme.standard.colors["orange"]
        let light = Engine.resolve("bg-brand text-primary-foreground", rules: rules)
        #expect(light.diagnostics.isEmpty)
        #expect(light.style == [".foregroundStyle(Color(red: 1, green: 1, blue: 1))", ".background(Color.purple)"])
        var environment = RenderEnvironment()
        environment.colorScheme = .dark
        let dark = Engine.resolve("bg-brand text-primary-foreground", rules: rules, environment: environment)
        #expect(dark.style == [".foregroundStyle(\(Self.grey009))", ".background(Color.orange)"])
    }

    // swiftcn Sources/SwiftCN/Tokens.swift (TWColor) and ClassParser.swift (aliases):
    // camelCase tokens and their kebab aliases name the same token.
    @Test(
        "camelCase tokens and kebab aliases name the same token",
        arguments: [
            ("text-mutedForeground", "text-muted-foreground"), ("bg-onPrimary", "bg-primary-foreground"),
            ("text-onAccent", "text-accent-foreground"), ("bg-onDestructive", "bg-destructive-foreground"),
            ("bg-surface", "bg-card"), ("text-foreground", "text-card-foreground"),
        ])
    func aliases(_ pair: (String, String)) {
        let token = Engine.resolve(TWClasses(pair.0))
        let alias = Engine.resolve(TWClasses(pair.1))
        #expect(token.diagnostics.isEmpty && alias.diagnostics.isEmpty)
        #expect(token.style == alias.style)
        #expect(token.style.count == 1)
    }

    // swiftcn Sources/SwiftCN/Theme.swift (TWTheme.defaultColors): light and dark values.
    @Test("default tokens have swiftcn's light and dark values")
    func defaultValues() {
        var dark = RenderEnvironment()
        dark.colorScheme = .dark
        let cases: [(String, String, String)] = [
            ("bg-background", "Color(red: 0.98, green: 0.98, blue: 0.98)", "Color(red: 0.06, green: 0.06, blue: 0.06)"),
            ("bg-destructive", "Color(red: 0.78, green: 0.12, blue: 0.15)", "Color(red: 1, green: 0.42, blue: 0.44)"),
            ("bg-accent", "Color(red: 0.935, green: 0.935, blue: 0.947)", "Color(red: 0.17, green: 0.17, blue: 0.17)"),
        ]
        for (classes, light, darkValue) in cases {
            #expect(Engine.resolve(TWClasses(classes)).style == [".background(\(light))"])
            #expect(Engine.resolve(TWClasses(classes), environment: dark).style == [".background(\(darkValue))"])
        }
    }

    // swiftcn Sources/SwiftCN/ClassParser.swift: a color the theme does not hold is no class.
    @Test("a token the theme does not hold is invalid-argument")
    func unknownToken() {
        let surface = Engine.resolve("bg-brand")
        #expect(!surface.decorated)
        #expect(surface.codes == ["invalid-argument"])
    }

    // swiftcn Sources/SwiftCN/Recipes.swift (defaultClasses): every recipe resolves
    // with no finding on a general view, and the component recipes real code uses.
    // The motion recipes need the utilities their components install
    // (SwiftCNSurfaceMotionTests resolves them there).
    @Test(
        "every built-in recipe resolves",
        arguments: BuiltinRecipes.definitions.keys.filter { BuiltinRecipes.scopedUtility[$0] == nil }.sorted())
    func recipeResolves(_ name: String) {
        let kind: SurfaceSource.Kind = name.hasPrefix("button-") && name != "button-group" ? .button : .view
        let surface = Engine.resolve(
            TWClasses(name), kind, environment: RenderEnvironment(platform: .macos, osVersion: 26))
        #expect(surface.decorated, "\(surface.diagnostics)")
        #expect(!surface.codes.contains("unknown-class"))
    }

    // swiftcn Sources/SwiftCN/Recipes.swift: `input` on iOS has a 44 pt minimum height, 36 pt elsewhere.
    @Test("input's minimum height follows the platform")
    func inputHeight() {
        #expect(Engine.resolve("input").style.contains(".frame(minHeight: 44)"))
        #expect(
            Engine.resolve("input", environment: RenderEnvironment(platform: .macos)).style.contains(
                ".frame(minHeight: 36)"))
    }

    // swiftcn Tests/SwiftCNTests/StyleResolverTests.swift, localValuesOverrideNamedRecipes:
    // `card p-8 rounded-[20]` keeps the card's border and takes the local padding and radius.
    @Test("local classes override a recipe's properties")
    func localOverRecipe() {
        let style = Engine.resolve("card p-8 rounded-[20]").style
        #expect(style.contains(".padding(32)"))
        #expect(style.contains(".clipShape(.rect(cornerRadius: 20))"))
        #expect(style.contains { $0.hasPrefix(".overlay { RoundedRectangle(cornerRadius: 20).strokeBorder(") })
    }

    // swiftcn Sources/SwiftCN/Theme.swift (TWAdaptiveColor.resolve): the scheme chosen on the
    // command line or in a scene's environment picks each token's value.
    @Test("--color-scheme and a scene's colorScheme choose the token values")
    func colorSchemeThroughTheBinary() throws {
        let light = try twhost(["explain", "text-onPrimary"])
        #expect(light.status == 0)
        #expect(light.stdout.contains("  .foregroundStyle(Color(red: 1, green: 1, blue: 1))"))
        let dark = try twhost(["explain", "--color-scheme", "dark", "text-onPrimary"])
        #expect(dark.status == 0)
        #expect(dark.stdout.contains("  .foregroundStyle(\(Self.grey009))"))
        let bad = try twhost(["explain", "--color-scheme", "dim", "text-onPrimary"])
        #expect(bad.status == 64)
        let scene = """
            {"scene": 1, "environment": {"colorScheme": "dark"},
             "rules": {"theme": {"colors": {"brand": {"light": "#ffffff", "dark": "#000000"}}}},
             "root": {"type": "Text", "tw": "bg-brand text-onPrimary"}}
            """
        let resolved = try twhost(["resolve", "-"], input: scene)
        #expect(resolved.status == 0)
        #expect(resolved.stdout.contains(".background(Color(red: 0, green: 0, blue: 0))"))
        #expect(resolved.stdout.contains(".foregroundStyle(\(Self.grey009))"))
        let overridden = try twhost(["resolve", "--color-scheme", "light", "-"], input: scene)
        #expect(overridden.stdout.contains(".background(Color(red: 1, green: 1, blue: 1))"))
        let invalid = try twhost(
            ["resolve", "-"], input: #"{"scene": 1, "environment": {"colorScheme": "dim"}, "root": {"type": "Text"}}"#)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("unknown color scheme 'dim'; expected light or dark"))
    }
}
