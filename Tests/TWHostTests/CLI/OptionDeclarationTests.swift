import Foundation
import Testing

@testable import TWCommandLine

/// Every option comes from one typed declaration: the built binary's help
/// lists exactly the declared public options of each command, and a value
/// outside a choice option's declared list is a usage error naming the list
/// and the nearest choice.
@Suite("typed options", .removesTemporaryDirectories)
struct OptionDeclarationTests {
    struct CommandCase: Sendable, CustomTestStringConvertible {
        var words: [String]
        var testDescription: String { words.joined(separator: " ") }
    }

    static let commands = TWHostCommand.commands.map { CommandCase(words: $0.words) }

    static func spec(_ words: [String]) throws -> CommandSpec {
        try #require(TWHostCommand.commands.first { $0.words == words })
    }

    /// The option names in the "options:" section of a help text, in order.
    static func listedOptions(_ help: String) -> [String] {
        guard let section = help.range(of: "\noptions:\n") else { return [] }
        var names: [String] = []
        for line in help[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("  -") else { break }
            // "  -o, --output FILE  …" lists the long name after the short one.
            let words = line.split(separator: " ")
            let name = words[0].hasSuffix(",") ? words[1] : words[0]
            names.append(String(name))
        }
        return names
    }

    @Test("--help lists exactly the command's declared public options, then --help", arguments: commands)
    func helpListsDeclaredOptions(_ c: CommandCase) throws {
        let spec = try Self.spec(c.words)
        let result = try twhost(c.words + ["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        let shown = spec.options.filter { $0.visibility == .shown }
        #expect(Self.listedOptions(result.stdout) == shown.map(\.name) + ["--help"])
        for option in spec.options {
            let listed = result.stdout.contains(option.name + " ") || result.stdout.contains(option.name + "\n")
            #expect(listed == (option.visibility == .shown), "\(option.name) in `\(c)` help")
            #expect(option.help.hasSuffix("."), "\(option.name): help is a sentence")
        }
    }

    @Test("internal options are declared hidden and still accepted")
    func hiddenOptions() throws {
        let hidden = TWHostCommand.commands.flatMap { spec in
            spec.options.filter { $0.visibility == .hidden }.map { "\(spec.name) \($0.name)" }
        }
        #expect(
            hidden == [
                "plugins list --child", "plugins check --child", "plugins check --start-at", "lsp --worker",
                "lsp --crashed-plugin",
            ])
        // Accepted: a bad value of --start-at is checked (exit 64), not an unknown option.
        let result = try twhost(["plugins", "check", "--start-at", "x", "--no-such-plugin-here"])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "error: unknown option '--no-such-plugin-here' for 'plugins check'\nsee 'twhost plugins check --help'\n"
        )
        let startAt = try twhost(["plugins", "check", "--start-at", "x", "nothing"])
        #expect(startAt.status == 64)
        #expect(startAt.stderr == "error: invalid value 'x' for '--start-at': expected a unit number ≥ 0\n")
        // Never suggested: a misspelled internal option gets no "did you mean".
        let misspelled = try twhost(["plugins", "check", "--chld"])
        #expect(
            misspelled.stderr
                == "error: unknown option '--chld' for 'plugins check'\nsee 'twhost plugins check --help'\n")
    }

    @Test("twhost plugins --help lists the subcommands and exits 0")
    func groupHelp() throws {
        let result = try twhost(["plugins", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        let listed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  twhost plugins ") }.map {
            $0.split(separator: " ").prefix(3).joined(separator: " ")
        }
        #expect(listed == ["twhost plugins list", "twhost plugins check", "twhost plugins new"])
        #expect(result.stdout.hasSuffix("usage: twhost plugins <subcommand> …\n"))
    }

    struct ChoiceCase: Sendable, CustomTestStringConvertible {
        var words: [String]
        var option: String
        var wrong: String
        var suggestion: String
        var testDescription: String { (words + [option, wrong]).joined(separator: " ") }
    }

    static let choiceCases: [ChoiceCase] = [
        ChoiceCase(words: ["resolve"], option: "--format", wrong: "jsn", suggestion: "json"),
        ChoiceCase(words: ["resolve"], option: "--platform", wrong: "macs", suggestion: "macos"),
        ChoiceCase(words: ["check"], option: "--format", wrong: "sarf", suggestion: "sarif"),
        ChoiceCase(words: ["explain"], option: "--target", wrong: "txt", suggestion: "text"),
        ChoiceCase(words: ["registry"], option: "--format", wrong: "txet", suggestion: "text"),
        ChoiceCase(words: ["diff"], option: "--format", wrong: "githb", suggestion: "github"),
        ChoiceCase(words: ["plugins", "list"], option: "--format", wrong: "jsno", suggestion: "json"),
        ChoiceCase(words: ["plugins", "check"], option: "--format", wrong: "sarfi", suggestion: "sarif"),
        ChoiceCase(words: ["plugins", "new"], option: "--lang", wrong: "swfit", suggestion: "swift"),
        ChoiceCase(words: ["platforms"], option: "--format", wrong: "markdwn", suggestion: "markdown"),
    ]

    @Test("a value outside the declared choices: exit 64, the declared list and the nearest", arguments: choiceCases)
    func wrongChoice(_ c: ChoiceCase) throws {
        let spec = try Self.spec(c.words)
        let option = try #require(spec.options.first { $0.name == c.option })
        guard case .choice(let choices) = option.value else {
            Issue.record("\(c.option) of \(spec.name) is not a choice option")
            return
        }
        // Enough positionals for every command, so the choice is what fails.
        let positionals = Array(["a", "b"].prefix(max(spec.positionals.minimum, 0)))
        let result = try twhost(c.words + [c.option, c.wrong] + positionals)
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "error: invalid value '\(c.wrong)' for '\(c.option)': expected \(choices.joined(separator: "|")); did you mean '\(c.suggestion)'?\n"
        )
        #expect(result.stdout == "")
    }

    @Test("every choice option's help names its choices and its default")
    func choicesInHelp() throws {
        for spec in TWHostCommand.commands {
            for option in spec.options {
                guard case .choice(let choices) = option.value else { continue }
                #expect(spec.help.contains("\(option.name) \(choices.joined(separator: "|"))"), "\(spec.name)")
                #expect(option.help.contains("(default "), "\(spec.name) \(option.name)")
            }
        }
    }

    @Test("positionals are read typed, by the command's own declaration, after the parser counted them")
    func typedPositionals() throws {
        func parse(_ words: [String]) throws -> ParsedCommand {
            try #require(try CommandLineParser.parse(words, commands: TWHostCommand.commands))
        }
        let diff = try parse(["diff", "plugins:material", "head.json"])
        #expect(diff[DiffCommand.sides] == (first: "plugins:material", second: "head.json"))
        #expect(try parse(["config"])[ConfigCommand.path] == nil)
        #expect(try parse(["config", "Sources"])[ConfigCommand.path] == "Sources")
        #expect(try parse(["explain", "p-2", "m-1"])[ExplainCommand.classList] == ["p-2", "m-1"])
        #expect(throws: CLIError.self) { try parse(["diff", "only-one"]) }
        #expect(throws: CLIError.self) { try parse(["config", "a", "b"]) }
        for spec in TWHostCommand.commands {
            #expect(spec.usage.hasSuffix(spec.positionals.usage), "\(spec.name)")
        }
    }
}
