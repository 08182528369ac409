/// A finding reported to the user: a stable kebab-case code, a severity, a
/// message, and where it applies.
public struct Diagnostic: Hashable, Sendable {
    /// `note` says what could not be checked (classes known only at run time);
    /// it is never a finding that fails a command.
    public enum Severity: String, Hashable, Sendable { case error, warning, note }
    public var severity: Severity
    public var code: String
    public var message: String
    /// The class the finding is about, if any.
    public var className: String?
    /// Which part of a class failed: variant, root, value, type, target.
    public var part: String?
    /// "did you mean 'frosted'?"
    public var hint: String?
    /// Where the finding is, when the input has locations (scene files, Swift sources).
    public var location: SourceLocation?

    public init(
        _ severity: Severity, _ code: String, _ message: String, className: String? = nil, part: String? = nil,
        hint: String? = nil, location: SourceLocation? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.className = className
        self.part = part
        self.hint = hint
        self.location = location
    }
}
