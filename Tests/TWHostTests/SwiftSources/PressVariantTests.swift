import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// A plain button's label follows `ButtonStyle.Configuration.isPressed`
/// (seed 003) only when its classes have a `pressed:` or `active:` variant:
/// the reader decides that from the classes' variants, never from a
/// substring (`inactive:` and `group-active:` name no press variant).
@Suite("Swift sources: press state of plain buttons")
struct PressVariantTests {
    static func conditions(_ style: String) throws -> [String] {
        let source = """
            import SwiftUI
            struct V: View {
                var body: some View {
                    Button("Go") {}.buttonStyle(.tw(\(style)))
                }
            }
            """
        let file = SwiftSource.read(source)
        let scene = try #require(file.scene)
        func buttons(_ node: SceneNode) -> [SceneNode] {
            (node.type == "Button" ? [node] : []) + node.children.flatMap(buttons)
        }
        let found = buttons(scene.root)
        #expect(found.count == 1)
        return try #require(found.first).conditions.map(\.text)
    }

    @Test(
        "a press variant at any nesting, or the typed .pressed style, makes isPressed a condition",
        arguments: [
            #""pressed:opacity-50""#, #""active:opacity-50""#, #""p-[4] hover:pressed:opacity-50""#,
            #""p-[4]\n active:bg-[#00f]""#, #"TWStyle(.opacity(1), .pressed(.opacity(0.8)))"#,
        ])
    func pressVariants(_ style: String) throws {
        #expect(try Self.conditions(style) == ["configuration.isPressed"])
    }

    @Test(
        "no press variant: inactive:, group-active:, a colon inside brackets, plain classes",
        arguments: [
            #""inactive:opacity-50""#, #""group-active:opacity-50""#, #""bg-[a:pressed:b]""#,
            #""p-[4] hover:opacity-50""#, #""button-primary""#,
        ])
    func noPressVariant(_ style: String) throws {
        #expect(try Self.conditions(style) == [])
    }
}
