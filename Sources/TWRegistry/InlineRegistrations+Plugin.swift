import TWLoading
import TWModel

extension InlineRegistrations {
    /// A loaded-plugin stand-in for these registrations, merged after the plugins of a scope.
    func asPlugin() -> LoadedPlugin {
        let info = PluginInfo(name: Self.pluginName, version: "", path: "", abiMajor: 0, abiMinor: 0)
        return LoadedPlugin(
            info: info, modifiers: modifiers.map(ModifierRegistration.init(inline:)),
            utilities: utilities.map {
                UtilityRegistration(prefix: $0.prefix, plugin: Self.pluginName, inline: $0)
            },
            recipes: [],
            animations: animations.map {
                AnimationPresetRegistration(name: $0.name, plugin: Self.pluginName, inline: $0)
            })
    }
}
