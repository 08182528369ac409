import TWModel
import TWPluginAPI

/// An animation preset (`animate-<name>`) whose factory receives seconds.
public struct AnimationPresetRegistration: Sendable {
    public let name: String
    public let plugin: String
    /// The plugin's function, for a plugin's preset.
    package let maker: PluginAnimation?
    /// An inline `TWAnimation` from a Swift source, read statically.
    package let inline: InlineAnimation?

    /// A plugin's preset, made by its function.
    package init(name: String, plugin: String, maker: PluginAnimation) {
        self.name = name
        self.plugin = plugin
        self.maker = maker
        self.inline = nil
    }

    /// An inline `TWAnimation` from a Swift source.
    package init(name: String, plugin: String, inline: InlineAnimation) {
        self.name = name
        self.plugin = plugin
        self.maker = nil
        self.inline = inline
    }

    /// The animation for a duration in seconds, or the preset's own timing for nil.
    public func make(seconds: Double?) -> AnimationValue {
        if let inline { return inline.make(seconds: seconds) }
        return maker?.make(seconds: seconds) ?? AnimationValue(curve: .default)
    }
}

package final class PluginAnimation: Sendable {
    let function: tw_animation_fn
    let context: PluginContext
    let site: PluginSite
    init(function: tw_animation_fn, context: PluginContext, site: PluginSite) {
        self.function = function
        self.context = context
        self.site = site
    }

    func make(seconds: Double?) -> AnimationValue {
        var out = AnimationValue(curve: .default).cValue
        site.run(.preset) { function(context.pointer, seconds ?? -1, &out) }
        return AnimationValue(out)
    }
}
