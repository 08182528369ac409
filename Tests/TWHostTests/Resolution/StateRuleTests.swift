import Foundation
import Testing

@testable import TWHost

/// R-STATE-2 (revised): a variant never changes a button's native style, and
/// `pressed:` applies wherever a pressed state is supplied.
@Suite("R-STATE-2: variants, native styles and explicit state", .removesTemporaryDirectories)
struct StateRuleTests {
    struct StyleCase: Sendable, CustomTestStringConvertible {
        var classes: String
        var state: Set<Variant>
        var style: String?
        var warned: String
        var testDescription: String { classes }
    }

    /// Each switched the style before (with the state on) and said nothing.
    static let switches: [StyleCase] = [
        StyleCase(
            classes: "button-primary hover:button-outline", state: [.hover], style: "borderedProminent",
            warned: "hover:button-outline"),
        StyleCase(
            classes: "button-primary hover:style-plain", state: [.hover], style: "borderedProminent",
            warned: "hover:style-plain"),
        StyleCase(
            classes: "button-outline focus:button-link", state: [.focus], style: "bordered",
            warned: "focus:button-link"),
        StyleCase(
            classes: "button-primary disabled:button-ghost", state: [.disabled], style: "borderedProminent",
            warned: "disabled:button-ghost"),
        StyleCase(classes: "p-2 hover:button-primary", state: [.hover], style: nil, warned: "hover:button-primary"),
    ]

    @Test("a variant never changes the native style: variant-no-effect naming the class", arguments: switches)
    func variantsKeepTheStyle(_ c: StyleCase) {
        for state in [c.state, []] {
            let surface = Engine.resolve(TWClasses(c.classes), .button, state: state)
            #expect(surface.decorated)
            #expect(surface.nativeButtonStyle == c.style)
            let warnings = surface.diagnostics.filter { $0.code == .variantNoEffect }
            #expect(warnings.map(\.className) == [c.warned])
            let kept = c.style.map { ".\($0)" } ?? "its plain style"
            #expect(
                warnings.first?.message.hasSuffix(
                    "a variant never changes a button's native style; the button keeps \(kept)") == true)
            // Apple owns the disabled look: no ghost minimum height sneaks in beside the recipe's own.
            #expect(surface.style.filter { $0.hasPrefix(".frame(minHeight:") }.count <= 1)
        }
        // The rest of the variant's recipe still shapes the label: the outline's text color under hover.
        let label = Engine.resolve("button-primary hover:button-outline", .button, state: [.hover])
        #expect(label.style.contains(".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))"))
        #expect(
            !Engine.resolve("button-primary hover:button-outline", .button).style.contains(
                ".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))"))
        #expect(
            Engine.resolve("button-primary hover:text-accent", .button, state: [.hover]).style.contains(
                ".foregroundStyle(Color(red: 0.935, green: 0.935, blue: 0.947))"))
    }

    @Test("pressed: on a general view applies when its pressed state is given explicitly")
    func explicitPressed() throws {
        // TWState(isPressed: true)
        let pressed = Engine.resolve("opacity-100 pressed:opacity-50", state: [.pressed])
        #expect(pressed.style == [".opacity(0.5)"])
        #expect(pressed.diagnostics.isEmpty)
        // TWState(isPressed: false): given, not pressed — no warning either.
        let released = SurfaceResolver.resolve(
            "opacity-100 pressed:opacity-50", source: SurfaceSource(.view),
            state: SurfaceState([], explicit: [.pressed]), scope: Engine.scope())
        #expect(released.style == [".opacity(1)"])
        #expect(released.diagnostics.isEmpty)
        // Not given: a general view has no pressed state.
        let none = Engine.resolve("opacity-100 pressed:opacity-50")
        #expect(none.style == [".opacity(1)"])
        #expect(none.codes == ["variant-no-effect"])
        // A native style keeps its own pressed look, whatever the state says.
        let native = Engine.resolve("button-primary active:opacity-80", .button, state: [.pressed])
        #expect(native.codes == ["variant-no-effect"])
        #expect(!native.style.contains(".opacity(0.8)"))
        // Through a scene: the node's state.pressed, true and false.
        let scene = #"""
            {"scene": 1, "root": {"type": "VStack", "children": [
              {"type": "Card", "tw": "pressed:opacity-50", "state": {"pressed": true}},
              {"type": "Card", "tw": "pressed:opacity-50", "state": {"pressed": false}},
              {"type": "Card", "tw": "pressed:opacity-50"}
            ]}}
            """#
        let out = try ResolveOutput(try resolveScene(scene).stdout)
        #expect(out.chain("/0").map(\.modifier) == [".opacity(0.5)"])
        #expect(out.diagnostics("/0").isEmpty)
        #expect(out.chain("/1").isEmpty)
        #expect(out.diagnostics("/1").isEmpty)
        #expect(out.diagnostics("/2") == ["variant-no-effect"])
    }
}
