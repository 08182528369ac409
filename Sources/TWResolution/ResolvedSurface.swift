import TWModel

/// One modifier of a surface's chain, in application order.
public struct ChainEntry: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        case registration(name: String, plugin: String)
        /// A registration written inline in a Swift source, and where.
        case source(name: String, location: SourceLocation)
        case builtin(property: String)
    }
    public var phase: ChainPhase
    public var origin: Origin
    /// Registrations only: whether the slot's class is present and won.
    public var active: Bool?
    public var modifier: ModifierIR
    /// The class that set this entry, if any.
    public var className: String?
}

/// The animation a surface applies (R-ANIM-1).
public struct ResolvedAnimation: Hashable, Sendable {
    /// SwiftUI code, or nil when no explicit animation applies.
    public var modifier: String?
    /// What chose it: "animate-spring", "native animation", "preset settle (plugin motion)".
    public var source: String
    /// Why it is off, when it is.
    public var note: String?
}

/// Which class won a property or conflict key.
public struct Winner: Hashable, Sendable {
    /// `padding-top`, or `conflict key orientation`.
    public var key: String
    public var className: String
    public var conditions: [String]
}

/// A resolved `.tw` surface: its chain, status, identity and findings.
public struct ResolvedSurface: Hashable, Sendable {
    public var source: SurfaceSource
    public var decorated: Bool
    public var chain: [ChainEntry]
    public var animation: ResolvedAnimation?
    /// For button surfaces: the native style used, if any (`borderedProminent` …),
    /// after the platform's fallbacks.
    public var nativeButtonStyle: String?
    /// The native style the classes asked for, when a fallback replaced it.
    public var requestedButtonStyle: String?
    public var diagnostics: [Diagnostic]
    /// The structural signature (R-ID-1) and its SHA-256 digest.
    public var signature: String
    public var identity: String
    public var matches: [ClassMatch]
    public var winners: [Winner]

    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }
}
