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

extension PluginLoadError {
    /// What to change so that the plugin loads: one sentence per cause, for
    /// `twhost plugins check` (docs/PluginAuthoring.md shows each with an example).
    public var fix: String {
        switch self {
        case .invalidRequestedName:
            return
                "name plugins with lowercase letters, digits and '-', starting with a letter; to load a file by its path, pass a path ending in .so"
        case .notFound:
            return
                "build the plugin as lib<name>.so into one of those folders, add its folder with --plugin-path DIR, or pass the path of the .so file"
        case .missingFile:
            return "check the path, or build the plugin first"
        case .cannotOpen:
            return "make the plugin a regular file you can read (not a folder, device or dangling link)"
        case .dlopenFailed(_, let text):
            if text.contains("undefined symbol") {
                return
                    "link the plugin against every library whose symbols it uses, or define them (`ldd -r` on the file lists what is unresolved); twhost loads plugins with every symbol bound at load time"
            }
            return
                "build the plugin as a shared library for this machine: `cc -shared -fPIC …` (or `swift build` of a .dynamic library product), not an executable, a static archive or another architecture's file"
        case .missingEntry:
            return
                "export the entry with the header's prototype: `TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t, uint32_t, const tw_host_api *, const char **)` in C or C++ (the macro gives it C linkage), or `@_cdecl(\"tw_plugin_entry\")` in Swift"
        case .entryFailed(_, let message):
            if message == nil {
                return
                    "return the descriptor from tw_plugin_entry; when it must refuse, set *error to the reason before returning NULL, so users see why"
            }
            return
                "tw_plugin_entry refused to load with the reason above: fix what it names, and refuse only a host whose ABI major you do not support"
        case .abiMismatch(_, let pluginMajor, _, let hostMajor, _):
            if pluginMajor > hostMajor {
                return
                    "this twhost is older than the plugin's ABI: use a twhost that speaks ABI \(pluginMajor).x, or rebuild the plugin against the TWPluginAPI.h of ABI \(hostMajor).x"
            }
            return
                "rebuild the plugin against this twhost's TWPluginAPI.h (ABI \(hostMajor).x), with abi_major = TW_ABI_MAJOR and abi_minor = TW_ABI_MINOR"
        case .structTooSmall(_, let structName, _, _):
            let type = structName == "descriptor" ? "tw_plugin_descriptor" : Self.elementType(structName)
            return "set struct_size = sizeof(\(type)), never a number, and build against the current TWPluginAPI.h"
        case .invalidDescriptor(_, let field, _):
            return Self.descriptorFix(field)
        case .invalidRegistration(_, let kind, _, _, let field, _):
            return Self.registrationFix(kind: kind, field: field)
        case .duplicateName(_, let kind, _):
            let scope =
                kind == "recipe"
                ? "recipes" : kind == "animation" ? "presets" : "modifiers and utilities (one namespace)"
            return "give every registration its own name: names are unique among \(scope) of one plugin"
        case .nameMismatch(_, let requested, let actual):
            return
                "rename the file lib\(actual).so, or set descriptor.name to \"\(requested)\": a plugin is found by its file's name and must carry that name"
        case .untrusted(_, let problem):
            return problem.fix + "; or pass --allow-writable-plugins, only in a throwaway environment"
        case .factoryFailed:
            return
                "make the factory describe its modifiers through the builder without misuse: balance every begin with an end"
        }
    }

    /// `modifiers[0]` → `tw_modifier_registration`.
    private static func elementType(_ field: String) -> String {
        if field.hasPrefix("modifiers") { return "tw_modifier_registration" }
        if field.hasPrefix("utilities") { return "tw_utility_registration" }
        if field.hasPrefix("recipes") { return "tw_recipe" }
        if field.hasPrefix("animations") { return "tw_animation_preset" }
        return "the struct"
    }

    private static func descriptorFix(_ field: String) -> String {
        switch field {
        case "name":
            return "set descriptor.name to the plugin's name, [a-z][a-z0-9-]{0,63}: the stem of its file lib<name>.so"
        case "version":
            return "set descriptor.version to a version string of at most 256 bytes of UTF-8, e.g. \"1.0.0\""
        case "struct_size":
            return "set descriptor.struct_size = sizeof(tw_plugin_descriptor)"
        case _ where field.hasSuffix("_count"):
            return
                "set the count to the number of elements in the array, at most 65,536: `sizeof array / sizeof array[0]`"
        case _ where field.hasSuffix(".struct_size"):
            return "give every element of one array the same struct_size: sizeof(\(elementType(field))) in each"
        default:
            return "point \(field) at its array, or set its count to 0"
        }
    }

    private static func registrationFix(kind: String, field: String) -> String {
        switch field {
        case "name", "prefix":
            return "name registrations with lowercase letters, digits and '-', starting with a letter, at most 64 bytes"
        case "reserved":
            return
                "zero-initialise the struct (designated initializers or `= {0}`): reserved fields must be 0 so a later ABI minor can use them"
        case "form":
            return "set form to one of the header's TW_FORM_* constants"
        case "phase":
            return "set phase to TW_PHASE_DEFAULT, TW_PHASE_CONTENT or TW_PHASE_EFFECTS"
        case "arg_type":
            return
                "set arg_type to a TW_ARG_* constant that goes with the form: TW_ARG_NONE for view, text, image and shape; any other type for the value forms; TW_ARG_CUSTOM only with TW_FORM_ARGUMENT"
        case "conflict_key":
            return
                "leave conflict_key NULL to use the registration's name, or set it to a name: lowercase letters, digits and '-'"
        case "factory":
            return
                "point factory at a function of the signature the argument type takes: `void f(tw_builder *, void *, bool active, ARG)`"
        case "parse":
            return "give TW_FORM_ARGUMENT registrations a parse function, and no other form one"
        case "default_argument":
            return
                "write a default that decodes under the registration's type (`0`, `0deg`, `#00000000`, `0,0,1` …) and leave it NULL on exact tags; an argument-form default goes through the plugin's own parser"
        case "expand":
            return "point expand at the utility's function"
        case "make":
            return "point make at the preset's function"
        case "classes":
            return "set the recipe's classes to valid UTF-8 class text"
        default:
            return "fix \(kind).\(field) as the message says"
        }
    }
}
