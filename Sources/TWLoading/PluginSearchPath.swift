import Glibc
import TWModel
import TWSupport

/// Where plugins are looked up, in order: `--plugin-path` directories,
/// `TWHOST_PLUGIN_PATH` entries, the folder of the `twhost` executable, then
/// `<exe>/../lib/twhost/plugins`. The working directory is never searched
/// implicitly.
public struct PluginSearchPath: Sendable, Equatable {
    public var directories: [String]
    /// Entries that were ignored, e.g. relative `TWHOST_PLUGIN_PATH` entries.
    public var warnings: [String]
    /// Load plugins even when another user could have written them
    /// (`--allow-writable-plugins`).
    public var allowWritable: Bool

    public init(directories: [String], warnings: [String] = [], allowWritable: Bool = false) {
        self.directories = directories
        self.warnings = warnings
        self.allowWritable = allowWritable
    }

    /// The standard search path.
    /// - Parameters:
    ///   - explicit: `--plugin-path` values, in the order given.
    ///   - environment: the value of `TWHOST_PLUGIN_PATH`, if set.
    ///   - executable: the running executable's path (nil to skip its folders).
    public static func standard(explicit: [String], environment: String?, executable: String?) -> PluginSearchPath {
        var directories = explicit
        var warnings: [String] = []
        if let environment {
            for entry in environment.split(separator: ":", omittingEmptySubsequences: false) {
                if entry.isEmpty {
                    warnings.append("TWHOST_PLUGIN_PATH: ignoring an empty entry")
                } else if !entry.hasPrefix("/") {
                    warnings.append("TWHOST_PLUGIN_PATH: ignoring relative entry '\(entry)'")
                } else {
                    directories.append(String(entry))
                }
            }
        }
        if let executable, let slash = executable.lastIndex(of: "/") {
            let folder = String(executable[..<slash])
            directories.append(folder.isEmpty ? "/" : folder)
            directories.append(folder + "/../lib/twhost/plugins")
        }
        return PluginSearchPath(directories: directories, warnings: warnings)
    }

    /// The path of the running executable, with symlinks resolved.
    public static func currentExecutable() -> String? {
        realPath("/proc/self/exe")
    }

    /// Finds `lib<name>.so` (stem compared case-insensitively); first directory wins,
    /// and within one directory the bytewise-first matching file name.
    public func locate(_ name: String) -> String? {
        let wanted = "lib\(name).so"
        for directory in directories {
            guard let entries = listDirectory(directory) else { continue }
            let matches = entries.filter { $0.lowercased() == wanted }.sorted {
                $0.utf8.lexicographicallyPrecedes($1.utf8)
            }
            if let first = matches.first { return directory + "/" + first }
        }
        return nil
    }

    /// Every `lib*.so` in the search path, first occurrence of each stem.
    public func allPlugins() -> [(stem: String, path: String)] {
        var seen = Set<String>()
        var found: [(String, String)] = []
        for directory in directories {
            guard let entries = listDirectory(directory) else { continue }
            for entry in entries.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                guard entry.hasPrefix("lib"), entry.hasSuffix(".so"), entry.utf8.count > 6 else { continue }
                let stem = String(entry.dropFirst(3).dropLast(3)).lowercased()
                guard isValidPluginName(stem), seen.insert(stem).inserted else { continue }
                found.append((stem, directory + "/" + entry))
            }
        }
        return found
    }
}
