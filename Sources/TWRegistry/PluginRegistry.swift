import Synchronization
import TWLoading
import TWModel

/// The registrations of an ordered set of plugins, merged for one scope.
///
/// Modifier registrations are kept in chain order (R-ORDER-1): phase, then
/// `order`, then name bytewise. When two plugins register the same name, the
/// later plugin in the scope's list wins and a `shadowed-registration`
/// warning names both.
public final class PluginRegistry: Sendable {
    public let plugins: [PluginInfo]
    /// In chain order.
    public let modifiers: [ModifierRegistration]
    /// By prefix, bytewise.
    public let utilities: [UtilityRegistration]
    public let recipes: [RecipeRegistration]
    public let animations: [AnimationPresetRegistration]
    public let diagnostics: [Diagnostic]

    private let modifierIndex: [String: Int]
    private let utilityIndex: [String: Int]
    private let recipeIndex: [String: Int]
    private let animationIndex: [String: Int]
    /// One bit per modifier name and per utility prefix (`sketchBit`): a name
    /// whose bit is clear is none of them, known without hashing it — most of
    /// the classes a scope compiles name no registration, and each asks.
    private let modifierSketch: UInt64
    private let utilitySketch: UInt64

    /// - Parameters:
    ///   - loaded: the scope's plugins, in order: a later plugin's name wins.
    ///   - inline: registrations written inline in a Swift source for this
    ///     subtree; merged last, so they shadow plugins' registrations of the same name.
    public init(plugins loaded: [LoadedPlugin], inline: InlineRegistrations = InlineRegistrations()) {
        var diagnostics: [Diagnostic] = []
        var inline = inline
        if inline.modifiers.contains(where: \.yieldsToExisting) {
            // A library utility keeps a loaded plugin's modifier of its name (and shadows nothing).
            let taken = Set(loaded.flatMap { $0.modifiers.map(\.name) })
            inline.modifiers.removeAll { $0.yieldsToExisting && taken.contains($0.name) }
        }
        let loaded = inline.isEmpty ? loaded : loaded + [inline.asPlugin()]
        func merge<T>(
            _ kind: String, _ items: (LoadedPlugin) -> [T], _ name: (T) -> String, _ plugin: (T) -> String,
            _ location: (T) -> SourceLocation? = { _ in nil }
        )
            -> [T]
        {
            var byName: [String: T] = [:]
            for entry in loaded {
                for item in items(entry) {
                    let key = name(item)
                    if let previous = byName[key] {
                        func origin(_ entry: T) -> RegistryFinding.Origin {
                            location(entry).map { .inline($0) } ?? .plugin(plugin(entry))
                        }
                        // The diagnostic's location says where an inline registration is.
                        let finding = RegistryFinding.shadowed(
                            kind: kind, name: key, winner: origin(item), loser: origin(previous))
                        diagnostics.append(finding.diagnostic(location: location(item)))
                    }
                    byName[key] = item
                }
            }
            // Names are validated ASCII, where String's < is bytewise order.
            return byName.keys.sorted(by: <).compactMap { byName[$0] }
        }
        let modifiers = merge("modifier", \.modifiers, \.name, \.plugin, \.location).sorted(
            by: PluginRegistry.chainOrder)
        let utilities = merge("utility", \.utilities, \.prefix, \.plugin, { $0.inline?.location })
        self.plugins = loaded.map(\.info)
        self.modifiers = modifiers
        self.utilities = utilities
        self.recipes = merge("recipe", \.recipes, \.name, \.plugin)
        self.animations = merge("animation", \.animations, \.name, \.plugin, { $0.inline?.location })
        self.modifierIndex = Dictionary(uniqueKeysWithValues: modifiers.enumerated().map { ($1.name, $0) })
        self.utilityIndex = Dictionary(uniqueKeysWithValues: utilities.enumerated().map { ($1.prefix, $0) })
        self.recipeIndex = Dictionary(uniqueKeysWithValues: self.recipes.enumerated().map { ($1.name, $0) })
        self.animationIndex = Dictionary(uniqueKeysWithValues: self.animations.enumerated().map { ($1.name, $0) })
        self.modifierSketch = modifiers.reduce(0) { $0 | Self.sketchBit($1.name) }
        self.utilitySketch = utilities.reduce(0) { $0 | Self.sketchBit($1.prefix) }
        self.diagnostics = diagnostics
    }

    /// R-ORDER-1: phase beats order; equal orders by name, bytewise.
    static func chainOrder(_ a: ModifierRegistration, _ b: ModifierRegistration) -> Bool {
        if a.phase != b.phase { return a.phase < b.phase }
        if a.order != b.order { return a.order < b.order }
        return a.name < b.name  // validated ASCII names: bytewise order
    }

    public func modifier(named name: String) -> ModifierRegistration? {
        guard modifierSketch & Self.sketchBit(name) != 0 else { return nil }
        return modifierIndex[name].map { modifiers[$0] }
    }

    public func utility(prefix: String) -> UtilityRegistration? {
        guard utilitySketch & Self.sketchBit(prefix) != 0 else { return nil }
        return utilityIndex[prefix].map { utilities[$0] }
    }

    /// A name's bit of 64, from its first and last bytes and its length (equal
    /// names have equal bits; a clear bit in a sketch rules the name out).
    static func sketchBit(_ name: String) -> UInt64 {
        let bytes = name.utf8
        guard let first = bytes.first, let last = bytes.last else { return 1 }
        let h =
            (UInt64(first) &* 0x9E37_79B9) ^ (UInt64(last) &* 0x85EB_CA6B)
            ^ (UInt64(truncatingIfNeeded: bytes.count) &* 0xC2B2_AE35)
        return 1 << ((h ^ (h >> 17)) & 63)
    }
    public func recipe(named name: String) -> RecipeRegistration? { recipeIndex[name].map { recipes[$0] } }
    public func animation(named name: String) -> AnimationPresetRegistration? {
        animationIndex[name].map { animations[$0] }
    }
}
