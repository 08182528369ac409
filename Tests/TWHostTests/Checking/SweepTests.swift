import Foundation
import Testing

@testable import TWChecking
@testable import TWHost

/// The argument sweep of `plugins check`: bounded, reproducible, covering the
/// edges it promises, and every argument a class can carry.
@Suite("Argument sweep", .removesTemporaryDirectories)
struct SweepTests {
    static let types: [ArgumentType] = [
        .number, .points, .angle, .seconds, .bool, .string, .color, .vector, .animation,
    ]

    @Test("bounded and the same on every call")
    func bounded() {
        for type in Self.types + [.custom] {
            let arguments = ArgumentSweep.arguments(for: type)
            #expect(arguments == ArgumentSweep.arguments(for: type))
            // Custom payloads have no value form: their sweep is the parsers' text.
            let bound = type == .custom ? ArgumentSweep.maximumForParsers : ArgumentSweep.maximumPerType
            #expect(!arguments.isEmpty && arguments.count <= bound, "\(type): \(arguments.count)")
            let parser = ArgumentSweep.parserArguments(for: type)
            #expect(parser.count <= ArgumentSweep.maximumForParsers, "\(type): \(parser.count)")
            #expect(Set(parser).count == parser.count)
            #expect(
                Array(parser.prefix(Set(arguments).count))
                    == arguments.reduce(into: [String]()) { out, a in
                        if !out.contains(a) { out.append(a) }
                    })
        }
        #expect(ArgumentSweep.arguments(for: .none).isEmpty)
        // The seeded values, pinned: a change to the generator changes what CI checks.
        #expect(ArgumentSweep.generated(.number) == ["615.807", "-759.6", "186.914", "965.668", "589.849", "334.141"])
        #expect(ArgumentSweep.generated(.color).count == ArgumentSweep.randomCount)
        #expect(ArgumentSweep.generated(.color).allSatisfy { $0.utf8.count == 9 && $0.hasPrefix("#") })
    }

    @Test("every argument is a class that carries it unchanged, and value forms decode it", arguments: types)
    func classes(_ type: ArgumentType) throws {
        for argument in ArgumentSweep.parserArguments(for: type) {
            let className = ArgumentSweep.className("probe", argument)
            let tokens = ClassTokenizer.tokenize(className)
            #expect(tokens.count == 1, "\(className)")
            let parsed = try ParsedClass.parse(tokens[0]).get()
            #expect(parsed.root == "probe", "\(className)")
            #expect(parsed.argument == .literal(argument), "\(className)")
        }
        // The type's own arguments all reach a value form's factory.
        for argument in ArgumentSweep.arguments(for: type) {
            let decoded = ArgumentDecoder.decode(argument, as: type, theme: .standard)
            #expect((try? decoded.get()) != nil, "\(type) '\(argument)': \(decoded)")
        }
    }

    @Test("the edges: zero, ±1, fractions, huge and tiny, both angle units, every color form, hard strings")
    func edges() {
        func values(_ type: ArgumentType) -> [Double] {
            ArgumentSweep.arguments(for: type).compactMap {
                try? ArgumentDecoder.decode($0, as: type, theme: .standard).get().scalar
            }
        }
        for type in [ArgumentType.number, .points, .angle] {
            let v = values(type)
            #expect(v.contains(0) && v.contains(1) && v.contains(-1), "\(type)")
            #expect(v.contains { $0 != $0.rounded() }, "\(type): a fraction")
            #expect(v.contains { abs($0) >= 1e300 }, "\(type): huge")
            #expect(v.contains { $0 != 0 && abs($0) <= 1e-300 } || type == .angle, "\(type): tiny")
        }
        let seconds = values(.seconds)
        #expect(seconds.contains(0) && seconds.contains { $0 >= 1e300 } && seconds.contains { $0 > 0 && $0 < 0.001 })
        let angles = ArgumentSweep.arguments(for: .angle)
        for unit in ["deg", "rad", "turn"] { #expect(angles.contains { $0.hasSuffix(unit) }, "\(unit)") }
        let colors = ArgumentSweep.arguments(for: .color)
        for digits in [3, 4, 6, 8] {
            #expect(colors.contains { $0.hasPrefix("#") && $0.utf8.count == digits + 1 }, "#\(digits) digits")
        }
        #expect(colors.contains("primary") && colors.contains("primary/50"))
        let strings = ArgumentSweep.arguments(for: .string)
        #expect(strings.contains { $0.contains("[") && $0.contains("]") })
        #expect(strings.contains { $0.contains("_") } && strings.contains { $0.contains(" ") })
        #expect(strings.contains { $0.utf8.contains { $0 >= 0x80 } })
        #expect(ArgumentSweep.arguments(for: .animation) == AnimationValue.Curve.allCases.map(\.rawValue))
    }

    @Test("docs/PluginAuthoring.md lists the sweep as it is")
    func documented() throws {
        let doc = try String(contentsOfFile: TestPaths.repository + "/docs/PluginAuthoring.md", encoding: .utf8)
        for type in Self.types {
            let row =
                "| `\(type.rawValue)` | " + ArgumentSweep.arguments(for: type).map(Self.cell).joined(separator: " ")
            #expect(doc.contains(row + " |\n"), "missing or stale row:\n\(row) |")
        }
    }

    /// How the docs write one argument: in backticks, a long one shortened.
    static func cell(_ argument: String) -> String {
        guard argument.count > 24 else { return "`\(argument)`" }
        return "`\(argument.prefix(8))…` (\(argument.utf8.count) bytes)"
    }
}
