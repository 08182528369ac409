import TWModel

/// The native source a `.tw` surface decorates (R-TARGET-1/2).
public struct SurfaceSource: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable { case view, text, image, shape, button }
    public var kind: Kind
    /// Native modifiers were applied before `.tw`: the source is no longer a
    /// Text, Image or Shape, so target registrations cannot run.
    public var wrapped: Bool
    /// The native modifier that wrapped it (`padding`), when known.
    public var wrapper: String?
    /// The classes of a `.twAnimation(…)`: they only choose the subtree's
    /// animation and decorate nothing, so no registration runs on the source
    /// and none is checked against its target — swiftcn resolves them with no
    /// target (`TWValueAnimationModifier`), and a recipe made for images can
    /// lend its animation to any view.
    public var animationOnly: Bool

    /// - Parameter wrapped: native modifiers that return another type were
    ///   applied before `.tw` (`NativeSourceMethods.source(_:native:environment:)`
    ///   tells which do).
    public init(_ kind: Kind, wrapped: Bool = false, wrapper: String? = nil, animationOnly: Bool = false) {
        self.kind = kind
        self.wrapped = wrapped
        self.wrapper = wrapped ? wrapper : nil
        self.animationOnly = animationOnly
    }

    /// The target registrations that may run here, if any.
    public var target: SourceTarget? {
        guard !wrapped else { return nil }
        switch kind {
        case .text: return .text
        case .image: return .image
        case .shape: return .shape
        case .view, .button: return nil
        }
    }

    /// The name used in output: text, image, shape, view or button.
    public var targetName: String { wrapped && kind != .button ? "view" : kind.rawValue }
}
