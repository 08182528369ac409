/// A finding reported to the user: a code from `DiagnosticCode`, a severity,
/// a message, and where it applies.
///
/// Diagnostics are made from a `DiagnosticKind` — the enum of the stage that
/// finds them, which owns the message and hint — never assembled at the
/// place that reports them:
///
/// ```swift
/// let d = SurfaceFinding.unstableStructure(name: "tilt").diagnostic(className: "tilt")
/// print(d.code, d.severity)  // unstable-structure warning
/// ```
public struct Diagnostic: Hashable, Sendable {
    /// `note` says what could not be checked (classes known only at run time);
    /// it is never a finding that fails a command.
    public enum Severity: String, Hashable, Sendable { case error, warning, note }

    /// Which part of a class failed.
    public enum Part: String, Hashable, Sendable, CustomStringConvertible {
        case variant, root, value, type, target, identity
        public var description: String { rawValue }
    }

    public package(set) var severity: Severity
    public let code: DiagnosticCode
    public package(set) var message: String
    /// The class the finding is about, if any.
    public package(set) var className: String?
    /// Which part of a class failed.
    public let part: Part?
    /// "did you mean 'frosted'?"
    public package(set) var hint: String?
    /// Where the finding is, when the input has locations (scene files, Swift sources).
    public package(set) var location: SourceLocation?
    /// The edit the hint suggests, when it names one: this text of the class
    /// (its body, or one `variant:`) replaced with another (an editor's quick fix).
    public let replacement: Replacement?
    /// The deployment target (`--os-version`) at which the finding goes away,
    /// when it is about an API the target lacks (an editor's "raise the
    /// deployment target" fix).
    public let deploymentTarget: Int?

    /// Text of a class and what to write instead.
    public struct Replacement: Hashable, Sendable {
        public var text: String
        public var with: String
        public init(text: String, with: String) {
            self.text = text
            self.with = with
        }
    }

    /// The diagnostic of one finding.
    /// - Parameters:
    ///   - kind: what was found; gives the code, severity, part, message and hint.
    ///   - className: the class the finding is about, as the surface wrote it.
    ///   - location: where it is, when the input has locations.
    public init(_ kind: some DiagnosticKind, className: String? = nil, location: SourceLocation? = nil) {
        severity = kind.code.severity
        code = kind.code
        message = kind.message
        self.className = className
        part = kind.part
        hint = kind.hint
        replacement = kind.replacement
        deploymentTarget = kind.deploymentTarget
        self.location = location
    }

    /// The diagnostic as `--lenient` reports an error: a warning, and the class skipped.
    package func skipped() -> Diagnostic {
        var copy = self
        copy.severity = .warning
        copy.message += " (skipped)"
        return copy
    }

    /// The diagnostic as found under one combination of a surface's conditions
    /// (`expanded, !selected`), when the first combination does not report it.
    package func qualified(when combination: String) -> Diagnostic {
        var copy = self
        copy.message += " (when \(combination))"
        return copy
    }
}

/// What one stage of twhost found: each case of a conforming enum owns its
/// code, the part of the class it is about, its message and its hint, so that
/// every message is written in one place per stage and every code is a
/// `DiagnosticCode` (docs/Diagnostics.md lists them).
public protocol DiagnosticKind: Sendable {
    var code: DiagnosticCode { get }
    /// Which part of a class failed, when the finding is about a class.
    var part: Diagnostic.Part? { get }
    var message: String { get }
    /// How to fix it, or a suggestion ("did you mean 'frosted'?").
    var hint: String? { get }
    /// The hint's suggestion as an edit of the class, when it is one.
    var replacement: Diagnostic.Replacement? { get }
    /// The deployment target that removes the finding, when it is about an API the target lacks.
    var deploymentTarget: Int? { get }
}

extension DiagnosticKind {
    public var part: Diagnostic.Part? { nil }
    public var hint: String? { nil }
    public var replacement: Diagnostic.Replacement? { nil }
    public var deploymentTarget: Int? { nil }

    /// This finding as a diagnostic.
    public func diagnostic(className: String? = nil, location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(self, className: className, location: location)
    }
}
