import Synchronization
import TWModel

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
    /// What makes the modifier: exactly one of a plugin's factory (with its
    /// parser, for argument forms) or an inline registration's closure, read
    /// statically.
    enum Factory: Sendable {
        case plugin(FactoryInvoker, parser: PluginArgumentParser?)
        case inline(InlineModifierTemplate)
    }

    let factory: Factory

    /// The plugin's own argument parser (argument forms); nil for value forms and inline registrations.
    package var parser: PluginArgumentParser? {
        if case .plugin(_, let parser) = factory { return parser }
        return nil
    }

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
        self.factory = .plugin(invoker, parser: parser)
        self.location = nil
    }

    /// An inline registration from a Swift source (origin `source`).
    package init(inline r: InlineModifier) {
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
        factory = .inline(r.template)
        // The reader judged the closure's paths; text and image registrations
        // only ever run when selected, so their branches never reset anything.
        stabilityMemo.withLock { $0 = r.unstableReason != nil }
    }

    /// Runs the factory: active with the class's value, or inactive with the default.
    public func makeModifier(active: Bool, value: TypedValue?) -> Result<ModifierIR, FactoryCallError> {
        switch factory {
        case .inline(let template): return .success(template.instantiate(active: active, value: value))
        case .plugin(let invoker, _): return invoker.call(active: active, value: argumentType == .none ? nil : value)
        }
    }

    private let inactiveMemo = Mutex<
        (value: TypedValue?, result: Result<ModifierIR, FactoryCallError>, line: StructuralSignature.Slot)?
    >(nil)
    private let stabilityMemo = Mutex<Bool?>(nil)

    /// The inactive modifier and its signature line (`phase|name|structure`),
    /// computed once per default value: most slots of most surfaces are
    /// inactive, and factories are pure (the ABI's contract, which
    /// `twhost plugins check` verifies), so one call serves them all.
    package func inactiveSlot(value: TypedValue?) -> (
        result: Result<ModifierIR, FactoryCallError>, line: StructuralSignature.Slot
    ) {
        if let memo = inactiveMemo.withLock({ $0 }), memo.value == value { return (memo.result, memo.line) }
        let result = makeModifier(active: false, value: value)
        let line = signatureLine((try? result.get()) ?? ModifierIR())
        inactiveMemo.withLock { $0 = (value, result, line) }
        return (result, line)
    }

    /// The inactive modifier (see `inactiveSlot`).
    package func inactiveModifier(value: TypedValue?) -> Result<ModifierIR, FactoryCallError> {
        inactiveSlot(value: value).result
    }

    /// This slot's line of a surface's structural signature (R-ID-1).
    package func signatureLine(_ ir: ModifierIR) -> StructuralSignature.Slot {
        StructuralSignature.Slot(phase: phase, name: name, structure: ir.structure)
    }

    /// R-ID-3: whether the factory returns another structure inactive than
    /// active, probed once with the default argument.
    package var isUnstable: Bool {
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
    package var factoryInvoker: FactoryInvoker? {
        if case .plugin(let invoker, _) = factory { return invoker }
        return nil
    }
}
