import Synchronization
import TWPluginAPI

/// A Swift plugin: registrations in the seeds' `TWGlobalRules` shape,
/// exported through the same C ABI as a C plugin.
///
/// Build it as a dynamic library whose file is `lib<name>.so` (a SwiftPM
/// `.library(name: "<name>", type: .dynamic, …)` product), with the same
/// toolchain as the `twhost` that loads it, and export the entry point:
///
/// ```swift
/// import TWPluginKit
///
/// let plugin = TWPlugin(name: "motion", version: "1.0.0", modifiers: [
///     "tilt": .value(default: Angle.zero, order: 10) { view, angle in
///         view.rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))
///     }
/// ])
///
/// @_cdecl("tw_plugin_entry")
/// public func entry(_ major: UInt32, _ minor: UInt32, _ host: UnsafePointer<tw_host_api>?,
///                   _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> UnsafePointer<tw_plugin_descriptor>? {
///     plugin.entry(hostMajor: major, hostMinor: minor, error: error)
/// }
/// ```
public final class TWPlugin: Sendable {
    /// The plugin's name, `[a-z][a-z0-9-]{0,63}`: the stem of its file (`libmotion.so`).
    ///
    /// ```swift
    /// plugin.name  // "motion"
    /// ```
    public let name: String
    /// A free-form version, recorded in registry snapshots (`1.0.0`).
    ///
    /// ```swift
    /// plugin.version  // "1.0.0"
    /// ```
    public let version: String
    let modifiers: [(String, TWModifier)]
    let utilities: [(String, TWUtility)]
    let recipes: [(String, String)]
    let animations: [(String, TWAnimation)]

    /// A plugin from its registrations, keyed by name; they are exported in
    /// name order whatever the dictionaries' order.
    ///
    /// ```swift
    /// let plugin = TWPlugin(
    ///     name: "hello", version: "0.1.0",
    ///     modifiers: ["glow": .view { view, active in view.shadow(color: .white.opacity(active ? 0.8 : 0), radius: 8) }],
    ///     utilities: ["gap": TWUtility { argument, theme in argument.number.map { .paddingPoints(theme.space($0)) } }],
    ///     named: ["hello-card": "card glow"],
    ///     animations: ["fade": TWAnimation { .easeOut(duration: $0 ?? 0.3) }])
    /// ```
    /// - Parameters:
    ///   - name: the plugin name, equal to its file's stem.
    ///   - version: a free-form version.
    ///   - modifiers: modifier registrations (``TWModifier``) by name.
    ///   - utilities: bracket-prefix utilities (``TWUtility``) by prefix.
    ///   - recipes: named recipes: name → classes.
    ///   - animations: animation presets (``TWAnimation``), used as `animate-<name>`.
    public init(
        name: String, version: String, modifiers: [String: TWModifier] = [:], utilities: [String: TWUtility] = [:],
        named recipes: [String: String] = [:], animations: [String: TWAnimation] = [:]
    ) {
        self.name = name
        self.version = version
        // Exported in name order, whatever the dictionary's order.
        func sorted<V>(_ d: [String: V]) -> [(String, V)] {
            d.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, d[$0]!) }  // keys come from d
        }
        self.modifiers = sorted(modifiers)
        self.utilities = sorted(utilities)
        self.recipes = sorted(recipes)
        self.animations = sorted(animations)
    }

    /// The descriptor for the host: call it from the plugin's
    /// `@_cdecl("tw_plugin_entry")` function. It refuses a host of another
    /// ABI major version with a message the host shows.
    ///
    /// ```swift
    /// @_cdecl("tw_plugin_entry")
    /// public func entry(_ major: UInt32, _ minor: UInt32, _ host: UnsafePointer<tw_host_api>?,
    ///                   _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> UnsafePointer<tw_plugin_descriptor>? {
    ///     plugin.entry(hostMajor: major, hostMinor: minor, error: error)
    /// }
    /// ```
    public func entry(
        hostMajor: UInt32, hostMinor: UInt32, error: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> UnsafePointer<tw_plugin_descriptor>? {
        if hostMajor != UInt32(TW_ABI_MAJOR) {
            error?.pointee = permanentCString(
                "\(name) needs ABI \(TW_ABI_MAJOR).x, the host speaks \(hostMajor).\(hostMinor)")
            return nil
        }
        return descriptor.pointer
    }

    /// Built once, on first use, and never freed.
    private var descriptor: DescriptorStorage { DescriptorStorage.make(for: self) }
}

/// Owns the C arrays and strings of a descriptor for the life of the process.
final class DescriptorStorage: @unchecked Sendable {
    // @unchecked: written once during `make`, then only read by the host.
    let pointer: UnsafePointer<tw_plugin_descriptor>

    private init(_ pointer: UnsafePointer<tw_plugin_descriptor>) { self.pointer = pointer }

    private static let built = Mutex<[ObjectIdentifier: DescriptorStorage]>([:])

    static func make(for plugin: TWPlugin) -> DescriptorStorage {
        built.withLock { built in
            if let existing = built[ObjectIdentifier(plugin)] { return existing }
            let storage = DescriptorStorage(build(plugin))
            built[ObjectIdentifier(plugin)] = storage
            return storage
        }
    }

    private static func build(_ plugin: TWPlugin) -> UnsafePointer<tw_plugin_descriptor> {
        let modifiers = PermanentArray<tw_modifier_registration>(
            count: plugin.modifiers.count, stride: MemoryLayout<tw_modifier_registration>.size)
        for (index, (name, modifier)) in plugin.modifiers.enumerated() {
            let context = RegistrationContext(factory: modifier.factory, parser: modifier.parser)
            modifiers.store(
                tw_modifier_registration(
                    struct_size: UInt32(MemoryLayout<tw_modifier_registration>.size), form: modifier.form,
                    phase: modifier.phase, order: modifier.order, arg_type: modifier.argumentType, reserved: 0,
                    name: permanentCString(name), conflict_key: modifier.conflictKey.map(permanentCString),
                    default_argument: modifier.defaultArgument.map(permanentCString),
                    context: Unmanaged.passRetained(context).toOpaque(),
                    factory: Thunks.factory(for: modifier.argumentType),
                    parse: modifier.parser == nil ? nil : Thunks.parse),
                at: index)
        }
        let utilities = PermanentArray<tw_utility_registration>(
            count: plugin.utilities.count, stride: MemoryLayout<tw_utility_registration>.size)
        for (index, (prefix, utility)) in plugin.utilities.enumerated() {
            utilities.store(
                tw_utility_registration(
                    struct_size: UInt32(MemoryLayout<tw_utility_registration>.size), reserved: 0,
                    prefix: permanentCString(prefix), context: Unmanaged.passRetained(utility.box).toOpaque(),
                    expand: Thunks.utility),
                at: index)
        }
        let recipes = PermanentArray<tw_recipe>(count: plugin.recipes.count, stride: MemoryLayout<tw_recipe>.size)
        for (index, (name, classes)) in plugin.recipes.enumerated() {
            recipes.store(
                tw_recipe(
                    struct_size: UInt32(MemoryLayout<tw_recipe>.size), reserved: 0, name: permanentCString(name),
                    classes: permanentCString(classes)),
                at: index)
        }
        let animations = PermanentArray<tw_animation_preset>(
            count: plugin.animations.count, stride: MemoryLayout<tw_animation_preset>.size)
        for (index, (name, animation)) in plugin.animations.enumerated() {
            animations.store(
                tw_animation_preset(
                    struct_size: UInt32(MemoryLayout<tw_animation_preset>.size), reserved: 0,
                    name: permanentCString(name), context: Unmanaged.passRetained(animation.box).toOpaque(),
                    make: Thunks.animationPreset),
                at: index)
        }
        let descriptor = PermanentArray<tw_plugin_descriptor>(
            count: 1, stride: MemoryLayout<tw_plugin_descriptor>.size)
        descriptor.store(
            tw_plugin_descriptor(
                abi_major: UInt16(TW_ABI_MAJOR), abi_minor: UInt16(TW_ABI_MINOR),
                struct_size: UInt32(MemoryLayout<tw_plugin_descriptor>.size), name: permanentCString(plugin.name),
                version: permanentCString(plugin.version), modifiers: modifiers.pointer,
                modifier_count: UInt32(plugin.modifiers.count), utility_count: UInt32(plugin.utilities.count),
                utilities: utilities.pointer, recipes: recipes.pointer,
                recipe_count: UInt32(plugin.recipes.count), animation_count: UInt32(plugin.animations.count),
                animations: animations.pointer),
            at: 0)
        return descriptor.pointer
    }
}

/// C structs for the host, in memory that is never freed, laid out with this
/// image's own struct size as stride and copied in as bytes.
///
/// Never through Swift's generic pointer operations (`initialize(to:)`,
/// `allocate(capacity:)`): Swift shares the type metadata of an imported C
/// struct across the whole process, so in a host built for another ABI minor
/// that metadata can describe another size, and unspecialized (debug) code
/// would copy and stride by it.
private struct PermanentArray<Element> {
    let base: UnsafeMutableRawPointer
    let stride: Int

    /// - Parameter stride: `MemoryLayout<Element>.size`, written where `Element` is concrete.
    init(count: Int, stride: Int) {
        self.stride = stride
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * stride, alignment: 8)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1) * stride)
    }

    func store(_ value: Element, at index: Int) {
        withUnsafeBytes(of: value) { bytes in
            // FFI boundary: the bytes of a value are never an empty buffer.
            (base + index * stride).copyMemory(from: bytes.baseAddress!, byteCount: stride)
        }
    }

    var pointer: UnsafePointer<Element> { UnsafePointer(base.assumingMemoryBound(to: Element.self)) }
}
