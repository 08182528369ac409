import TWLoading
import TWModel

/// Built-in styling: the winning property values, the native label's minimum
/// height, the emitted modifiers, and API availability of plugin slots.
extension PreparedStyle {
    /// Style values step: each property's winning value; ghost and link labels
    /// keep a minimum height (44 pt on iOS, 32 on macOS) unless a taller one is set.
    /// - Parameter minimumHeightFor: the decorated surface's native button style.
    static func styleValues(
        _ style: PropertyTable<StyleWinner>, minimumHeightFor nativeStyle: String?,
        platform: RenderEnvironment.Platform
    ) -> PropertyTable<StyleValue> {
        var values = PropertyTable<StyleValue>()
        for property in StyleProperty.allCases { values[property] = style[property]?.value }
        if let nativeStyle, let minimum = NativeButtonStyles.minimumLabelHeight(style: nativeStyle, platform: platform)
        {
            // A taller minimum the classes ask for is kept; a shorter one is raised.
            let asked: Double? = if case .points(let points)? = values[.minHeight] { points } else { nil }
            if (asked ?? -.infinity) < minimum { values[.minHeight] = .points(minimum) }
        }
        return values
    }

    /// Styling step: the built-in modifiers for the values, each tagged with
    /// the classes that set it; `availability` holds the warnings for APIs the
    /// OS version lacks (reported only on decorated surfaces).
    static func styling(
        _ values: PropertyTable<StyleValue>, winners: PropertyTable<StyleWinner>, slots: [ChainEntry],
        source: SurfaceSource, nativeStyle: String?, scope: ResolutionScope, groups: GroupContext = GroupContext()
    ) -> (entries: [ChainEntry], stages: [ChainPhase], availability: [Diagnostic]) {
        // Text's own modifiers apply while only Text transforms came before: up to the first stage
        // a slot follows.
        let target = StyleEmitter.Target(
            environment: scope.environment, text: source.target == .text,
            nativeButton: nativeStyle != nil && nativeStyle != "plain", groups: groups,
            stagesWithSlots: StyleEmitter.Group.stagesWithSlots(slots))
        var availability: [Diagnostic] = []
        var entries: [ChainEntry] = []
        var stages: [ChainPhase] = []
        for emitted in StyleEmitter.emit(values, theme: scope.rules.theme, target: target, warnings: &availability) {
            entries.append(styleEntry(emitted) { winners[$0]?.effect.classText })
            stages.append(emitted.stage)
        }
        return (entries, stages, availability)
    }

    /// A built-in styling entry: its group of properties and the classes
    /// that set them, each once, in property order.
    static func styleEntry(_ emitted: StyleEmitter.Emitted, classText: (StyleProperty) -> String?) -> ChainEntry {
        var classes: [String] = []
        for property in emitted.properties {
            guard let name = classText(property), !classes.contains(name) else { continue }
            classes.append(name)
        }
        return ChainEntry(
            phase: .style, origin: .builtin(property: SurfaceResolver.groups(emitted.properties)), active: nil,
            modifier: ModifierIR([emitted.node]),
            className: classes.count <= 1 ? classes.first : classes.joined(separator: " "))
    }

    /// Plugin API check step: plugin slots are recorded as written, so say
    /// when the OS version lacks a SwiftUI API they use.
    static func pluginAPIFindings(_ slots: [ChainEntry], environment: RenderEnvironment) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for entry in slots where entry.phase != .source {
            guard case .registration(let name, let plugin) = entry.origin else { continue }
            for api in SwiftUIAPI.used(by: entry.modifier.nodes) where !api.isAvailable(in: environment) {
                out.append(
                    SurfaceFinding.unavailableInRegistration(
                        api: api, environment: environment, registration: name, plugin: plugin
                    ).diagnostic)
            }
        }
        return out
    }
}
