import Foundation
import Testing

@testable import TWHost

/// Every API twhost emits is checked against the OS version asked for.
@Suite("API availability per OS version", .removesTemporaryDirectories)
struct AvailabilityTests {
    /// The root surface's backing.osVersion in a resolve output.
    static func osVersion(_ out: ResolveOutput) -> Double? {
        guard let surface = out.surface("/"), let backing = ResolveOutput.field(surface, "backing"),
            case .number(let v)? = ResolveOutput.field(backing, "osVersion")?.value
        else { return nil }
        return v
    }

    static func env(_ platform: RenderEnvironment.Platform, _ version: Int) -> RenderEnvironment {
        RenderEnvironment(platform: platform, osVersion: version)
    }

    @Test("--os-version 15: no .fontWeight (iOS 16) on a view; the documented font form, with a warning")
    func fontWeightOnIOS15() throws {
        let surface = Engine.resolve("font-semibold rounded-lg", environment: Self.env(.ios, 15))
        #expect(surface.style == [".font(.system(.body).weight(.semibold))", ".clipShape(.rect(cornerRadius: 12))"])
        #expect(surface.codes == ["unavailable-api"])
        #expect(
            surface.diagnostics.first?.message
                == "View.fontWeight(_:) needs iOS 16; on iOS 15 the font styling is written .font(.system(.body).weight(.semibold)), which also sets the body text style"
        )
        // With a text style the weight goes onto the style (Font.weight(_:), iOS 13): nothing to say.
        let sized = Engine.resolve("text-xl font-semibold", environment: Self.env(.ios, 15))
        #expect(sized.style == [".font(.title2.weight(.semibold))"])
        #expect(sized.diagnostics.isEmpty)
        // On iOS 16 the modifier itself.
        #expect(Engine.resolve("font-semibold", environment: Self.env(.ios, 16)).style == [".fontWeight(.semibold)"])
        // Through the binary.
        let result = try twhost(["explain", "--os-version", "15", "font-semibold"])
        #expect(result.stdout.contains("  .font(.system(.body).weight(.semibold))"))
        #expect(result.stdout.contains("warning[unavailable-api] (target): View.fontWeight(_:) needs iOS 16"))
    }

    @Test(".rect(cornerRadius:) and .capsule are declared from iOS 13 (emitted into the app): kept on iOS 15")
    func shapeMembers() {
        #expect(SwiftUIAPI.shapeRect.availability == .swiftUI1)
        #expect(SwiftUIAPI.shapeCapsule.availability == .swiftUI1)
        let surface = Engine.resolve("rounded-full bg-card", environment: Self.env(.ios, 15))
        // swiftcn's rounded-full shapes the background and does not clip the content.
        #expect(surface.style == [#".background(Color(red: 1, green: 1, blue: 1), in: .capsule)"#])
        #expect(surface.diagnostics.isEmpty)
    }

    @Test("a Text keeps Text's own methods (iOS 13), also under a content slot")
    func textReceiver() {
        let text = Engine.resolve(
            "font-semibold italic tracking-wide text-primary", .text, environment: Self.env(.ios, 15),
            registry: PluginRegistry(plugins: []))
        #expect(
            text.style == [
                ".fontWeight(.semibold)", ".italic()", ".tracking(0.4)",
                #".foregroundColor(Color(red: 0.09, green: 0.09, blue: 0.09))"#,
            ])
        #expect(text.diagnostics.isEmpty)
        // motion's inset is a content slot: it follows the text attributes (swiftcn's content stage),
        // so they are still Text's own methods.
        let wrapped = Engine.resolve("font-semibold tracking-wide", .text, environment: Self.env(.ios, 15))
        #expect(wrapped.style == [".fontWeight(.semibold)", ".tracking(0.4)"])
        // swiftcn View+TW.swift (`source(_:appearance:)`): tracking only on the Text itself, on any version.
        for os in [15, 26] {
            let view = Engine.resolve("tracking-wide p-2", .view, environment: Self.env(.ios, os))
            #expect(view.style == [".padding(8)"])
            #expect(view.codes == ["text-only-class"])
        }
        #expect(wrapped.codes == [])
    }

    @Test("iOS 13 and 14: the view forms of background and overlay, foregroundColor and accentColor")
    func ios14() {
        // No plugins: their slots are checked on their own (below).
        let none = PluginRegistry(plugins: [])
        let surface = Engine.resolve(
            "text-primary bg-card rounded-lg border tint-accent", environment: Self.env(.ios, 14), registry: none)
        #expect(
            surface.style == [
                #".foregroundColor(Color(red: 0.09, green: 0.09, blue: 0.09))"#,
                #".background(RoundedRectangle(cornerRadius: 12).fill(Color(red: 1, green: 1, blue: 1)))"#,
                #".overlay(RoundedRectangle(cornerRadius: 12).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1))"#,
                ".clipShape(.rect(cornerRadius: 12))", #".accentColor(Color(red: 0.935, green: 0.935, blue: 0.947))"#,
            ])
        #expect(surface.diagnostics.isEmpty)
        // controlSize(_:) is iOS 15: left out with a warning.
        #expect(
            Engine.resolve("control-small", environment: Self.env(.ios, 14), registry: none).codes == [
                "unavailable-api"
            ])
        // .extraLarge is iOS 17; Apple resolves it to .large elsewhere.
        #expect(
            Engine.resolve("control-extra-large", environment: Self.env(.ios, 16)).style == [".controlSize(.large)"])
        #expect(
            Engine.resolve("control-extra-large", environment: Self.env(.ios, 17)).style == [
                ".controlSize(.extraLarge)"
            ])
    }

    @Test("native button styles fall back to the nearest style the version has")
    func buttonStyles() {
        let tv = Engine.resolve("button-ghost", .button, environment: Self.env(.tvos, 16))
        #expect(tv.nativeButtonStyle == "plain" && tv.requestedButtonStyle == "borderless")
        #expect(tv.diagnostics.first?.message == ".borderless needs tvOS 17; tvos 16 uses .plain")
        #expect(
            Engine.resolve("button-ghost", .button, environment: Self.env(.tvos, 17)).nativeButtonStyle == "borderless")
        let ios14 = Engine.resolve("button-primary", .button, environment: Self.env(.ios, 14))
        #expect(ios14.nativeButtonStyle == "borderless")
        #expect(ios14.diagnostics.first?.message == ".borderedProminent needs iOS 15; ios 14 uses .borderless")
        let mac = Engine.resolve("button-outline rounded-full", .button, environment: Self.env(.macos, 13))
        #expect(mac.nativeButtonStyle == "bordered")
        #expect(mac.codes == ["unavailable-api"])
        #expect(
            mac.diagnostics.first?.message
                == "ButtonBorderShape.capsule needs macOS 14; on macOS 13 the cornerRadius styling is left out: no earlier equivalent"
        )
        #expect(
            Engine.resolve("button-outline rounded-full", .button, environment: Self.env(.macos, 14)).style.contains(
                ".buttonBorderShape(.capsule)"))
    }

    @Test("a plugin slot that uses an API the version lacks is an unavailable-api warning")
    func pluginSlots() {
        let ios14 = Engine.resolve("p-4", environment: Self.env(.ios, 14))
        let messages = ios14.diagnostics.filter { $0.code == .unavailableAPI }.map(\.message)
        #expect(
            messages.contains(
                "frosted (plugin material) writes View.background(alignment:content:), which needs iOS 15: on iOS 14 this chain does not compile"
            ))
        #expect(messages.contains { $0.hasPrefix("material (plugin material) writes Material (") })
        #expect(ios14.decorated)
        // Nothing to say where the version has them, and Text transforms are Text's own methods.
        #expect(Engine.resolve("p-4", environment: Self.env(.ios, 15)).diagnostics.isEmpty)
        #expect(
            SwiftUIAPI.used(by: [
                .modifier("background", [IRArgument(nil, .color(ColorValue(red: 0, green: 0, blue: 0)))])
            ]).isEmpty)
    }

    @Test("the table: every API with its source, shown in docs/Platforms.md")
    func table() throws {
        for api in SwiftUIAPI.allCases {
            #expect(api.source.hasPrefix("https://developer.apple.com/documentation/swiftui/"), "\(api)")
        }
        #expect(
            SwiftUIAPI.viewFontWeight.availability
                == Availability(ios: OSVersion(16), macos: OSVersion(13), tvos: OSVersion(16)))
        #expect(SwiftUIAPI.link.availability.ios == nil)
        // Point releases count from the next major version: 16.1 is not in a 16.0 target.
        #expect(!SwiftUIAPI.viewFontDesign.isAvailable(in: Self.env(.ios, 16)))
        #expect(SwiftUIAPI.viewFontDesign.isAvailable(in: Self.env(.ios, 17)))
        #expect(SwiftUIAPI.controlSize.isAvailable(in: Self.env(.macos, 10)))
        let doc = try String(contentsOfFile: TestPaths.repository + "/docs/Platforms.md", encoding: .utf8)
        #expect(doc.contains(SwiftUIAPI.markdown))
    }

    @Test("--os-version defaults: 18 on iOS and tvOS, 15 on macOS")
    func defaults() throws {
        #expect(RenderEnvironment().osVersion == 18)
        #expect(RenderEnvironment(platform: .tvos).osVersion == 18)
        #expect(RenderEnvironment(platform: .macos).osVersion == 15)
        let scene = #"{"scene": 1, "root": {"type": "Slider", "tw": "p-2"}}"#
        let mac = try ResolveOutput(try resolveScene(scene, ["--platform", "macos"]).stdout)
        #expect(Self.osVersion(mac) == 15)
        let given = try ResolveOutput(
            try resolveScene(
                #"{"scene": 1, "environment": {"osVersion": 17}, "root": {"type": "Slider", "tw": "p-2"}}"#,
                ["--platform", "macos"]
            ).stdout)
        #expect(Self.osVersion(given) == 17)
        #expect(try twhost(["explain", "--help"]).stdout.contains("(default 18 on iOS and tvOS, 15 on macOS)"))
    }
}
