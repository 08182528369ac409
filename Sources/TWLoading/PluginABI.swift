import TWPluginAPI

/// The plugin ABI version this host speaks.
public enum PluginABI {
    public static let major = Int(TW_ABI_MAJOR)
    public static let minor = Int(TW_ABI_MINOR)
}
