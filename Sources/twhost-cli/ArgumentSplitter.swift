/// One element of argv after splitting: an option (with an inline value if
/// written `--opt=value`) or a positional argument. Each keeps its index.
struct SplitArgument: Equatable {
    enum Kind: Equatable {
        case option(name: String, inlineValue: String?)
        case positional(String)
    }
    var kind: Kind
    var index: Int
}

/// Splits argv: `--opt=value` and `--opt value` are the same option; after
/// `--` everything is positional; a lone `-` is positional (standard input).
enum ArgumentSplitter {
    static func split(_ arguments: [String]) -> [SplitArgument] {
        var out: [SplitArgument] = []
        var terminated = false
        for (index, argument) in arguments.enumerated() {
            if terminated || argument == "-" || !argument.hasPrefix("-") {
                out.append(SplitArgument(kind: .positional(argument), index: index))
            } else if argument == "--" {
                terminated = true
            } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                let name = String(argument[..<equals])
                let value = String(argument[argument.index(after: equals)...])
                out.append(SplitArgument(kind: .option(name: name, inlineValue: value), index: index))
            } else {
                out.append(SplitArgument(kind: .option(name: argument, inlineValue: nil), index: index))
            }
        }
        return out
    }
}
