import Foundation
import TWPluginTesting
import Testing

/// libHello.so as `swift test` builds it, run through twhost: $TWHOST when set,
/// else the twhost of this checkout (`swift build` at its root builds it).
let hello = PluginUnderTest(
    name: "hello",
    twhost: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/twhost").path)

@Suite struct HelloTests {
    @Test func glowAndLiftResolveToTheirModifiers() throws {
        try hello.expectChain(
            "p-4 glow lift-[6]",
            [
                ".padding(16)",
                ".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)",
                ".offset(x: 0, y: -6)",
            ])
    }

    @Test func absentClassesKeepNeutralSlots() throws {
        // The same structure as above, with neutral values: SwiftUI keeps child state.
        try hello.expectChain(
            "p-4",
            [
                ".padding(16)",
                ".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0), radius: 8, x: 0, y: 0)  // inactive",
                ".offset(x: 0, y: 0)  // inactive",
            ])
    }

    @Test func theRecipeAddsTheGlowToACard() throws {
        let chain = try hello.chain("hello-card")
        #expect(chain.contains(".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)"))
    }

    @Test func passesPluginsCheck() throws {
        try hello.check()
    }
}
