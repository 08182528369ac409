/// Why a plugin could not be found, loaded or accepted (A-7). Every case names
/// the file; registration errors also name the registration and the field.
public enum PluginLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A requested name is not `[a-z][a-z0-9-]{0,63}`; no file was touched.
    case invalidRequestedName(String)
    /// No `lib<name>.so` in any search directory.
    case notFound(name: String, searched: [String])
    /// The path does not exist.
    case missingFile(path: String)
    /// The path exists but cannot be resolved or opened as a plugin file.
    case cannotOpen(path: String, reason: String)
    /// `dlopen` failed (not ELF, unresolved symbol, wrong architecture …).
    case dlopenFailed(path: String, dlerror: String)
    /// The library does not export `tw_plugin_entry`.
    case missingEntry(path: String, dlerror: String)
    /// The entry returned NULL.
    case entryFailed(path: String, message: String?)
    /// The plugin's ABI cannot be used by this host (A-2).
    case abiMismatch(path: String, pluginMajor: Int, pluginMinor: Int, hostMajor: Int, hostMinor: Int)
    /// A struct is smaller than its ABI 1.0 size.
    case structTooSmall(path: String, structName: String, size: Int, minimum: Int)
    /// A field of the descriptor is invalid.
    case invalidDescriptor(path: String, field: String, reason: String)
    /// A field of one registration is invalid.
    case invalidRegistration(path: String, kind: String, index: Int, name: String?, field: String, reason: String)
    /// Two registrations of one plugin share a name.
    case duplicateName(path: String, kind: String, name: String)
    /// The descriptor's name differs from the requested one.
    case nameMismatch(path: String, requested: String, actual: String)
    /// The file, its folder, a folder above it or a link on the way could be
    /// changed by another user (A-13): anyone who can change it can run code
    /// in twhost. Nothing was opened.
    case untrusted(path: String, problem: TrustProblem)
    /// A factory or parser failed while the host probed it.
    case factoryFailed(path: String, registration: String, reason: String)

    public var path: String? {
        switch self {
        case .invalidRequestedName, .notFound: return nil
        case .missingFile(let p), .cannotOpen(let p, _), .dlopenFailed(let p, _), .missingEntry(let p, _),
            .entryFailed(let p, _),
            .abiMismatch(let p, _, _, _, _), .structTooSmall(let p, _, _, _),
            .invalidDescriptor(let p, _, _), .invalidRegistration(let p, _, _, _, _, _),
            .duplicateName(let p, _, _), .nameMismatch(let p, _, _), .factoryFailed(let p, _, _),
            .untrusted(let p, _):
            return p
        }
    }

    public var description: String {
        switch self {
        case .invalidRequestedName(let name):
            return "invalid plugin name '\(name)': names match [a-z][a-z0-9-]{0,63}"
        case .notFound(let name, let searched):
            let dirs = searched.isEmpty ? "no search directories" : searched.joined(separator: ", ")
            return "plugin '\(name)' not found: no lib\(name).so in \(dirs)"
        case .missingFile(let path):
            return "\(path): no such plugin file"
        case .cannotOpen(let path, let reason):
            return "\(path): cannot open: \(reason)"
        case .dlopenFailed(let path, let text):
            return "\(path): cannot load: \(text)"
        case .missingEntry(let path, let text):
            return "\(path): missing entry symbol 'tw_plugin_entry' (\(text))"
        case .entryFailed(let path, let message):
            return "\(path): tw_plugin_entry returned NULL: \(message ?? "no message")"
        case .abiMismatch(let path, let pMajor, let pMinor, let hMajor, let hMinor):
            return
                "\(path): abi_major/abi_minor: plugin built for ABI \(pMajor).\(pMinor), host speaks \(hMajor).\(hMinor)"
        case .structTooSmall(let path, let structName, let size, let minimum):
            return "\(path): \(structName).struct_size is \(size), smaller than ABI 1.0's \(minimum)"
        case .invalidDescriptor(let path, let field, let reason):
            return "\(path): descriptor.\(field): \(reason)"
        case .invalidRegistration(let path, let kind, let index, let name, let field, let reason):
            let who = name.map { "'\($0)'" } ?? "#\(index)"
            return "\(path): \(kind) \(who) (index \(index)) field \(field): \(reason)"
        case .duplicateName(let path, let kind, let name):
            return "\(path): \(kind) name '\(name)' is registered twice"
        case .nameMismatch(let path, let requested, let actual):
            return "\(path): descriptor.name is '\(actual)', expected '\(requested)'"
        case .untrusted(let path, let problem):
            return "\(path): refused: \(problem); or pass --allow-writable-plugins"
        case .factoryFailed(let path, let registration, let reason):
            return "\(path): registration '\(registration)': \(reason)"
        }
    }
}
