/// Who a plugin is.
public struct PluginInfo: Sendable, Hashable {
    public let name: String
    public let version: String
    public let path: String
    public let abiMajor: Int
    public let abiMinor: Int

    package init(name: String, version: String, path: String, abiMajor: Int, abiMinor: Int) {
        self.name = name
        self.version = version
        self.path = path
        self.abiMajor = abiMajor
        self.abiMinor = abiMinor
    }
}

/// A plugin that loaded and passed validation.
public final class LoadedPlugin: Sendable {
    public let info: PluginInfo
    public let modifiers: [ModifierRegistration]
    public let utilities: [UtilityRegistration]
    public let recipes: [RecipeRegistration]
    public let animations: [AnimationPresetRegistration]

    package init(
        info: PluginInfo, modifiers: [ModifierRegistration], utilities: [UtilityRegistration],
        recipes: [RecipeRegistration], animations: [AnimationPresetRegistration]
    ) {
        self.info = info
        self.modifiers = modifiers
        self.utilities = utilities
        self.recipes = recipes
        self.animations = animations
    }

    public var name: String { info.name }
}

/// A named recipe: name → classes.
public struct RecipeRegistration: Sendable, Hashable {
    public let name: String
    public let plugin: String
    public let classes: String
}
