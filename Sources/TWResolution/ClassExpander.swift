import TWGrammar
import TWLoading
import TWModel
import TWRegistry
import TWSupport

/// One effect of one class after lookup and expansion: built-in property
/// assignments or a registration with its value, under state conditions.
/// The payload is shared (a class), so surfaces copy effects cheaply.
struct ClassEffect: Sendable {
    enum Kind: Sendable {
        case style([StyleAssignment])
        case registration(ModifierRegistration, TypedValue?)
    }
    /// Immutable, so one core is shared by every surface that copies the effect.
    final class Core: Sendable {
        let kind: Kind
        let classText: String
        let innerText: String
        let conditions: [Variant]
        let precedence: Int
        init(kind: Kind, classText: String, innerText: String, conditions: [Variant]) {
            self.kind = kind
            self.classText = classText
            self.innerText = innerText
            self.conditions = conditions
            self.precedence = Variant.precedence(of: conditions)
        }
    }
    let core: Core
    /// Declaration order after expansion.
    var index: Int

    init(kind: Kind, classText: String, innerText: String, conditions: [Variant], index: Int) {
        core = Core(kind: kind, classText: classText, innerText: innerText, conditions: conditions)
        self.index = index
    }

    var kind: Kind { core.kind }
    /// The top-level class that produced it, as written.
    var classText: String { core.classText }
    /// The class inside a recipe or utility output, if different.
    var innerText: String { core.innerText }
    var conditions: [Variant] { core.conditions }
}

/// One top-level class looked up and expanded in a scope: reused by every
/// surface of the scope that has the same class (it depends on nothing else).
struct TokenExpansion: Sendable {
    var effects: [ClassEffect]
    var diagnostics: [Diagnostic]
    var matches: [ClassMatch]
    var count: Int
}

/// What a class matched, for `twhost explain`.
public struct ClassMatch: Hashable, Sendable {
    public var classText: String
    /// "recipe card (built-in)", "registration tilt (plugin motion, value form)", …
    public var matched: String
    public var depth: Int
}

/// Looks classes up in a scope and expands recipes and utilities (R-PREC-1…3,
/// R-RULES-3, R-UTIL-1).
struct ClassExpander {
    let scope: ResolutionScope
    var effects: [ClassEffect] = []
    var diagnostics: [Diagnostic] = []
    var matches: [ClassMatch] = []

    static let maxDepth = 32
    static let maxExpandedClasses = 10_000

    private(set) var expandedCount = 0
    private var recipeStack: [String] = []
    private var utilityStack: [String] = []
    /// Set while expanding classes that stand for typed `TWStyle` values
    /// (`.w(84)` in a named rule or a utility's output): swiftcn applies those
    /// as properties, so a bracket class there is the built-in one, never an
    /// app's registration, utility or named alias of the same prefix.
    private var typedStyles = false

    /// Expansion depends on the scope alone (targets are checked later), so
    /// one scope's cache serves every source kind.
    init(scope: ResolutionScope, useCache: Bool = true) {
        self.scope = scope
        self.useCache = useCache
    }

    /// Whether top-level expansions come from the scope's memo.
    let useCache: Bool
    /// Whether `matches` is filled (the interned path never reads it).
    var recordsMatches = true

    var theme: Theme { scope.rules.theme }
    var registry: PluginRegistry { scope.registry }

    mutating func expand(_ classes: TWClasses) {
        // Past the limit (from an earlier list of this surface), nothing more is read.
        if expandedCount > Self.maxExpandedClasses { return }
        for token in PlainClassList.tokens(classes) {
            let cached = scope.expansion(of: token, memoised: useCache) { Self.topLevel($0, scope: scope) }
            expandedCount += cached.count
            if expandedCount > Self.maxExpandedClasses {
                // Reported once; the classes after it are dropped unread, so no
                // lookup or suggestion work is spent on them.
                report(.tooManyClasses(limit: Self.maxExpandedClasses), token.displayText)
                break
            }
            let offset = effects.count
            for var effect in cached.effects {
                effect.index += offset
                effects.append(effect)
            }
            diagnostics += cached.diagnostics
            matches += cached.matches
        }
    }

    /// One top-level class looked up and expanded on its own: what the
    /// scope's memo and the interned path keep per class.
    /// - Parameter matches: record what each class matched (for `explain`).
    static func topLevel(_ token: ClassToken, scope: ResolutionScope, matches: Bool = true) -> TokenExpansion {
        var sub = ClassExpander(scope: scope)
        sub.recordsMatches = matches
        sub.expand(token: token, outer: [], top: nil, depth: 0)
        return TokenExpansion(
            effects: sub.effects, diagnostics: sub.diagnostics, matches: sub.matches, count: sub.expandedCount)
    }

    /// Reports a finding about the top-level class `classText`.
    private mutating func report(_ finding: ExpansionFinding, _ classText: String) {
        diagnostics.append(finding.diagnostic(className: classText))
    }

    private mutating func expand(token: ClassToken, outer: [String], top: String?, depth: Int) {
        switch ParsedClass.parse(token) {
        case .failure(let failure):
            let text = outer.isEmpty ? token.displayText : outer.joined(separator: ":") + ":" + token.displayText
            report(.syntax(failure, classText: text), top ?? text)
        case .success(let parsed):
            expand(parsed.prefixed(by: outer), top: top, depth: depth)
        }
    }

    private mutating func expand(_ parsed: ParsedClass, top: String?, depth: Int) {
        let topText = top ?? parsed.text
        expandedCount += 1
        if expandedCount > Self.maxExpandedClasses || depth > Self.maxDepth {
            if expandedCount == Self.maxExpandedClasses + 1 || depth == Self.maxDepth + 1 {
                report(.tooDeep(classText: topText, classes: Self.maxExpandedClasses, levels: Self.maxDepth), topText)
            }
            return
        }
        // Variants first: every one must be known.
        var conditions: [Variant] = []
        for name in parsed.variants {
            guard let variant = Variant(name: name) else {
                let suggestion = Suggestion.nearest(to: name, in: Variant.names)
                report(.unknownVariant(classText: parsed.text, name: name, suggestion: suggestion), topText)
                return
            }
            conditions.append(variant)
        }
        let record = { (matched: () -> String, expander: inout ClassExpander) in
            guard expander.recordsMatches else { return }
            expander.matches.append(ClassMatch(classText: parsed.text, matched: matched(), depth: depth))
        }

        if parsed.argument == nil {
            expandPlain(parsed, conditions: conditions, topText: topText, depth: depth, record: record)
        } else {
            expandBracket(parsed, conditions: conditions, topText: topText, depth: depth, record: record)
        }
    }

    // MARK: root and root-value classes

    /// A class without brackets: a recipe, a registration or preset, then a built-in.
    private mutating func expandPlain(
        _ parsed: ParsedClass, conditions: [Variant], topText: String, depth: Int,
        record: (() -> String, inout ClassExpander) -> Void
    ) {
        if expandRegistered(parsed, conditions: conditions, topText: topText, depth: depth, record: record) { return }
        expandBuiltin(parsed, conditions: conditions, topText: topText, record: record)
    }

    /// Step 1 of a plain class: a recipe (R-PREC-1), an exact-tag registration
    /// (R-PREC-2) or an animation preset by that name. Returns whether one matched.
    private mutating func expandRegistered(
        _ parsed: ParsedClass, conditions: [Variant], topText: String, depth: Int,
        record: (() -> String, inout ClassExpander) -> Void
    ) -> Bool {
        let body = parsed.body
        // R-PREC-1: exact named recipes win over everything.
        if let recipe = recipeBody(named: body) {
            if parsed.negative {
                report(.negatedRecipe(classText: parsed.text), topText)
                return true
            }
            record({ "recipe \(body) (\(recipe.origin))" }, &self)
            expandRecipe(body, recipe, parsed: parsed, topText: topText, depth: depth)
            return true
        }
        // R-PREC-2: registered exact tags win over built-in tags.
        if let registration = registry.modifier(named: body) {
            guard registration.form.isExactTag else {
                report(
                    .needsArgument(
                        classText: parsed.text, name: body, defaultArgument: registration.defaultArgument), topText)
                return true
            }
            if parsed.negative {
                report(.cannotNegate(classText: parsed.text, name: body), topText)
                return true
            }
            record(
                { "registration \(body) (plugin \(registration.plugin), \(registration.form.rawValue) form)" }, &self)
            add(.registration(registration, nil), parsed, conditions, topText)
            return true
        }
        if body.hasPrefix("animate-"), let preset = registry.animation(named: String(body.dropFirst(8))) {
            record({ "animation preset \(preset.name) (\(preset.origin))" }, &self)
            add(
                .style([StyleAssignment(.animation, .animation(.preset(preset.name, plugin: preset.plugin)))]), parsed,
                conditions, topText)
            return true
        }
        return false
    }

    /// Step 2 of a plain class: a built-in exact tag, a root alone (its DEFAULT
    /// step), or root-value with the longest known root; else it is unknown.
    private mutating func expandBuiltin(
        _ parsed: ParsedClass, conditions: [Variant], topText: String,
        record: (() -> String, inout ClassExpander) -> Void
    ) {
        let body = parsed.body
        if body.hasPrefix("group/") {
            groupMarker(parsed, name: String(body.dropFirst(6)), conditions: conditions, topText: topText)
            return
        }
        if let assignments = BuiltinUtilities.exactTags[body] {
            if parsed.negative {
                report(.cannotNegate(classText: parsed.text, name: body), topText)
                return
            }
            record({ "built-in \(body)" }, &self)
            add(.style(assignments), parsed, conditions, topText)
            return
        }
        // `rounded`, `shadow`, `blur` alone use their DEFAULT step (a switch, not
        // an array literal: this runs for every unknown class too).
        if Self.takesDefaultStep(body), let handler = BuiltinUtilities.roots[body] {
            builtin(handler, root: body, key: "DEFAULT", parsed, conditions, topText, record)
            return
        }
        // Root-value: the longest known root first (a table lookup per '-').
        var split = body.endIndex
        while let dash = body[..<split].lastIndex(of: "-") {
            let root = String(body[..<dash])
            let key = String(body[body.index(after: dash)...])
            if let handler = BuiltinUtilities.roots[root], !key.isEmpty {
                builtin(handler, root: root, key: key, parsed, conditions, topText, record)
                return
            }
            split = dash
        }
        unknown(parsed, topText)
    }

    /// The roots a class may write alone for their DEFAULT step.
    private static func takesDefaultStep(_ body: String) -> Bool {
        switch body {
        case "rounded", "shadow", "blur": return true
        default: return false
        }
    }

    private mutating func builtin(
        _ handler: BuiltinUtilities.Handler, root: String, key: String?, _ parsed: ParsedClass, _ conditions: [Variant],
        _ topText: String, _ record: (() -> String, inout ClassExpander) -> Void
    ) {
        if parsed.negative && !BuiltinUtilities.negatable.contains(root) {
            report(.cannotNegate(classText: parsed.text, name: root), topText)
            return
        }
        var argument = parsed.argument
        var hint = parsed.typeHint
        if case .literal(let text)? = argument, let colon = text.firstIndex(of: ":"),
            let roots = BuiltinUtilities.hintRoots[String(text[..<colon])]
        {
            hint = String(text[..<colon])
            guard roots.contains(root) else {
                report(
                    .invalidValue(
                        classText: parsed.text, reason: "the \(hint ?? "") hint does not apply to \(root)-[…]"),
                    topText)
                return
            }
            argument = .literal(String(text[text.index(after: colon)...]))
        }
        let input = BuiltinUtilities.Input(
            key: key, argument: argument, bracketOpacity: parsed.bracketOpacity, negative: parsed.negative,
            theme: theme)
        var result = handler(input)
        if let hint, case .success(let assignments) = result {
            let colors = assignments.contains { if case .color = $0.value { return true } else { return false } }
            if colors != (hint == "color") { result = .failure("expected a \(hint == "color" ? "color" : "length")") }
        }
        switch result {
        case .success(let assignments):
            record({ "built-in \(root) → \(assignments.map(\.property.rawValue).joined(separator: ", "))" }, &self)
            add(.style(assignments), parsed, conditions, topText)
        case .failure(let failure):
            report(.invalidValue(classText: parsed.text, reason: failure.message), topText)
        }
    }

    private mutating func unknown(_ parsed: ParsedClass, _ topText: String) {
        let suggestion = scope.suggestion(for: parsed.body)
        report(.unknownClass(name: parsed.body, suggestion: suggestion), topText)
    }

    // MARK: bracket classes

    private mutating func expandBracket(
        _ parsed: ParsedClass, conditions: [Variant], topText: String, depth: Int,
        record: (() -> String, inout ClassExpander) -> Void
    ) {
        guard let root = parsed.root, let argument = parsed.argument else { return }
        if case .typed(let value) = argument, let scalar = value.scalar, !scalar.isFinite {
            report(.notFinite(classText: parsed.text, value: scalar), topText)
            return
        }
        // A hint before a typed value (`text-[color:\(Color.red)]`) is read by the built-in roots
        // it names, as a hint before literal text is; anywhere else it would be dropped, so it is refused.
        if let hint = parsed.typeHint {
            guard let roots = BuiltinUtilities.hintRoots[hint] else {
                let known = BuiltinUtilities.hintRoots.keys.sorted().joined(separator: ", ")
                report(.invalidValue(classText: parsed.text, reason: "unknown type hint '\(hint)' (\(known))"), topText)
                return
            }
            guard roots.contains(root), registry.modifier(named: root) == nil, registry.utility(prefix: root) == nil
            else {
                report(
                    .invalidValue(classText: parsed.text, reason: "the \(hint) hint does not apply to \(root)-[…]"),
                    topText)
                return
            }
        }
        if typedStyles, let handler = BuiltinUtilities.roots[root] {
            if case .typed(.symbolic(let symbol)) = argument {
                dynamic(symbol, parsed, topText)
                return
            }
            builtin(handler, root: root, key: nil, parsed, conditions, topText, record)
            return
        }
        // Exact named bracket aliases match literal arguments only (G-5).
        if case .literal = argument, let recipe = recipeBody(named: parsed.body) {
            record({ "recipe \(parsed.body) (\(recipe.origin))" }, &self)
            expandRecipe(parsed.body, recipe, parsed: parsed, topText: topText, depth: depth)
            return
        }
        // Seed 000: shared-element classes keep their own grammar, whatever is registered under `shared`.
        if root == "shared" {
            sharedElement(parsed, argument, conditions: conditions, topText: topText, record: record)
            return
        }
        // R-PREC-3: registered bracket prefixes, then utilities, then built-ins.
        if let registration = registry.modifier(named: root) {
            guard !registration.form.isExactTag else {
                report(.takesNoArgument(classText: parsed.text, name: root), topText)
                return
            }
            switch registrationValue(registration, argument, negative: parsed.negative) {
            case .success(let value):
                record(
                    {
                        "registration \(root) (plugin \(registration.plugin), \(registration.form.rawValue) form) = \(value.displayText)"
                    }, &self)
                add(.registration(registration, value), parsed, conditions, topText)
            case .failure(let failure):
                report(.invalidValue(classText: parsed.text, reason: failure.message), topText)
            }
            return
        }
        if let utility = registry.utility(prefix: root) {
            expandUtility(utility, parsed: parsed, argument: argument, topText: topText, depth: depth, record: record)
            return
        }
        if root == "animate", case .literal(let name) = argument, let preset = registry.animation(named: name) {
            record({ "animation preset \(preset.name) (\(preset.origin))" }, &self)
            add(
                .style([StyleAssignment(.animation, .animation(.preset(preset.name, plugin: preset.plugin)))]), parsed,
                conditions, topText)
            return
        }
        if let handler = BuiltinUtilities.roots[root] {
            if case .typed(.symbolic(let symbol)) = argument {
                dynamic(symbol, parsed, topText)
                return
            }
            builtin(handler, root: root, key: nil, parsed, conditions, topText, record)
            return
        }
        unknown(ParsedClass(text: parsed.text, variants: [], negative: false, body: root + "-[…]"), topText)
    }

    /// A registration's value from a bracket argument: literal text is decoded
    /// (or parsed by the plugin); a typed value is passed natively.
    private func registrationValue(_ registration: ModifierRegistration, _ argument: BracketArgument, negative: Bool)
        -> Result<TypedValue, ArgumentDecoder.Failure>
    {
        // An inline registration whose default its own parse rejects accepts no
        // class: swiftcn validates the inactive argument before every use.
        if registration.plugin == InlineRegistrations.pluginName,
            case .failure(let f)? = registration.defaultValue(in: theme)
        {
            return .failure("its default argument '\(registration.defaultArgument ?? "")' is invalid: \(f.message)")
        }
        var value: TypedValue
        switch argument {
        case .literal(let text):
            switch registration.parseArgument(text, theme: theme) {
            case .success(let v): value = v
            case .failure(let f): return .failure(f)
            }
        case .typed(let typed):
            switch (registration.argumentType, typed) {
            case (.points, .number(let v)): value = .points(v)
            case (.angle, .number(let v)): value = .angle(v)
            case (.seconds, .number(let v)): value = .seconds(v)
            case (.number, .points(let v)): value = .number(v)
            case (.custom, .symbolic(let symbol)) where symbol.type == nil || symbol.type == .string:
                // A payload of the app's own type (`.value(default: Payload(…))`):
                // the reader cannot type the Swift value, and passes it as it is.
                value = typed
            default:
                guard typed.type == registration.argumentType, !(typed.type == .animation && isFactory(typed)) else {
                    return .failure(
                        "\(ExpansionFinding.typeMismatchPrefix) \(registration.name) takes a \(registration.argumentType.rawValue), got a \(typed.type.rawValue)"
                    )
                }
                value = typed
            }
        }
        if negative {
            switch value {
            case .number(let v): value = .number(-v)
            case .points(let v): value = .points(-v)
            case .angle(let v): value = .angle(-v)
            default: return .failure("\(registration.name) cannot be negated")
            }
        }
        if let scalar = value.scalar, !scalar.isFinite { return .failure("\(scalar) is not a finite number") }
        // Plugins receive strings as C strings: a NUL would silently cut the value short.
        if case .string(let text) = value, text.utf8.contains(0) {
            return .failure("a string argument cannot contain NUL (U+0000)")
        }
        return .success(value)
    }

    /// A value from a Swift source that nothing could type (SymbolicSurface
    /// types the rest): said so, never guessed.
    private mutating func dynamic(_ symbol: SymbolicValue, _ parsed: ParsedClass, _ topText: String) {
        report(.untypedValue(classText: parsed.text, expression: symbol.text), topText)
    }

    private func isFactory(_ value: TypedValue) -> Bool {
        if case .animationFactory = value { return true }
        return false
    }

    private mutating func expandUtility(
        _ utility: UtilityRegistration, parsed: ParsedClass, argument: BracketArgument, topText: String, depth: Int,
        record: (() -> String, inout ClassExpander) -> Void
    ) {
        if let inline = utility.inline, inline.opaque {
            // The app's closure is not read: every argument is accepted, and
            // what it adds is reported once, at the registration.
            record({ "utility \(utility.prefix) (inline, \(inline.location)), not read statically" }, &self)
            return
        }
        let text: String
        switch argument {
        case .literal(let literal): text = literal
        case .typed(.symbolic(let symbol)):
            dynamic(symbol, parsed, topText)
            return
        case .typed(let value):
            // Only numbers cross to a utility as text: they cannot carry classes.
            guard let scalar = value.scalar else {
                report(.utilityArgumentType(classText: parsed.text, prefix: utility.prefix), topText)
                return
            }
            text = SwiftLiteral.number(scalar)
        }
        if utilityStack.contains(utility.prefix) {
            report(.recursiveUtility(chain: utilityStack + [utility.prefix]), topText)
            return
        }
        switch utility.expand(text, theme: theme) {
        case .failure(let failure):
            report(
                .utilityRejected(classText: parsed.text, prefix: utility.prefix, reason: failure.message), topText)
        case .success(let output):
            record({ "utility \(utility.prefix) (plugin \(utility.plugin)) → \(output)" }, &self)
            utilityStack.append(utility.prefix)
            let outer = typedStyles
            typedStyles = outer || utility.inline?.typedOutput == true
            for token in ClassTokenizer.tokenize(output) {
                expand(token: token, outer: parsed.variants, top: topText, depth: depth + 1)
            }
            typedStyles = outer
            utilityStack.removeLast()
        }
    }

    // MARK: recipes

    struct RecipeBody {
        var classes: [TWClasses]
        var origin: String
        var key: String
        /// Classes that stand for typed `TWStyle` values (see `typedStyles`).
        var typed = false
    }

    /// Rules' named recipes, then plugin recipes, then built-ins.
    private func recipeBody(named name: String) -> RecipeBody? {
        if let defined = scope.rules.named[name] {
            var parts: [TWClasses] = []
            if let base = defined.extends, let builtin = BuiltinRecipes.classes(base, scope.environment.platform) {
                parts += builtin
            }
            parts.append(defined.classes)
            return RecipeBody(
                classes: parts, origin: defined.extends.map { "rules, extends built-in \($0)" } ?? "rules",
                key: "rules:" + name, typed: defined.typed)
        }
        if let recipe = registry.recipe(named: name) {
            return RecipeBody(
                classes: [TWClasses(recipe.classes)], origin: "plugin \(recipe.plugin)", key: "plugin:" + name)
        }
        if let builtin = BuiltinRecipes.classes(name, scope.environment.platform) {
            return RecipeBody(classes: builtin, origin: "built-in", key: "builtin:" + name)
        }
        return nil
    }

    private mutating func expandRecipe(
        _ name: String, _ body: RecipeBody, parsed: ParsedClass, topText: String, depth: Int
    ) {
        if recipeStack.contains(body.key) {
            let names = recipeStack.map { String($0.split(separator: ":", maxSplits: 1).last ?? "") }
            report(.recipeCycle(chain: names + [name]), topText)
            return
        }
        recipeStack.append(body.key)
        let outer = typedStyles
        typedStyles = outer || body.typed
        for classes in body.classes {
            for token in ClassTokenizer.tokenize(classes) {
                expand(token: token, outer: parsed.variants, top: topText, depth: depth + 1)
            }
        }
        typedStyles = outer
        recipeStack.removeLast()
    }

    // MARK: groups and shared elements (swiftcn's ClassParser.swift)

    /// `group/name`: a named group marker; the name is letters, digits, `-`, `_` or `.`.
    private mutating func groupMarker(_ parsed: ParsedClass, name: String, conditions: [Variant], topText: String) {
        guard !parsed.negative else {
            report(.cannotNegate(classText: parsed.text, name: "group"), topText)
            return
        }
        guard GroupName.isValid(name) else {
            report(.invalidValue(classText: parsed.text, reason: Self.groupNameRule), topText)
            return
        }
        add(.style([StyleAssignment(.groupMarker, .member(name))]), parsed, conditions, topText)
    }

    static let groupNameRule = "a group name is ASCII letters, digits, '-', '_' or '.'"

    /// `shared-[id]` and `shared-[id]/group`: the element's id (a literal
    /// name, or a String passed by interpolation; a run-time one is probed as
    /// a String by `SymbolicSurface`) and the group whose
    /// namespace pairs it; both are set together, so a later class replaces both.
    private mutating func sharedElement(
        _ parsed: ParsedClass, _ argument: BracketArgument, conditions: [Variant], topText: String,
        record: (() -> String, inout ClassExpander) -> Void
    ) {
        guard !parsed.negative else {
            report(.cannotNegate(classText: parsed.text, name: "shared"), topText)
            return
        }
        if let group = parsed.bracketGroup, !GroupName.isValid(group) {
            report(.invalidValue(classText: parsed.text, reason: Self.groupNameRule), topText)
            return
        }
        let id: StyleValue
        switch argument {
        case .literal(let text), .typed(.string(let text)):
            guard GroupName.isValid(text) else {
                // Literal text may also be a typed String; a String is checked by the same rule.
                var reason = "a shared element's id is ASCII letters, digits, '-', '_' or '.'"
                if case .literal = argument { reason += ", or a String" }
                report(.invalidValue(classText: parsed.text, reason: reason), topText)
                return
            }
            id = .member(text)
        case .typed(.symbolic(let symbol)):
            dynamic(symbol, parsed, topText)
            return
        case .typed(let other):
            report(
                .invalidValue(
                    classText: parsed.text, reason: "a shared element's id is a String, got a \(other.type.rawValue)"),
                topText)
            return
        }
        record({ "shared element (swiftcn's shared-element grammar)" }, &self)
        add(
            .style([
                StyleAssignment(.sharedID, id),
                StyleAssignment(.sharedGroup, parsed.bracketGroup.map { .member($0) } ?? .none),
            ]), parsed, conditions, topText)
    }

    private mutating func add(
        _ kind: ClassEffect.Kind, _ parsed: ParsedClass, _ conditions: [Variant], _ topText: String
    ) {
        effects.append(
            ClassEffect(
                kind: kind, classText: topText, innerText: parsed.text, conditions: conditions, index: effects.count))
    }
}
