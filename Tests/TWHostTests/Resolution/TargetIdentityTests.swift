import Foundation
import Testing

@testable import TWHost

/// R-TARGET-2 (same-type native methods keep the source) and R-ID-1 revised
/// (text and image transforms are not in the signature; shape slots are).
@Suite("R-TARGET-2 and R-ID-1: native sources and identity", .removesTemporaryDirectories)
struct TargetIdentityTests {
    static func scene(_ node: String) -> String { #"{"scene": 1, "root": \#(node)}"# }

    @Test("a native method that returns the source type keeps the source (Text, Image, Shape)")
    func sameTypeMethods() throws {
        let bold = try resolveScene(
            Self.scene(#"{"type": "Text", "native": ["bold"], "tw": "kern-[1]"}"#), ["--plugins", "typography"])
        #expect(bold.status == 0, "\(bold.stdout)")
        let boldOut = try ResolveOutput(bold.stdout)
        #expect(ResolveOutput.string(boldOut.surface("/"), "status") == "decorated")
        #expect(boldOut.chain("/").map(\.modifier) == [".kerning(1)"])
        #expect(boldOut.chain("/").first?.phase == "source")
        let template = try ResolveOutput(
            try resolveScene(
                Self.scene(#"{"type": "Image", "native": ["renderingMode(.template)"], "tw": "resize w-[20]"}"#),
                ["--plugins", "typography"]
            ).stdout)
        #expect(template.chain("/").map(\.modifier) == [".resizable()", ".frame(width: 20)"])
        let trimmed = try ResolveOutput(
            try resolveScene(
                Self.scene(#"{"type": "Circle", "native": ["rotation", "inset"], "tw": "trim-[0.5]"}"#),
                ["--plugins", "typography"]
            ).stdout)
        #expect(trimmed.chain("/").map(\.modifier) == [".trim(from: 0, to: 0.5)"])
        // A method that returns `some View` wraps the source, and the message names it.
        let padded = try resolveScene(
            Self.scene(#"{"type": "Image", "native": ["renderingMode", "padding"], "tw": "resize"}"#),
            ["--plugins", "typography"])
        #expect(padded.status == 1)
        let paddedOut = try ResolveOutput(padded.stdout)
        #expect(paddedOut.diagnostics("/") == ["unsupported-target"])
        #expect(
            padded.stdout.contains(
                "'resize': resize is an image registration and cannot apply to an image already wrapped by .padding, which does not return an image"
            ))
    }

    @Test("a same-type method exists only from its OS version: below it the View modifier wraps")
    func methodAvailability() {
        // Text.foregroundStyle(_:) -> Text is iOS 17; on iOS 16 the View modifier (iOS 15) applies.
        let ios16 = NativeSourceMethods.source(
            .text, native: ["foregroundStyle"], environment: RenderEnvironment(platform: .ios, osVersion: 16))
        #expect(ios16.wrapped && ios16.wrapper == "foregroundStyle")
        let ios17 = NativeSourceMethods.source(
            .text, native: ["foregroundStyle"], environment: RenderEnvironment(platform: .ios, osVersion: 17))
        #expect(!ios17.wrapped)
        let kern = SurfaceResolver.resolve(
            "kern-[1]", source: ios16,
            scope: Engine.scope(environment: RenderEnvironment(platform: .ios, osVersion: 16)))
        #expect(
            kern.diagnostics.first?.message
                == "'kern-[1]': kern is a text registration and cannot apply to a text already wrapped by .foregroundStyle, which returns a Text only from iOS 17"
        )
        // Text.fontDesign(_:) is iOS 16.1: not in an app whose target is 16.0.
        #expect(
            NativeSourceMethods.source(
                .text, native: ["fontDesign"], environment: RenderEnvironment(platform: .ios, osVersion: 16)
            ).wrapped)
        #expect(
            !NativeSourceMethods.source(
                .text, native: ["fontDesign"], environment: RenderEnvironment(platform: .macos, osVersion: 13)
            ).wrapped)
        // Every row names its declaration and where it comes from.
        for row in NativeSourceMethods.text + NativeSourceMethods.image + NativeSourceMethods.shape {
            #expect(row.declaration.hasPrefix("func \(row.name)"), "\(row.name)")
            #expect(row.source.hasPrefix("https://developer.apple.com/documentation/swiftui/"), "\(row.name)")
        }
    }

    @Test("toggling a text or image transform keeps the identity; a shape keeps its inactive slot")
    func transformsAndIdentity() throws {
        func identity(_ node: String) throws -> String? {
            let out = try ResolveOutput(try resolveScene(Self.scene(node), ["--plugins", "typography,motion"]).stdout)
            return ResolveOutput.string(out.surface("/"), "identity")
        }
        let text = try identity(#"{"type": "Text", "tw": "p-2"}"#)
        #expect(text != nil)
        #expect(try identity(#"{"type": "Text", "tw": "p-2 kern-[1]"}"#) == text)
        let image = try identity(#"{"type": "Image", "tw": "w-4"}"#)
        #expect(try identity(#"{"type": "Image", "tw": "resize w-4"}"#) == image)
        let circle = try identity(#"{"type": "Circle", "tw": "w-4"}"#)
        #expect(try identity(#"{"type": "Circle", "tw": "trim-[0.5] w-4"}"#) == circle)
        // The trim slot is there either way: inactive, then active.
        let plain = Engine.resolve("w-4", .shape)
        let trim = Engine.resolve("trim-[0.5] w-4", .shape)
        #expect(plain.slot("trim")?.active == false && trim.slot("trim")?.active == true)
        #expect(plain.signature.text.contains("source|trim|") && plain.signature == trim.signature)
        // The same through the Swift API, and the kern slot still runs when selected.
        let kern = Engine.resolve("p-2 kern-[1]", .text)
        #expect(kern.identity == Engine.resolve("p-2", .text).identity)
        #expect(kern.code.first == ".kerning(1)")
        #expect(!kern.signature.text.contains("kern"))
    }

    @Test("diff: a text transform's new structure resets nothing (no identity finding)")
    func diffTextTransform() throws {
        let root = TestPaths.temporaryDirectory("text-structure")
        let base = root + "/base"
        let head = root + "/head"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: head, withIntermediateDirectories: true)
        let source = TestPaths.repository + "/Tests/Fixtures/plugins/versioned.c"
        try FixtureCompiler.build(name: "versioned", defines: ["TEXT_ONLY"], source: source, in: base)
        try FixtureCompiler.build(name: "versioned", defines: ["TEXT_STRUCTURE"], source: source, in: head)
        let result = try twhost([
            "diff", "plugins:versioned@\(base)", "plugins:versioned@\(head)", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("structure-changed"))
    }
}
