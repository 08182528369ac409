import Testing

@testable import TWHost
@testable import TWResolution

@Suite("Resolution rules", .removesTemporaryDirectories)
struct ResolutionRuleTests {
    @Test("R-THEME-1: swiftcn's default theme, overridable")
    func theme() {
        #expect(Engine.resolve("p-4").style == [".padding(16)"])
        #expect(Engine.resolve("w-12").style == [".frame(width: 48)"])
        #expect(Engine.resolve("opacity-50").style == [".opacity(0.5)"])
        #expect(Engine.resolve("rounded-lg").style == [".clipShape(.rect(cornerRadius: 12))"])
        #expect(Engine.resolve("text-xl font-semibold").style == [".font(.title2)", ".fontWeight(.semibold)"])
        #expect(
            Engine.resolve("shadow-md").style == [".shadow(color: Color.black.opacity(0.12), radius: 8, x: 0, y: 3)"])
        #expect(Engine.resolve("animate-smooth duration-200").animation?.modifier == ".smooth(duration: 0.2)")
        var theme = Theme()
        theme.colors["primary"] = ColorValue(red: 0.31, green: 0.27, blue: 0.9)
        theme.spacingUnit = 8
        let custom = Engine.resolve("p-2 bg-primary", rules: Rules(theme: theme))
        #expect(custom.style == [".padding(16)", ".background(Color(red: 0.31, green: 0.27, blue: 0.9))"])
        for color in [
            "primary", "primary-foreground", "secondary", "accent", "muted", "muted-foreground", "border", "surface",
            "card", "destructive",
        ] {
            #expect(Theme().color(named: color) != nil, "\(color)")
        }
    }

    @Test("R-PREC-1: exact named recipes win over registrations and built-ins")
    func recipesWin() {
        let rules = Rules(named: [
            "frosted": RecipeDefinition(classes: "bg-muted"), "border": RecipeDefinition(classes: "p-1"),
        ])
        let surface = Engine.resolve("frosted border", rules: rules)
        #expect(surface.slot("frosted")?.active == false)
        #expect(surface.style == [".padding(4)", ".background(Color(red: 0.96, green: 0.96, blue: 0.972))"])
    }

    @Test("R-PREC-2: registered exact tags win over built-in tags")
    func registeredTagsWin() throws {
        let dir = TestPaths.temporaryDirectory("prec2")
        try FixtureCompiler.build(name: "shadowing", defines: ["FIRST_NAME_VALUE=\"border\""], in: dir)
        let plugin = try PluginLoader.load(path: dir + "/libshadowing.so", expectedName: "shadowing").get()
        let surface = Engine.resolve("border", registry: PluginRegistry(plugins: [plugin]))
        #expect(surface.slot("border")?.active == true)
        #expect(surface.style.isEmpty)
    }

    @Test("R-PREC-3: registered bracket prefixes, then utilities, then built-ins")
    func bracketPrecedence() throws {
        let dir = TestPaths.temporaryDirectory("prec3")
        try FixtureCompiler.build(
            name: "utility-rounded", defines: ["NO_MODIFIERS", "UTILITY_PREFIX=\"rounded\""], in: dir)
        try FixtureCompiler.build(
            name: "utility-number", defines: ["NO_MODIFIERS", "UTILITY_PREFIX=\"probe-number\""], in: dir)
        let load = PluginSet.load(
            ["utility-rounded", "utility-number"], searchPath: PluginSearchPath(directories: [dir]))
        #expect(load.errors.isEmpty)
        // A utility beats the built-in bracket utility of the same prefix.
        let utilities = PluginRegistry(plugins: load.plugins)
        #expect(
            Engine.resolve("rounded-[4]", registry: utilities).style == [
                ".padding(16)", ".clipShape(.rect(cornerRadius: 12))",
            ])
        // The root-value form is still the built-in one.
        #expect(Engine.resolve("rounded-4", registry: utilities).codes == ["invalid-argument"])
        // A registered bracket prefix beats a utility.
        let both = PluginRegistry(plugins: load.plugins + [try FixturePlugins.echo()])
        let surface = Engine.resolve("probe-number-[3]", registry: both)
        #expect(surface.slot("probe-number")?.active == true)
        #expect(surface.style.isEmpty)
    }

    @Test("R-FORM: view, value, argument and target forms")
    func forms() {
        let surface = Engine.resolve("frosted elevation-[6] material-[thick]")
        // frosted and material share the conflict key: the later class wins the slot value.
        #expect(surface.slot("frosted")?.active == false)
        #expect(
            surface.slot("material")?.modifier.swiftCode
                == ".background { RoundedRectangle(cornerRadius: 20).fill(.thickMaterial).opacity(1) }")
        #expect(
            surface.slot("elevation")?.modifier.swiftCode
                == ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.2), radius: 6, x: 0, y: 3)")
        // The default applies when the tag is absent.
        let absent = Engine.resolve("p-4")
        #expect(absent.slot("tilt")?.modifier.swiftCode == ".rotation3DEffect(.degrees(0), axis: (x: 0, y: 1, z: 0))")
        #expect(
            absent.slot("material")?.modifier.swiftCode
                == ".background { RoundedRectangle(cornerRadius: 20).fill(.regularMaterial).opacity(0) }")
        #expect(Engine.resolve("material-[glassy]").codes == ["invalid-argument"])
        let text = Engine.resolve("kern-[1.5]", .text)
        #expect(text.chain.first?.phase == .source)
        #expect(text.chain.first?.modifier.swiftCode == ".kerning(1.5)")
        #expect(Engine.resolve("trim-[0.7]", .shape).chain.first?.modifier.swiftCode == ".trim(from: 0, to: 0.7)")
        #expect(Engine.resolve("resize", .image).chain.first?.modifier.swiftCode == ".resizable()")
    }

    @Test("R-CONFLICT-1: shared conflict keys compete; custom keys are separate from built-ins")
    func conflictKeys() {
        let surface = Engine.resolve("tilt-[8] spin-[45]")
        #expect(surface.slot("tilt")?.active == false)
        #expect(surface.slot("spin")?.modifier.swiftCode == ".rotationEffect(.degrees(45))")
        let reversed = Engine.resolve("spin-[45] tilt-[8]")
        #expect(reversed.slot("tilt")?.active == true)
        #expect(reversed.slot("spin")?.active == false)
        let mixed = Engine.resolve("rotate-45 tilt-[8]")
        #expect(mixed.style == [".rotationEffect(.degrees(45))"])
        #expect(mixed.slot("tilt")?.active == true)
        #expect(Engine.resolve("tilt-[8] tilt-[3]").slot("tilt")?.modifier.swiftCode.contains("degrees(3)") == true)
    }

    @Test("R-CONFLICT-2: built-ins conflict per property with coverage; later wins")
    func propertyCoverage() {
        #expect(Engine.resolve("p-4 px-2").style == [".padding(.init(top: 16, leading: 8, bottom: 16, trailing: 8))"])
        #expect(Engine.resolve("px-2 p-4").style == [".padding(16)"])
        #expect(Engine.resolve("p-4 pt-1").style == [".padding(.init(top: 4, leading: 16, bottom: 16, trailing: 16))"])
        #expect(Engine.resolve("py-2").style == [".padding(.vertical, 8)"])
        #expect(Engine.resolve("size-10 w-4").style == [".frame(width: 16, height: 40)"])
    }

    @Test("R-STATE-1: states beat base; hover < focus < pressed < disabled; specificity; order")
    func statePrecedence() {
        #expect(
            Engine.resolve("tilt-[8] hover:tilt-[3deg]").slot("tilt")?.modifier.swiftCode.contains("degrees(8)") == true
        )
        #expect(
            Engine.resolve("tilt-[8] hover:tilt-[3deg]", state: [.hover]).slot("tilt")?.modifier.swiftCode.contains(
                "degrees(3)") == true)
        #expect(
            Engine.resolve("hover:tilt-[3deg] tilt-[8]", state: [.hover]).slot("tilt")?.modifier.swiftCode.contains(
                "degrees(3)") == true)
        #expect(
            Engine.resolve("focus:bg-red hover:bg-blue", state: [.hover, .focus]).style == [".background(Color.red)"])
        #expect(
            Engine.resolve("disabled:opacity-40 focus:opacity-80", state: [.focus, .disabled]).style == [
                ".opacity(0.4)"
            ])
        #expect(
            Engine.resolve("hover:focus:bg-red focus:bg-blue", state: [.hover, .focus]).style == [
                ".background(Color.red)"
            ])
        #expect(Engine.resolve("hover:bg-red hover:bg-blue", state: [.hover]).style == [".background(Color.blue)"])
    }

    @Test("R-STATE-2: pressed on plain buttons and explicit state; variant-no-effect elsewhere")
    func pressed() {
        let plain = Engine.resolve("opacity-100 pressed:opacity-80", .button, state: [.pressed])
        #expect(plain.style == [".opacity(0.8)"])
        #expect(plain.diagnostics.isEmpty)
        let view = Engine.resolve("opacity-100 pressed:opacity-80")
        #expect(view.style == [".opacity(1)"])
        #expect(view.codes == ["variant-no-effect"])
        #expect(view.decorated)
        let native = Engine.resolve("button-primary active:opacity-80", .button, state: [.pressed])
        #expect(native.codes == ["variant-no-effect"])
        #expect(!native.style.contains(".opacity(0.8)"))
        // Hover on a native style changes only the label.
        let hover = Engine.resolve("button-primary hover:text-accent", .button, state: [.hover])
        #expect(hover.nativeButtonStyle == "borderedProminent")
        #expect(hover.style.contains(".foregroundStyle(Color(red: 0.935, green: 0.935, blue: 0.947))"))
    }

    @Test("R-RULES-1: view and button defaults; local classes override by property")
    func ruleDefaults() {
        let rules = Rules(view: "p-4 bg-muted animate-smooth duration-200", button: "animate-spring duration-150")
        let view = Engine.resolve("p-2", rules: rules)
        #expect(view.style == [".padding(8)", ".background(Color(red: 0.96, green: 0.96, blue: 0.972))"])
        #expect(view.animation?.modifier == ".smooth(duration: 0.2)")
        // A native style without a recipe's own motion takes the button default.
        let button = Engine.resolve("style-bordered font-medium", .button, rules: rules)
        #expect(button.animation?.modifier == ".spring(duration: 0.15)")
        // A recipe's `control-motion` is a local class: it overrides the default.
        #expect(
            Engine.resolve("button-outline", .button, rules: rules).animation?.modifier == ".smooth(duration: 0.15)")
        #expect(!button.style.contains(".padding(16)"))
    }

    @Test("R-RULES-3: recipes hold registrations, variants and recipes; cycles are named")
    func recipes() {
        let rules = Rules(named: [
            "project-card": RecipeDefinition(classes: "card p-6 rounded-xl frosted hover:tilt-[4]"),
            "a": RecipeDefinition(classes: "p-1 b"), "b": RecipeDefinition(classes: "c"),
            "c": RecipeDefinition(classes: "a"),
        ])
        let card = Engine.resolve("project-card", state: [.hover], rules: rules)
        #expect(card.decorated)
        #expect(card.slot("frosted")?.active == true)
        #expect(card.slot("tilt")?.active == true)
        #expect(card.style.contains(".padding(24)"))
        let cycle = Engine.resolve("a", rules: rules)
        #expect(!cycle.decorated)
        #expect(cycle.codes == ["recipe-cycle"])
        #expect(cycle.diagnostics[0].message == "recipe cycle: a → b → c → a")
        // Replacing a built-in with a reference to itself is a cycle ...
        let selfReference = Rules(named: ["button-primary": RecipeDefinition(classes: "button-primary rounded-full")])
        #expect(
            Engine.resolve("button-primary", .button, rules: selfReference).diagnostics.first?.message
                == "recipe cycle: button-primary → button-primary")
        // ... while extending the built-in definition is not (seed 002).
        let extended = Rules(named: [
            "button-primary": RecipeDefinition(classes: "rounded-full min-h-[48]", extends: "button-primary")
        ])
        let button = Engine.resolve("button-primary", .button, rules: extended)
        #expect(button.decorated)
        #expect(button.nativeButtonStyle == "borderedProminent")
        #expect(
            button.style == [
                ".font(.subheadline)", ".fontWeight(.semibold)", ".foregroundStyle(Color(red: 1, green: 1, blue: 1))",
                ".padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))", ".frame(minHeight: 48)",
                ".buttonBorderShape(.capsule)", ".tint(Color(red: 0.09, green: 0.09, blue: 0.09))",
            ])
        // Variants on a recipe apply to each of its classes; while inactive only the card's text
        // color keeps its modifier, with the parent's color (swiftcn's `TWForegroundModifier`).
        #expect(Engine.resolve("hover:card").style == [".foregroundStyle(.primary)"])
        #expect(Engine.resolve("hover:card", state: [.hover]).style.contains(".padding(24)"))
    }

    @Test("R-UTIL-1: utilities expand to classes with variants; recursion is an error")
    func utilities() throws {
        #expect(
            Engine.resolve("surface-[4]").style == [
                ".padding(16)", ".background(Color(red: 1, green: 1, blue: 1), in: .rect(cornerRadius: 16))",
                ".clipShape(.rect(cornerRadius: 16))",
            ])
        #expect(Engine.resolve("hover:surface-[2]").style.isEmpty)
        #expect(Engine.resolve("hover:surface-[2]", state: [.hover]).style.first == ".padding(8)")
        #expect(Engine.resolve("surface-[huge]").codes == ["invalid-argument"])
        let dir = TestPaths.temporaryDirectory("recursive")
        try FixtureCompiler.build(
            name: "loop", defines: ["NO_MODIFIERS", "UTILITY_OUTPUT=\"p-4 probe-space-[2]\""], in: dir)
        let plugin = try PluginLoader.load(path: dir + "/libloop.so", expectedName: "loop").get()
        let surface = Engine.resolve("probe-space-[4]", registry: PluginRegistry(plugins: [plugin]))
        #expect(surface.codes == ["recursive-utility"])
        #expect(!surface.decorated)
    }

    @Test("R-ANIM-1: presets, durations, delays, native animations and Reduce Motion")
    func animations() {
        #expect(Engine.resolve("animate-spring duration-250").animation?.modifier == ".spring(duration: 0.25)")
        #expect(
            Engine.resolve("animate-spring duration-[0.2s] delay-[50ms]").animation?.modifier
                == ".spring(duration: 0.2).delay(0.05)")
        let native: TypedValue = .animation(AnimationValue(curve: .spring, response: 0.4, dampingFraction: 0.8))
        let kept = Engine.resolve("animate-[\(native)] duration-250 delay-100")
        #expect(kept.animation?.modifier == ".spring(response: 0.4, dampingFraction: 0.8).delay(0.1)")
        let factory = Engine.resolve("animate-[\(TypedValue.animationFactory("smooth"))] duration-250")
        #expect(factory.animation?.modifier == ".smooth(duration: 0.25)")
        #expect(
            Engine.resolve("animate-settle duration-250").animation?.modifier == ".spring(duration: 0.25, bounce: 0.15)"
        )
        #expect(Engine.resolve("animate-settle").animation?.modifier == ".spring(duration: 0.5, bounce: 0.15)")
        let reduced = Engine.resolve("animate-settle", environment: RenderEnvironment(reduceMotion: true))
        #expect(reduced.animation?.modifier == nil)
        #expect(reduced.animation?.note == "disabled: Reduce Motion is on")
        let nativeReduced = Engine.resolve("animate-[\(native)]", environment: RenderEnvironment(reduceMotion: true))
        #expect(nativeReduced.animation?.modifier == ".spring(response: 0.4, dampingFraction: 0.8)")
        #expect(Engine.resolve("p-4").animation == nil)
        #expect(Engine.resolve("duration-200").animation?.note == "no preset: the caller's transaction is kept")
        #expect(Engine.resolve("animate-wobble").codes == ["invalid-argument"])
    }

    @Test("R-STRICT-1: one invalid class leaves the surface undecorated, slots inactive; --lenient skips")
    func strictness() {
        let strict = Engine.resolve("p-4 frosted tilt-[8] frostd tilt-[abc]")
        #expect(!strict.decorated)
        #expect(strict.codes == ["unknown-class", "invalid-argument"])
        #expect(strict.style.isEmpty)
        #expect(strict.chain.allSatisfy { $0.active != true })
        #expect(strict.slot("tilt")?.modifier.swiftCode.contains("degrees(0)") == true)
        let lenient = Engine.resolve("p-4 frosted tilt-[8] frostd tilt-[abc]", lenient: true)
        #expect(lenient.decorated)
        #expect(lenient.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(lenient.style == [".padding(16)"])
        #expect(lenient.slot("tilt")?.modifier.swiftCode.contains("degrees(8)") == true)
        // Same structure either way: identity does not depend on validity.
        #expect(strict.identity == lenient.identity)
        #expect(Engine.resolve("w-[-4]").codes == ["invalid-argument"])
        #expect(Engine.resolve("opacity-150").codes == ["invalid-argument"])
        #expect(
            Engine.resolve("tilt-[\(TypedValue.color(ColorValue(red: 1, green: 0, blue: 0)))]").diagnostics.first?.part
                == .type)
        #expect(Engine.resolve("resize", .text).codes == ["unsupported-target"])
    }

    @Test("R-STRICT-2: the failing part and the nearest known class")
    func suggestions() {
        let surface = Engine.resolve("frostd")
        #expect(surface.diagnostics.first?.part == .root)
        #expect(surface.diagnostics.first?.hint == "did you mean 'frosted'?")
        #expect(Engine.resolve("bg-primry").diagnostics.first?.part == .value)
        #expect(Engine.resolve("shadw-md").diagnostics.first?.hint == "did you mean 'shadow-md'?")
        #expect(Engine.resolve("tilt-[8").diagnostics.first?.part == .value)
    }

    @Test("R-CTRL-1: button classes choose native styles; tint, control and rounded; no painting over")
    func nativeControls() {
        let cases: [(String, String)] = [
            ("button-primary", "borderedProminent"), ("button-secondary", "borderedProminent"),
            ("button-destructive", "borderedProminent"), ("button-outline", "bordered"), ("button-ghost", "borderless"),
            ("button-link", "link"), ("glass", "glass"), ("glass-prominent", "glassProminent"),
        ]
        for (classes, style) in cases {
            let macOS26 = RenderEnvironment(platform: .macos, osVersion: 26)
            #expect(
                Engine.resolve(TWClasses(classes), .button, environment: macOS26).nativeButtonStyle == style,
                "\(classes)")
        }
        let styled = Engine.resolve("button-outline tint-accent control-large rounded-lg bg-red shadow-md", .button)
        #expect(
            styled.style == [
                ".font(.subheadline)", ".fontWeight(.semibold)",
                ".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))",
                ".padding(.init(top: 8, leading: 16, bottom: 8, trailing: 16))", ".frame(minHeight: 44)",
                ".buttonBorderShape(.roundedRectangle(radius: 12))",
                ".tint(Color(red: 0.935, green: 0.935, blue: 0.947))",
                ".controlSize(.large)",
            ])
        #expect(styled.codes == ["not-painted", "not-painted"])
        // Button recipes on other views set no background.
        #expect(Engine.resolve("button-primary").nativeButtonStyle == nil)
        #expect(!Engine.resolve("button-primary").style.contains { $0.hasPrefix(".background") })
    }

    @Test("seed 000: content slots sit inside built-in styling")
    func contentPhase() {
        let surface = Engine.resolve("inset-[8] p-4 bg-[#00f]")
        #expect(
            Array(surface.code.prefix(3)) == [
                ".padding(8)", ".padding(16)", ".background(Color(red: 0, green: 0, blue: 1))",
            ])
        #expect(surface.chain[0].phase == .content)
        #expect(surface.chain[1].phase == .style)
    }

    @Test("the cache never changes an answer")
    func cache() {
        let scope = Engine.scope()
        let inputs: [TWClasses] = ["p-4 frosted", "tilt-[8] hover:tilt-[3]", "frostd", "card p-2", "p-4 frosted"]
        for classes in inputs {
            for state: Set<Variant> in [[], [.hover]] {
                let cached = SurfaceResolver.resolve(
                    classes, source: SurfaceSource(.view), state: SurfaceState(state), scope: scope)
                let again = SurfaceResolver.resolve(
                    classes, source: SurfaceSource(.view), state: SurfaceState(state), scope: scope)
                let fresh = SurfaceResolver.resolve(
                    classes, source: SurfaceSource(.view), state: SurfaceState(state), scope: scope,
                    options: .init(memoised: false))
                #expect(cached == fresh)
                #expect(again == fresh)
            }
        }
        scope.clearCache()
        #expect(SurfaceResolver.resolve("p-4", source: SurfaceSource(.view), scope: scope).style == [".padding(16)"])
    }

    @Test("prepared styles give the same answers in every state")
    func preparedStyles() {
        let scope = Engine.scope()
        let classes: TWClasses = "p-4 hover:bg-accent focus:tilt-[4] frosted pressed:opacity-80"
        for kind in [SurfaceSource.Kind.view, .button] {
            let prepared = SurfaceResolver.prepare(classes, source: SurfaceSource(kind), scope: scope)
            for state: Set<Variant> in [[], [.hover], [.focus, .pressed]] {
                let direct = SurfaceResolver.resolve(
                    classes, source: SurfaceSource(kind), state: SurfaceState(state), scope: scope,
                    options: .init(memoised: false))
                #expect(prepared.resolve(state: SurfaceState(state)) == direct)
            }
        }
    }

    @Test("every class offered as a suggestion exists")
    func suggestionsExist() {
        let scope = Engine.scope()
        for name in scope.knownNames where !name.hasSuffix("-[…]") {
            let kind: SurfaceSource.Kind = name == "resize" ? .image : name.hasPrefix("kern") ? .text : .view
            let surface = SurfaceResolver.resolve(
                TWClasses(name), source: SurfaceSource(kind), scope: scope, options: .init(memoised: false))
            #expect(!surface.codes.contains("unknown-class"), "\(name) is suggested but unknown")
        }
        #expect(Engine.resolve("gap-5").diagnostics.first?.hint != "did you mean 'gap-0'?")
    }
}
