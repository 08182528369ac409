import TWGrammar
import TWLoading
import TWModel

/// Resolves one `.tw` surface: lookup and expansion, strictness, conflicts and
/// states, slots and phases, built-in styling, animation and identity.
public enum SurfaceResolver {
    /// - Parameters:
    ///   - classes: the surface's classes (the rules' defaults come first).
    ///   - source: the native source and whether it was wrapped before `.tw`.
    ///   - state: which state variants are on.
    ///   - scope: the plugin registry, rules and environment in force.
    ///   - lenient: skip invalid classes with warnings instead of leaving the
    ///     surface undecorated (R-STRICT-1).
    ///   - includeDefaults: apply the rules' `view:`/`button:` defaults (R-RULES-1).
    /// - Complexity: linear in the expanded classes plus one factory call per slot;
    ///   repeated inputs are answered from the scope's cache.
    public static func resolve(
        _ classes: TWClasses, source: SurfaceSource, state: SurfaceState = SurfaceState(), scope: ResolutionScope,
        lenient: Bool = false, includeDefaults: Bool = true, useCache: Bool = true, details: Bool = true
    ) -> ResolvedSurface {
        let key = SurfaceCacheKey(
            classes: classes, source: source, state: state, lenient: lenient, includeDefaults: includeDefaults,
            details: details)
        if useCache, let cached = scope.cache.withLock({ $0[key] }) { return cached }
        let surface = compute(
            classes, source: source, state: state, scope: scope, lenient: lenient, includeDefaults: includeDefaults,
            details: details)
        if useCache {
            scope.cache.withLock { cache in
                if cache.count >= scope.cacheLimit { cache.removeAll(keepingCapacity: true) }
                cache[key] = surface
            }
        }
        return surface
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

    static func compute(
        _ classes: TWClasses, source: SurfaceSource, state: SurfaceState, scope: ResolutionScope, lenient: Bool,
        includeDefaults: Bool, details: Bool
    ) -> ResolvedSurface {
        prepare(classes, source: source, scope: scope, includeDefaults: includeDefaults).resolve(
            state: state, lenient: lenient, details: details)
    }

    /// Looks up and expands classes once (the work that does not depend on
    /// state), for surfaces whose classes are fixed: the seeds' prepared styles.
    /// Prepare again when the scope (rules, theme, plugins) changes.
    public static func prepare(
        _ classes: TWClasses, source: SurfaceSource, scope: ResolutionScope, includeDefaults: Bool = true
    ) -> PreparedStyle {
        var expander = ClassExpander(scope: scope)
        if includeDefaults, let defaults = source.kind == .button ? scope.rules.button : scope.rules.view {
            expander.expand(defaults)
        }
        expander.expand(classes)
        return PreparedStyle(
            source: source, scope: scope, effects: expander.effects, diagnostics: expander.diagnostics,
            matches: expander.matches)
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
        var out: [String] = []
        for p in properties where !out.contains(p.group) { out.append(p.group) }
        return out.joined(separator: ",")
    }

    /// R-ANIM-1. A plugin preset that sets parameters its curve does not
    /// take is rendered without them, with an `invalid-preset` warning.
    static func resolveAnimation(
        _ winners: PropertyTable<(rank: Rank, value: StyleValue, effect: ClassEffect)>, scope: ResolutionScope,
        diagnostics: inout [Diagnostic]
    ) -> ResolvedAnimation? {
        var seconds: Double?
        if case .seconds(let s)? = winners[.duration]?.value { seconds = s }
        var delay = 0.0
        if case .seconds(let s)? = winners[.delay]?.value { delay = s }
        guard case .animation(let choice)? = winners[.animation]?.value else {
            if seconds != nil || delay > 0 {
                return ResolvedAnimation(
                    modifier: nil, source: "duration/delay without a preset",
                    note: "no preset: the caller's transaction is kept")
            }
            return nil
        }
        var animation: AnimationValue
        let source: String
        switch choice {
        case .none:
            return ResolvedAnimation(modifier: nil, source: "animate-none", note: "animations off for this surface")
        case .native(let native):
            // A native animation keeps its own timing; delay classes still add.
            animation = native
            source = "native animation"
        case .curve(let curve):
            animation = AnimationValue(curve: curve, duration: curve == .default ? nil : seconds)
            source = "animate-\(curve.rawValue)"
        case .factory(let name):
            animation = AnimationValue(curve: AnimationValue.Curve(rawValue: name) ?? .default, duration: seconds)
            source = "TWAnimation(\(name))"
        case .preset(let name, let plugin):
            guard let preset = scope.registry.animation(named: name) else { return nil }
            animation = preset.make(seconds: seconds)
            source = "preset \(name) (plugin \(plugin))"
            let invalid = animation.invalidParameters
            if !invalid.isEmpty {
                diagnostics.append(
                    SurfaceFinding.invalidPreset(
                        name: name, plugin: plugin, function: animation.functionName,
                        dropped: invalid.map(animation.describe), className: winners[.animation]?.effect.classText
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
            return ResolvedAnimation(
                modifier: nil, source: source, note: "disabled: the transaction disables animations")
        }
        return ResolvedAnimation(modifier: animation.swiftCode, source: source, note: nil)
    }
}

/// Classes looked up and expanded once for a scope and source; resolve them
/// in any state. Same answers as `SurfaceResolver.resolve`, less work per call.
public struct PreparedStyle: Sendable {
    public let source: SurfaceSource
    public let scope: ResolutionScope
    let effects: [ClassEffect]
    let diagnostics: [Diagnostic]
    let matches: [ClassMatch]

    /// Resolves the prepared classes in a state: strictness, conflicts, slots,
    /// styling, animation and identity.
    /// - Parameter details: also report what each class matched and which class
    ///   won each property (for `explain`); scenes skip that work.
    public func resolve(state: SurfaceState = SurfaceState(), lenient: Bool = false, details: Bool = true)
        -> ResolvedSurface
    {
        resolve(state: state, lenient: lenient, details: details, slotErrors: [])
    }

    /// - Parameter slotErrors: errors an earlier pass found only while building
    ///   the slots (a factory that failed, a default invalid in the theme); they
    ///   leave the surface undecorated like any other error.
    private func resolve(state: SurfaceState, lenient: Bool, details: Bool, slotErrors: [Diagnostic])
        -> ResolvedSurface
    {
        var diagnostics = self.diagnostics
        var effects = self.effects
        let beats = SurfaceResolver.beats
        let rank = SurfaceResolver.rank

        // The native button style comes from base classes only; it decides whether pressed: can apply (R-STATE-2).
        var nativeStyle = VariantReach.nativeStyle(&effects, source: source, diagnostics: &diagnostics)
        // Per platform and version: `.link` is macOS-only, Liquid Glass needs 26 (R-CTRL-1).
        var requestedStyle: String?
        if let requested = nativeStyle {
            let resolved = NativeButtonStyles.resolve(requested, environment: scope.environment)
            if let fallback = resolved.fallback {
                requestedStyle = requested
                nativeStyle = resolved.style
                diagnostics.append(SurfaceFinding.nativeStyleFallback(reason: fallback).diagnostic)
            }
        }
        VariantReach.dropUnreachablePressed(
            &effects, source: source, nativeStyle: nativeStyle, state: state, diagnostics: &diagnostics)
        // Target registrations need their native source (R-TARGET-2).
        for effect in effects {
            guard case .registration(let registration, _) = effect.kind, let target = registration.form.target else {
                continue
            }
            if source.target != target {
                diagnostics.append(
                    SurfaceFinding.unsupportedTarget(
                        classText: effect.classText, innerText: effect.innerText, registration: registration.name,
                        target: target, source: source, environment: scope.environment
                    ).diagnostic)
            }
        }
        if lenient {
            var skipped = Set<String>()
            for i in diagnostics.indices where diagnostics[i].severity == .error {
                diagnostics[i] = diagnostics[i].skipped()
                if let c = diagnostics[i].className { skipped.insert(c) }
            }
            effects.removeAll { skipped.contains($0.classText) }
        }
        diagnostics += slotErrors  // after --lenient: a failed slot is no class to skip
        let decorated = !diagnostics.contains { $0.severity == .error }
        if !decorated { effects.removeAll() }

        // Conflicts: per built-in property and per registration conflict key.
        var styleWinners = PropertyTable<(rank: SurfaceResolver.Rank, value: StyleValue, effect: ClassEffect)>()
        var keyWinners:
            [String: (
                rank: SurfaceResolver.Rank, registration: ModifierRegistration, value: TypedValue?, effect: ClassEffect
            )] = [:]
        for effect in effects where state.satisfies(effect.conditions) {
            let r = rank(effect)
            switch effect.kind {
            case .style(let assignments):
                for a in assignments where styleWinners[a.property].map({ beats(r, $0.rank) }) ?? true {
                    styleWinners[a.property] = (r, a.value, effect)
                }
            case .registration(let registration, let value):
                if keyWinners[registration.conflictKey].map({ beats(r, $0.rank) }) ?? true {
                    keyWinners[registration.conflictKey] = (r, registration, value, effect)
                }
            }
        }
        // Native controls draw their own background, border and shadow (R-CTRL-1).
        if let nativeStyle, nativeStyle != "plain" {
            for property in StyleProperty.allCases where property.paintsOverNativeControl {
                guard let winner = styleWinners.removeValue(forKey: property) else { continue }
                diagnostics.append(
                    SurfaceFinding.notPainted(
                        classText: winner.effect.classText, innerText: winner.effect.innerText, style: nativeStyle,
                        property: property
                    ).diagnostic)
            }
        }

        var chain: [ChainEntry] = []
        var signature = ["target:\(source.targetName)"]
        // R-ID-1 (revised): text and image transforms return the source's own type (`Text` → `Text`),
        // so selecting or dropping one never changes SwiftUI's structure: they are not in the signature.
        var transformsOutsideSignature = 0
        var unstable: [String] = []
        let theme = scope.rules.theme
        let selectedTargets = Set(keyWinners.values.map(\.registration.name))
        for registration in scope.registry.modifiers {
            if let target = registration.form.target {
                guard source.target == target else { continue }
                // R-TARGET-3: text and image registrations only when selected; shapes keep a slot.
                if target != .shape && !selectedTargets.contains(registration.name) { continue }
            } else if source.kind == .button && source.wrapped {
                continue
            }
            let winner = keyWinners[registration.conflictKey]
            let active = decorated && winner?.registration.name == registration.name
            var value: TypedValue?
            if active {
                value = winner?.value
            } else {
                switch registration.defaultValue(in: theme) {
                case .success(let v)?: value = v
                case .failure(let failure)?:
                    diagnostics.append(
                        SurfaceFinding.invalidDefault(
                            registration: registration.name, defaultArgument: registration.defaultArgument ?? "",
                            reason: failure.message
                        ).diagnostic)
                case nil: value = nil
                }
            }
            let ir: ModifierIR
            let built: Result<ModifierIR, FactoryCallError>
            var line: String?
            if active {
                built = registration.makeModifier(active: true, value: value)
            } else {
                (built, line) = registration.inactiveSlot(value: value)
            }
            switch built {
            case .success(let modifier): ir = modifier
            case .failure(let failure):
                diagnostics.append(
                    SurfaceFinding.factoryFailed(
                        registration: registration.name, plugin: registration.plugin, error: failure
                    ).diagnostic)
                ir = ModifierIR()
            }
            chain.append(
                ChainEntry(
                    phase: registration.phase,
                    origin: registration.location.map { .source(name: registration.name, location: $0) }
                        ?? .registration(name: registration.name, plugin: registration.plugin),
                    active: active, modifier: ir, className: active ? winner?.effect.classText : nil))
            if registration.form.keepsSourceType {
                transformsOutsideSignature += 1
            } else {
                // An inline registration's instability is reported once, where it is written.
                if registration.isUnstable && registration.location == nil { unstable.append(registration.name) }
                signature.append(line ?? registration.signatureLine(ir))
            }
        }
        // Status (R-STRICT-1): any error leaves the surface undecorated, also one
        // that only showed while building the slots. Resolve once more, undecorated,
        // carrying those errors (each reported once).
        if decorated {
            let late = diagnostics.filter { $0.severity == .error }
            if !late.isEmpty { return resolve(state: state, lenient: lenient, details: details, slotErrors: late) }
        } else if !slotErrors.isEmpty {
            var seen = Set<Diagnostic>()
            diagnostics = diagnostics.filter { seen.insert($0).inserted }
        }
        // Built-in styling sits after content slots and before effects (R-ORDER-1/2).
        let firstEffects = chain.firstIndex { $0.phase == .effects } ?? chain.count
        var styleValues = PropertyTable<StyleValue>()
        for property in StyleProperty.allCases { styleValues[property] = styleWinners[property]?.value }
        // Ghost and link labels keep a minimum height (44 pt on iOS, 32 on macOS).
        if decorated, let style = nativeStyle,
            let minimum = NativeButtonStyles.minimumLabelHeight(style: style, platform: scope.environment.platform)
        {
            if case .points(let existing)? = styleValues[.minHeight], existing >= minimum {
            } else {
                styleValues[.minHeight] = .points(minimum)
            }
        }
        var styleEntries: [ChainEntry] = []
        // Text's own modifiers apply while nothing but Text transforms came before (no content slot).
        let target = StyleEmitter.Target(
            environment: scope.environment, text: source.target == .text && !chain.contains { $0.phase == .content },
            nativeButton: nativeStyle != nil && nativeStyle != "plain")
        var availability: [Diagnostic] = []
        for emitted in StyleEmitter.emit(styleValues, theme: theme, target: target, warnings: &availability) {
            let names = emitted.properties.compactMap { styleWinners[$0]?.effect.classText }
            var unique: [String] = []
            for n in names where !unique.contains(n) { unique.append(n) }
            styleEntries.append(
                ChainEntry(
                    phase: .style,
                    origin: .builtin(property: SurfaceResolver.groups(emitted.properties)),
                    active: nil, modifier: ModifierIR([emitted.node]),
                    className: unique.isEmpty ? nil : unique.joined(separator: " ")))
        }
        if decorated { diagnostics += availability }
        // Plugin slots are recorded as written: say when the version lacks what they use.
        if scope.checksPluginAPIs {
            for entry in chain where entry.phase != .source {
                guard case .registration(let name, let plugin) = entry.origin else { continue }
                for api in SwiftUIAPI.used(by: entry.modifier.nodes) where !api.isAvailable(in: scope.environment) {
                    diagnostics.append(
                        SurfaceFinding.unavailableInRegistration(
                            api: api, environment: scope.environment, registration: name, plugin: plugin
                        ).diagnostic)
                }
            }
        }
        chain.insert(contentsOf: styleEntries, at: firstEffects)
        signature.insert("style|builtin", at: 1 + firstEffects - transformsOutsideSignature)
        for name in unstable {
            diagnostics.append(SurfaceFinding.unstableStructure(registration: name).diagnostic)
        }

        let animation = SurfaceResolver.resolveAnimation(styleWinners, scope: scope, diagnostics: &diagnostics)
        var winners: [Winner] = []
        for property in StyleProperty.allCases where details {
            if let w = styleWinners[property] {
                winners.append(
                    Winner(
                        key: property.rawValue, className: w.effect.innerText,
                        conditions: w.effect.conditions.map(\.rawValue)))
            }
        }
        for key in keyWinners.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where details {
            if let w = keyWinners[key] {
                winners.append(
                    Winner(
                        key: "conflict key \(key)", className: w.effect.innerText,
                        conditions: w.effect.conditions.map(\.rawValue)))
            }
        }
        let signatureText = signature.joined(separator: "\n")
        return ResolvedSurface(
            source: source, decorated: decorated, chain: chain, animation: decorated ? animation : nil,
            nativeButtonStyle: decorated ? nativeStyle : nil, requestedButtonStyle: decorated ? requestedStyle : nil,
            diagnostics: diagnostics, signature: signatureText,
            identity: scope.identity(of: signatureText), matches: details ? matches : [], winners: winners)
    }

}
