import Foundation
import Testing

@testable import TWHost

/// Built-in styling that SwiftUI draws the way the seeds and Tailwind promise.
@Suite("Built-in styling as SwiftUI draws it", .removesTemporaryDirectories)
struct StylingTests {
    @Test("w-full and h-full conflict with fixed sizes (later wins) and combine with max-*")
    func fullFrames() {
        // Tailwind and tailwind-merge: `w-12 w-full` → `w-full`; `w-full w-12` → `w-12`.
        #expect(Engine.resolve("w-12 w-full").style == [".frame(maxWidth: .infinity)"])
        #expect(Engine.resolve("w-full w-12").style == [".frame(width: 48)"])
        #expect(Engine.resolve("h-4 h-full").style == [".frame(maxHeight: .infinity)"])
        #expect(Engine.resolve("h-full h-4").style == [".frame(height: 16)"])
        // `max-w-12 w-full` keeps both: the fill frame first, the bound around it.
        for classes: TWClasses in ["max-w-12 w-full", "w-full max-w-12"] {
            #expect(Engine.resolve(classes).style == [".frame(maxWidth: .infinity)", ".frame(maxWidth: 48)"])
        }
        #expect(
            Engine.resolve("max-h-[200] min-h-4 h-full").style == [
                ".frame(maxHeight: .infinity)", ".frame(minHeight: 16, maxHeight: 200)",
            ])
        // A minimum bound merges into the one flexible frame.
        #expect(Engine.resolve("min-w-[60] w-full").style == [".frame(minWidth: 60, maxWidth: .infinity)"])
        #expect(Engine.resolve("size-full").style == [".frame(maxWidth: .infinity, maxHeight: .infinity)"])
        #expect(Engine.resolve("size-10 w-full").style == [".frame(height: 40)", ".frame(maxWidth: .infinity)"])
        // States compete for the width as well.
        #expect(Engine.resolve("w-12 hover:w-full", state: [.hover]).style == [".frame(maxWidth: .infinity)"])
        // A minimum of .infinity is no valid frame.
        let minimum = Engine.resolve("min-w-full")
        #expect(minimum.codes == ["invalid-argument"])
        #expect(
            minimum.diagnostics.first?.message
                == "'min-w-full': a minimum of .infinity is not a valid SwiftUI frame; use w-full")
    }

    @Test("borders are drawn inside the shape the corners are clipped to, at their full width")
    func borders() throws {
        #expect(
            Engine.resolve("border").style == [
                #".overlay { Rectangle().strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }"#
            ]
        )
        #expect(
            Engine.resolve("border-2 rounded-lg").style == [
                #".overlay { RoundedRectangle(cornerRadius: 12).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 2) }"#,
                ".clipShape(.rect(cornerRadius: 12))",
            ])
        #expect(
            Engine.resolve("border rounded-full").style == [
                #".overlay { Capsule().strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }"#
            ])
        #expect(
            Engine.resolve("card").style.contains(
                #".overlay { RoundedRectangle(cornerRadius: 12).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }"#
            ))
        // FocusExample's 2 pt focus ring and the composition example's border, through the binary.
        let focus = try ResolveOutput(
            try twhost(["resolve", TestPaths.repository + "/Examples/FocusExample.json", "--format", "json"]).stdout)
        #expect(
            focus.chain("/").map(\.modifier) == [
                ".padding(12)",
                #".overlay { RoundedRectangle(cornerRadius: 8).strokeBorder(Color(red: 0.09, green: 0.09, blue: 0.09), lineWidth: 2) }"#,
                ".clipShape(.rect(cornerRadius: 8))",
            ])
        let composition = try ResolveOutput(
            try twhost([
                "resolve", TestPaths.repository + "/Examples/NativeCompositionExample.json", "--format", "json",
            ]).stdout)
        #expect(
            composition.chain("/").contains {
                $0.modifier
                    == #".overlay { RoundedRectangle(cornerRadius: 16).strokeBorder(Color(red: 0.88, green: 0.88, blue: 0.88), lineWidth: 1) }"#
            })
        #expect(!composition.chain("/").contains { $0.modifier.contains(".stroke(") })
    }
}
