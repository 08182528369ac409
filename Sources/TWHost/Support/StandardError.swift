import Glibc
import TWPluginAPI

/// Unbuffered writes to stderr, for warnings that must not wait for stdout.
public enum StandardError {
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// The host's version.
public enum TWHostVersion {
    public static let string = "0.1.0"
}

/// The plugin ABI version this host speaks.
public enum PluginABI {
    public static let major = Int(TW_ABI_MAJOR)
    public static let minor = Int(TW_ABI_MINOR)
}
