import TWModel
import TWPluginAPI

/// Checks a plugin's descriptor field by field and copies it
/// into Swift values. The first problem is returned, naming the file, the
/// registration and the field.
///
/// ABI evolution: nothing is read before its struct's size is checked.
/// The descriptor's two version fields and its size come first; then every
/// struct is copied into a zeroed struct of the host's own layout, `min(its
/// struct_size, the host's size)` bytes of it, so a field past the plugin's
/// size reads as zero (a later minor's "absent") and a field past the host's
/// size is ignored. A struct smaller than its ABI 1.0 size is refused.
struct DescriptorValidator {
    let path: String
    /// The descriptor's address, as returned by the entry.
    let descriptor: UnsafeRawPointer

    static let maxStructSize = 4096
    static let maxVersionLength = 256

    func validate() -> Result<LoadedPlugin, PluginLoadError> {
        do {
            return .success(try validateThrowing())
        } catch {
            return .failure(error)
        }
    }

    // One reader per struct, each concrete: see ABIMemory for why not generic.
    static func readDescriptor(_ raw: UnsafeRawPointer, size: Int) -> tw_plugin_descriptor {
        var value = tw_plugin_descriptor()
        withUnsafeMutablePointer(to: &value) {
            ABIMemory.copy(raw, size: size, into: UnsafeMutableRawPointer($0), known: Int(TW_SIZEOF_DESCRIPTOR))
        }
        return value
    }

    static func readModifier(_ raw: UnsafeRawPointer, size: Int) -> tw_modifier_registration {
        var value = tw_modifier_registration()
        withUnsafeMutablePointer(to: &value) {
            ABIMemory.copy(
                raw, size: size, into: UnsafeMutableRawPointer($0), known: Int(TW_SIZEOF_MODIFIER_REGISTRATION))
        }
        return value
    }

    static func readUtility(_ raw: UnsafeRawPointer, size: Int) -> tw_utility_registration {
        var value = tw_utility_registration()
        withUnsafeMutablePointer(to: &value) {
            ABIMemory.copy(
                raw, size: size, into: UnsafeMutableRawPointer($0), known: Int(TW_SIZEOF_UTILITY_REGISTRATION))
        }
        return value
    }

    static func readRecipe(_ raw: UnsafeRawPointer, size: Int) -> tw_recipe {
        var value = tw_recipe()
        withUnsafeMutablePointer(to: &value) {
            ABIMemory.copy(raw, size: size, into: UnsafeMutableRawPointer($0), known: Int(TW_SIZEOF_RECIPE))
        }
        return value
    }

    static func readPreset(_ raw: UnsafeRawPointer, size: Int) -> tw_animation_preset {
        var value = tw_animation_preset()
        withUnsafeMutablePointer(to: &value) {
            ABIMemory.copy(raw, size: size, into: UnsafeMutableRawPointer($0), known: Int(TW_SIZEOF_ANIMATION_PRESET))
        }
        return value
    }

    /// The steps in ABI order: header, identity, the arrays' bounds, then each array's elements.
    private func validateThrowing() throws(PluginLoadError) -> LoadedPlugin {
        let (pluginMajor, pluginMinor, size) = try header()
        let d = Self.readDescriptor(descriptor, size: size)
        let (name, version) = try identity(d)
        try checkArray("modifiers", d.modifiers, d.modifier_count)
        try checkArray("utilities", d.utilities, d.utility_count)
        try checkArray("recipes", d.recipes, d.recipe_count)
        try checkArray("animations", d.animations, d.animation_count)
        // Modifier names and utility prefixes must differ: both name classes.
        var claimed = Set<String>()
        let modifiers = try modifiers(d, plugin: name, claimed: &claimed)
        let utilities = try utilities(d, plugin: name, claimed: &claimed)
        let recipes = try recipes(d, plugin: name)
        let animations = try animations(d, plugin: name)
        let info = PluginInfo(
            name: name, version: version, path: path, abiMajor: pluginMajor, abiMinor: pluginMinor)
        return LoadedPlugin(
            info: info, modifiers: modifiers, utilities: utilities, recipes: recipes, animations: animations)
    }

    /// The version fields and the size, at the offsets every minor keeps.
    private func header() throws(PluginLoadError) -> (major: Int, minor: Int, size: Int) {
        let pluginMajor = Int(descriptor.load(fromByteOffset: 0, as: UInt16.self))
        let pluginMinor = Int(descriptor.load(fromByteOffset: 2, as: UInt16.self))
        let size = Int(descriptor.load(fromByteOffset: 4, as: UInt32.self))
        let hostMajor = Int(TW_ABI_MAJOR)
        let hostMinor = Int(TW_ABI_MINOR)
        if pluginMajor != hostMajor {
            throw .abiMismatch(
                path: path, pluginMajor: pluginMajor, pluginMinor: pluginMinor, hostMajor: hostMajor,
                hostMinor: hostMinor)
        }
        if size < Int(TW_SIZEOF_DESCRIPTOR_1_0) {
            throw .structTooSmall(
                path: path, structName: "descriptor", size: size, minimum: Int(TW_SIZEOF_DESCRIPTOR_1_0))
        }
        guard size <= Self.maxStructSize else {
            throw .invalidDescriptor(path: path, field: "struct_size", reason: "\(size) is not a plausible size")
        }
        return (pluginMajor, pluginMinor, size)
    }

    /// The plugin's name and version.
    private func identity(_ d: tw_plugin_descriptor) throws(PluginLoadError) -> (name: String, version: String) {
        let name: String
        switch copyPluginString(d.name, limit: 64) {
        case .success(let text) where isValidPluginName(text): name = text
        case .success(let text):
            throw .invalidDescriptor(path: path, field: "name", reason: "'\(text)' does not match [a-z][a-z0-9-]{0,63}")
        case .failure(let problem):
            throw .invalidDescriptor(path: path, field: "name", reason: problem.reason)
        }
        switch copyPluginString(d.version, limit: Self.maxVersionLength) {
        case .success(let text): return (name, text)
        case .failure(let problem): throw .invalidDescriptor(path: path, field: "version", reason: problem.reason)
        }
    }

    private func modifiers(
        _ d: tw_plugin_descriptor, plugin name: String, claimed: inout Set<String>
    ) throws(PluginLoadError) -> [ModifierRegistration] {
        var modifiers: [ModifierRegistration] = []
        let modifierStride = try stride(
            "modifiers", d.modifiers, d.modifier_count, minimum: Int(TW_SIZEOF_MODIFIER_REGISTRATION_1_0))
        for index in 0..<Int(d.modifier_count) {
            let raw = UnsafeRawPointer(d.modifiers!) + index * modifierStride  // FFI boundary: checked non-NULL above
            let registration = try modifier(
                Self.readModifier(raw, size: modifierStride), index, plugin: name)
            guard claimed.insert(registration.name).inserted else {
                throw .duplicateName(path: path, kind: "modifier", name: registration.name)
            }
            modifiers.append(registration)
        }
        return modifiers
    }

    private func utilities(
        _ d: tw_plugin_descriptor, plugin name: String, claimed: inout Set<String>
    ) throws(PluginLoadError) -> [UtilityRegistration] {
        var utilities: [UtilityRegistration] = []
        let utilityStride = try stride(
            "utilities", d.utilities, d.utility_count, minimum: Int(TW_SIZEOF_UTILITY_REGISTRATION_1_0))
        for index in 0..<Int(d.utility_count) {
            let raw = UnsafeRawPointer(d.utilities!) + index * utilityStride  // FFI boundary: checked non-NULL above
            let u = Self.readUtility(raw, size: utilityStride)
            let prefix = try registrationName(u.prefix, kind: "utility", index: index, field: "prefix")
            try checkReserved(u.reserved, kind: "utility", index: index, name: prefix)
            guard let expand = u.expand else {
                throw .invalidRegistration(
                    path: path, kind: "utility", index: index, name: prefix, field: "expand", reason: "is NULL")
            }
            guard claimed.insert(prefix).inserted else {
                throw .duplicateName(path: path, kind: "utility", name: prefix)
            }
            utilities.append(
                UtilityRegistration(
                    prefix: prefix, plugin: name,
                    expander: PluginUtility(
                        function: expand, context: PluginContext(u.context),
                        site: PluginSite(plugin: name, subject: prefix))))
        }
        return utilities
    }

    private func recipes(_ d: tw_plugin_descriptor, plugin name: String) throws(PluginLoadError)
        -> [RecipeRegistration]
    {
        var recipes: [RecipeRegistration] = []
        var recipeNames = Set<String>()
        let recipeStride = try stride("recipes", d.recipes, d.recipe_count, minimum: Int(TW_SIZEOF_RECIPE_1_0))
        for index in 0..<Int(d.recipe_count) {
            let raw = UnsafeRawPointer(d.recipes!) + index * recipeStride  // FFI boundary: checked non-NULL above
            let r = Self.readRecipe(raw, size: recipeStride)
            let recipeName = try registrationName(r.name, kind: "recipe", index: index, field: "name")
            try checkReserved(r.reserved, kind: "recipe", index: index, name: recipeName)
            let classes: String
            switch copyPluginString(r.classes) {
            case .success(let text): classes = text
            case .failure(let problem):
                throw .invalidRegistration(
                    path: path, kind: "recipe", index: index, name: recipeName, field: "classes", reason: problem.reason
                )
            }
            guard recipeNames.insert(recipeName).inserted else {
                throw .duplicateName(path: path, kind: "recipe", name: recipeName)
            }
            recipes.append(RecipeRegistration(name: recipeName, plugin: name, classes: classes))
        }
        return recipes
    }

    private func animations(_ d: tw_plugin_descriptor, plugin name: String) throws(PluginLoadError)
        -> [AnimationPresetRegistration]
    {
        var animations: [AnimationPresetRegistration] = []
        var animationNames = Set<String>()
        let animationStride = try stride(
            "animations", d.animations, d.animation_count, minimum: Int(TW_SIZEOF_ANIMATION_PRESET_1_0))
        for index in 0..<Int(d.animation_count) {
            let raw = UnsafeRawPointer(d.animations!) + index * animationStride  // FFI boundary: checked non-NULL above
            let a = Self.readPreset(raw, size: animationStride)
            let presetName = try registrationName(a.name, kind: "animation", index: index, field: "name")
            try checkReserved(a.reserved, kind: "animation", index: index, name: presetName)
            guard let make = a.make else {
                throw .invalidRegistration(
                    path: path, kind: "animation", index: index, name: presetName, field: "make", reason: "is NULL")
            }
            guard animationNames.insert(presetName).inserted else {
                throw .duplicateName(path: path, kind: "animation", name: presetName)
            }
            animations.append(
                AnimationPresetRegistration(
                    name: presetName, plugin: name,
                    maker: PluginAnimation(
                        function: make, context: PluginContext(a.context),
                        site: PluginSite(plugin: name, subject: presetName))))
        }
        return animations
    }

    /// reserved fields are zero, so that a later minor can give them a meaning.
    private func checkReserved<T: BinaryInteger>(_ value: T, kind: String, index: Int, name: String?)
        throws(PluginLoadError)
    {
        guard value != 0 else { return }
        throw .invalidRegistration(
            path: path, kind: kind, index: index, name: name, field: "reserved",
            reason: "is \(value); reserved fields must be zero")
    }

    private func checkArray<T>(_ field: String, _ pointer: UnsafePointer<T>?, _ count: UInt32) throws(PluginLoadError) {
        if count > UInt32(TW_MAX_REGISTRATIONS) {
            throw .invalidDescriptor(
                path: path, field: field + "_count",
                reason: "\(count) is more than the limit of \(TW_MAX_REGISTRATIONS)")
        }
        if count > 0 && pointer == nil {
            throw .invalidDescriptor(path: path, field: field, reason: "is NULL but \(field)_count is \(count)")
        }
    }

    /// Elements are read with their own `struct_size` as stride; all must agree.
    private func stride<T>(_ field: String, _ pointer: UnsafePointer<T>?, _ count: UInt32, minimum: Int)
        throws(PluginLoadError) -> Int
    {
        guard count > 0, let pointer else { return minimum }
        let first = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard first >= minimum else {
            throw .structTooSmall(path: path, structName: field + "[0]", size: first, minimum: minimum)
        }
        guard first <= Self.maxStructSize, first % 8 == 0 else {
            throw .invalidDescriptor(
                path: path, field: field + "[0].struct_size", reason: "\(first) is not a plausible size")
        }
        for index in 1..<Int(count) {
            let size = Int((UnsafeRawPointer(pointer) + index * first).load(as: UInt32.self))
            if size != first {
                throw .invalidDescriptor(
                    path: path, field: "\(field)[\(index)].struct_size", reason: "is \(size), element 0 says \(first)")
            }
        }
        return first
    }

    private func registrationName(_ pointer: UnsafePointer<CChar>?, kind: String, index: Int, field: String)
        throws(PluginLoadError) -> String
    {
        switch copyPluginString(pointer, limit: 64) {
        case .success(let text) where isValidPluginName(text): return text
        case .success(let text):
            throw .invalidRegistration(
                path: path, kind: kind, index: index, name: nil, field: field,
                reason: "'\(text)' does not match [a-z][a-z0-9-]{0,63}")
        case .failure(let problem):
            throw .invalidRegistration(
                path: path, kind: kind, index: index, name: nil, field: field, reason: problem.reason)
        }
    }

    private func modifier(_ r: tw_modifier_registration, _ index: Int, plugin: String) throws(PluginLoadError)
        -> ModifierRegistration
    {
        let name = try registrationName(r.name, kind: "modifier", index: index, field: "name")
        func bad(_ field: String, _ reason: String) -> PluginLoadError {
            .invalidRegistration(path: path, kind: "modifier", index: index, name: name, field: field, reason: reason)
        }
        try checkReserved(r.reserved, kind: "modifier", index: index, name: name)
        let site = PluginSite(plugin: plugin, subject: name)
        guard let form = RegistrationForm(code: r.form) else { throw bad("form", "unknown form \(r.form)") }
        let phase: ChainPhase
        if form.target != nil {
            phase = .source
        } else {
            switch r.phase {
            case TW_PHASE_DEFAULT, TW_PHASE_EFFECTS: phase = .effects
            case TW_PHASE_CONTENT: phase = .content
            default: throw bad("phase", "unknown phase \(r.phase)")
            }
        }
        guard let argumentType = ArgumentType(code: r.arg_type) else {
            throw bad("arg_type", "unknown argument type \(r.arg_type)")
        }
        switch form {
        case .view, .text, .image, .shape:
            guard argumentType == .none else { throw bad("arg_type", "the \(form.rawValue) form takes no argument") }
        case .value, .textValue, .imageValue, .shapeValue:
            guard argumentType != .none else {
                throw bad("arg_type", "the \(form.rawValue) form needs an argument type")
            }
            guard argumentType != .custom else {
                throw bad("arg_type", "custom payloads need the argument form and a parser")
            }
        case .argument:
            guard argumentType != .none else { throw bad("arg_type", "the argument form needs an argument type") }
        }
        let conflictKey: String
        if r.conflict_key == nil {
            conflictKey = name
        } else {
            switch copyPluginString(r.conflict_key, limit: 64) {
            case .success(let text) where isValidPluginName(text): conflictKey = text
            case .success(let text): throw bad("conflict_key", "'\(text)' does not match [a-z][a-z0-9-]{0,63}")
            case .failure(let problem): throw bad("conflict_key", problem.reason)
            }
        }
        guard let factory = r.factory else { throw bad("factory", "is NULL") }
        var parser: PluginArgumentParser?
        if form == .argument {
            guard let parse = r.parse else { throw bad("parse", "is NULL; the argument form needs a parser") }
            parser = PluginArgumentParser(
                function: parse, context: PluginContext(r.context), type: argumentType, site: site)
        } else if r.parse != nil {
            throw bad("parse", "only the argument form has a parser")
        }
        var defaultArgument: String?
        var defaultValue: TypedValue?
        if form.isExactTag {
            if r.default_argument != nil { throw bad("default_argument", "exact-tag forms take no default argument") }
        } else {
            switch copyPluginString(r.default_argument, allowEmpty: argumentType == .string) {
            case .success(let text): defaultArgument = text
            case .failure(let problem): throw bad("default_argument", problem.reason)
            }
        }
        guard
            let invoker = FactoryInvoker(function: factory, context: r.context, argumentType: argumentType, site: site)
        else {
            throw bad("factory", "libffi could not prepare the call interface")
        }
        if let defaultArgument {
            let decoded: Result<TypedValue, ArgumentDecoder.Failure>
            if let parser {
                decoded = parser.parse(defaultArgument, theme: .standard, step: .defaultParse)
            } else {
                decoded = ArgumentDecoder.decode(defaultArgument, as: argumentType, theme: .standard)
            }
            switch decoded {
            case .success(let value): defaultValue = value
            case .failure(let failure) where failure.missingThemeEntry != nil:
                // It names a theme entry the default theme lacks: the theme in
                // force decides, where the registration is used (resolve) and
                // in `plugins check --theme`. Nothing else can be known here.
                defaultValue = nil
            case .failure(let failure):
                throw bad(
                    "default_argument",
                    "'\(defaultArgument)' does not parse as \(argumentType.rawValue): \(failure.message)")
            }
        }
        return ModifierRegistration(
            name: name, plugin: plugin, form: form, phase: phase, order: Int(r.order), conflictKey: conflictKey,
            argumentType: argumentType, defaultArgument: defaultArgument, defaultValue: defaultValue,
            invoker: invoker, parser: parser)
    }
}
