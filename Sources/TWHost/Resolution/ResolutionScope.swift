import Synchronization

/// Where a surface is rendered: platform, OS version and accessibility state.
public struct RenderEnvironment: Hashable, Sendable {
    public enum Platform: String, Hashable, Sendable, CaseIterable { case ios, macos, tvos }

    /// The version assumed when none is given: the last release before the
    /// version-26 releases on each platform — iOS 18, tvOS 18, macOS 15
    /// (Sequoia, released with iOS 18).
    public static func defaultOSVersion(_ platform: Platform) -> Int { platform == .macos ? 15 : 18 }
    public var platform: Platform
    public var osVersion: Int
    public var reduceMotion: Bool
    /// A transaction with animations disabled (`transaction.disablesAnimations`).
    public var animationsDisabled: Bool

    /// - Parameter osVersion: the major version apps are built for (their
    ///   deployment target); nil is `defaultOSVersion(platform)`.
    public init(
        platform: Platform = .ios, osVersion: Int? = nil, reduceMotion: Bool = false, animationsDisabled: Bool = false
    ) {
        self.platform = platform
        self.osVersion = osVersion ?? Self.defaultOSVersion(platform)
        self.reduceMotion = reduceMotion
        self.animationsDisabled = animationsDisabled
    }
}

/// The native source a `.tw` surface decorates (R-TARGET-1/2).
public struct SurfaceSource: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable { case view, text, image, shape, button }
    public var kind: Kind
    /// Native modifiers were applied before `.tw`: the source is no longer a
    /// Text, Image or Shape, so target registrations cannot run.
    public var wrapped: Bool
    /// The native modifier that wrapped it (`padding`), when known.
    public var wrapper: String?

    /// - Parameter wrapped: native modifiers that return another type were
    ///   applied before `.tw` (`NativeSourceMethods.source(_:native:environment:)`
    ///   tells which do).
    public init(_ kind: Kind, wrapped: Bool = false, wrapper: String? = nil) {
        self.kind = kind
        self.wrapped = wrapped
        self.wrapper = wrapped ? wrapper : nil
    }

    /// The target registrations that may run here, if any.
    public var target: SourceTarget? {
        guard !wrapped else { return nil }
        switch kind {
        case .text: return .text
        case .image: return .image
        case .shape: return .shape
        case .view, .button: return nil
        }
    }

    /// The name used in output: text, image, shape, view or button.
    public var targetName: String { wrapped && kind != .button ? "view" : kind.rawValue }
}

/// Everything surfaces of one subtree share: the merged plugin registry, the
/// rules and the environment. Built once per distinct scope; resolutions are
/// cached on it.
public final class ResolutionScope: Sendable {
    public let registry: PluginRegistry
    public let rules: Rules
    public let environment: RenderEnvironment
    let cache = Mutex<[SurfaceCacheKey: ResolvedSurface]>([:])
    /// Surfaces with the same classes in one scope (list rows) resolve once;
    /// bounded so that a large scene's memory stays flat.
    let cacheLimit = 4096
    let tokenCache = Mutex<[ClassToken: TokenExpansion]>([:])
    /// Bounded so that a scene of mostly unique classes cannot grow it without limit.
    let tokenCacheLimit = 16_384
    let identityCache = Mutex<[String: String]>([:])
    /// Every exact class name known here, for "did you mean".
    let knownNames: [String]
    /// The OS version lacks an API plugin slots may use: look at their modifiers.
    let checksPluginAPIs: Bool

    public init(registry: PluginRegistry, rules: Rules = Rules(), environment: RenderEnvironment = RenderEnvironment())
    {
        self.registry = registry
        self.rules = rules
        self.environment = environment
        checksPluginAPIs = !SwiftUIAPI.pluginAPIsAvailable(in: environment)
        var names = Set<String>()
        names.formUnion(rules.named.keys)
        names.formUnion(BuiltinRecipes.definitions.keys)
        names.formUnion(BuiltinUtilities.exactTags.keys)
        for recipe in registry.recipes { names.insert(recipe.name) }
        for m in registry.modifiers { names.insert(m.form.isExactTag ? m.name : m.name + "-[…]") }
        for u in registry.utilities { names.insert(u.prefix + "-[…]") }
        for a in registry.animations { names.insert("animate-" + a.name) }
        for name in BuiltinUtilities.curveNames.keys { names.insert("animate-" + name) }
        names.formUnion(ResolutionScope.builtinExamples(rules.theme))
        knownNames = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Common built-in classes, so that a misspelling of one is suggested.
    static func builtinExamples(_ theme: Theme) -> [String] {
        var out: [String] = []
        for root in ["p", "px", "py", "pt", "pb", "pl", "pr", "w", "h", "size"] {
            for step in ["0", "1", "2", "3", "4", "5", "6", "8", "10", "12", "16"] { out.append("\(root)-\(step)") }
        }
        for color in theme.colors.keys {
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
        cache.withLock { $0.removeAll() }
        tokenCache.withLock { $0.removeAll() }
        identityCache.withLock { $0.removeAll() }
    }

    /// A top-level class's expansion, computed once per scope.
    func expansion(of token: ClassToken, compute: (ClassToken) -> TokenExpansion) -> TokenExpansion? {
        if let hit = tokenCache.withLock({ $0[token] }) { return hit }
        let computed = compute(token)
        tokenCache.withLock { cache in
            if cache.count >= tokenCacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[token] = computed
        }
        return computed
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

struct SurfaceCacheKey: Hashable {
    var classes: TWClasses
    var source: SurfaceSource
    var state: SurfaceState
    var lenient: Bool
    var includeDefaults: Bool
    var details: Bool
}
