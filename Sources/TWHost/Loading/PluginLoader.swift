import Glibc
import Synchronization
import TWPluginAPI

/// Loads plugins with `dlopen(RTLD_NOW | RTLD_LOCAL)` and validates their
/// descriptors (A-7, A-8).
///
/// Libraries are never closed: Swift code cannot be safely unloaded. Each file
/// (by resolved path) is loaded and its entry called at most once per process;
/// later requests get the cached result.
public enum PluginLoader {
    private static let cache = Mutex<[String: Result<LoadedPlugin, PluginLoadError>]>([:])

    /// Loads a plugin by name through the search path, or by an explicit `.so` path.
    public static func load(_ request: String, searchPath: PluginSearchPath) -> Result<LoadedPlugin, PluginLoadError> {
        if request.hasSuffix(".so") {
            return load(path: request, expectedName: nil, allowWritable: searchPath.allowWritable)
        }
        guard isValidPluginName(request) else { return .failure(.invalidRequestedName(request)) }
        guard let path = searchPath.locate(request) else {
            return .failure(.notFound(name: request, searched: searchPath.directories))
        }
        return load(path: path, expectedName: request, allowWritable: searchPath.allowWritable)
    }

    /// Loads one file. With `expectedName`, the descriptor's name must equal it.
    public static func load(path: String, expectedName: String?, allowWritable: Bool = false) -> Result<
        LoadedPlugin, PluginLoadError
    > {
        guard access(path, R_OK) == 0, let resolved = realPath(path) else {
            return .failure(.missingFile(path: path))
        }
        if !allowWritable, let problem = writableByOthers(resolved) {
            return .failure(.writableByOthers(path: resolved, what: problem))
        }
        let result = cache.withLock { cache -> Result<LoadedPlugin, PluginLoadError> in
            if let cached = cache[resolved] { return cached }
            let loaded = loadUncached(path: resolved)
            cache[resolved] = loaded
            return loaded
        }
        if case .success(let plugin) = result, let expectedName, plugin.info.name != expectedName {
            return .failure(.nameMismatch(path: resolved, requested: expectedName, actual: plugin.info.name))
        }
        return result
    }

    private static func loadUncached(path: String) -> Result<LoadedPlugin, PluginLoadError> {
        _ = dlerror()
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.dlopenFailed(path: path, dlerror: lastDLError()))
        }
        // Never dlclose: see the type's documentation.
        guard let symbol = dlsym(handle, TW_PLUGIN_ENTRY_SYMBOL) else {
            return .failure(.missingEntry(path: path, dlerror: lastDLError()))
        }
        let entry = unsafeBitCast(symbol, to: tw_plugin_entry_fn.self)
        var message: UnsafePointer<CChar>?
        guard let descriptor = entry(UInt32(TW_ABI_MAJOR), UInt32(TW_ABI_MINOR), HostCallbacks.hostAPI, &message) else {
            return .failure(.entryFailed(path: path, message: copyMessage(message)))
        }
        return DescriptorValidator(path: path, descriptor: descriptor).validate()
    }

    /// Why another user could change the file or its folder, if they could:
    /// writable by everyone, writable by a group, or owned by someone other
    /// than this user or root. Symlinks are resolved first.
    static func writableByOthers(_ resolved: String) -> String? {
        let me = geteuid()
        let folder = resolved.lastIndex(of: "/").map { String(resolved[..<$0]) } ?? "."
        for (what, path) in [
            ("the plugin file", resolved),
            ("its folder \(folder.isEmpty ? "/" : folder)", folder.isEmpty ? "/" : folder),
        ] {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let mode = info.st_mode
            if mode & S_IWOTH != 0 && !(mode & S_ISVTX != 0 && what != "the plugin file") {
                return "\(what) is writable by every user"
            }
            if mode & S_IWGRP != 0 && info.st_gid != getegid() && info.st_gid != 0 {
                return "\(what) is writable by group \(info.st_gid)"
            }
            if info.st_uid != me && info.st_uid != 0 {
                return "\(what) is owned by user \(info.st_uid)"
            }
        }
        return nil
    }

    private static func lastDLError() -> String {
        guard let text = dlerror() else { return "unknown dynamic loader error" }
        return String(cString: text)
    }
}
