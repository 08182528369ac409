import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// An inactive variant keeps the foreground modifier installed, with the
/// hierarchical primary style, so the view's structure does not change with
/// its state (swiftcn's `TWForegroundModifier` in Sources/SwiftCN/View+TW.swift:
/// "Inactive variants and removed colors use hierarchical primary").
@Suite("swiftcn parity: an inactive variant keeps the foreground modifier", .removesTemporaryDirectories)
struct SwiftCNForegroundTests {
    static let source = """
        import SwiftUI

        struct Colors: View {
            @State private var on = false
            var body: some View {
                VStack {
                    Text("a").tw("hover:text-[#ff0000]", state: TWState(isHovered: on, isFocused: on))
                    Text("b").tw("focus:text-[#ff0000]", state: TWState(isHovered: on, isFocused: on))
                    Text("c").tw("hover:text-[#ff0000] p-2")
                    Text("d").tw("text-[#00ff00] hover:text-[#ff0000]")
                    Text("e").tw("p-2")
                }
            }
        }
        """

    // swiftcn Tests/SwiftCNTests/RenderingTests.swift, foregroundVariantsPreserveChildStateIdentity
    // (arguments "hover:text-[#ff0000]", "focus:text-[#ff0000]"): one flag drives the state, and the
    // child keeps one identity — the foreground modifier stays with the inactive value.
    @Test("hover: and focus: text colors: the inactive combination keeps .foregroundStyle(.primary), one identity")
    func inactiveVariantKeepsTheModifier() throws {
        let root = try SwiftSource.folder(["Colors.swift": Self.source], label: "swiftcn-foreground")
        let result = try twhost(["resolve", "--format", "json", "Colors.swift"], directory: root)
        #expect(result.status == 0)
        let out = try ResolveOutput(result.stdout)
        for index in 0...1 {
            let combinations = out.combinations("Colors.swift:Colors.body/\(index)")
            #expect(combinations.map(\.when) == [["on": true], ["on": false]])
            #expect(
                combinations.map(\.modifiers) == [
                    [".foregroundStyle(Color(red: 1, green: 0, blue: 0))"], [".foregroundStyle(.primary)"],
                ])
            #expect(Set(combinations.map(\.identity)).count == 1)
        }
    }

    // swiftcn View+TW.swift (`TWForegroundModifier`): with no state supplied a hover color is inactive,
    // and the modifier is installed with hierarchical primary; a base color stays the inactive value;
    // no text color at all installs nothing (RenderingTests.unspecifiedForegroundInheritsAParentColor).
    @Test("no state: a variant's text color installs .foregroundStyle(.primary); a base color wins; none, nothing")
    func withoutState() throws {
        let resolution = try SwiftSource.resolve(Self.source, path: "C.swift")
        func modifiers(_ index: Int) -> [String] {
            resolution.record("C.swift:Colors.body/\(index)")?.surface.chain.map(\.modifier.swiftCode) ?? []
        }
        #expect(modifiers(2) == [".foregroundStyle(.primary)", ".padding(8)"])
        #expect(
            resolution.record("C.swift:Colors.body/2")?.surface.chain.first?.className == "hover:text-[#ff0000]")
        #expect(modifiers(3) == [".foregroundStyle(Color(red: 0, green: 1, blue: 0))"])
        #expect(modifiers(4) == [".padding(8)"])
    }

    // The same rule for a plain button's pressed color (RenderingTests, the pressed state of a
    // `.buttonStyle(.tw(…))` label), and for iOS 14's `foregroundColor`.
    @Test("a plain button's pressed: color while not pressed, and .foregroundColor(.primary) on iOS 14")
    func pressedAndOlderSystems() throws {
        let source = """
            import SwiftUI

            struct Press: View {
                var body: some View {
                    Button("b") {}.buttonStyle(.tw("pressed:text-primary"))
                }
            }
            """
        let root = try SwiftSource.folder(["Press.swift": source], label: "swiftcn-foreground-press")
        let out = try ResolveOutput(
            try twhost(["resolve", "--format", "json", "Press.swift"], directory: root).stdout)
        #expect(
            out.combinations("Press.swift:Press.body").map(\.modifiers) == [
                [".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))"], [".foregroundStyle(.primary)"],
            ])
        let old = try twhost(["resolve", "--os-version", "14", "Press.swift"], directory: root)
        #expect(old.status == 0)
        #expect(old.stdout.contains("- .foregroundColor(Color(red: 0.09, green: 0.09, blue: 0.09))"))
        #expect(old.stdout.contains("+ .foregroundColor(.primary)"))
    }
}
