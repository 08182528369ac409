import TWSupport

/// Registrations written inline in a Swift source, in the seeds' shape —
/// `TWGlobalRules(modifiers: ["tilt": .value(default: 0.0, order: 10) { view, d in
/// view.rotation3DEffect(.degrees(d), axis: (x: 0, y: 1, z: 0)) }])` — read
/// statically by the Swift source reader. No code runs: the closure is kept as
/// a template of the modifier calls it makes on its first parameter, with holes
/// for the value parameter and for `active`. They take part in resolution like
/// a plugin's registrations, with origin `source`.
public struct InlineModifierTemplate: Hashable, Sendable {
    /// A value inside the closure.
    public indirect enum Value: Hashable, Sendable {
        /// A literal, or a value the reader could compute (`.ultraThinMaterial`, `20`).
        case fixed(IRValue)
        /// The closure's value parameter (`degrees` in `{ view, degrees in … }`).
        case argument
        /// The value parameter as a plain number, as swiftcn's argument helpers
        /// give it (`argument.degrees` is a `Double` of degrees, not an `Angle`).
        case scalarArgument
        /// `active ? a : b`.
        case whenActive(Value, Value)
        /// `.degrees(d)`: a static call whose arguments may use the parameter.
        case call(String, [Argument])
        case tuple([Argument])
        /// A view closure, `{ RoundedRectangle(cornerRadius: 20).fill(…) }`.
        case content([Node])
        /// A value made by an initializer, `SpinModifier(duration: d)`: a view
        /// or modifier passed as a value, whose arguments may use the parameter.
        case initializer(String, [Argument])
        /// `d * 2`, `points / 2`: computed when both sides are numbers; else shown as `text`.
        case arithmetic(Operator, Value, Value, text: String)
        /// Swift text whose value the reader does not know (`gradient`, `f(x)`).
        case source(String)
    }

    public enum Operator: String, Hashable, Sendable { case add = "+", subtract = "-", multiply = "*", divide = "/" }

    public struct Argument: Hashable, Sendable {
        public var label: String?
        public var value: Value
        public init(_ label: String?, _ value: Value) {
            self.label = label
            self.value = value
        }
    }

    /// `.name(args…)` on the chain, or `Name(args…)` starting a chain inside content.
    public struct Node: Hashable, Sendable {
        public var kind: IRNode.Kind
        public var name: String
        public var arguments: [Argument]
        public init(kind: IRNode.Kind, name: String, arguments: [Argument]) {
            self.kind = kind
            self.name = name
            self.arguments = arguments
        }
    }

    /// What the closure returns: a chain of calls, or a branch on `active`.
    public indirect enum Body: Hashable, Sendable {
        case chain([Node])
        case whenActive(Body, Body)
    }

    public var body: Body
    public init(body: Body) { self.body = body }

    /// The modifiers the closure would describe for `active` and `value`.
    public func instantiate(active: Bool, value: TypedValue?) -> ModifierIR {
        var body = self.body
        while case .whenActive(let yes, let no) = body { body = active ? yes : no }
        guard case .chain(let nodes) = body else { return ModifierIR() }
        return ModifierIR(nodes.map { node($0, active: active, value: value) })
    }

    private func node(_ n: Node, active: Bool, value: TypedValue?) -> IRNode {
        IRNode(kind: n.kind, name: n.name, arguments: n.arguments.map { argument($0, active: active, value: value) })
    }

    private func argument(_ a: Argument, active: Bool, value: TypedValue?) -> IRArgument {
        IRArgument(a.label, resolve(a.value, active: active, value: value))
    }

    private func resolve(_ v: Value, active: Bool, value: TypedValue?) -> IRValue {
        switch v {
        case .fixed(let ir): return ir
        case .argument: return value.map(Self.irValue) ?? .symbolic("nil", standsFor: nil)
        case .scalarArgument:
            if let n = value?.scalar { return .number(n) }
            return value.map(Self.irValue) ?? .symbolic("nil", standsFor: nil)
        case .whenActive(let yes, let no): return resolve(active ? yes : no, active: active, value: value)
        case .call(let name, let args): return .call(name, args.map { argument($0, active: active, value: value) })
        case .tuple(let args): return .tuple(args.map { argument($0, active: active, value: value) })
        case .content(let nodes): return .content(nodes.map { node($0, active: active, value: value) })
        case .initializer(let name, let args):
            return .view([.view(name, args.map { argument($0, active: active, value: value) })])
        case .arithmetic(let op, let lhs, let rhs, let text):
            guard case .number(let a) = resolve(lhs, active: active, value: value),
                case .number(let b) = resolve(rhs, active: active, value: value)
            else { return .symbolic(text, standsFor: .number(0)) }
            switch op {
            case .add: return .number(a + b)
            case .subtract: return .number(a - b)
            case .multiply: return .number(a * b)
            case .divide: return b == 0 ? .symbolic(text, standsFor: .number(0)) : .number(a / b)
            }
        case .source(let text): return .symbolic(text, standsFor: nil)
        }
    }

    /// A typed value as a factory's builder would record it: an angle is
    /// `.degrees(x)`, lengths and seconds are numbers (as TWPluginKit emits them).
    public static func irValue(_ value: TypedValue) -> IRValue {
        switch value {
        case .number(let v), .points(let v), .seconds(let v): return .number(v)
        case .angle(let d): return .call("degrees", [IRArgument(nil, .number(d))])
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .color(let c): return .color(c)
        case .vector(let x, let y, let z):
            return .tuple([IRArgument("x", .number(x)), IRArgument("y", .number(y)), IRArgument("z", .number(z))])
        case .animation(let a): return .animation(a)
        case .payload(let p): return p.text.map(IRValue.string) ?? .number(p.number)
        case .animationFactory(let name): return .member(name)
        case .symbolic(let s): return .symbolic(s.text, standsFor: nil)
        }
    }
}

/// An inline modifier registration as the Swift source reader found it.
public struct InlineModifier: Hashable, Sendable {
    public var name: String
    public var form: RegistrationForm
    public var phase: ChainPhase
    public var order: Int
    public var conflictKey: String
    public var argumentType: ArgumentType
    /// The default as class-argument text (`0`, `#000000`), decoded under the theme like a plugin's.
    public var defaultArgument: String?
    public var template: InlineModifierTemplate
    /// Why the closure's structure depends on its path (`active ? image.resizable() : image`), if it does.
    public var unstableReason: String?
    public var location: SourceLocation
    /// Installed only where no modifier of the same name is in force (swiftcn's library
    /// utilities: `if rules.modifiers[name] == nil { … }`): the app's own registration, or
    /// a loaded plugin's, is kept.
    public var yieldsToExisting = false

    public init(
        name: String, form: RegistrationForm, phase: ChainPhase, order: Int, conflictKey: String,
        argumentType: ArgumentType, defaultArgument: String?, template: InlineModifierTemplate,
        unstableReason: String?, location: SourceLocation
    ) {
        self.name = name
        self.form = form
        self.phase = phase
        self.order = order
        self.conflictKey = conflictKey
        self.argumentType = argumentType
        self.defaultArgument = defaultArgument
        self.template = template
        self.unstableReason = unstableReason
        self.location = location
    }
}

/// An inline `TWUtility`: a bracket prefix whose closure reads the argument
/// with one helper (`argument.degrees`), may reject it, and returns styles —
/// kept as the classes it returns, with the argument's place marked.
public struct InlineUtility: Hashable, Sendable {
    public var prefix: String
    /// How the closure reads the argument; nil when the reader could not tell
    /// (the utility's classes are then reported as dynamic).
    public var argumentType: ArgumentType?
    /// Bounds the closure checks (`units >= 0`).
    public var minimum: Double?
    /// The output: class text around `InlineUtility.hole`, where the value
    /// (scaled by `scale`, and by the theme's spacing unit when `spacing`) goes.
    public var output: String?
    public var scale: Double = 1
    public var spacing = false
    /// Whether the output is typed `TWStyle` values only (`.w(21)`): swiftcn
    /// applies those as properties, never as classes looked up again, so they
    /// are the built-in classes even where the app registers the same prefix.
    public var typedOutput = false
    /// Whether the closure is not read statically (it switches on the raw
    /// text, reads a payload type of the app …): the utility then accepts every
    /// argument, as a registered class whose effect twhost does not show.
    public var opaque = false
    public var location: SourceLocation

    /// Stands for the argument in `output`.
    public static let hole = "\u{FFFE}"

    public init(prefix: String, argumentType: ArgumentType?, output: String?, location: SourceLocation) {
        self.prefix = prefix
        self.argumentType = argumentType
        self.output = output
        self.location = location
    }

    package func expand(_ argument: String, theme: Theme) -> Result<String, ArgumentDecoder.Failure> {
        if opaque { return .success("") }
        guard let argumentType, let output else {
            return .failure("the utility's closure (\(location)) is not read statically")
        }
        let value: TypedValue
        switch ArgumentDecoder.decode(argument, as: argumentType, theme: theme) {
        case .success(let v): value = v
        case .failure(let f): return .failure(f)
        }
        var text: String
        if var n = value.scalar {
            if let minimum, n < minimum { return .failure("\(argument) is below \(SwiftLiteral.number(minimum))") }
            n *= scale
            if spacing { n *= theme.spacingUnit }
            guard n.isFinite else { return .failure("\(argument) is out of range") }
            text = SwiftLiteral.number(n)
        } else if case .color(let c) = value, c.name == nil {
            text = argument
        } else {
            text = argument.replacingOccurrences(of: " ", with: "_")
        }
        text = output.replacingOccurrences(of: Character(InlineUtility.hole), with: text)
        return .success(text)
    }
}

/// An inline `TWAnimation { seconds in .spring(duration: seconds, bounce: 0.15) }`.
public struct InlineAnimation: Hashable, Sendable {
    public var name: String
    /// The animation with the closure's fixed parameters.
    public var animation: AnimationValue
    /// Whether the closure passes its seconds as the duration (else its timing is fixed).
    public var usesSeconds: Bool
    /// The duration when the closure's parameter is nil (`seconds ?? 0.5`).
    public var defaultDuration: Double?
    public var location: SourceLocation
    /// A fixed animation the reader does not compute (`Animation(Probe())` of an
    /// app's `CustomAnimation`, a variable): its Swift text, on one line, shown
    /// as the preset's animation. `animation` is then not used.
    public var expression: String?

    public init(
        name: String, animation: AnimationValue, usesSeconds: Bool, defaultDuration: Double?, location: SourceLocation
    ) {
        self.name = name
        self.animation = animation
        self.usesSeconds = usesSeconds
        self.defaultDuration = defaultDuration
        self.location = location
    }

    /// Swift text as one line (each run of spaces, tabs and line breaks is one
    /// space, control characters escaped), in parentheses unless it is one
    /// postfix expression, so that `.delay(_:)` can follow it.
    public static func written(_ text: String) -> String {
        let line = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }).joined(separator: " ")
            .escapingControlCharacters
        var depth = 0
        for c in line {
            switch c {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case " " where depth == 0: return "(" + line + ")"
            default: break
            }
        }
        return line
    }

    package func make(seconds: Double?) -> AnimationValue {
        var a = animation
        if usesSeconds, let s = seconds ?? defaultDuration { a.duration = s }
        return a
    }
}

/// The inline registrations in force for a subtree (`TWGlobalRules(modifiers:
/// utilities: animations:)`), as one plugin-like set whose origin is `source`.
public struct InlineRegistrations: Hashable, Sendable {
    public var modifiers: [InlineModifier] = []
    public var utilities: [InlineUtility] = []
    public var animations: [InlineAnimation] = []
    public init() {}

    public var isEmpty: Bool { modifiers.isEmpty && utilities.isEmpty && animations.isEmpty }

    /// These merged into `base`: one name, one registration; later wins.
    public func merged(into base: InlineRegistrations) -> InlineRegistrations {
        var out = base
        for m in modifiers {
            if m.yieldsToExisting && out.modifiers.contains(where: { $0.name == m.name }) { continue }
            out.modifiers.removeAll { $0.name == m.name }
            out.modifiers.append(m)
        }
        for u in utilities {
            out.utilities.removeAll { $0.prefix == u.prefix }
            out.utilities.append(u)
        }
        for a in animations {
            out.animations.removeAll { $0.name == a.name }
            out.animations.append(a)
        }
        return out
    }

    /// The plugin name inline registrations carry in merged registries.
    public static let pluginName = "source"
}
