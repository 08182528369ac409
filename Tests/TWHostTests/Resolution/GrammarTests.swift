import Testing

@testable import TWHost

@Suite("Class grammar (G-1 … G-6)", .removesTemporaryDirectories)
struct GrammarTests {
    func parse(_ text: String) -> Result<ParsedClass, ClassParseError> {
        let tokens = ClassTokenizer.tokenize(text)
        return ParsedClass.parse(tokens[0])
    }

    @Test("G-1: whitespace splits classes; cn joins in order, drops nil, keeps conflicts")
    func splitAndCn() {
        #expect(
            ClassTokenizer.tokenize(" p-4\tpx-2\n  hover:bg-[a_b]  ").map(\.text) == ["p-4", "px-2", "hover:bg-[a_b]"])
        let classes = cn("p-4", nil, "p-2", cn(["shadow-md", nil]))
        #expect(ClassTokenizer.tokenize(classes).map(\.text) == ["p-4", "p-2", "shadow-md"])
        let selected = true
        let built = cn {
            "card"
            if selected { "border-primary" }
            for i in 1...2 { TWClasses("p-\(i)") }
        }
        #expect(ClassTokenizer.tokenize(built).map(\.text) == ["card", "border-primary", "p-1", "p-2"])
        // The conflict is kept; resolution lets the later p-2 win.
        #expect(Engine.resolve(classes).style.first == ".padding(8)")
    }

    @Test("G-2: variants split only at top-level colons")
    func variants() throws {
        let parsed = try parse("hover:focus:tilt-[a:b]").get()
        #expect(parsed.variants == ["hover", "focus"])
        #expect(parsed.root == "tilt")
        #expect(parsed.argument == .literal("a:b"))
        #expect(parse("hover::p-4").failureValue == .emptyVariant)
        #expect(parse("hover:").failureValue == .emptyUtility)
    }

    @Test("G-3: root, root-value, bracket, negation and /N opacity")
    func utilityShapes() throws {
        #expect(try parse("border").get().body == "border")
        #expect(try parse("p-4").get().argument == nil)
        let negative = try parse("-rotate-3").get()
        #expect(negative.negative && negative.body == "rotate-3")
        #expect(Engine.resolve("-rotate-3").style == [".rotationEffect(.degrees(-3))"])
        #expect(
            Engine.resolve("bg-primary/50").style == [
                ".background(Color(red: 0.09, green: 0.09, blue: 0.09, opacity: 0.5))"
            ])
        #expect(
            Engine.resolve("bg-[#0000ff]/25").style == [".background(Color(red: 0, green: 0, blue: 1, opacity: 0.25))"])
        #expect(Engine.resolve("-p-4").codes == ["invalid-argument"])
    }

    @Test("G-4: underscores, escapes, nesting, empty arguments and longest prefixes")
    func brackets() throws {
        #expect(try parse("x-[a_b\\_c]").get().argument == .literal("a b_c"))
        #expect(try parse("x-[a[b]c]").get().argument == .literal("a[b]c"))
        #expect(parse("x-[]").failureValue == .emptyArgument)
        #expect(parse("x-[_ _]").failureValue == .emptyArgument)
        #expect(parse("x-[a").failureValue == .unbalancedBrackets)
        #expect(parse("x-[a]b").failureValue == .textAfterBracket("b"))
        #expect(parse("[a]").failureValue == .bracketWithoutRoot)
        #expect(Engine.resolve("min-w-12 max-w-full").style == [".frame(minWidth: 48, maxWidth: .infinity)"])
        #expect(
            Engine.resolve("text-muted-foreground").style == [
                ".foregroundStyle(Color(red: 0.42, green: 0.42, blue: 0.432))"
            ])
    }

    @Test("G-5: typed values inside brackets are native and cannot inject classes")
    func typedInterpolation() throws {
        let registry = PluginRegistry(plugins: [try FixturePlugins.echo()])
        let hostile: TypedValue = .string("x] p-4 [y_z\\_ ")
        let surface = Engine.resolve("probe-string-[\(hostile)]", registry: registry)
        #expect(surface.decorated)
        #expect(surface.style.isEmpty)  // no p-4 was injected
        #expect(
            surface.slot("probe-string")?.modifier.nodes[0].arguments.last
                == IRArgument("value", .string("x] p-4 [y_z\\_ ")))
        // Numbers outside brackets are ordinary syntax; inside they are points.
        #expect(Engine.resolve("w-\(12)").style == [".frame(width: 48)"])
        #expect(Engine.resolve("w-[\(12)]").style == [".frame(width: 12)"])
        #expect(
            Engine.resolve("tilt-[\(TypedValue.angle(8))]").slot("tilt")?.modifier.swiftCode
                == ".rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))")
        // A typed value other than a number outside brackets is an error.
        #expect(
            Engine.resolve("bg-\(TypedValue.color(ColorValue(red: 1, green: 0, blue: 0)))").codes == [
                "invalid-argument"
            ])
        // Fragments splice classes between classes.
        let base: TWClasses = "p-4 bg-[\(TypedValue.color(ColorValue(red: 0, green: 0, blue: 1)))]"
        let combined: TWClasses = "\(base) tilt-[\(TypedValue.angle(3))]"
        #expect(ClassTokenizer.tokenize(combined).count == 3)
        #expect(Engine.resolve(combined).style == [".padding(16)", ".background(Color(red: 0, green: 0, blue: 1))"])
    }

    @Test("G-5: exact named bracket aliases match literal arguments only")
    func bracketAliases() {
        let rules = Rules(named: ["w-[hero]": RecipeDefinition(classes: "w-[320] h-[200]")])
        #expect(Engine.resolve("w-[hero]", rules: rules).style == [".frame(width: 320, height: 200)"])
        let typed = Engine.resolve("w-[\(TypedValue.string("hero"))]", rules: rules)
        #expect(!typed.decorated)
        #expect(typed.codes == ["invalid-argument"])
    }

    @Test("G-6: known variants, nesting, active = pressed, unknown variants")
    func variantNames() {
        let nested = Engine.resolve("hover:focus:bg-red", state: [.hover, .focus])
        #expect(nested.style == [".background(Color.red)"])
        #expect(Engine.resolve("hover:focus:bg-red", state: [.hover]).style.isEmpty)
        #expect(Engine.resolve("active:opacity-50", .button, state: [.pressed]).style == [".opacity(0.5)"])
        #expect(Engine.resolve("group-hover:opacity-50", state: [.groupHover]).style == [".opacity(0.5)"])
        let unknown = Engine.resolve("hovr:bg-red")
        #expect(unknown.codes == ["unknown-variant"])
        #expect(unknown.diagnostics[0].part == .variant)
        #expect(unknown.diagnostics[0].hint == "did you mean 'hover:'?")
    }
}

extension Result {
    var failureValueOrNil: Failure? { if case .failure(let f) = self { return f } else { return nil } }
}
