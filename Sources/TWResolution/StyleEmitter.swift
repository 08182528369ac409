import TWModel

/// Turns the winning built-in property values into SwiftUI modifiers, in the
/// built-in styling's fixed application order (the order of `StyleProperty`).
enum StyleEmitter {
    struct Emitted {
        var properties: [StyleProperty]
        var node: IRNode
    }

    /// Where the styling is written: the platform and version (each API is
    /// checked against `SwiftUIAPI`), and whether its first modifiers apply
    /// to a `Text` (a Text source with no content slot before the styling),
    /// where `Text`'s own methods exist from iOS 13.
    struct Target {
        var environment = RenderEnvironment()
        var text = false
        /// A button with a native style: `rounded-*` sets `.buttonBorderShape`
        /// instead of clipping (R-CTRL-1).
        var nativeButton = false
    }

    /// - Parameter warnings: `unavailable-api` findings for what the target
    ///   OS version cannot draw.
    static func emit(
        _ values: PropertyTable<StyleValue>, theme: Theme, target: Target = Target(),
        warnings: inout [Diagnostic]
    ) -> [Emitted] {
        var emission = StyleEmission(values, theme: theme, target: target)
        emission.font()
        emission.textLayout()
        emission.foreground()
        emission.padding()
        emission.frame()
        emission.background()
        emission.border()
        emission.corners()
        emission.shadow()
        emission.effects()
        emission.tint()
        emission.controlSize()
        warnings += emission.warnings
        return emission.out
    }

    /// The shape a border is drawn in: the one the corner clipping uses.
    static func borderShape(_ radius: Double?) -> IRNode {
        guard let radius, radius > 0 else { return .view("Rectangle") }
        if radius >= 9999 { return .view("Capsule") }
        return .view("RoundedRectangle", [IRArgument("cornerRadius", .number(radius))])
    }
}
