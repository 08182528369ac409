import Glibc
import Synchronization
import TWModel
import TWPluginAPI

/// Loads plugins with `dlopen(RTLD_NOW | RTLD_LOCAL)` and validates their
/// descriptors, loading only what was checked.
///
/// The path is resolved without trusting anything another user could change
/// (`PluginFileTrust`), the file is opened once, its open descriptor is checked
/// with `fstat`, and that descriptor's file is what `dlopen` maps, through
/// `/proc/self/fd/N`: a file swapped after the check is never loaded.
///
/// Libraries are never closed: Swift code cannot be safely unloaded. Their
/// descriptors stay open too, so that no later plugin is ever opened under the
/// same `/proc/self/fd/N` name (the dynamic loader would take it for the
/// library already loaded under that name). Each file (by device and inode) is
/// loaded and its entry called at most once per process; later requests get
/// the cached result. A file the dynamic loader refused is tried again: it
/// was closed, and its inode may now be another file's.
public enum PluginLoader {
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static let cache = Mutex<[FileIdentity: Result<LoadedPlugin, PluginLoadError>]>([:])

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
    /// - Parameter allowWritable: load even when another user could have changed
    ///   the file or a folder on its path (`--allow-writable-plugins`); the file
    ///   is still opened once and loaded from that descriptor.
    public static func load(path: String, expectedName: String?, allowWritable: Bool = false) -> Result<
        LoadedPlugin, PluginLoadError
    > {
        let trust = PluginFileTrust(enforce: !allowWritable)
        let canonical: String
        do {
            canonical = try trust.resolve(path)
        } catch {
            return .failure(loadError(error, path: path))
        }
        let fd = open(canonical, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return .failure(.missingFile(path: path)) }
            if errno == ELOOP {
                return .failure(.cannotOpen(path: path, reason: "it became a symbolic link while it was checked"))
            }
            return .failure(.cannotOpen(path: path, reason: String(cString: strerror(errno))))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(.cannotOpen(path: path, reason: reason))
        }
        do {
            try trust.checkFile(info, descriptor: fd)
        } catch {
            close(fd)
            return .failure(loadError(error, path: path))
        }
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        let result = cache.withLock { cache -> Result<LoadedPlugin, PluginLoadError> in
            if let cached = cache[identity] {
                close(fd)
                return cached
            }
            let loaded = loadUncached(fd: fd, path: canonical, label: expectedName ?? stem(canonical))
            // A file the dynamic loader refused is closed again, so its inode can
            // be reused by another file (or rewritten in place): that failure is
            // not remembered. Every other result keeps the file open.
            if case .failure(.dlopenFailed) = loaded { return loaded }
            cache[identity] = loaded
            return loaded
        }
        if case .success(let plugin) = result, let expectedName, plugin.info.name != expectedName {
            return .failure(.nameMismatch(path: plugin.info.path, requested: expectedName, actual: plugin.info.name))
        }
        return result
    }

    private static func loadError(_ failure: PluginFileTrust.Failure, path: String) -> PluginLoadError {
        switch failure {
        case .missing: return .missingFile(path: path)
        case .untrusted(let problem): return .untrusted(path: path, problem: problem)
        case .other(let reason): return .cannotOpen(path: path, reason: reason)
        }
    }

    /// Maps the open file `fd` (already checked) and calls its entry.
    private static func loadUncached(fd: Int32, path: String, label: String) -> Result<LoadedPlugin, PluginLoadError> {
        let byDescriptor = "/proc/self/fd/\(fd)"
        let site = PluginSite(plugin: label, subject: path)
        _ = dlerror()
        // The library's constructors are plugin code too.
        guard let handle = site.run(.loading, { dlopen(byDescriptor, RTLD_NOW | RTLD_LOCAL) }) else {
            var text = lastDLError().replacing(byDescriptor, with: path)
            if access("/proc/self/fd", F_OK) != 0 {
                text += " (twhost loads plugins through /proc/self/fd; /proc must be mounted)"
            }
            close(fd)
            return .failure(.dlopenFailed(path: path, dlerror: text))
        }
        // Never dlclose, and keep `fd` open: see the type's documentation.
        guard let symbol = dlsym(handle, TW_PLUGIN_ENTRY_SYMBOL) else {
            return .failure(.missingEntry(path: path, dlerror: lastDLError().replacing(byDescriptor, with: path)))
        }
        let entry = unsafeBitCast(symbol, to: tw_plugin_entry_fn.self)
        let host = HostCallbacks.hostTable(for: label)
        var message: UnsafePointer<CChar>?
        let descriptor = site.run(.entry) {
            entry(UInt32(TW_ABI_MAJOR), UInt32(TW_ABI_MINOR), host.table, &message)
        }
        guard let descriptor else {
            return .failure(.entryFailed(path: path, message: copyMessage(message)))
        }
        let validated = DescriptorValidator(path: path, descriptor: UnsafeRawPointer(descriptor)).validate()
        if case .success(let plugin) = validated { host.identity.name.withLock { $0 = plugin.info.name } }
        return validated
    }

    /// `libMaterial.so` → `Material`: what a plugin is called before its entry names it.
    private static func stem(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasPrefix("lib") { name.removeFirst(3) }
        if name.hasSuffix(".so") { name.removeLast(3) }
        return name
    }

    private static func lastDLError() -> String {
        guard let text = dlerror() else { return "unknown dynamic loader error" }
        return String(cString: text)
    }
}
