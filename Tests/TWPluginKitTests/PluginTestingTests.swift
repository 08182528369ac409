import Foundation
import Testing

@testable import TWPluginTesting

/// TWPluginTesting against the real twhost and the Swift twin fixture (libTwin.so),
/// both built next to this test.
@Suite("TWPluginTesting runs plugins through twhost and prints chain diffs")
struct PluginTestingTests {
    static let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .path
    static let twin = PluginUnderTest(name: "twin", directory: folder, twhost: folder + "/twhost")

    @Test("a diff marks removed and added lines and keeps the common ones")
    func lineDiff() {
        #expect(
            LineDiff.lines(expected: ["a", "b", "c", "d"], actual: ["a", "c", "x", "d", "e"])
                == ["  a", "- b", "  c", "+ x", "  d", "+ e"])
        #expect(LineDiff.lines(expected: [], actual: ["a"]) == ["+ a"])
        #expect(LineDiff.lines(expected: ["a"], actual: []) == ["- a"])
        #expect(LineDiff.lines(expected: ["a", "b"], actual: ["b", "a"]) == ["- a", "  b", "+ a"])
    }

    @Test("chain lines are the SwiftUI code, inactive slots marked")
    func chain() throws {
        #expect(TWHOSTIsUnset())
        try Self.twin.expectChain(
            "twin-frost-[thin/50] twin-turn-[8]",
            [
                ".background { RoundedRectangle(cornerRadius: 12).fill(.thinMaterial).opacity(0.5) }",
                ".padding(0)  // inactive",
                ".opacity(1)  // inactive",
                ".background { Capsule().fill(Color(red: 1, green: 0.8, blue: 0.2)).opacity(0) }  // inactive",
                ".scaleEffect(1)  // inactive",
                ".accessibilityIdentifier(\"\")  // inactive",
                ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0), radius: 0, x: 0, y: 0)  // inactive",
                ".rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))",
            ])
        #expect(try Self.twin.chain("twin-bold", on: .text).first == ".bold()")
    }

    @Test("a wrong expectation fails with a diff of chain lines")
    func mismatch() throws {
        let expected = [
            ".background { RoundedRectangle(cornerRadius: 12).fill(.regularMaterial).opacity(0) }  // inactive",
            ".padding(0)  // inactive",
            ".opacity(1)  // inactive",
            ".scaleEffect(1)  // inactive",
            ".accessibilityIdentifier(\"\")  // inactive",
            ".shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0), radius: 0, x: 0, y: 0)  // inactive",
            ".rotation3DEffect(.degrees(9), axis: (x: 0, y: 1, z: 0))",
        ]
        let error = try #require(throws: PluginTestFailure.self) {
            try Self.twin.expectChain("twin-turn-[8]", expected)
        }
        #expect(
            error.description == """
                the chain of "twin-turn-[8]" is not the expected one (- expected, + actual):
                  .background { RoundedRectangle(cornerRadius: 12).fill(.regularMaterial).opacity(0) }  // inactive
                  .padding(0)  // inactive
                  .opacity(1)  // inactive
                + .background { Capsule().fill(Color(red: 1, green: 0.8, blue: 0.2)).opacity(0) }  // inactive
                  .scaleEffect(1)  // inactive
                  .accessibilityIdentifier("")  // inactive
                  .shadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0), radius: 0, x: 0, y: 0)  // inactive
                - .rotation3DEffect(.degrees(9), axis: (x: 0, y: 1, z: 0))
                + .rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))

                """)
    }

    @Test("an undecorated surface fails with its diagnostics; a missing twhost is named")
    func failures() throws {
        let error = try #require(throws: PluginTestFailure.self) { try Self.twin.chain("twin-frost-[glass]") }
        #expect(
            error.description == """
                "twin-frost-[glass]" left the surface undecorated:
                  error[invalid-argument] 'twin-frost-[glass]': expected none, ultraThin, thin, regular, thick or ultraThick
                """)
        let nowhere = PluginUnderTest(name: "twin", directory: Self.folder, twhost: "/nonexistent/twhost")
        if TWHOSTIsUnset() {
            #expect(throws: PluginTestFailure.twhostNotFound("/nonexistent/twhost")) { try nowhere.check() }
        }
    }

    @Test("check and resolve run twhost on the built plugin")
    func checkAndResolve() throws {
        let report = try Self.twin.check()
        #expect(report.hasPrefix("twin 1.0.0  passed  \(Self.folder)/libTwin.so\n"))
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/twin-scene.json").path
        // Two of the scene's surfaces are undecorated on purpose: resolve reports it with exit 1.
        let error = try #require(throws: PluginTestFailure.self) { try Self.twin.resolve(scene: scene) }
        guard case .commandFailed(_, let status, let output) = error else {
            Issue.record("expected a command failure, got \(error)")
            return
        }
        #expect(status == 1)
        #expect(output.contains("9 surface(s): 7 decorated, 2 undecorated; 3 error(s), 0 warning(s)"))
    }

    func TWHOSTIsUnset() -> Bool { ProcessInfo.processInfo.environment["TWHOST"] == nil }
}
