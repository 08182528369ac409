/// Rejects an argument with a reason users see, from a parser or utility;
/// returning nil rejects it with a generic "cannot read" message.
///
/// ```swift
/// "frost": .argument(default: "none", parse: { argument, _ in
///     guard let material = Material(rawValue: argument.rawValue + "Material") else {
///         throw TWRejection("expected ultraThin, thin, regular, thick or ultraThick")
///     }
///     return material.rawValue
/// }) { view, material in view.background { Capsule().fill(Material(rawValue: material) ?? .regularMaterial) } }
/// ```
public struct TWRejection: Error, Equatable, CustomStringConvertible {
    /// Why the argument was rejected.
    ///
    /// ```swift
    /// TWRejection("expected a percent").reason  // "expected a percent"
    /// ```
    public var reason: String

    /// A rejection with a reason.
    ///
    /// ```swift
    /// throw TWRejection("expected a percent 0…100")
    /// ```
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    ///
    /// ```swift
    /// String(describing: TWRejection("expected a percent"))  // "expected a percent"
    /// ```
    public var description: String { reason }
}
