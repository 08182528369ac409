import TWLoading
import TWModel

/// The checks before conflicts are decided: the native button style, target
/// registrations on the wrong source, and `--lenient` skipping.
extension PreparedStyle {
    /// The native button style a surface asks for and the one it gets.
    struct NativeStyle: Equatable {
        /// The style applied (after any platform fallback).
        var style: String?
        /// The style the classes asked for, when a fallback replaced it.
        var requested: String?
    }

    /// Native style step: the button style comes from base classes only (it
    /// decides whether `pressed:` can apply, R-STATE-2); `.link` is macOS-only
    /// and Liquid Glass needs 26, so a fallback is taken and reported (R-CTRL-1).
    static func nativeButtonStyle(
        _ effects: inout [ClassEffect], source: SurfaceSource, environment: RenderEnvironment,
        into diagnostics: inout [Diagnostic]
    ) -> NativeStyle {
        var native = NativeStyle(
            style: VariantReach.nativeStyle(&effects, source: source, diagnostics: &diagnostics))
        if let requested = native.style {
            let resolved = NativeButtonStyles.resolve(requested, environment: environment)
            if let fallback = resolved.fallback {
                native = NativeStyle(style: resolved.style, requested: requested)
                diagnostics.append(SurfaceFinding.nativeStyleFallback(reason: fallback).diagnostic)
            }
        }
        return native
    }

    /// Target check step: a target registration (`text`, `image`, `shape`)
    /// needs its native source (R-TARGET-2); one error per class that names it
    /// on another source.
    static func targetFindings(_ effects: [ClassEffect], source: SurfaceSource, environment: RenderEnvironment)
        -> [Diagnostic]
    {
        var out: [Diagnostic] = []
        guard !source.animationOnly else { return out }
        for effect in effects {
            guard case .registration(let registration, _) = effect.kind, let target = registration.form.target,
                source.target != target
            else { continue }
            out.append(
                SurfaceFinding.unsupportedTarget(
                    classText: effect.classText, innerText: effect.innerText, registration: registration.name,
                    target: target, source: source, environment: environment
                ).diagnostic)
        }
        return out
    }

    /// Lenient step (R-STRICT-1, `--lenient`): every error becomes a skipped
    /// warning, and the classes they name are dropped from the effects.
    static func skipInvalidClasses(_ effects: inout [ClassEffect], diagnostics: inout [Diagnostic]) {
        var skipped = Set<String>()
        for i in diagnostics.indices where diagnostics[i].severity == .error {
            diagnostics[i] = diagnostics[i].skipped()
            if let c = diagnostics[i].className { skipped.insert(c) }
        }
        effects.removeAll { skipped.contains($0.classText) }
    }

    /// Group step (swiftcn's groups): a group variant that refers to no
    /// enclosing group, with no group state given, never applies; a winning
    /// shared element with no group to pair in draws nothing. Each is a
    /// `no-enclosing-group` note, once per class.
    static func groupFindings(_ effects: [ClassEffect], winners: PropertyTable<StyleWinner>, state: SurfaceState)
        -> [Diagnostic]
    {
        var out: [Diagnostic] = []
        for effect in effects {
            guard let variant = effect.conditions.first(where: { $0.isGroup && !state.supplies($0) }) else { continue }
            let d = SurfaceFinding.groupVariantWithoutGroup(
                classText: effect.classText, innerText: effect.innerText, variant: variant
            ).diagnostic
            if !out.contains(d) { out.append(d) }
        }
        if let shared = winners[.sharedID] {
            let group: String
            if case .member(let name)? = winners[.sharedGroup]?.value { group = name } else { group = "" }
            if state.groups.scope(named: group) == nil {
                out.append(
                    SurfaceFinding.sharedWithoutGroup(
                        classText: shared.effect.classText, innerText: shared.effect.innerText, group: group
                    ).diagnostic)
            }
        }
        return out
    }
}
