/// One element of argv after splitting: an option (with an inline value if
/// written `--opt=value`) or a positional argument.
package enum SplitArgument: Equatable {
    case option(name: String, inlineValue: String?)
    case positional(String)
}

/// Splits argv: `--opt=value` and `--opt value` are the same option; after
/// `--` everything is positional; a lone `-` is positional (standard input).
package enum ArgumentSplitter {
    package static func split(_ arguments: [String]) -> [SplitArgument] {
        var out: [SplitArgument] = []
        var terminated = false
        for argument in arguments {
            if terminated || argument == "-" || !argument.hasPrefix("-") {
                out.append(.positional(argument))
            } else if argument == "--" {
                terminated = true
            } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                let name = String(argument[..<equals])
                let value = String(argument[argument.index(after: equals)...])
                out.append(.option(name: name, inlineValue: value))
            } else {
                out.append(.option(name: argument, inlineValue: nil))
            }
        }
        return out
    }
}
