import Foundation
import Testing

@testable import TWHost

/// The shipped material-card draws the shadow of the card, and an inactive
/// shadow is neutral only in a clear color.
@Suite("Material's elevation and neutral shadows", .removesTemporaryDirectories)
struct MaterialAndNeutralityTests {
    static func rendering(_ name: String, _ defines: [String] = [], in dir: String) throws -> String {
        try FixtureCompiler.build(
            name: name, defines: defines, source: TestPaths.repository + "/Tests/Fixtures/plugins/rendering.c",
            in: dir)
    }

    @Test("material-card: the material background first, then the card's shadow; clip and material share radius 20")
    func materialCard() {
        let card = Engine.resolve("material-card")
        let code = card.code
        let background = code.firstIndex(
            of: ".background { RoundedRectangle(cornerRadius: 20).fill(.ultraThinMaterial).opacity(1) }")
        let shadow = code.firstIndex(
            of: ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.2), radius: 4, x: 0, y: 2)")
        #expect(background != nil && shadow != nil)
        #expect((background ?? 0) < (shadow ?? 0), "\(code)")
        #expect(card.style == [".padding(24)", ".clipShape(.rect(cornerRadius: 20))"])
        // Inactive elevation is the same shadow, clear.
        #expect(
            Engine.resolve("p-4").slot("elevation")?.modifier.swiftCode
                == ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0), radius: 0, x: 0, y: 0)")
        #expect(Engine.resolve("p-4").slot("elevation").map { Neutrality.check($0.modifier) } == .neutral)
    }

    @Test("a shadow is neutral only in a clear color, not at radius 0")
    func shadowNeutrality() {
        func shadow(_ color: IRValue?) -> ModifierIR {
            var arguments: [IRArgument] = []
            if let color { arguments.append(IRArgument("color", color)) }
            arguments += [
                IRArgument("radius", .number(0)), IRArgument("x", .number(0)), IRArgument("y", .number(0)),
            ]
            return ModifierIR([.modifier("shadow", arguments)])
        }
        let hard = Neutrality.check(shadow(.color(ColorValue(red: 0, green: 0, blue: 0, alpha: 0.2))))
        #expect(
            hard
                == .notNeutral(
                    ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.2), radius: 0, x: 0, y: 0) is not neutral; the neutral form is the same shadow in a clear color (opacity 0)"
                ))
        #expect(Neutrality.check(shadow(.color(ColorValue(red: 0, green: 0, blue: 0, alpha: 0)))) == .neutral)
        #expect(Neutrality.check(shadow(.member("clear"))) == .neutral)
        if case .notNeutral = Neutrality.check(shadow(nil)) {
        } else {
            Issue.record("a shadow in SwiftUI's default color judged neutral")
        }
    }

    @Test("plugins check: a hard shadow at radius 0 fails not-neutral; the clear one and material pass")
    func checkHardShadow() throws {
        let dir = TestPaths.temporaryDirectory("hard-shadow")
        let hard = try Self.rendering("hard", in: dir)
        let result = try twhost(["plugins", "check", "--format", "json", hard])
        #expect(result.status == 1)
        let report = try CheckTests.Report(result.stdout)
        #expect(report.plugins[0].rules.contains("not-neutral"))
        #expect(
            report.plugins[0].messages.contains(
                "inactive: .shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.2), radius: 0, x: 0, y: 0) is not neutral; the neutral form is the same shadow in a clear color (opacity 0)"
            ))
        let clear = try Self.rendering("clear", ["CLEAR_SHADOW"], in: dir)
        let clearReport = try CheckTests.Report(try twhost(["plugins", "check", "--format", "json", clear]).stdout)
        #expect(!clearReport.plugins[0].rules.contains("not-neutral"))
        #expect(try twhost(["plugins", "check", "material"]).status == 0)
    }
}
