import TWGrammar
import TWLoading
import TWModel

/// Classes looked up and expanded once for a scope and source; resolve them
/// in any state. Same answers as `SurfaceResolver.resolve`, less work per call.
///
/// `resolve` runs the named steps in order: native button style, pressed
/// reach, target check, lenient skipping, conflict selection, not-painted
/// properties, slot filling, styling, plugin API checks, signature and
/// animation. Each step lives in a `PreparedStyle+…` file.
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
        let environment = scope.environment
        let native = Self.nativeButtonStyle(&effects, source: source, environment: environment, into: &diagnostics)
        VariantReach.dropUnreachablePressed(
            &effects, source: source, nativeStyle: native.style, state: state, diagnostics: &diagnostics)
        diagnostics += Self.targetFindings(effects, source: source, environment: environment)
        if lenient { Self.skipInvalidClasses(&effects, diagnostics: &diagnostics) }
        diagnostics += slotErrors  // after --lenient: a failed slot is no class to skip
        let decorated = !diagnostics.contains { $0.severity == .error }
        if !decorated { effects.removeAll() }

        var winners = Self.selectWinners(effects, state: state)
        diagnostics += Self.groupFindings(effects, winners: winners.style, state: state)
        Self.keepForeground(&winners.style, effects)
        diagnostics += Self.dropNotPainted(&winners.style, nativeStyle: native.style)
        var slots = Self.fillSlots(
            winners.keys, source: source, scope: scope, decorated: decorated, diagnostics: &diagnostics)
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
        let values = Self.styleValues(
            winners.style, minimumHeightFor: decorated ? native.style : nil, platform: environment.platform)
        let styling = Self.styling(
            values, winners: winners.style, slots: slots.chain, source: source, nativeStyle: native.style,
            scope: scope, groups: state.groups)
        if decorated { diagnostics += styling.availability }
        if scope.checksPluginAPIs { diagnostics += Self.pluginAPIFindings(slots.chain, environment: environment) }
        slots.insertStyling(styling.entries, stages: styling.stages)
        for name in slots.unstable {
            diagnostics.append(SurfaceFinding.unstableStructure(registration: name).diagnostic)
        }

        let animation = SurfaceResolver.resolveAnimation(winners.style, scope: scope, diagnostics: &diagnostics)
        return ResolvedSurface(
            source: source, decorated: decorated, chain: slots.chain, animation: decorated ? animation : nil,
            nativeButtonStyle: decorated ? native.style : nil,
            requestedButtonStyle: decorated ? native.requested : nil, diagnostics: diagnostics,
            signature: StructuralSignature(slots.signature, digest: scope.identity(of:)),
            matches: details ? matches : [],
            winners: details ? Self.winnerDetails(winners) : [])
    }
}
