import Testing

@testable import TWHost
@testable import TWModel
@testable import TWRegistry
@testable import TWResolution

/// The bracket-class compiler gives exactly what the general expansion gives
/// the interned path, for every class it accepts: random classes made of
/// variants (known, unknown, empty, `pressed`), negation, every built-in root
/// and some that are not, and values of every kind (numbers with signs,
/// decimals, leading zeros, exponents, every unit and wrong ones, colours of
/// 3…9 hex digits in both cases, theme colours, keywords, escapes, nested
/// brackets, non-ASCII), with and without a `/N` opacity or text after it.
@Suite("Bracket class compiler")
struct BracketClassCompilerTests {
    static let variants = [
        "", "", "", "hover:", "focus:", "disabled:", "group-hover:", "group-focus:", "active:", "pressed:",
        "hover:focus:", "focus:hover:disabled:", "hovr:", ":", "hover::", "[x]:", "HOVER:",
    ]
    static let signs = ["", "", "", "-", "--"]
    static let roots = BuiltinUtilities.roots.keys.sorted() + ["animate", "bogus", "w-", "P", "", "p-4", "bg-red"]
    static let joins = ["-", "-", "-", "-", "", "--", "_"]
    static let units = ["", "", "px", "pt", "deg", "rad", "turn", "s", "ms", "%", "PX", "em", "pxx", "é", "\u{301}px"]
    static let words = [
        "full", "none", "spring", "ease-in", "red", "blue", "white", "red/50", "blue/150", "brand", "card", "1_2",
        "a\\_b", "\\", "[1]", "a:b", "１２", "", " ", "inf", "nan", "0x10", "+4", "4.", ".5", "-.5", "-0", "1e400",
        "9999999999999999", "1234567890123456", "123456789012345", "000000000000000012", "1e-3", "2.5E+1",
        "#abc", "#ABCD", "#abcdef", "#ABCDEF12", "#abcde", "#abcdef1", "#abcdef123", "#ggg", "#", "#\u{301}abc",
        "100", "400", "900", "450",
    ]
    static let suffixes = ["", "", "", "", "/50", "/150", "/", "]", "x", "[1]"]

    /// A deterministic generator (no hashing seeds, the same classes every run).
    struct Generator {
        var seed: UInt64
        mutating func below(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        mutating func pick(_ values: [String]) -> String { values[below(values.count)] }

        mutating func number() -> String {
            var text = below(3) == 0 ? "-" : ""
            let digits = [1, 1, 2, 3, 5, 8, 15, 16, 17][below(9)]
            for _ in 0..<digits { text += String(below(10)) }
            if below(3) == 0 { text += "." + String(below(1000)) }
            if below(6) == 0 { text += ["e", "E", "e-", "e+", "E-"][below(5)] + String(below(400)) }
            return text
        }

        mutating func hex() -> String {
            let alphabet = Array("0123456789abcdefABCDEF")
            let count = [3, 4, 6, 8, 6, 6, 5, 7, 9, 0][below(10)]
            return "#" + String((0..<count).map { _ in alphabet[below(alphabet.count)] })
        }

        mutating func value() -> String {
            switch below(5) {
            case 0, 1: return number() + pick(BracketClassCompilerTests.units)
            case 2: return hex()
            default: return pick(BracketClassCompilerTests.words)
            }
        }

        /// Half of them of the common shape (known variants, `root-[value]`),
        /// the other half anything.
        mutating func bracketClass() -> String {
            if below(2) == 0 {
                return pick(["", "hover:", "focus:", "focus:hover:", "disabled:hover:"])
                    + pick(BracketClassCompilerTests.roots) + "-[" + value() + "]"
            }
            return pick(BracketClassCompilerTests.variants) + pick(BracketClassCompilerTests.signs)
                + pick(BracketClassCompilerTests.roots) + pick(BracketClassCompilerTests.joins) + "[" + value() + "]"
                + pick(BracketClassCompilerTests.suffixes)
        }
    }

    /// The general expansion's draft of a class the compiler accepted: the
    /// same single effect, down to the sign of a zero.
    static func expectSame(_ word: String, _ fast: InternedTables.Draft, scope: ResolutionScope) {
        let general = InternedTables.generalDraft(word, scope: scope)
        #expect(general?.count == 1, "\(word)")
        #expect(general?.effects == [fast], "\(word)")
        #expect(general.map { "\($0.effects)" } == "\([fast])", "\(word)")
    }

    @Test("every class it accepts compiles as the general expansion does")
    func matchesGeneralExpansion() {
        var generator = Generator(seed: 17)
        var accepted = 0
        var rootsAccepted = Set<String>()
        for environment in [RenderEnvironment(), RenderEnvironment(platform: .macos)] {
            let scope = ResolutionScope(registry: PluginRegistry(plugins: []), environment: environment)
            for _ in 0..<30_000 {
                let word = generator.bracketClass()
                guard let fast = BracketClassCompiler.draft(word, scope: scope) else { continue }
                accepted += 1
                Self.expectSame(word, fast, scope: scope)
                let parsed = try? ParsedClass.parse(ClassToken(text: word)).get()
                if let root = parsed?.root { rootsAccepted.insert(root) }
            }
        }
        // The common forms are taken: a good share of the classes, and every
        // built-in root that takes a bracket (not `control` or `shadow`; `animate` is left out;
        // `offset` takes two values, which the generator does not write).
        #expect(accepted > 3_000)
        #expect(
            rootsAccepted == Set(BuiltinUtilities.roots.keys).subtracting(["animate", "control", "shadow", "offset"]))
    }

    @Test("edge cases: the accepted ones match, the others are left to the general path")
    func edgeCases() {
        let scope = ResolutionScope(registry: PluginRegistry(plugins: []))
        let accepted = [
            "w-[13633px]", "h-[0]", "p-[007px]", "pl-[.5]", "size-[1e2]", "max-w-[2.5E+1pt]", "rotate-[32962deg]",
            "-rotate-[12deg]", "-rotate-[-0]", "rotate-[0.5rad]", "rotate-[0.25turn]", "-translate-x-[3px]",
            "tracking-[-1]", "bg-[#ef1193]", "bg-[#ABC]", "bg-[#abcd]", "tint-[#AbCdEf80]",
            "bg-[red]", "text-[#fff]", "text-[13]", "border-[2px]", "border-[#000]", "opacity-[99%]",
            "opacity-[0.3]", "duration-[33405ms]", "duration-[0.2s]", "delay-[150]", "font-[700]",
            "line-clamp-[3]", "scale-[1.5]", "leading-[4px]", "blur-[3]", "rounded-[9999px]",
            "hover:bg-[#84b633]", "focus:p-[13951px]", "hover:focus:w-[26797px]",
            "disabled:hover:h-[2]", "w-[999999.9999]",
        ]
        for word in accepted {
            guard let fast = BracketClassCompiler.draft(word, scope: scope) else {
                Issue.record("\(word) should take the bracket compiler")
                continue
            }
            Self.expectSame(word, fast, scope: scope)
        }
        // Escapes, nesting, opacity, unknown, pressed or group variants (the
        // enclosing groups decide those), negations a root refuses, refused
        // values, non-built-in roots: the general path.
        let refused = [
            "w-[1_2]", "w-[a\\_b]", "w-[[1]]", "bg-[#abc]/50", "w-[1]x", "hovr:w-[1]", "pressed:w-[1]",
            "active:w-[1px]", "hover::w-[1]", ":w-[1]", "-w-[1]", "--rotate-[1]", "w-[-1]", "w-[1em]", "w-[]",
            "w-[ ]", "bg-[#ggg]", "bg-[#abcde]", "animate-[spring]", "bogus-[1]", "w[1]", "-[1]", "w-[1e400]",
            "w-[１２]", "w-[12\u{301}px]", "rotate-[nan]", "opacity-[150%]", "w-[2000000]", "text-[-3]",
            "bg-[a:b]", "w-[1234567890123456]", "-scale-[2]", "scale-[-1]", "scale-[1,-1]",
            "disabled:group-hover:h-[2]", "group-focus/hero:w-[1]",
        ]
        for word in refused {
            #expect(BracketClassCompiler.draft(word, scope: scope) == nil, "\(word)")
        }
    }

    @Test("a scope where a recipe, registration or utility could claim the class takes the general path")
    func scopesWithClaims() {
        let recipes = ResolutionScope(
            registry: PluginRegistry(plugins: []),
            rules: Rules(named: ["size-[card]": RecipeDefinition(classes: "p-4")]))
        #expect(recipes.hasBracketRecipes)
        #expect(BracketClassCompiler.draft("w-[12px]", scope: recipes) == nil)
        #expect(InternedTables.generalDraft("size-[card]", scope: recipes)?.effects.first?.assignments.count == 4)
        let plain = ResolutionScope(registry: PluginRegistry(plugins: []))
        #expect(!plain.hasBracketRecipes)
        #expect(BracketClassCompiler.draft("w-[12px]", scope: plain) != nil)
        // A scope with plugins (modifier registrations and utilities): a
        // built-in class compiles as the general expansion does; a class a
        // registration or utility names is left to the general path.
        let plugins = Engine.scope()
        #expect(!plugins.registry.modifiers.isEmpty && !plugins.registry.utilities.isEmpty)
        if let fast = BracketClassCompiler.draft("w-[12px]", scope: plugins) {
            Self.expectSame("w-[12px]", fast, scope: plugins)
        } else {
            Issue.record("w-[12px] should take the bracket compiler with plugins in scope")
        }
        for registration in plugins.registry.modifiers where !registration.form.isExactTag {
            #expect(
                BracketClassCompiler.draft(registration.name + "-[2]", scope: plugins) == nil, "\(registration.name)")
        }
        for utility in plugins.registry.utilities {
            #expect(BracketClassCompiler.draft(utility.prefix + "-[2]", scope: plugins) == nil, "\(utility.prefix)")
        }
    }

    @Test("with plugins in scope, every class it accepts compiles as the general expansion does")
    func matchesGeneralExpansionWithPlugins() {
        var generator = Generator(seed: 29)
        let scope = Engine.scope()
        let registered = scope.registry.modifiers.map(\.name) + scope.registry.utilities.map(\.prefix)
        var accepted = 0
        for i in 0..<20_000 {
            // One class in eight names a registration or utility of the scope.
            let word =
                i % 8 == 0
                ? generator.pick(["", "hover:"]) + generator.pick(registered) + "-[" + generator.value() + "]"
                : generator.bracketClass()
            guard let fast = BracketClassCompiler.draft(word, scope: scope) else { continue }
            accepted += 1
            Self.expectSame(word, fast, scope: scope)
        }
        #expect(accepted > 600)  // about one in twenty of the generator's classes, as without plugins
    }
}
