import TWGrammar
import TWModel
import TWSupport

/// What looking a class up and expanding it can find wrong (R-PREC, R-RULES-3,
/// R-UTIL-1, R-STRICT-1): each case owns its code, part, message and hint.
/// `classText` is the class as the message quotes it (inside a recipe, the
/// class the recipe wrote).
enum ExpansionFinding: DiagnosticKind {
    /// The class's syntax (G-2 … G-6).
    case syntax(ClassParseError, classText: String)
    /// The surface's classes expand to more classes than twhost allows.
    case tooManyClasses(limit: Int)
    /// One class expands to more classes or levels than twhost allows.
    case tooDeep(classText: String, classes: Int, levels: Int)
    case unknownVariant(classText: String, name: String, suggestion: String?)
    case unknownClass(name: String, suggestion: String?)
    /// `-card`: a recipe has no negative.
    case negatedRecipe(classText: String)
    /// `-frosted`, `-italic`, `-bg-red`: the registration, tag or root takes no `-`.
    case cannotNegate(classText: String, name: String)
    /// `tilt` without its bracket argument.
    case needsArgument(classText: String, name: String, defaultArgument: String?)
    /// `frosted-[1]`: an exact tag takes no argument.
    case takesNoArgument(classText: String, name: String)
    /// A value the built-in utility, or the registration's decoder or parser, refused.
    case invalidValue(classText: String, reason: String)
    /// A typed value that is not a finite number.
    case notFinite(classText: String, value: Double)
    /// A typed value of a type a utility cannot receive as text.
    case utilityArgumentType(classText: String, prefix: String)
    case utilityRejected(classText: String, prefix: String, reason: String)
    /// Utility outputs that expand the same utility again, in order.
    case recursiveUtility(chain: [String])
    /// Recipes that name each other, in order.
    case recipeCycle(chain: [String])
    /// A value from a Swift source whose type nothing tells (`tilt-[\(f())]`).
    case untypedValue(classText: String, expression: String)

    /// A registration's value failed; a type mismatch says `type:` first
    /// (`ClassExpander.registrationValue`), and is reported on the type part.
    static let typeMismatchPrefix = "type:"

    var code: DiagnosticCode {
        switch self {
        case .syntax(let error, _): return error.code
        case .tooManyClasses, .tooDeep: return .expansionLimit
        case .unknownVariant: return .unknownVariant
        case .unknownClass: return .unknownClass
        case .negatedRecipe, .cannotNegate, .needsArgument, .takesNoArgument, .invalidValue, .notFinite,
            .utilityArgumentType, .utilityRejected:
            return .invalidArgument
        case .recursiveUtility: return .recursiveUtility
        case .recipeCycle: return .recipeCycle
        case .untypedValue: return .dynamicClasses
        }
    }

    var part: Diagnostic.Part? {
        switch self {
        case .syntax(let error, _): return error.part
        case .unknownVariant: return .variant
        case .tooManyClasses, .tooDeep, .unknownClass, .negatedRecipe, .cannotNegate, .recursiveUtility, .recipeCycle:
            return .root
        case .invalidValue(_, let reason): return reason.hasPrefix(Self.typeMismatchPrefix) ? .type : .value
        case .utilityArgumentType: return .type
        case .needsArgument, .takesNoArgument, .notFinite, .utilityRejected, .untypedValue: return .value
        }
    }

    var message: String {
        switch self {
        case .syntax(let error, let classText):
            return "'\(classText.escapingControlCharacters)': \(error.description)"
        case .tooManyClasses(let limit): return "the classes expand to more than \(limit) classes"
        case .tooDeep(let classText, let classes, let levels):
            return "'\(classText)' expands to more than \(classes) classes or \(levels) levels"
        case .unknownVariant(let classText, let name, _): return "'\(classText)': unknown variant '\(name):'"
        case .unknownClass(let name, _): return "unknown class '\(name)'"
        case .negatedRecipe(let classText): return "'\(classText)': a recipe cannot be negated"
        case .cannotNegate(let classText, let name): return "'\(classText)': \(name) cannot be negated"
        case .needsArgument(let classText, let name, _):
            return "'\(classText)': \(name) takes a bracket argument: \(name)-[…]"
        case .takesNoArgument(let classText, let name): return "'\(classText)': \(name) takes no argument"
        case .invalidValue(let classText, let reason): return "'\(classText)': \(reason)"
        case .notFinite(let classText, let value): return "'\(classText)': \(value) is not a finite number"
        case .utilityArgumentType(let classText, let prefix):
            return "'\(classText)': the utility \(prefix) takes literal or numeric arguments"
        case .utilityRejected(let classText, let prefix, let reason):
            return "'\(classText)': \(prefix) rejected the argument: \(reason)"
        case .recursiveUtility(let chain): return "utility output is recursive: \(chain.joined(separator: " → "))"
        case .recipeCycle(let chain): return "recipe cycle: \(chain.joined(separator: " → "))"
        case .untypedValue(let classText, let expression):
            return "'\(classText)': the type of \(expression) is not known statically, so this class is not checked"
        }
    }

    var replacement: Diagnostic.Replacement? {
        switch self {
        case .unknownVariant(_, let name, let suggestion?):
            return Diagnostic.Replacement(text: name + ":", with: suggestion + ":")
        case .unknownClass(let name, let suggestion?): return Diagnostic.Replacement(text: name, with: suggestion)
        default: return nil
        }
    }

    var hint: String? {
        switch self {
        case .unknownVariant(_, _, let suggestion): return suggestion.map { "did you mean '\($0):'?" }
        case .unknownClass(_, let suggestion): return suggestion.map { "did you mean '\($0)'?" }
        case .needsArgument(_, let name, let defaultArgument):
            return "did you mean '\(name)-[\(defaultArgument ?? "…")]'?"
        case .takesNoArgument(_, let name): return "did you mean '\(name)'?"
        default: return nil
        }
    }
}
