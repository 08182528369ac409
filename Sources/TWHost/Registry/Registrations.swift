import Synchronization
import TWPluginAPI

/// A validated modifier registration of a loaded plugin. Everything is a
/// Swift copy; only the factory and parser call back into the plugin.
public final class ModifierRegistration: Sendable {
    public let name: String
    public let plugin: String
    public let form: RegistrationForm
    /// `source` for target forms; `content` or `effects` otherwise.
    public let phase: ChainPhase
    public let order: Int
    public let conflictKey: String
    public let argumentType: ArgumentType
    /// The default argument as the plugin wrote it, for value and argument forms.
    public let defaultArgument: String?
    /// The default decoded under the default theme at load; nil when it names
    /// a theme entry the default theme lacks (`brand` for a color): such a
    /// default is decoded in the theme in force, and is an error only where
    /// that theme lacks the entry too (`defaultValue(in:)`).
    public let defaultValue: TypedValue?
    /// Where an inline registration was written in a Swift source; nil for a plugin's.
    public let location: SourceLocation?
    let invoker: FactoryInvoker?
    let parser: PluginArgumentParser?
    /// An inline registration's closure, read statically.
    let template: InlineModifierTemplate?

    init(
        name: String, plugin: String, form: RegistrationForm, phase: ChainPhase, order: Int, conflictKey: String,
        argumentType: ArgumentType, defaultArgument: String?, defaultValue: TypedValue?, invoker: FactoryInvoker,
        parser: PluginArgumentParser?
    ) {
        self.name = name
        self.plugin = plugin
        self.form = form
        self.phase = phase
        self.order = order
        self.conflictKey = conflictKey
        self.argumentType = argumentType
        self.defaultArgument = defaultArgument
        self.defaultValue = defaultValue
        self.invoker = invoker
        self.parser = parser
        self.location = nil
        self.template = nil
    }

    /// An inline registration from a Swift source (origin `source`).
    init(inline r: InlineModifier) {
        name = r.name
        plugin = InlineRegistrations.pluginName
        form = r.form
        phase = r.form.target == nil ? r.phase : .source
        order = r.order
        conflictKey = r.conflictKey
        argumentType = r.argumentType
        defaultArgument = r.defaultArgument
        defaultValue = r.defaultArgument.flatMap {
            try? ArgumentDecoder.decode($0, as: r.argumentType, theme: .standard).get()
        }
        location = r.location
        invoker = nil
        parser = nil
        template = r.template
        // The reader judged the closure's paths; text and image registrations
        // only ever run when selected, so their branches never reset anything.
        stabilityMemo.withLock { $0 = r.unstableReason != nil }
    }

    /// Runs the factory: active with the class's value, or inactive with the default.
    public func makeModifier(active: Bool, value: TypedValue?) -> Result<ModifierIR, FactoryCallError> {
        if let template { return .success(template.instantiate(active: active, value: value)) }
        guard let invoker else { return .failure(.missingArgument) }
        return invoker.call(active: active, value: argumentType == .none ? nil : value)
    }

    private let inactiveMemo = Mutex<(value: TypedValue?, result: Result<ModifierIR, FactoryCallError>, line: String)?>(
        nil)
    private let stabilityMemo = Mutex<Bool?>(nil)

    /// The inactive modifier and its signature line (`phase|name|structure`),
    /// computed once per default value: most slots of most surfaces are
    /// inactive, and factories are pure (the ABI's contract, which
    /// `twhost plugins check` verifies), so one call serves them all.
    public func inactiveSlot(value: TypedValue?) -> (result: Result<ModifierIR, FactoryCallError>, line: String) {
        if let memo = inactiveMemo.withLock({ $0 }), memo.value == value { return (memo.result, memo.line) }
        let result = makeModifier(active: false, value: value)
        let line = signatureLine((try? result.get()) ?? ModifierIR())
        inactiveMemo.withLock { $0 = (value, result, line) }
        return (result, line)
    }

    /// The inactive modifier (see `inactiveSlot`).
    public func inactiveModifier(value: TypedValue?) -> Result<ModifierIR, FactoryCallError> {
        inactiveSlot(value: value).result
    }

    /// This slot's line of a surface's structural signature (R-ID-1).
    func signatureLine(_ ir: ModifierIR) -> String { "\(phase.rawValue)|\(name)|\(ir.structure)" }

    /// R-ID-3: whether the factory returns another structure inactive than
    /// active, probed once with the default argument.
    public var isUnstable: Bool {
        if let known = stabilityMemo.withLock({ $0 }) { return known }
        let value = try? defaultValue(in: .standard)?.get()
        let active = try? makeModifier(active: true, value: value).get()
        let inactive = try? makeModifier(active: false, value: value).get()
        let unstable = active.map(\.structure) != inactive.map(\.structure)
        stabilityMemo.withLock { $0 = unstable }
        return unstable
    }

    /// Reads a literal bracket argument: the host decodes value forms, the
    /// plugin's parser reads argument forms.
    public func parseArgument(_ raw: String, theme: Theme) -> Result<TypedValue, ArgumentDecoder.Failure> {
        if let parser { return parser.parse(raw, theme: theme) }
        return ArgumentDecoder.decode(raw, as: argumentType, theme: theme)
    }

    /// The default argument under a theme (it can name theme colors).
    public func defaultValue(in theme: Theme) -> Result<TypedValue, ArgumentDecoder.Failure>? {
        guard let defaultArgument else { return nil }
        return parseArgument(defaultArgument, theme: theme)
    }

    /// The factory itself, for benchmarks that measure dispatch (nil for inline registrations).
    public var factoryInvoker: FactoryInvoker? { invoker }
}

/// An argument-form parser inside a plugin.
final class PluginArgumentParser: @unchecked Sendable {
    // @unchecked: holds a C function pointer and the plugin's context, both
    // immutable; the parser contract says the function is pure and reentrant.
    let function: tw_parse_fn
    let context: UnsafeMutableRawPointer?
    let type: ArgumentType
    let site: PluginSite

    init(function: tw_parse_fn, context: UnsafeMutableRawPointer?, type: ArgumentType, site: PluginSite) {
        self.function = function
        self.context = context
        self.type = type
        self.site = site
    }

    func parse(_ raw: String, theme: Theme, step: PluginStep = .parser) -> Result<TypedValue, ArgumentDecoder.Failure> {
        raw.withCString { parse(cString: $0, theme: theme, step: step) }
    }

    /// Parses raw bytes (which need not be UTF-8), for hostile-input probes.
    func parse(bytes: [UInt8], theme: Theme) -> Result<TypedValue, ArgumentDecoder.Failure> {
        withCString(bytes) { parse(cString: $0, theme: theme, step: .parser) }
    }

    private func parse(cString: UnsafePointer<CChar>, theme: Theme, step: PluginStep) -> Result<
        TypedValue, ArgumentDecoder.Failure
    > {
        let sink = ParseSink()
        let themeBox = ThemeBox(theme)
        withExtendedLifetime((sink, themeBox)) {
            HandleSlots.withHandle(
                .parseResult, api: UnsafeRawPointer(HostCallbacks.parseResultAPI),
                payload: Unmanaged.passUnretained(sink).toOpaque(), site: site
            ) { result in
                HandleSlots.withHandle(
                    .theme, api: UnsafeRawPointer(HostCallbacks.themeAPI),
                    payload: Unmanaged.passUnretained(themeBox).toOpaque(), site: site
                ) { cTheme in
                    site.run(step) {
                        function(
                            context, cString, cTheme.assumingMemoryBound(to: tw_theme.self),
                            result.assumingMemoryBound(to: tw_parse_result.self))
                    }
                }
            }
            sink.close()
        }
        if let rejection = sink.rejection {
            return .failure(ArgumentDecoder.Failure(message: rejection, missingThemeEntry: themeBox.firstMiss))
        }
        guard let value = sink.value else {
            return .failure(
                ArgumentDecoder.Failure(
                    message: "the parser reported no value", missingThemeEntry: themeBox.firstMiss))
        }
        return Self.coerce(value, to: type)
    }

    /// Parsers report numbers as numbers; the registration's type says which.
    static func coerce(_ value: TypedValue, to type: ArgumentType) -> Result<TypedValue, ArgumentDecoder.Failure> {
        switch (type, value) {
        case (.number, .number(let v)) where v.isFinite: return .success(.number(v))
        case (.points, .number(let v)) where v.isFinite: return .success(.points(v))
        case (.angle, .number(let v)) where v.isFinite: return .success(.angle(v))
        case (.seconds, .number(let v)) where v.isFinite && v >= 0: return .success(.seconds(v))
        case (.number, .number), (.points, .number), (.angle, .number), (.seconds, .number):
            return .failure(ArgumentDecoder.Failure(message: "the parser reported a number out of range"))
        default:
            if value.type == type { return .success(value) }
            return .failure(
                ArgumentDecoder.Failure(
                    message: "the parser reported a \(value.type.rawValue), the registration takes a \(type.rawValue)"))
        }
    }
}

/// A bracket-prefix utility of a plugin (A-4b): expands an argument to classes.
public struct UtilityRegistration: Sendable {
    public let prefix: String
    public let plugin: String
    let expander: PluginUtility?
    /// An inline `TWUtility` from a Swift source, read statically.
    var inline: InlineUtility? = nil

    /// The classes the argument expands to, or the plugin's rejection.
    public func expand(_ argument: String, theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        if let inline { return inline.expand(argument, theme: theme) }
        guard let expander else { return .failure("the utility has no expander") }
        return expander.expand(argument, theme: theme)
    }
}

final class PluginUtility: @unchecked Sendable {
    // @unchecked: an immutable C function pointer and context; utilities are pure.
    let function: tw_utility_fn
    let context: UnsafeMutableRawPointer?
    let site: PluginSite
    init(function: tw_utility_fn, context: UnsafeMutableRawPointer?, site: PluginSite) {
        self.function = function
        self.context = context
        self.site = site
    }

    func expand(_ argument: String, theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        argument.withCString { expand(cString: $0, theme: theme) }
    }

    /// Expands raw bytes (which need not be UTF-8), for hostile-input probes.
    func expand(bytes: [UInt8], theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        withCString(bytes) { expand(cString: $0, theme: theme) }
    }

    private func expand(cString: UnsafePointer<CChar>, theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        let sink = UtilitySink()
        let themeBox = ThemeBox(theme)
        withExtendedLifetime((sink, themeBox)) {
            HandleSlots.withHandle(
                .utilityResult, api: UnsafeRawPointer(HostCallbacks.utilityResultAPI),
                payload: Unmanaged.passUnretained(sink).toOpaque(), site: site
            ) { result in
                HandleSlots.withHandle(
                    .theme, api: UnsafeRawPointer(HostCallbacks.themeAPI),
                    payload: Unmanaged.passUnretained(themeBox).toOpaque(), site: site
                ) { cTheme in
                    site.run(.utility) {
                        function(
                            context, cString, cTheme.assumingMemoryBound(to: tw_theme.self),
                            result.assumingMemoryBound(to: tw_utility_result.self))
                    }
                }
            }
            sink.close()
        }
        if let rejection = sink.rejection { return .failure(ArgumentDecoder.Failure(message: rejection)) }
        guard let classes = sink.classes else {
            return .failure(ArgumentDecoder.Failure(message: "the utility reported no classes"))
        }
        return .success(classes)
    }
}

/// A named recipe: name → classes.
public struct RecipeRegistration: Sendable, Hashable {
    public let name: String
    public let plugin: String
    public let classes: String
}

/// An animation preset (`animate-<name>`) whose factory receives seconds.
public struct AnimationPresetRegistration: Sendable {
    public let name: String
    public let plugin: String
    let maker: PluginAnimation?
    /// An inline `TWAnimation` from a Swift source, read statically.
    var inline: InlineAnimation? = nil

    /// The animation for a duration in seconds, or the preset's own timing for nil.
    public func make(seconds: Double?) -> AnimationValue {
        if let inline { return inline.make(seconds: seconds) }
        return maker?.make(seconds: seconds) ?? AnimationValue(curve: .default)
    }
}

final class PluginAnimation: @unchecked Sendable {
    // @unchecked: an immutable C function pointer and context; presets are pure.
    let function: tw_animation_fn
    let context: UnsafeMutableRawPointer?
    let site: PluginSite
    init(function: tw_animation_fn, context: UnsafeMutableRawPointer?, site: PluginSite) {
        self.function = function
        self.context = context
        self.site = site
    }

    func make(seconds: Double?) -> AnimationValue {
        var out = AnimationValue(curve: .default).cValue
        site.run(.preset) { function(context, seconds ?? -1, &out) }
        return AnimationValue(out)
    }
}

/// Who a plugin is.
public struct PluginInfo: Sendable, Hashable {
    public let name: String
    public let version: String
    public let path: String
    public let abiMajor: Int
    public let abiMinor: Int
}

/// A plugin that loaded and passed validation.
public final class LoadedPlugin: Sendable {
    public let info: PluginInfo
    public let modifiers: [ModifierRegistration]
    public let utilities: [UtilityRegistration]
    public let recipes: [RecipeRegistration]
    public let animations: [AnimationPresetRegistration]

    init(
        info: PluginInfo, modifiers: [ModifierRegistration], utilities: [UtilityRegistration],
        recipes: [RecipeRegistration], animations: [AnimationPresetRegistration]
    ) {
        self.info = info
        self.modifiers = modifiers
        self.utilities = utilities
        self.recipes = recipes
        self.animations = animations
    }

    public var name: String { info.name }
}

/// Raw bytes as a C string (NULs dropped, one appended), which need not be UTF-8.
func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    let terminated = bytes.filter { $0 != 0 } + [0]
    return terminated.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: terminated.count, body)  // never empty
    }
}
