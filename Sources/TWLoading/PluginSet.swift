/// The outcome of loading an ordered list of plugin requests.
public struct PluginSetLoad: Sendable {
    public var plugins: [LoadedPlugin]
    public var errors: [PluginLoadError]
}

/// Loads plugins named on a command line (`--plugins material,motion`), in order.
public enum PluginSet {
    public static func load(_ requests: [String], searchPath: PluginSearchPath) -> PluginSetLoad {
        var plugins: [LoadedPlugin] = []
        var errors: [PluginLoadError] = []
        var seen = Set<String>()
        for request in requests {
            switch PluginLoader.load(request, searchPath: searchPath) {
            case .success(let plugin):
                // Naming a plugin twice loads it once, at its first position.
                if seen.insert(plugin.info.path).inserted { plugins.append(plugin) }
            case .failure(let error):
                errors.append(error)
            }
        }
        return PluginSetLoad(plugins: plugins, errors: errors)
    }
}
