import Synchronization
import TWGrammar
import TWModel
import TWRegistry
import TWSupport

/// Everything surfaces of one subtree share: the merged plugin registry, the
/// rules and the environment. Built once per distinct scope; class
/// expansions and identities are memoised on it.
public final class ResolutionScope: Sendable {
    public let registry: PluginRegistry
    public let rules: Rules
    public let environment: RenderEnvironment
    let tokenCache = Mutex<[ClassToken: TokenExpansion]>([:])
    /// Bounded so that a scene of mostly unique classes cannot grow it without limit.
    let tokenCacheLimit = 16_384
    let identityCache = Mutex<[String: String]>([:])
    /// Every exact class name known here, for "did you mean".
    let knownNames: [String]
    /// "Did you mean" answers by unknown class body, and the index they are
    /// searched in (built on the first unknown class): each distinct body is
    /// searched once per scope. Bounded like the token cache.
    let suggestionIndex = Mutex<SuggestionIndex?>(nil)
    let suggestionAnswers = Mutex<[String: String?]>([:])
    let suggestionLimit = 65_536
    /// Classes as numbers and memoised styling steps (`InternedResolution`).
    let interned = InternedGenerations()
    /// Plugin slots, each distinct factory call once (`SlotMemo`).
    let slots = SlotMemo()
    /// Each source's slots when every one is inactive (`InternedResolution`).
    let inactiveSlots = InactiveSlotChains()
    /// The OS version lacks an API plugin slots may use: look at their modifiers.
    let checksPluginAPIs: Bool
    /// Some recipe here is named with a bracket (`size-[card]`, G-5): it
    /// claims that class before any built-in root (`BracketClassCompiler`).
    let hasBracketRecipes: Bool
    /// Some named recipe's classes mention `group`: every surface then asks
    /// for its group marker (`SurfaceResolver.groupMarker`), not only those
    /// whose own classes mention it. Known once here, not per surface.
    let namedRulesMentionGroup: Bool

    public init(registry: PluginRegistry, rules: Rules = Rules(), environment: RenderEnvironment = RenderEnvironment())
    {
        self.registry = registry
        // Theme tokens resolve for the environment's appearance.
        var rules = rules
        rules.theme.colorScheme = environment.colorScheme
        self.rules = rules
        self.environment = environment
        checksPluginAPIs = !SwiftUIAPI.pluginAPIsAvailable(in: environment)
        let bracket = UInt8(ascii: "[")
        hasBracketRecipes =
            rules.named.keys.contains { $0.utf8.contains(bracket) }
            || BuiltinRecipes.definitions.keys.contains { $0.utf8.contains(bracket) }
            || registry.recipes.contains { $0.name.utf8.contains(bracket) }
        namedRulesMentionGroup = rules.named.values.contains { SurfaceResolver.mentionsGroup($0.classes) }
        var names = Set<String>()
        names.formUnion(rules.named.keys)
        names.formUnion(
            BuiltinRecipes.definitions.keys.filter { recipe in
                guard let utility = BuiltinRecipes.scopedUtility[recipe] else { return true }
                return registry.modifiers.contains { $0.name == utility }
            })
        names.formUnion(BuiltinUtilities.exactTags.keys)
        for recipe in registry.recipes { names.insert(recipe.name) }
        for m in registry.modifiers { names.insert(m.form.isExactTag ? m.name : m.name + "-[…]") }
        for u in registry.utilities { names.insert(u.prefix + "-[…]") }
        for a in registry.animations { names.insert("animate-" + a.name) }
        for name in BuiltinUtilities.curveNames.keys { names.insert("animate-" + name) }
        names.formUnion(ResolutionScope.builtinExamples(rules.theme))
        knownNames = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Every exact class name known here, in bytewise order: what "did you
    /// mean" searches, and what an editor completes (registrations that take
    /// an argument as `name-[…]`).
    public var classNames: [String] { knownNames }

    /// Common built-in classes, so that a misspelling of one is suggested.
    static func builtinExamples(_ theme: Theme) -> [String] {
        var out: [String] = []
        for root in ["p", "px", "py", "pt", "pb", "pl", "pr", "w", "h", "size"] {
            for step in ["0", "1", "2", "3", "4", "5", "6", "8", "10", "12", "16"] { out.append("\(root)-\(step)") }
        }
        for color in theme.colorNames {
            out += ["bg-\(color)", "text-\(color)", "border-\(color)", "tint-\(color)"]
        }
        for size in theme.fontSizes.keys { out.append("text-\(size)") }
        for radius in theme.radii.keys where radius != "DEFAULT" { out.append("rounded-\(radius)") }
        for shadow in theme.shadows.keys where shadow != "DEFAULT" { out.append("shadow-\(shadow)") }
        for weight in BuiltinUtilities.fontWeights.keys { out.append("font-\(weight)") }
        for design in BuiltinUtilities.fontDesigns.keys { out.append("font-\(design)") }
        for t in BuiltinUtilities.trackingSteps.keys { out.append("tracking-\(t)") }
        for t in BuiltinUtilities.leadingSteps.keys { out.append("leading-\(t)") }
        for t in BuiltinUtilities.textAlignments.keys { out.append("text-\(t)") }
        for t in BuiltinUtilities.controlSizes.keys { out.append("control-\(t)") }
        out += [
            "w-full", "h-full", "opacity-50", "duration-200", "delay-100", "rotate-45", "scale-95", "rounded", "shadow",
            "blur",
        ]
        return out
    }

    /// Drops every cached resolution (the answers never depend on the cache).
    public func clearCache() {
        tokenCache.withLock { $0.removeAll() }
        identityCache.withLock { $0.removeAll() }
        suggestionAnswers.withLock { $0.removeAll() }
        interned.clear()
        slots.clear()
        inactiveSlots.clear()
    }

    /// A top-level class's expansion, computed once per scope.
    func expansion(of token: ClassToken, memoised: Bool = true, compute: (ClassToken) -> TokenExpansion)
        -> TokenExpansion
    {
        guard memoised else { return compute(token) }
        if let hit = tokenCache.withLock({ $0[token] }) { return hit }
        let computed = compute(token)
        tokenCache.withLock { cache in
            if cache.count >= tokenCacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[token] = computed
        }
        return computed
    }

    /// The nearest known class name to an unknown class body, searched once
    /// per distinct body; the same answer `Suggestion.nearest(to:in: knownNames)` gives.
    func suggestion(for body: String) -> String? {
        if let hit = suggestionAnswers.withLock({ $0[body] }) { return hit }
        let index = suggestionIndex.withLock { stored -> SuggestionIndex in
            if let stored { return stored }
            let built = SuggestionIndex(knownNames)
            stored = built
            return built
        }
        let answer = index.nearest(to: body)
        suggestionAnswers.withLock { answers in
            if answers.count >= suggestionLimit { answers.removeAll(keepingCapacity: true) }
            answers[body] = .some(answer)
        }
        return answer
    }

    /// SHA-256 of a structural signature; many surfaces share one.
    func identity(of signature: String) -> String {
        if let hit = identityCache.withLock({ $0[signature] }) { return hit }
        let digest = SHA256.hex(signature)
        identityCache.withLock { cache in
            if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
            cache[signature] = digest
        }
        return digest
    }
}
