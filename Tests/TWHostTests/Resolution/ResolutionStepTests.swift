import Testing

@testable import TWHost
@testable import TWResolution
@testable import TWScenes

/// Each step of `PreparedStyle.resolve`, called directly on a small input
/// with the shipped plugins (material, motion, typography) in scope.
@Suite("Resolution steps", .removesTemporaryDirectories)
struct ResolutionStepTests {
    static func prepared(_ classes: String, _ kind: SurfaceSource.Kind = .view, scope: ResolutionScope? = nil)
        -> PreparedStyle
    {
        SurfaceResolver.prepare(TWClasses(classes), source: SurfaceSource(kind), scope: scope ?? Engine.scope())
    }

    static func lines(_ entries: [ChainEntry]) -> [String] { entries.map(SurfaceReport.entryLine) }

    @Test("native style step: a base style class chooses it; .link falls back to .borderless on iOS")
    func nativeStyle() {
        let style = Self.prepared("button-link hover:button-outline", .button)
        var effects = style.effects
        var diagnostics: [Diagnostic] = []
        let native = PreparedStyle.nativeButtonStyle(
            &effects, source: style.source, environment: RenderEnvironment(), into: &diagnostics)
        #expect(native == PreparedStyle.NativeStyle(style: "borderless", requested: "link"))
        #expect(diagnostics.map(\.code.rawValue) == ["variant-no-effect", "native-style-fallback"])
        #expect(diagnostics[1].message == ".link is macOS-only; ios uses .borderless")
        // On macOS the same classes keep .link, with no fallback.
        var macEffects = style.effects
        var macDiagnostics: [Diagnostic] = []
        let mac = PreparedStyle.nativeButtonStyle(
            &macEffects, source: style.source, environment: RenderEnvironment(platform: .macos),
            into: &macDiagnostics)
        #expect(mac == PreparedStyle.NativeStyle(style: "link", requested: nil))
        // A general view has no native style.
        var viewEffects = Self.prepared("button-link").effects
        var none: [Diagnostic] = []
        let view = PreparedStyle.nativeButtonStyle(
            &viewEffects, source: SurfaceSource(.view), environment: RenderEnvironment(), into: &none)
        #expect(view == PreparedStyle.NativeStyle(style: nil, requested: nil))
    }

    @Test("target check step: an image registration on a text is an error naming the class")
    func targetCheck() {
        let style = Self.prepared("resize kern-[2]", .text)
        let findings = PreparedStyle.targetFindings(
            style.effects, source: style.source, environment: RenderEnvironment())
        #expect(findings.map(\.code.rawValue) == ["unsupported-target"])
        #expect(findings[0].message == "'resize': resize is an image registration and cannot apply to a text")
        #expect(
            PreparedStyle.targetFindings(
                Self.prepared("resize", .image).effects, source: SurfaceSource(.image),
                environment: RenderEnvironment()
            ).isEmpty)
    }

    @Test("lenient step: errors become skipped warnings and their classes leave the effects")
    func lenient() {
        let style = Self.prepared("p-4 nope-x bg-blue")
        var effects = style.effects
        var diagnostics = style.diagnostics
        #expect(diagnostics.map(\.severity) == [.error])
        PreparedStyle.skipInvalidClasses(&effects, diagnostics: &diagnostics)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics[0].className == "nope-x")
        #expect(effects.map(\.classText) == ["p-4", "bg-blue"])
    }

    @Test("conflict selection step: the later class wins a property; a state variant beats the base when on")
    func conflictSelection() {
        let effects = Self.prepared("bg-blue bg-white hover:bg-indigo elevation-[2] elevation-[4]").effects
        let off = PreparedStyle.selectWinners(effects, state: SurfaceState())
        #expect(off.style[.background]?.effect.classText == "bg-white")
        #expect(off.keys.keys.sorted() == ["elevation"])
        #expect(off.keys["elevation"]?.effect.classText == "elevation-[4]")
        #expect(off.keys["elevation"]?.value == .points(4))
        let hover = PreparedStyle.selectWinners(effects, state: SurfaceState([.hover]))
        #expect(hover.style[.background]?.effect.classText == "hover:bg-indigo")
        #expect(
            PreparedStyle.winnerDetails(hover).map { "\($0.key)=\($0.className) \($0.conditions)" } == [
                "background=hover:bg-indigo [\"hover\"]", "conflict key elevation=elevation-[4] []",
            ])
    }

    @Test("not-painted step: a native style drops background, border and shadow winners with warnings")
    func notPainted() {
        let effects = Self.prepared("bg-blue border shadow p-2", .button).effects
        var winners = PreparedStyle.selectWinners(effects, state: SurfaceState())
        #expect(PreparedStyle.dropNotPainted(&winners.style, nativeStyle: "plain").isEmpty)
        let findings = PreparedStyle.dropNotPainted(&winners.style, nativeStyle: "bordered")
        #expect(findings.map(\.code.rawValue) == ["not-painted", "not-painted", "not-painted"])
        #expect(
            findings[0].message == "'bg-blue' is not painted: the native bordered style draws the button's background")
        #expect(winners.style[.background] == nil)
        #expect(winners.style[.shadow] == nil)
        #expect(winners.style[.paddingTop]?.effect.classText == "p-2")
    }

    @Test("slot filling step: active slot with the winner's argument, inactive slots with defaults, in merged order")
    func slotFilling() {
        let scope = Engine.scope()
        let style = Self.prepared("elevation-[4]", scope: scope)
        let winners = PreparedStyle.selectWinners(style.effects, state: SurfaceState())
        var diagnostics: [Diagnostic] = []
        let slots = PreparedStyle.fillSlots(
            winners.keys, source: style.source, scope: scope, decorated: true, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(
            slots.chain.map { "\($0.phase.rawValue) \($0.active == true ? "on" : "off") \($0.modifier.swiftCode)" } == [
                "content off .padding(0)",
                "effects off .background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(0) }",
                "effects off .background { RoundedRectangle(cornerRadius: 20).fill(.regularMaterial).opacity(0) }",
                "effects off .rotationEffect(.degrees(0))",
                "effects on .shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.2), radius: 4, x: 0, y: 2)",
                "effects off .rotation3DEffect(.degrees(0), axis: (x: 0, y: 1, z: 0))",
            ])
        #expect(slots.chain[4].className == "elevation-[4]")
        #expect(slots.signature.count == 7)
        #expect(slots.signature[0] == .target("view"))
        // Undecorated: the winner's slot stays inactive.
        var undecorated: [Diagnostic] = []
        let off = PreparedStyle.fillSlots(
            winners.keys, source: style.source, scope: scope, decorated: false, diagnostics: &undecorated)
        #expect(off.chain.allSatisfy { $0.active == false })
    }

    @Test("slot filling step: text transforms take a slot only when selected, outside the signature")
    func takesSlot() {
        let registry = Engine.shippedRegistry
        let kern = registry.modifiers.first { $0.name == "kern" }
        let inset = registry.modifiers.first { $0.name == "inset" }
        guard let kern, let inset else {
            Issue.record("the shipped plugins register kern and inset")
            return
        }
        let text = SurfaceSource(.text)
        #expect(!PreparedStyle.takesSlot(kern, source: text, selectedTargets: []))
        #expect(PreparedStyle.takesSlot(kern, source: text, selectedTargets: ["kern"]))
        #expect(!PreparedStyle.takesSlot(kern, source: SurfaceSource(.view), selectedTargets: ["kern"]))
        #expect(PreparedStyle.takesSlot(inset, source: SurfaceSource(.button), selectedTargets: []))
        #expect(!PreparedStyle.takesSlot(inset, source: SurfaceSource(.button, wrapped: true), selectedTargets: []))
        let scope = Engine.scope()
        let style = Self.prepared("kern-[2]", .text, scope: scope)
        var diagnostics: [Diagnostic] = []
        let slots = PreparedStyle.fillSlots(
            PreparedStyle.selectWinners(style.effects, state: SurfaceState()).keys, source: text, scope: scope,
            decorated: true, diagnostics: &diagnostics)
        #expect(slots.chain.first?.modifier.swiftCode == ".kerning(2)")
        #expect(slots.signature.first == .target("text"))
        #expect(
            !slots.signature.contains {
                if case .slot(let slot) = $0 { return slot.name == "kern" }
                return false
            })
        #expect(slots.signature.count == 7)
    }

    @Test("slot step: one slot built active and inactive, once per scope; the memo shares the entry and its rendering")
    func buildSlot() {
        let registry = Engine.shippedRegistry
        guard let elevation = registry.modifiers.first(where: { $0.name == "elevation" }) else {
            Issue.record("material registers elevation")
            return
        }
        let memo = SlotMemo()
        let on = memo.active(elevation, value: .points(8), className: "elevation-[8]")
        #expect(
            on.entry.modifier.swiftCode
                == ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.2), radius: 8, x: 0, y: 4)")
        #expect(on.entry.active == true && on.entry.className == "elevation-[8]")
        #expect(on.line == elevation.signatureLine(on.entry.modifier))
        let off = memo.inactive(elevation, theme: Theme())
        #expect(
            off.entry.modifier.swiftCode
                == ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0), radius: 0, x: 0, y: 0)")
        #expect(off.entry.active == false && off.entry.className == nil)
        #expect(off.line == elevation.signatureLine(off.entry.modifier))
        #expect(on.diagnostics.isEmpty && off.diagnostics.isEmpty)
        // Asked again: the same rendering, not a second one.
        let again = memo.active(elevation, value: .points(8), className: "elevation-[8]")
        #expect(on.entry.isShared && off.entry.isShared)
        #expect(SceneReport.rendered(again.entry) === SceneReport.rendered(on.entry))
        #expect(
            SceneReport.rendered(memo.inactive(elevation, theme: Theme()).entry) === SceneReport.rendered(off.entry))
        // Another class with the same value: its own entry, the same modifier.
        let other = memo.active(elevation, value: .points(8), className: "elevation-[8pt]")
        #expect(other.entry.className == "elevation-[8pt]" && other.entry.modifier == on.entry.modifier)
        #expect(SceneReport.rendered(other.entry) !== SceneReport.rendered(on.entry))
        // An entry changed from a shared one is not shared: nothing rendered is kept with it.
        var changed = on.entry
        changed.className = "elevation-[9]"
        #expect(!changed.isShared && changed.reportMemo == nil)
    }

    @Test("styling step: values, the link label's minimum height, entries tagged with their classes")
    func styling() {
        let scope = Engine.scope()
        let style = Self.prepared("p-4 bg-blue min-h-[20px]", scope: scope)
        let winners = PreparedStyle.selectWinners(style.effects, state: SurfaceState())
        let plain = PreparedStyle.styleValues(winners.style, minimumHeightFor: nil, platform: .ios)
        #expect(plain[.minHeight] == .points(20))
        let link = PreparedStyle.styleValues(winners.style, minimumHeightFor: "link", platform: .ios)
        #expect(link[.minHeight] == .points(44))
        #expect(
            PreparedStyle.styleValues(winners.style, minimumHeightFor: "link", platform: .tvos)[.minHeight]
                == .points(20))
        let styling = PreparedStyle.styling(
            plain, winners: winners.style, slots: [], source: style.source, nativeStyle: nil, scope: scope)
        #expect(styling.availability.isEmpty)
        #expect(
            Self.lines(styling.entries) == [
                ".padding(16)  // style · built-in padding ← p-4",
                ".frame(minHeight: 20)  // style · built-in frame ← min-h-[20px]",
                ".background(Color.blue)  // style · built-in background ← bg-blue",
            ])
    }

    @Test("signature step: each styling stage is followed by its phase's slots; one styling line after content slots")
    func insertStyling() {
        let effects = ChainEntry(
            phase: .effects, origin: .registration(name: "spin", plugin: "motion"), active: false,
            modifier: ModifierIR(), className: nil)
        let content = ChainEntry(
            phase: .content, origin: .registration(name: "inset", plugin: "motion"), active: false,
            modifier: ModifierIR(), className: nil)
        let style = ChainEntry(
            phase: .style, origin: .builtin(property: "padding"), active: nil, modifier: ModifierIR(), className: nil)
        var slots = PreparedStyle.SlotChain(
            chain: [content, effects],
            signature: [
                .target("view"), .slot(.init(phase: .content, name: "inset", structure: "x")),
                .slot(.init(phase: .effects, name: "spin", structure: "y")),
            ])
        let font = ChainEntry(
            phase: .style, origin: .builtin(property: "font"), active: nil, modifier: ModifierIR(), className: nil)
        let background = ChainEntry(
            phase: .style, origin: .builtin(property: "background"), active: nil, modifier: ModifierIR(),
            className: nil)
        slots.insertStyling([font, style, background], stages: [.content, .layout, .decoration])
        #expect(slots.chain.map(\.phase) == [.style, .content, .style, .style, .effects])
        #expect(
            slots.chain.map(\.origin) == [font.origin, content.origin, style.origin, background.origin, effects.origin])
        #expect(
            StructuralSignature(slots.signature).text == "target:view\ncontent|inset|x\nstyle|builtin\neffects|spin|y")
        // Layout and decoration slots sit after their stages; the styling line goes before the first of them.
        let lift = ChainEntry(
            phase: .layout, origin: .registration(name: "lift", plugin: "motion"), active: false,
            modifier: ModifierIR(), className: nil)
        let ring = ChainEntry(
            phase: .decoration, origin: .registration(name: "ring", plugin: "motion"), active: false,
            modifier: ModifierIR(), className: nil)
        var staged = PreparedStyle.SlotChain(
            chain: [content, lift, ring, effects],
            signature: [
                .target("view"), .slot(.init(phase: .content, name: "inset", structure: "x")),
                .slot(.init(phase: .layout, name: "lift", structure: "l")),
                .slot(.init(phase: .decoration, name: "ring", structure: "r")),
                .slot(.init(phase: .effects, name: "spin", structure: "y")),
            ])
        staged.insertStyling([font, style, background], stages: [.content, .layout, .decoration])
        #expect(
            staged.chain.map(\.origin) == [
                font.origin, content.origin, style.origin, lift.origin, background.origin, ring.origin,
                effects.origin,
            ])
        #expect(
            staged.signature.map(\.line) == [
                "target:view", "content|inset|x", "style|builtin", "layout|lift|l", "decoration|ring|r",
                "effects|spin|y",
            ])
        // A text transform outside the signature has no part there: the styling still goes before effects.
        let kern = ChainEntry(
            phase: .source, origin: .registration(name: "kern", plugin: "typography"), active: true,
            modifier: ModifierIR(), className: nil)
        var text = PreparedStyle.SlotChain(
            chain: [kern, effects],
            signature: [.target("text"), .slot(.init(phase: .effects, name: "spin", structure: "y"))])
        text.insertStyling([style], stages: [.layout])
        #expect(text.signature.map(\.line) == ["target:text", "style|builtin", "effects|spin|y"])
    }

    @Test("plugin API check step: material slots on iOS 14 name the APIs they lack")
    func pluginAPIs() {
        let scope = Engine.scope(environment: RenderEnvironment(platform: .ios, osVersion: 14))
        #expect(scope.checksPluginAPIs)
        let style = Self.prepared("frosted", scope: scope)
        var diagnostics: [Diagnostic] = []
        let slots = PreparedStyle.fillSlots(
            PreparedStyle.selectWinners(style.effects, state: SurfaceState()).keys, source: style.source,
            scope: scope, decorated: true, diagnostics: &diagnostics)
        let findings = PreparedStyle.pluginAPIFindings(slots.chain, environment: scope.environment)
        #expect(
            findings.map(\.code.rawValue) == [
                "unavailable-api", "unavailable-api", "unavailable-api", "unavailable-api",
            ])
        #expect(
            findings[0].message
                == "frosted (plugin material) writes View.background(alignment:content:), which needs iOS 15: on iOS 14 this chain does not compile"
        )
        #expect(
            PreparedStyle.pluginAPIFindings(slots.chain, environment: RenderEnvironment()).isEmpty)
    }
}

/// The tokenizing fast path gives exactly the tokenizer's tokens.
@Suite("Plain class lists", .removesTemporaryDirectories)
struct PlainClassListTests {
    @Test("plain lists split on spaces; anything else falls back; both agree with ClassTokenizer")
    func sameTokens() {
        let plain = [
            "p-4 bg-blue", "  p-4   hover:bg-[#ff0000]  ", "w-[120px] h-[calc(1px+2px)]", "a", "", "[[x]] y",
            "-rotate-2 !p-4 focus:border-blue",
        ]
        let other = [
            "p-4\tbg-blue", "w-[1 px]", "w-[1px]]", "p-4 ]", "héllo p-4", "p-4\u{7F}", "a\nb", "w-[1px",
        ]
        for text in plain {
            #expect(PlainClassList.words(text) != nil, "\(text)")
            #expect(PlainClassList.tokens(TWClasses(text)) == ClassTokenizer.tokenize(TWClasses(text)), "\(text)")
        }
        for text in other {
            #expect(PlainClassList.words(text) == nil, "\(text)")
            #expect(PlainClassList.tokens(TWClasses(text)) == ClassTokenizer.tokenize(TWClasses(text)), "\(text)")
        }
        #expect(PlainClassList.words("  p-4   w-[2px] ")?.map(\.text) == ["p-4", "w-[2px]"])
        let typed: TWClasses = "w-[\(TypedValue.points(4))] p-2"
        #expect(PlainClassList.tokens(typed) == ClassTokenizer.tokenize(typed))
    }
}
