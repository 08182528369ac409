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

    // swiftcn Tests/SwiftCNTests/AnimationTests.swift · customGlobalPresetsResolveLateAndHonorTiming
    // (`TWAnimation(.interactiveSpring(response: 0.4, dampingFraction: 0.8))` under `motion delay-50`
    // is `Animation.interactiveSpring(response: 0.4, dampingFraction: 0.8).delay(0.05)`: fixed, the
    // recipe's duration-250 does not retime it) and MotionRenderingTests.swift ·
    // styleChangesInvokeNativeInterpolationWithoutAnimatingContent (`TWAnimation(Animation(probe))` of a
    // CustomAnimation, and of a variable, is the preset `animate-probe` names). Apple's declarations:
    // `interactiveSpring(response:dampingFraction:blendDuration:)`,
    // `interactiveSpring(duration:extraBounce:blendDuration:)`.
    @Test("custom presets: the animation as written, interactiveSpring as declared, labelled by their source")
    func customPresets() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            private struct Probe: CustomAnimation {
                func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
                    time < 0.4 ? value.scaled(by: time / 0.4) : nil
                }
            }

            struct Motion: View {
                private let native = Animation(Probe())
                var body: some View {
                    VStack {
                        Text("a").tw("animate-probe duration-500")
                        Text("b").tw("motion delay-50")
                        Text("c").tw("animate-held delay-100")
                        Text("d").tw("animate-flick")
                        Text("e").tw("animate-blend")
                    }
                    .twRules(.init(named: ["motion": "animate-settle duration-250"], animations: [
                        "probe": TWAnimation(Animation(Probe())),
                        "settle": TWAnimation(.interactiveSpring(response: 0.4, dampingFraction: 0.8)),
                        "held": TWAnimation(native),
                        "flick": TWAnimation { .interactiveSpring(duration: $0, extraBounce: 0.1) },
                        "blend": TWAnimation(.spring(response: 0.4, dampingFraction: 0.8, blendDuration: 0.2)),
                    ]))
                }
            }
            """
        let root = try SwiftSource.folder(["Motion.swift": source], label: "swiftcn-custom-animations")
        let check = try twhost(["check", "Motion.swift"], directory: root)
        #expect(check.status == 0)
        #expect(check.stdout == "0 error(s), 0 warning(s), 0 note(s) in 1 file(s), 5 surface(s)\n")
        let result = try twhost(["resolve", "Motion.swift"], directory: root)
        #expect(result.status == 0)
        let animations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  animation: ") }
        #expect(
            animations == [
                "  animation: Animation(Probe())  // preset probe (inline, Motion.swift:21:22)",
                "  animation: .interactiveSpring(response: 0.4, dampingFraction: 0.8).delay(0.05)  // preset settle (inline, Motion.swift:22:23)",
                "  animation: native.delay(0.1)  // preset held (inline, Motion.swift:23:21)",
                "  animation: .interactiveSpring(duration: 0.3, extraBounce: 0.1)  // preset flick (inline, Motion.swift:24:22)",
                "  animation: .spring(response: 0.4, dampingFraction: 0.8, blendDuration: 0.2)  // preset blend (inline, Motion.swift:25:22)",
            ])
    }

    // swiftcn Tests/SwiftCNTests/MotionRenderingTests.swift · valueAnimationCanReuseSourceSpecificRecipes
    // (`.twAnimation("photo-motion", value:)` whose recipe names the `.image` registration `resize`
    // animates with `.linear(duration: 0.2)`, one identity) and Animation.swift (TWValueAnimationModifier
    // resolves with no target: only the motion is used). The recipe on a shape's `.tw` still needs an image.
    @Test(".twAnimation of a recipe with an image registration: its animation, no target error")
    func animationOfImageRecipe() throws {
        let source = """
            import SwiftCN
            import SwiftUI

            struct Photo: View {
                @State private var active = false
                var body: some View {
                    VStack {
                        Rectangle().frame(width: active ? 40 : 20, height: 20)
                            .twAnimation("photo-motion", value: active)
                        Rectangle().tw("photo-motion")
                        Image("cover").tw("photo-motion")
                    }
                    .twRules(.init(named: ["photo-motion": "resize animate-linear duration-200"], modifiers: [
                        "resize": .image { image, active in active ? image.resizable() : image }
                    ]))
                }
            }
            """
        let root = try SwiftSource.folder(["Photo.swift": source], label: "swiftcn-image-recipe-motion")
        let check = try twhost(["check", "Photo.swift"], directory: root)
        #expect(check.status == 1)
        #expect(
            check.stdout.split(separator: "\n").map(String.init) == [
                "Photo.swift:9:31: warning[ignored-class] 'resize' (from 'photo-motion') is ignored: .twAnimation applies only animation classes (animate-*, duration-*, delay-*) and decorates nothing — move styling classes to .tw(…)",
                "Photo.swift:10:29: error[unsupported-target] 'resize': resize is an image registration and cannot apply to a shape",
                "1 error(s), 1 warning(s), 0 note(s) in 1 file(s), 3 surface(s)",
            ])
        let result = try twhost(["resolve", "--format", "json", "Photo.swift"], directory: root)
        let out = try ResolveOutput(result.stdout)
        let animated = out.surface("Photo.swift:Photo.body/0")
        #expect(ResolveOutput.string(animated, "status") == "decorated")
        #expect(
            animated.flatMap { ResolveOutput.field($0, "animation") }.flatMap { ResolveOutput.string($0, "modifier") }
                == ".linear(duration: 0.2)")
        #expect(out.diagnostics("Photo.swift:Photo.body/0") == ["ignored-class"])
    }

    // swiftcn Tests/SwiftCNTests/MotionRenderingTests.swift · valueAnimationDrivesContentAndPreservesItsIdentity
    // and NativeUtilityRenderingTests.swift · publicInterpolationAnimatesNativeState: an `Animation` passed in
    // (a parameter, a use site's implicit member, `Animation(custom)`) is the animation that runs
    // (Animation.swift keeps an interpolated native animation as it is) — shown as written, never `.default`.
    @Test("native animations known at run time are shown as written; a use site's .linear(…) is an Animation")
    func symbolicAnimations() throws {
        let source = """
            import SwiftUI

            struct Panel: View {
                let curve: Animation
                let eased: Animation = .easeIn
                @State private var open = false
                var body: some View {
                    VStack {
                        Text("a").tw("opacity-50 animate-[\\(curve)] delay-100")
                        Text("b").tw("animate-[\\(eased)]")
                        Text("c").tw("animate-[\\(Animation(Wobble()))]")
                    }
                }
            }

            struct Screen: View {
                var body: some View { Panel(curve: .linear(duration: 2)) }
            }

            struct Loose: View {
                let curve: Animation
                var body: some View { Text("d").tw("animate-[\\(curve)]") }
            }
            """
        let root = try SwiftSource.folder(["Panel.swift": source], label: "swiftcn-symbolic-animations")
        let result = try twhost(["resolve", "--format", "json", "Panel.swift"], directory: root)
        #expect(result.status == 0)
        let out = try ResolveOutput(result.stdout)
        func animation(_ id: String) -> String? {
            out.surface("Panel.swift:" + id).flatMap { ResolveOutput.field($0, "animation") }.flatMap {
                ResolveOutput.string($0, "modifier")
            }
        }
        #expect(animation("Screen.body/0/0") == ".linear(duration: 2).delay(0.1)")
        #expect(animation("Screen.body/0/1") == ".easeIn")
        #expect(animation("Screen.body/0/2") == "Animation(Wobble())")
        #expect(animation("Loose.body") == "curve")
        #expect(!result.stdout.contains("invalid-argument"))
    }
}
