import TWModel
import TWPluginAPI

/// A bracket-prefix utility of a plugin (A-4b): expands an argument to classes.
public struct UtilityRegistration: Sendable {
    public let prefix: String
    public let plugin: String
    /// The plugin's function, for a plugin's utility.
    package let expander: PluginUtility?
    /// An inline `TWUtility` from a Swift source, read statically.
    package let inline: InlineUtility?

    /// A plugin's utility, expanded by its function.
    package init(prefix: String, plugin: String, expander: PluginUtility) {
        self.prefix = prefix
        self.plugin = plugin
        self.expander = expander
        self.inline = nil
    }

    /// An inline `TWUtility` from a Swift source.
    package init(prefix: String, plugin: String, inline: InlineUtility) {
        self.prefix = prefix
        self.plugin = plugin
        self.expander = nil
        self.inline = inline
    }

    /// The classes the argument expands to, or the plugin's rejection.
    public func expand(_ argument: String, theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        if let inline { return inline.expand(argument, theme: theme) }
        guard let expander else { return .failure("the utility has no expander") }
        return expander.expand(argument, theme: theme)
    }
}

package final class PluginUtility: Sendable {
    let function: tw_utility_fn
    let context: PluginContext
    let site: PluginSite
    init(function: tw_utility_fn, context: PluginContext, site: PluginSite) {
        self.function = function
        self.context = context
        self.site = site
    }

    func expand(_ argument: String, theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        argument.withCString { expand(cString: $0, theme: theme) }
    }

    /// Expands raw bytes (which need not be UTF-8), for hostile-input probes.
    package func expand(bytes: [UInt8], theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        withCString(bytes) { expand(cString: $0, theme: theme) }
    }

    private func expand(cString: UnsafePointer<CChar>, theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        let sink = UtilitySink()
        let themeBox = ThemeBox(theme)
        HandleSlots.withResultAndTheme(
            .utilityResult, api: UnsafeRawPointer(HostCallbacks.utilityResultAPI), sink: sink, theme: themeBox,
            site: site, step: .utility
        ) { result, cTheme in
            function(
                context.pointer, cString, cTheme.assumingMemoryBound(to: tw_theme.self),
                result.assumingMemoryBound(to: tw_utility_result.self))
        }
        sink.close()
        if let rejection = sink.rejection { return .failure(ArgumentDecoder.Failure(message: rejection)) }
        guard let classes = sink.classes else {
            return .failure(ArgumentDecoder.Failure(message: "the utility reported no classes"))
        }
        return .success(classes)
    }
}
