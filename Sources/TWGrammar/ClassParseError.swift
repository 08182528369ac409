import TWModel

/// Why a class is invalid before any lookup: its syntax. Each case says which
/// part failed.
public enum ClassParseError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyVariant
    case emptyUtility
    case emptyArgument
    case unbalancedBrackets
    case bracketWithoutRoot
    case textAfterBracket(String)
    case typedValueOutsideBrackets(String)
    case typedValueMixedWithText
    case fragmentInsideBrackets
    case invalidOpacity(String)
    /// A control character (U+0000…U+001F, U+007F, U+0080…U+009F) in a class,
    /// with its code point: never truncated, never printed raw.
    case controlCharacter(UInt32)
    /// A class longer than `ClassTokenizer.maxClassBytes`, with its length in bytes.
    case tooLong(bytes: Int)

    /// variant, root, value or type.
    public var part: Diagnostic.Part {
        switch self {
        case .emptyVariant: return .variant
        case .emptyUtility, .bracketWithoutRoot: return .root
        case .emptyArgument, .unbalancedBrackets, .textAfterBracket, .invalidOpacity: return .value
        case .typedValueOutsideBrackets, .typedValueMixedWithText, .fragmentInsideBrackets: return .type
        case .controlCharacter, .tooLong: return .root
        }
    }

    /// The diagnostic code: `invalid-class` for text that cannot be a class
    /// at all, `invalid-argument` for the rest of the syntax.
    public var code: DiagnosticCode {
        switch self {
        case .controlCharacter, .tooLong: return .invalidClass
        default: return .invalidArgument
        }
    }

    public var description: String {
        switch self {
        case .emptyVariant: return "empty variant before ':'"
        case .emptyUtility: return "no utility after the variants"
        case .emptyArgument: return "empty bracket argument"
        case .unbalancedBrackets: return "unbalanced brackets"
        case .bracketWithoutRoot: return "a bracket argument needs a root and '-' before '['"
        case .textAfterBracket(let rest): return "unexpected '\(rest)' after the bracket argument"
        case .typedValueOutsideBrackets(let value):
            return "a typed value (\(value)) outside brackets; only numbers and class fragments go there"
        case .typedValueMixedWithText:
            return "a typed value other than a number must be the whole bracket argument"
        case .fragmentInsideBrackets: return "a class fragment cannot stand inside brackets"
        case .invalidOpacity(let text): return "invalid opacity modifier '/\(text)'; expected 0…100"
        case .controlCharacter(let scalar):
            let hex = String(scalar, radix: 16, uppercase: true)
            return "a control character (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)) in a class"
        case .tooLong(let bytes):
            return "a class of \(bytes) bytes; a class is at most \(ClassTokenizer.maxClassBytes) bytes"
        }
    }
}
