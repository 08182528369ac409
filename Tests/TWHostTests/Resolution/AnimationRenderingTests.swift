import Foundation
import Testing

@testable import TWHost

/// Animations render with only the parameters each SwiftUI curve takes.
@Suite("Animation rendering", .removesTemporaryDirectories)
struct AnimationRenderingTests {
    @Test("each curve renders only its own parameters; not-set values are omitted")
    func curves() {
        let easeOut = AnimationValue(curve: .easeOut, duration: 0.5, bounce: 0.2)
        #expect(easeOut.swiftCode == ".easeOut(duration: 0.5)")
        #expect(easeOut.invalidParameters == [.bounce])
        #expect(AnimationValue(curve: .linear, duration: 1).swiftCode == ".linear(duration: 1)")
        #expect(AnimationValue(curve: .easeInOut).swiftCode == ".easeInOut")
        let smooth = AnimationValue(curve: .smooth, duration: 0.3, bounce: 0.1)
        #expect(smooth.swiftCode == ".smooth(duration: 0.3, extraBounce: 0.1)")
        #expect(smooth.invalidParameters.isEmpty)
        #expect(AnimationValue(curve: .bouncy, duration: 0.4).swiftCode == ".bouncy(duration: 0.4)")
        #expect(
            AnimationValue(curve: .spring, duration: 0.3, bounce: 0.2).swiftCode
                == ".spring(duration: 0.3, bounce: 0.2)")
        #expect(
            AnimationValue(curve: .spring, response: 0.4, dampingFraction: 0.8).swiftCode
                == ".spring(response: 0.4, dampingFraction: 0.8)")
        // Two spring families at once do not compile: the duration family is kept.
        let mixed = AnimationValue(curve: .spring, duration: 0.3, response: 0.4, dampingFraction: 0.8)
        #expect(mixed.swiftCode == ".spring(duration: 0.3)")
        #expect(mixed.invalidParameters == [.response, .dampingFraction])
        // `.default` is a property: no parameters at all.
        let fallback = AnimationValue(curve: .default, duration: 0.2, delay: 0.1)
        #expect(fallback.swiftCode == ".default.delay(0.1)")
        #expect(fallback.invalidParameters == [.duration])
    }

    @Test("C presets: an ease-out with a bounce drops it with invalid-preset; a negative bounce means not set")
    func presets() throws {
        let dir = TestPaths.temporaryDirectory("presets")
        let path = try MaterialAndNeutralityTests.rendering("rendering", in: dir)
        let plugin = try PluginLoader.load(path: path, expectedName: "rendering").get()
        let registry = PluginRegistry(plugins: [plugin])
        let fling = Engine.resolve("animate-fling duration-300", registry: registry)
        #expect(fling.animation?.modifier == ".easeOut(duration: 0.3)")
        #expect(fling.codes == ["invalid-preset"])
        #expect(
            fling.diagnostics.first?.message
                == "preset fling (plugin rendering): .easeOut(duration:) takes no bounce; bounce 0.2 left out")
        #expect(fling.diagnostics.first?.className == "animate-fling")
        let glide = Engine.resolve("animate-glide", registry: registry)
        #expect(glide.animation?.modifier == ".spring(duration: 0.4)")
        #expect(glide.diagnostics.isEmpty)
        // plugins check reports the preset whose rendering would not compile.
        let check = try CheckTests.Report(try twhost(["plugins", "check", "--format", "json", path]).stdout)
        #expect(check.plugins[0].rules.contains("invalid-preset"))
        #expect(
            check.plugins[0].messages.contains(
                "animate-fling without a duration: .easeOut(duration:) takes no bounce, yet the preset sets bounce 0.2: SwiftUI code with it would not compile"
            ))
        // The same bounce on .smooth is its extra bounce: valid.
        let smooth = try MaterialAndNeutralityTests.rendering(
            "smooth", ["PRESET_CURVE=TW_CURVE_SMOOTH", "CLEAR_SHADOW"], in: dir)
        let smoothCheck = try twhost(["plugins", "check", smooth])
        #expect(smoothCheck.status == 0, "\(smoothCheck.stdout)")
        let mixed = try MaterialAndNeutralityTests.rendering(
            "mixed", ["PRESET_CURVE=TW_CURVE_SPRING", "PRESET_RESPONSE=0.4", "CLEAR_SHADOW"], in: dir)
        let mixedCheck = try CheckTests.Report(try twhost(["plugins", "check", "--format", "json", mixed]).stdout)
        #expect(mixedCheck.plugins[0].rules == ["invalid-preset"])
    }

    @Test("a scene's native animation takes only its curve's parameters")
    func sceneAnimations() throws {
        let bad = try resolveScene(
            #"{"scene": 1, "root": {"type": "Text", "tw": ["animate-[", {"animation": {"easeOut": {"duration": 1, "bounce": 0.2}}}, "]"]}}"#
        )
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "error: <stdin>: /root/tw/1/animation/easeOut/bounce: .easeOut(duration:) takes no bounce (line 1)\n"
        )
        let good = try ResolveOutput(
            try resolveScene(
                #"{"scene": 1, "root": {"type": "Text", "tw": ["animate-[", {"animation": {"snappy": {"duration": 0.3, "bounce": 0.1}}}, "]"]}}"#
            ).stdout)
        #expect(
            good.surface("/").flatMap { ResolveOutput.field($0, "animation") }.flatMap {
                ResolveOutput.string($0, "modifier")
            } == ".snappy(duration: 0.3, extraBounce: 0.1)")
    }

    @Test("twAnimation warns on every class it ignores, in text and JSON, with or without a tw")
    func twAnimationIgnoredClasses() throws {
        let scene = #"""
            {"scene": 1, "rules": {"named": {"motion": "animate-spring p-2 duration-200"}},
             "root": {"type": "VStack", "twAnimation": "animate-spring p-4 motion", "children": [
               {"type": "Text", "tw": "p-1", "twAnimation": "animate-smooth bg-red delay-100"}
             ]}}
            """#
        let json = try resolveScene(scene)
        #expect(json.status == 0)
        let out = try ResolveOutput(json.stdout)
        #expect(out.diagnostics("/") == ["ignored-class", "ignored-class"])
        #expect(
            json.stdout.contains(
                #""code":"ignored-class","class":"p-4","part":"root","message":"'p-4' is ignored: .twAnimation applies only animation classes (animate-*, duration-*, delay-*) and decorates nothing""#
            ))
        #expect(json.stdout.contains(#""class":"motion","part":"root","message":"'p-2' (from 'motion') is ignored"#))
        #expect(out.diagnostics("/0") == ["ignored-class"])
        #expect(out.chain("/0").map(\.modifier) == [".padding(4)"])
        let text = try twhost(["resolve", "-"], input: scene)
        #expect(
            text.stdout.contains(
                "  <stdin>:3:4: warning[ignored-class] (root): 'bg-red' is ignored: .twAnimation applies only animation classes (animate-*, duration-*, delay-*) and decorates nothing — move styling classes to .tw(…)"
            ))
        #expect(text.stdout.hasSuffix("2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 3 warning(s)\n"))
        // Only animation classes: nothing to say.
        let clean = try resolveScene(
            #"{"scene": 1, "root": {"type": "VStack", "twAnimation": "animate-snappy duration-150 delay-50"}}"#)
        #expect(try ResolveOutput(clean.stdout).diagnostics("/").isEmpty)
    }
}
