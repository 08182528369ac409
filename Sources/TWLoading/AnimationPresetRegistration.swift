import TWModel
import TWPluginAPI

/// An animation preset (`animate-<name>`) whose factory receives seconds.
public struct AnimationPresetRegistration: Sendable {
    public let name: String
    public let plugin: String
    /// What makes the animation: exactly one of a plugin's function or an
    /// inline `TWAnimation` from a Swift source, read statically.
    enum Maker: Sendable {
        case plugin(PluginAnimation)
        case inline(InlineAnimation)
    }

    let maker: Maker

    /// The inline `TWAnimation`, for a preset written in a Swift source.
    package var inline: InlineAnimation? {
        if case .inline(let animation) = maker { return animation }
        return nil
    }

    /// Where the preset comes from, for labels: `plugin motion`, or
    /// `inline, Motion.swift:12:22` for a Swift source's (where its
    /// `TWAnimation` is written), as inline modifiers are labelled.
    package var origin: String {
        switch maker {
        case .plugin: return "plugin \(plugin)"
        case .inline(let animation): return "inline, \(animation.location.description)"
        }
    }

    /// A plugin's preset, made by its function.
    package init(name: String, plugin: String, maker: PluginAnimation) {
        self.name = name
        self.plugin = plugin
        self.maker = .plugin(maker)
    }

    /// An inline `TWAnimation` from a Swift source.
    package init(name: String, plugin: String, inline: InlineAnimation) {
        self.name = name
        self.plugin = plugin
        self.maker = .inline(inline)
    }

    /// The animation for a duration in seconds, or the preset's own timing for nil.
    public func make(seconds: Double?) -> AnimationValue {
        switch maker {
        case .plugin(let function): return function.make(seconds: seconds)
        case .inline(let animation): return animation.make(seconds: seconds)
        }
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
