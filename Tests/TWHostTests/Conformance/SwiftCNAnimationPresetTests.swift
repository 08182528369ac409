import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// An app's animation presets (`.twRules(.init(animations: …))`) read
/// statically, and how `animate-<name>` then resolves (each test names the
/// swiftcn sources it follows).
@Suite("swiftcn parity: an app's animation presets", .removesTemporaryDirectories)
struct SwiftCNAnimationPresetTests {
    // swiftcn Sources/SwiftCN/GlobalRules.swift (`animations` merged over `TWAnimation.defaults`, the
    // app's name winning) and Animation.swift (`TWAnimation(_ animation:)` is fixed, the closure form
    // takes the duration, `TWResolvedMotion` times a preset at 0.3 s without a duration class).
    @Test(".twRules(.init(animations:)): closure, fixed and built-in presets, a replaced built-in, one identity")
    func animationPresets() throws {
        let source = """
            import SwiftUI

            struct Motion: View {
                @State private var open = false
                var body: some View {
                    VStack {
                        Text("a").tw("animate-pop")
                        Text("b").tw("animate-pop duration-200")
                        Text("c").tw("animate-fixed duration-200")
                        Text("d").tw("animate-quick")
                        Text("e").tw("animate-spring")
                        Text("f").tw(open ? "animate-pop opacity-50" : "animate-fixed opacity-100")
                    }
                    .twRules(.init(animations: [
                        "pop": TWAnimation { .spring(duration: $0, bounce: 0.3) },
                        "fixed": TWAnimation(.bouncy),
                        "quick": .snappy,
                        "spring": TWAnimation { .bouncy(duration: $0) },
                    ]))
                }
            }
            """
        let root = try SwiftSource.folder(["Motion.swift": source], label: "swiftcn-animations")
        let result = try twhost(["resolve", "--format", "json", "Motion.swift"], directory: root)
        #expect(result.status == 0)
        let out = try ResolveOutput(result.stdout)
        func animation(_ node: JSONNode?) -> String? {
            node.flatMap { ResolveOutput.field($0, "animation") }.flatMap { ResolveOutput.string($0, "modifier") }
        }
        let animations = (0...4).map { animation(out.surface("Motion.swift:Motion.body/\($0)")) }
        #expect(
            animations == [
                ".spring(duration: 0.3, bounce: 0.3)", ".spring(duration: 0.2, bounce: 0.3)", ".bouncy",
                ".snappy(duration: 0.3)", ".bouncy(duration: 0.3)",
            ])
        #expect((0...5).flatMap { out.diagnostics("Motion.swift:Motion.body/\($0)") } == [])
        #expect(!result.stdout.contains("not read statically"))
        // Which preset a condition selects is a transaction, never a modifier: one identity.
        let combinations = out.combinations("Motion.swift:Motion.body/5")
        #expect(combinations.count == 2)
        #expect(Set(combinations.map(\.identity)).count == 1)
    }
}
