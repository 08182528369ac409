/// A command: its words, options, positional arguments and what runs it.
/// Its usage line and help are made from its option declarations, so help
/// lists exactly the options the command accepts (hidden ones excepted).
package struct CommandSpec: Sendable {
    package var words: [String]
    package var summary: String
    package var positionals: PositionalSpec
    /// In the order help lists them.
    package var options: [OptionSpec]
    /// The hidden option by which a parent twhost runs this command as its
    /// child (`plugins list --child PATH`): the child installs no containment.
    package var child: OptionSpec?
    package var discussion: String
    /// Whether the command, as given, reads Swift sources: `twhost` hands it
    /// to `twhost-swift` before it runs (`SwiftCompanion`).
    package var readsSwift: @Sendable (ParsedCommand) -> Bool
    package var run: @Sendable (ParsedCommand) throws(CLIError) -> Int32

    package init(
        words: [String], summary: String, positionals: PositionalSpec = .none,
        options: [any DeclaredOption], child: (any DeclaredOption)? = nil, discussion: String = "",
        readsSwift: @escaping @Sendable (ParsedCommand) -> Bool = { _ in false },
        run: @escaping @Sendable (ParsedCommand) throws(CLIError) -> Int32
    ) {
        self.words = words
        self.summary = summary
        self.positionals = positionals
        self.options = options.map(\.spec)
        self.child = child?.spec
        self.discussion = discussion
        self.readsSwift = readsSwift
        self.run = run
    }

    package var name: String { words.joined(separator: " ") }

    /// The options help, the usage line and "did you mean" show.
    package var shownOptions: [OptionSpec] { options.filter { $0.visibility == .shown } }

    /// Whether the command takes `option`: for code that several commands
    /// share, where an option only some of them take changes what it does.
    package func declares(_ option: some DeclaredOption) -> Bool { options.contains(option.spec) }

    /// The declaration of `name` (long or short), hidden ones included.
    package func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.short == name }
    }

    package var usage: String {
        var text = "usage: twhost \(name)"
        for option in shownOptions {
            if let value = option.placeholder {
                text += " [\(option.name) \(value)]"
            } else {
                text += " [\(option.name)]"
            }
            if option.repeatable { text += "…" }
        }
        if !positionals.usage.isEmpty { text += " " + positionals.usage }
        return text
    }

    package var help: String {
        var text = "\(summary)\n\n\(usage)\n"
        if !options.isEmpty {
            text += "\noptions:\n"
            let rows =
                shownOptions.map { option -> (String, String) in
                    var left = option.name
                    if let short = option.short { left = short + ", " + left }
                    if let value = option.placeholder { left += " " + value }
                    return (left, option.help)
                } + [("-h, --help", "Show this help.")]
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
            }
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}
