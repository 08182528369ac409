import Foundation
import Testing

@testable import TWHost

/// SPEC §9: numbers in classes are decimal only and read one way everywhere;
/// control characters in a class are errors, never truncation, and text
/// output never echoes them raw.
@Suite("Strict numbers and control characters", .removesTemporaryDirectories)
struct StrictInputTests {
    struct Loose: Sendable, CustomTestStringConvertible {
        var classes: String
        var message: String
        var testDescription: String { classes }
    }

    /// Each resolved before, through `Double(String)` (hex floats, a plus sign).
    static let loose: [Loose] = [
        Loose(classes: "p-0x4", message: "'p-0x4': '0x4' is not a spacing step (0, 0.5, 1, 2, … or px)"),
        Loose(classes: "p-0x1p2", message: "'p-0x1p2': '0x1p2' is not a spacing step (0, 0.5, 1, 2, … or px)"),
        Loose(classes: "p-+4", message: "'p-+4': '+4' is not a spacing step (0, 0.5, 1, 2, … or px)"),
        Loose(classes: "opacity-0x32", message: "'opacity-0x32': expected a percentage 0…100"),
        Loose(classes: "bg-primary/0x32", message: "'bg-primary/0x32': expected a color (a theme color, [#rrggbb])"),
        Loose(classes: "bg-[#00f]/+50", message: "'bg-[#00f]/+50': invalid opacity modifier '/+50'; expected 0…100"),
        Loose(classes: "opacity-[0x1p-1]", message: "'opacity-[0x1p-1]': expected an opacity 0…1 or 0%…100%"),
        Loose(classes: "w-[+12]", message: "'w-[+12]': expected a length in points ([12], [12px])"),
        Loose(classes: "w-4.", message: "'w-4.': '4.' is not a spacing step (0, 0.5, 1, 2, … or px)"),
        Loose(classes: "duration-0x10", message: "'duration-0x10': expected milliseconds (200), or [220ms] / [0.2s]"),
        Loose(classes: "tilt-[+8]", message: "'tilt-[+8]': expected an angle (8, 8deg, 0.5rad, 0.25turn), got '+8'"),
    ]

    @Test("hex, a plus sign and a trailing dot are not numbers", arguments: loose)
    func looseNumbers(_ c: Loose) {
        let surface = Engine.resolve(TWClasses(c.classes))
        #expect(!surface.decorated)
        #expect(surface.codes == ["invalid-argument"])
        #expect(surface.diagnostics.first?.message == c.message)
    }

    @Test("the decimal grammar: what it reads and what it refuses")
    func grammar() {
        #expect(DecimalNumber.parse("4") == 4)
        #expect(DecimalNumber.parse("0.5") == 0.5)
        #expect(DecimalNumber.parse(".5") == 0.5)
        #expect(DecimalNumber.parse("2.5e1") == 25)
        #expect(DecimalNumber.parse("1E-2") == 0.01)
        #expect(DecimalNumber.parse("-6", allowsSign: true) == -6)
        #expect(DecimalNumber.parse("-0", allowsSign: true) == 0)
        for refused in [
            "", "-6", "+4", "0x4", "0x1p2", "4.", ".", "e5", "1e", "1e+", "inf", "nan", "Infinity", " 4", "4 ",
            "4\u{0}", "--4", "1e999", String(repeating: "9", count: 65),
        ] {
            #expect(DecimalNumber.parse(refused) == nil, "\(refused)")
        }
        #expect(DecimalNumber.parse("+4", allowsSign: true) == nil)
        // Values still resolve as before.
        #expect(
            Engine.resolve("p-0.5 opacity-[.35] w-[1e1]").style == [
                ".padding(2)", ".frame(width: 10)", ".opacity(0.35)",
            ])
        #expect(
            Engine.resolve("bg-primary/50").style == [
                ".background(Color(red: 0.09, green: 0.09, blue: 0.09, opacity: 0.5))"
            ])
    }

    @Test("a Swift plugin's TWArgument.number reads the host's grammar (material's surface-[n])")
    func pluginKitAgrees() {
        let corpus: [(argument: String, accepted: Bool)] = [
            ("4", true), ("0.5", true), (".5", true), ("1e1", true), ("+4", false), ("0x4", false), ("4.", false),
            ("inf", false), ("nan", false),
        ]
        for c in corpus {
            #expect((DecimalNumber.parse(c.argument) != nil) == c.accepted, "\(c.argument)")
            let text = "surface-[" + c.argument + "]"
            let surface = Engine.resolve(TWClasses(text))
            #expect(surface.decorated == c.accepted, "\(text): \(surface.diagnostics)")
        }
    }

    @Test("NUL and other control characters in a class are invalid-class, never truncated")
    func controlCharacters() throws {
        let nul = Engine.resolve("p-4\u{0}x")
        #expect(!nul.decorated)
        #expect(nul.codes == ["invalid-class"])
        #expect(nul.diagnostics.first?.message == "'p-4\\u{0}x': a control character (U+0000) in a class")
        #expect(Engine.resolve("p-4\u{7}").codes == ["invalid-class"])
        #expect(Engine.resolve("bg-[#00f\u{7F}]").codes == ["invalid-class"])
        #expect(Engine.resolve("text-[a\u{85}b]").codes == ["invalid-class"])
        #expect(Engine.resolve("p-[4\tpx]").codes == ["invalid-class"])
        // Whitespace between classes still separates them.
        #expect(Engine.resolve("p-4\tbg-red\np-2").decorated)
        // A typed string value cannot carry a NUL to a plugin either.
        let typed = Engine.resolve("probe-string-[\(TypedValue.string("a\u{0}b"))]", registry: try echoRegistry())
        #expect(
            typed.diagnostics.contains {
                $0.code == .invalidArgument && $0.message.hasSuffix(": a string argument cannot contain NUL (U+0000)")
            }, "\(typed.diagnostics)")
        // Through the binary: exit 1, and the text report escapes the character.
        let result = try twhost(
            ["resolve", "-"],
            input: #"{"scene": 1, "root": {"type": "Text\u001b[31m", "tw": "p-4\u0000x p-[1\u001b[2J]"}}"#)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(!result.stdout.contains("\u{0}"))
        #expect(
            result.stdout.contains(
                "error[invalid-class] (root): 'p-4\\u{0}x': a control character (U+0000) in a class"))
        #expect(result.stdout.contains("/  Text\\u{1B}[31m  (view, undecorated)"))
        let json = try twhost(
            ["resolve", "-", "--format", "json"], input: #"{"scene": 1, "root": {"type": "Text", "tw": "p-4\u0000x"}}"#)
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""code":"invalid-class","class":"p-4\u0000x""#))
    }

    func echoRegistry() throws -> PluginRegistry {
        PluginRegistry(plugins: [try FixturePlugins.echo()])
    }
}
