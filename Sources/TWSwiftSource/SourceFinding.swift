import TWGrammar
import TWModel

/// What the Swift source reader reports about the code it reads. Each case
/// owns its code, message and fix (the severity is its code's); the reader
/// never assembles message text elsewhere.
enum SourceFinding: DiagnosticKind {
    /// The parser's own diagnostic for a file that does not parse.
    case syntax(String)
    /// A file that is not UTF-8.
    case notUTF8(byte: UInt8, line: Int, column: Int)
    /// Brackets nested too deep, or a chain too long, for the toolchain's parser
    /// to read in bounded time and stack.
    case parseLimit(ParseBudget.Limit)
    /// Classes or a value known only at run time: a call, a runtime `String`.
    case dynamicClasses(expression: String, why: String)
    /// A part of the rules the reader does not read (`theme:`, a utility's closure).
    case rulesNotRead(what: String)
    /// A registration the reader found but whose closure it cannot follow: its
    /// classes are accepted, and this says why its effect is not shown.
    case opaqueRegistration(what: String, why: String, shows: String)
    /// A view used deeper than the reader inlines views: its body is not read there.
    case viewDepthLimit(view: String)
    /// View expressions nested inside each other deeper than the reader reads them.
    case viewNestingLimit(type: String)
    /// Views that use each other: the body is not read again inside itself.
    case viewCycle(views: [String])
    /// More conditions than combinations twhost resolves.
    case combinationsLimited(conditions: Int, varied: Int)
    /// `ForEach` over positions, `id: \.self` on class strings, `.id(UUID())`, `.id(classes)`.
    case unstableRowID(what: String, why: String, fix: String)
    /// `if c { X.tw("a") } else { X.tw("b") }`.
    case branchResetsIdentity(view: String, condition: String)
    /// An inline registration whose closure returns another structure on another path.
    case unstableStructure(name: String, reason: String)
    /// `.twShared(id, in: namespace, …)`: swiftcn's shared element in a namespace
    /// the app owns, which takes no classes.
    case sharedInAppNamespace(id: String, namespace: String)

    var code: DiagnosticCode {
        switch self {
        case .syntax, .notUTF8: return .syntaxError
        case .parseLimit: return .parseLimit
        case .dynamicClasses, .rulesNotRead, .opaqueRegistration, .sharedInAppNamespace: return .dynamicClasses
        case .combinationsLimited: return .combinationsLimited
        case .viewDepthLimit, .viewNestingLimit: return .viewDepthLimit
        case .viewCycle: return .viewCycle
        case .unstableRowID: return .unstableRowID
        case .branchResetsIdentity: return .branchResetsIdentity
        case .unstableStructure: return .unstableStructure
        }
    }

    var message: String {
        switch self {
        case .syntax(let text): return text
        case .notUTF8(let byte, let line, let column):
            let hex = String(byte, radix: 16, uppercase: true)
            return
                "the file is not UTF-8: byte 0x\(hex.count == 1 ? "0" + hex : hex) at line \(line), column \(column) does not start a valid sequence"
        case .parseLimit(.cost):
            return
                "the file nests brackets in brackets too often for the Swift parser to read it in bounded time; it is not read"
        case .parseLimit(.depth(let depth)):
            return
                "brackets nested \(depth) deep (array, dictionary or subscript brackets without a brace between): the Swift parser takes exponential time on such nesting, so the file is not read"
        case .parseLimit(.malformedLiteral):
            return
                "brackets nested more than \(ParseBudget.maxDepth) deep inside a string literal that is left open or malformed: the Swift parser may read them as code, and it takes exponential time on such nesting, so the file is not read"
        case .parseLimit(.regexScan):
            return
                "the file has too many `/` that may start regex literals to scan in bounded time; it is not read"
        case .parseLimit(.chain):
            return
                "a chain of more than \(ParseBudget.maxChain) member accesses, calls or else-branches in one expression: its syntax tree is too deep to walk, so the file is not read"
        case .dynamicClasses(let expression, let why):
            return "\(expression) is known only at run time (\(why)); its classes are not checked"
        case .rulesNotRead(let what): return "\(what) is not read statically; what it adds is not checked"
        case .opaqueRegistration(let what, let why, let shows):
            return
                "\(what) is registered by the app, but its closure is not read statically (\(why)): its classes are accepted; \(shows)"
        case .viewNestingLimit(let type):
            return
                "this \(type) is nested \(ViewTreeReader.maxViewNesting + 1) view expressions deep; views are read inside each other at most \(ViewTreeReader.maxViewNesting) deep, so it and what it holds are not read"
        case .viewDepthLimit(let view):
            return
                "\(view) is used \(ViewTreeReader.maxInlineDepth + 1) views deep; views are read inside each other at most \(ViewTreeReader.maxInlineDepth) deep, so its body is checked where it is a root of its own, not here"
        case .viewCycle(let views):
            return
                "views use each other in a cycle (\(views.joined(separator: " → "))): \(views.last ?? "") is not read again inside itself"
        case .combinationsLimited(let conditions, let varied):
            return
                "the classes depend on \(conditions) conditions; the first \(varied) are varied (\(1 << varied) combinations), the others are taken as true"
        case .unstableRowID(let what, let why, _): return "\(what): \(why)"
        case .branchResetsIdentity(let view, let condition):
            return
                "both branches of `if \(condition)` are the same \(view) with different classes: SwiftUI sees two different views and resets their state whenever `\(condition)` changes"
        case .unstableStructure(let name, let reason):
            return
                "\(name) returns a different structure on different paths (\(reason)): toggling it resets child state"
        case .sharedInAppNamespace(let id, let namespace):
            return
                "`.twShared(\(id), in: \(namespace))` is swiftcn's matchedGeometryEffect(id:in:properties:anchor:isSource:) in the app's own namespace (without animation under Reduce Motion); it takes no classes, so it is no surface here, and which view it pairs with is known only at run time"
        }
    }

    var hint: String? {
        switch self {
        case .syntax, .notUTF8: return "fix the syntax; the file's surfaces are not read until it parses"
        case .parseLimit(.chain):
            return "split the chain: give parts of it names (a view, a let, a ViewModifier)"
        case .parseLimit(.regexScan):
            return "put spaces around `/` used as an operator, or split the line"
        case .parseLimit(.malformedLiteral):
            return
                "close the string: a one-line string ends on its line; a multi-line string's \"\"\" ends the line it opens and starts the line it closes"
        case .parseLimit:
            return "nest at most \(ParseBudget.maxDepth) brackets; name inner values with let to flatten deep literals"
        case .dynamicClasses:
            return "write the classes as literals, TWClasses constants or cn(…) in this file to have them checked"
        case .rulesNotRead, .opaqueRegistration: return nil
        case .viewDepthLimit: return "use fewer levels of views inside views, or check the inner views on their own"
        case .viewNestingLimit: return "give inner parts names (a view, a computed property) to flatten the nesting"
        case .viewCycle:
            return "nothing to do if the recursion ends at run time (a tree of rows); otherwise break the cycle"
        case .combinationsLimited: return "split the classes into fewer conditional fragments"
        case .unstableRowID(_, _, let fix): return fix
        case .branchResetsIdentity:
            return "move the condition into the class string: one view with .tw(condition ? \"…\" : \"…\")"
        case .unstableStructure:
            return
                "change values, do not branch: return the same modifier with a neutral value (e.g. .opacity(active ? 1 : 0))"
        case .sharedInAppNamespace:
            return "nothing to do; the shared-[id] classes inside a group are the form twhost resolves and checks"
        }
    }

    func diagnostic(at location: TWModel.SourceLocation?, className: String? = nil) -> Diagnostic {
        diagnostic(className: className, location: location)
    }
}
