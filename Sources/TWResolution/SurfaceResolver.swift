import Glibc
import TWGrammar
import TWLoading
import TWModel

/// Resolves one `.tw` surface: lookup and expansion, strictness, conflicts and
/// states, slots and phases, built-in styling, animation and identity.
public enum SurfaceResolver {
    /// How long a preset lasts when no duration class is given (swiftcn's `TWResolvedMotion`).
    public static let defaultPresetSeconds = 0.3
    /// Under a transaction that disables animations swiftcn sets no animation of its own, whatever
    /// the preset, `animate-none` included (`TWResolvedMotion.update` returns early): the caller's
    /// transaction, with any animation it carries, is what runs.
    static let disabledTransactionNote =
        "disabled: the transaction disables animations, so the caller's transaction is kept"
    /// How a surface is resolved, and what its answer holds.
    public struct Options: Hashable, Sendable {
        /// What the answer holds besides the chain, status, identity and findings.
        public enum Detail: Hashable, Sendable {
            /// Also what each class matched and which class won each property
            /// (`matches`, `winners`): `explain`, hovers, completions.
            case explained
            /// Only what a report writes: `matches` and `winners` are empty,
            /// and a plain list of built-in classes may take the interned
            /// path (`InternedResolution`), which gives the same chain.
            case reported
        }
        /// Skip invalid classes with warnings instead of leaving the surface undecorated (R-STRICT-1).
        public var lenient: Bool
        /// Apply the rules' `view:`/`button:` defaults (R-RULES-1).
        public var includeDefaults: Bool
        public var detail: Detail
        /// Use the scope's memo of expansions and interned classes (off only
        /// to measure the work without it).
        public var memoised: Bool

        public init(
            lenient: Bool = false, includeDefaults: Bool = true, detail: Detail = .explained, memoised: Bool = true
        ) {
            self.lenient = lenient
            self.includeDefaults = includeDefaults
            self.detail = detail
            self.memoised = memoised
        }
    }

    /// - Parameters:
    ///   - classes: the surface's classes (the rules' defaults come first).
    ///   - source: the native source and whether it was wrapped before `.tw`.
    ///   - state: which state variants are on.
    ///   - scope: the plugin registry, rules and environment in force.
    ///   - options: strictness, defaults, what the answer holds (`Options`).
    /// - Complexity: linear in the expanded classes; each class's expansion
    ///   and each distinct plugin slot (`SlotMemo`) are computed once per
    ///   scope. There is no whole-surface cache: a scene's class lists rarely
    ///   repeat exactly (20,000 distinct lists in the benchmark's repeated
    ///   corpus), so one never paid for itself. With `.reported` detail, a
    ///   plain list of built-in classes takes `InternedResolution` (classes as
    ///   numbers, styling steps and inactive slots memoised).
    public static func resolve(
        _ classes: TWClasses, source: SurfaceSource, state: SurfaceState = SurfaceState(), scope: ResolutionScope,
        options: Options = Options()
    ) -> ResolvedSurface {
        if options.detail == .reported && options.memoised,
            let interned = InternedResolution.resolve(
                classes, source: source, state: state, scope: scope, includeDefaults: options.includeDefaults)
        {
            return interned
        }
        return prepare(
            classes, source: source, scope: scope, includeDefaults: options.includeDefaults,
            useCache: options.memoised
        )
        .resolve(state: state, lenient: options.lenient, details: options.detail == .explained)
    }

    typealias Rank = (precedence: Int, specificity: Int, index: Int)

    static func rank(_ effect: ClassEffect) -> Rank {
        (effect.core.precedence, effect.core.conditions.count, effect.index)
    }

    static func beats(_ a: Rank, _ b: Rank) -> Bool {
        if a.precedence != b.precedence { return a.precedence > b.precedence }
        if a.specificity != b.specificity { return a.specificity > b.specificity }
        return a.index > b.index
    }

    /// Looks up and expands classes once (the work that does not depend on
    /// state), for surfaces whose classes are fixed: the seeds' prepared styles.
    /// Prepare again when the scope (rules, theme, plugins) changes.
    public static func prepare(
        _ classes: TWClasses, source: SurfaceSource, scope: ResolutionScope, includeDefaults: Bool = true
    ) -> PreparedStyle {
        prepare(classes, source: source, scope: scope, includeDefaults: includeDefaults, useCache: true)
    }

    static func prepare(
        _ classes: TWClasses, source: SurfaceSource, scope: ResolutionScope, includeDefaults: Bool, useCache: Bool
    ) -> PreparedStyle {
        var expander = ClassExpander(scope: scope, useCache: useCache)
        if includeDefaults, let defaults = source.kind == .button ? scope.rules.button : scope.rules.view {
            expander.expand(defaults)
        }
        expander.expand(classes)
        return PreparedStyle(
            source: source, scope: scope, effects: expander.effects, diagnostics: expander.diagnostics,
            matches: expander.matches)
    }

    /// The group a surface's classes mark (swiftcn's `group` and `group/name`):
    /// the winning marker in the surface's state, `""` for `group`, nil with
    /// none. Classes that name no group and a scope whose recipes name none
    /// are not expanded.
    package static func groupMarker(_ classes: TWClasses, scope: ResolutionScope, state: SurfaceState) -> String? {
        guard mayMarkGroup(classes, scope: scope) else { return nil }
        let prepared = prepare(classes, source: SurfaceSource(.view), scope: scope, includeDefaults: true)
        let winners = PreparedStyle.selectWinners(prepared.effects, state: state)
        guard case .member(let name)? = winners.style[.groupMarker]?.value else { return nil }
        return name
    }

    /// Whether any of these class lists may read the groups above them: group
    /// variants or shared elements written in them or in the scope's recipes,
    /// or a utility, whose output is known only once it runs. False: they
    /// resolve the same under any groups.
    package static func mayReadGroups(_ lists: [TWClasses], scope: ResolutionScope) -> Bool {
        func reads(_ classes: TWClasses) -> Bool { mentions(classes, "group") || mentions(classes, "shared") }
        return lists.contains(where: reads) || !scope.registry.utilities.isEmpty || scope.namedRulesMentionGroup
            || scope.rules.named.values.contains { mentions($0.classes, "shared") }
    }

    /// Whether any of these class lists may mark a group (what `groupMarker` reads first).
    package static func mayMarkGroup(_ lists: [TWClasses], scope: ResolutionScope) -> Bool {
        scope.namedRulesMentionGroup || lists.contains(where: mentionsGroup)
    }

    /// Whether this class list may mark a group.
    package static func mayMarkGroup(_ classes: TWClasses, scope: ResolutionScope) -> Bool {
        scope.namedRulesMentionGroup || mentionsGroup(classes)
    }

    static func mentionsGroup(_ classes: TWClasses) -> Bool { mentions(classes, "group") }

    private static func mentions(_ classes: TWClasses, _ word: StaticString) -> Bool {
        classes.segments.contains { segment in
            switch segment {
            case .text(let text): return Self.contains(text, word)
            case .fragment(let fragment): return mentions(fragment, word)
            case .value: return false
            }
        }
    }

    /// Whether `pattern` occurs in `text`, byte for byte, over the string's
    /// own UTF-8 storage (`String.contains` with a `String`, and a search of
    /// its `utf8` view, go through generic searchers that cost more than
    /// resolving a short class list).
    static func contains(_ text: String, _ pattern: StaticString) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard count > 0 else { return true }
        let word = pattern.utf8Start
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count >= count else { return false }
            let end = base + bytes.count
            var at = base
            // Each first byte found by memchr, the rest compared by memcmp.
            while end - at >= count, let found = memchr(at, Int32(word.pointee), end - at - count + 1) {
                let candidate = found.assumingMemoryBound(to: UInt8.self)
                if memcmp(candidate, word, count) == 0 { return true }
                at = UnsafePointer(candidate) + 1
            }
            return false
        }
    }

    /// `.twAnimation(…)` animates a subtree and decorates nothing: a class
    /// that does more than choose the animation (`animate-*`, `duration-*`,
    /// `delay-*`) — `p-4`, a registration, a recipe's styling — is ignored,
    /// and each one gets an `ignored-class` warning.
    package static func ignoredByAnimation(_ classes: TWClasses, scope: ResolutionScope) -> [Diagnostic] {
        let animationProperties: [StyleProperty] = [.animation, .duration, .delay]
        var warned = Set<String>()
        var out: [Diagnostic] = []
        for effect in prepare(classes, source: SurfaceSource(.view), scope: scope, includeDefaults: false).effects {
            let ignored: Bool
            switch effect.kind {
            case .registration: ignored = true
            case .style(let assignments):
                ignored = assignments.contains { !animationProperties.contains($0.property) }
            }
            guard ignored, warned.insert(effect.innerText + "\u{0}" + effect.classText).inserted else { continue }
            out.append(
                SurfaceFinding.ignoredByAnimation(classText: effect.classText, innerText: effect.innerText).diagnostic)
        }
        return out
    }

    /// `padding`, or `frame` — each group once, in order.
    static func groups(_ properties: [StyleProperty]) -> String {
        // Most entries are of one group: that name, with no array to join.
        if let first = properties.first?.group, properties.allSatisfy({ $0.group == first }) { return first }
        var out: [String] = []
        for p in properties where !out.contains(p.group) { out.append(p.group) }
        return out.joined(separator: ",")
    }

    /// R-ANIM-1. A plugin preset that sets parameters its curve does not
    /// take is rendered without them, with an `invalid-preset` warning.
    static func resolveAnimation(
        _ winners: PropertyTable<PreparedStyle.StyleWinner>, scope: ResolutionScope,
        diagnostics: inout [Diagnostic]
    ) -> ResolvedAnimation? {
        resolveAnimation(
            animation: winners[.animation]?.value, duration: winners[.duration]?.value, delay: winners[.delay]?.value,
            animationClass: winners[.animation]?.effect.classText, scope: scope, diagnostics: &diagnostics)
    }

    /// The same from the winning values and the class that chose the animation.
    static func resolveAnimation(
        animation animationValue: StyleValue?, duration: StyleValue?, delay delayValue: StyleValue?,
        animationClass: String?, scope: ResolutionScope, diagnostics: inout [Diagnostic]
    ) -> ResolvedAnimation? {
        var seconds: Double?
        if case .seconds(let s)? = duration { seconds = s }
        var delay = 0.0
        if case .seconds(let s)? = delayValue { delay = s }
        guard case .animation(let choice)? = animationValue else {
            if seconds != nil || delay > 0 {
                return ResolvedAnimation(
                    modifier: nil, source: "duration/delay without a preset",
                    note: "no preset: the caller's transaction is kept")
            }
            return nil
        }
        var animation: AnimationValue
        let source: String
        // A preset's animation as written in a Swift source, when the reader does not compute it.
        var written: String?
        switch choice {
        case .none:
            if scope.environment.animationsDisabled {
                return ResolvedAnimation(modifier: nil, source: "animate-none", note: Self.disabledTransactionNote)
            }
            return ResolvedAnimation(modifier: nil, source: "animate-none", note: "animations off for this surface")
        case .native(let native):
            // A native animation keeps its own timing; delay classes still add.
            animation = native
            source = "native animation"
        case .curve(let curve):
            // swiftcn times a preset without a duration class at 0.3 s (`TWResolvedMotion`).
            animation = AnimationValue(
                curve: curve, duration: curve == .default ? nil : seconds ?? SurfaceResolver.defaultPresetSeconds)
            source = "animate-\(BuiltinUtilities.presetName(curve))"
        case .factory(let name):
            animation = AnimationValue(
                curve: AnimationValue.Curve(rawValue: name) ?? .default,
                duration: seconds ?? SurfaceResolver.defaultPresetSeconds)
            source = "TWAnimation(\(name))"
        case .preset(let name, _):
            guard let preset = scope.registry.animation(named: name) else { return nil }
            // swiftcn passes a `TWAnimation` closure the duration always: 0.3 s without a class.
            animation = preset.make(
                seconds: seconds ?? preset.inline.map { $0.defaultDuration ?? SurfaceResolver.defaultPresetSeconds })
            written = preset.inline?.expression
            source = "preset \(name) (\(preset.origin))"
            let invalid = written == nil ? animation.invalidParameters : []
            if !invalid.isEmpty {
                diagnostics.append(
                    SurfaceFinding.invalidPreset(
                        name: name, origin: preset.origin, function: animation.functionName,
                        dropped: invalid.map(animation.describe), className: animationClass
                    ).diagnostic)
            }
        }
        animation.delay += delay
        let explicitPreset: Bool
        if case .native = choice { explicitPreset = false } else { explicitPreset = true }
        if explicitPreset && scope.environment.reduceMotion {
            return ResolvedAnimation(modifier: nil, source: source, note: "disabled: Reduce Motion is on")
        }
        if explicitPreset && scope.environment.animationsDisabled {
            return ResolvedAnimation(modifier: nil, source: source, note: Self.disabledTransactionNote)
        }
        // Delay classes add to an animation as written, as to every other.
        let code = written.map { $0 + (delay != 0 ? ".delay(\(SwiftLiteral.number(delay)))" : "") }
        return ResolvedAnimation(modifier: code ?? animation.swiftCode, source: source, note: nil)
    }
}
