import TWSupport
import Testing

@testable import TWHost
@testable import TWModel
@testable import TWResolution
@testable import TWScenes

/// The structural signature: typed parts, rendered and hashed once, read
/// back from its parts by every stage that compares two of them.
@Suite("Structural signature")
struct StructuralSignatureTests {
    static let inset = StructuralSignature.Slot(phase: .content, name: "inset", structure: "padding")
    static let spin = StructuralSignature.Slot(phase: .effects, name: "spin", structure: "rotation")

    @Test("the text is one line per part, hashed once with the digest given")
    func textAndDigest() {
        var calls: [String] = []
        let signature = StructuralSignature(
            [.target("view"), .slot(Self.inset), .builtinStyle, .slot(Self.spin)],
            digest: { text in
                calls.append(text)
                return "digest"
            })
        #expect(signature.text == "target:view\ncontent|inset|padding\nstyle|builtin\neffects|spin|rotation")
        #expect(calls == [signature.text])
        #expect(signature.identity == "digest")
        #expect(StructuralSignature(signature.parts).identity == SHA256.hex(signature.text))
        #expect(signature.target == "view")
        #expect(StructuralSignature.animationOnly.text == "animation")
        #expect(StructuralSignature.animationOnly.identity == SHA256.hex("animation"))
    }

    @Test("the built-in styling goes before the first effects slot, or last")
    func builtinStyle() {
        var parts: [StructuralSignature.Part] = [.target("view"), .slot(Self.inset), .slot(Self.spin)]
        StructuralSignature.insertBuiltinStyle(into: &parts)
        #expect(parts == [.target("view"), .slot(Self.inset), .builtinStyle, .slot(Self.spin)])
        var plain: [StructuralSignature.Part] = [.target("text"), .slot(Self.inset)]
        StructuralSignature.insertBuiltinStyle(into: &plain)
        #expect(plain == [.target("text"), .slot(Self.inset), .builtinStyle])
    }

    @Test("a structural difference names the slot from its parts, whatever its structure holds")
    func difference() {
        let base = Engine.resolve("p-2", .view)
        func with(_ parts: [StructuralSignature.Part]) -> ResolvedSurface {
            var surface = base
            surface.signature = StructuralSignature(parts)
            return surface
        }
        // A structure may itself hold `|` and newlines are never split.
        let odd = StructuralSignature.Slot(phase: .effects, name: "spin", structure: "a|b")
        let one = with([.target("view"), .builtinStyle, .slot(Self.spin)])
        let other = with([.target("view"), .builtinStyle, .slot(odd)])
        #expect(
            SceneResolver.structuralDifference(one, other)
                == "slot spin (effects) returns rotation in one branch and a|b in the other")
        #expect(
            SceneResolver.structuralDifference(one, with([.target("view"), .builtinStyle]))
                == "slot spin (effects) returns rotation in one branch and nothing in the other")
        #expect(
            SceneResolver.structuralDifference(with([.target("view"), .builtinStyle]), one)
                == "slot spin (effects) returns nothing in one branch and rotation in the other")
        #expect(
            SceneResolver.structuralDifference(one, with([.target("text"), .builtinStyle, .slot(Self.spin)]))
                == "the target is view in one branch and text in the other")
        #expect(SceneResolver.structuralDifference(one, with(one.signature.parts)) == nil)
    }

}
