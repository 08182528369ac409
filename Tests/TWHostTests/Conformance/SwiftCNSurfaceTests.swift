import Testing

@testable import TWHost

/// swiftcn's semantic surfaces (`surface-floating`, `surface-solid`, `glass`,
/// `glass-interactive`), pinned against swiftcn's sources and tests (each
/// test names them).
@Suite("swiftcn parity: surfaces and glass")
struct SwiftCNSurfaceTests {
    static let capsule = "Capsule(style: .continuous)"
    static let edge = "Color(red: 0.88, green: 0.88, blue: 0.88)"

    // swiftcn Tests/SwiftCNTests/AdaptiveSurfaceTests.swift, surfaceClassesResolveToOneRoleAndLocalClassesWin:
    // the surface classes set one role; the later class wins.
    @Test("surface classes set one role, and the later one wins")
    func oneRole() {
        let solid = Engine.resolve("surface-floating glass surface-solid")
        #expect(solid.diagnostics.isEmpty)
        #expect(
            solid.style == [
                ".background(Color(red: 1, green: 1, blue: 1), in: \(Self.capsule))",
                ".overlay { \(Self.capsule).strokeBorder(\(Self.edge), lineWidth: 1) }",
            ])
        #expect(Engine.resolve("surface-solid surface-floating").style == Engine.resolve("surface-floating").style)
        #expect(Engine.resolve("p-2").style == [".padding(8)"])
    }

    // swiftcn Sources/SwiftCN/Surface.swift (TWSurfaceContext.fill, TWSurfaceModifier): before Liquid
    // Glass a floating surface is the regular material with an edge at 70 % of the border color, in a
    // capsule unless a radius class gives a rounded rectangle. AdaptiveSurfaceTests.swift,
    // fallbacksDoNotStackTheBackgroundColor: the material ignores `bg-*`.
    @Test("a floating surface before Liquid Glass is a material with a soft edge; bg-* does not stack under it")
    func floatingFallback() {
        let soft = "Color(red: 0.88, green: 0.88, blue: 0.88, opacity: 0.7)"
        #expect(
            Engine.resolve("p-2 surface-floating").style == [
                ".padding(8)", ".background(.regularMaterial, in: \(Self.capsule))",
                ".overlay { \(Self.capsule).strokeBorder(\(soft), lineWidth: 1) }",
            ])
        let shape = "RoundedRectangle(cornerRadius: 12, style: .continuous)"
        let tinted = Engine.resolve("surface-floating bg-[#ff0000] rounded-lg").style
        #expect(tinted.first == ".background(.regularMaterial, in: \(shape))")
        #expect(!tinted.contains { $0.contains("red: 1, green: 0, blue: 0") })
    }

    // swiftcn Tests/SwiftCNTests/AdaptiveSurfaceTests.swift, solidSurfacesUseTheRequestedFillOnce and
    // explicitBordersReplaceTheFallbackEdge.
    @Test("a solid surface takes the bg-* color once; an explicit border replaces the fallback edge")
    func solidAndBorders() {
        let shape = "RoundedRectangle(cornerRadius: 0, style: .continuous)"
        #expect(
            Engine.resolve("surface-solid bg-[#ff0000] rounded-none").style == [
                ".background(Color(red: 1, green: 0, blue: 0), in: \(shape))",
                ".overlay { \(shape).strokeBorder(\(Self.edge), lineWidth: 1) }",
                ".clipShape(.rect(cornerRadius: 0))",
            ])
        let bordered = Engine.resolve("surface-floating border-2 border-[#0000ff]").style
        #expect(bordered.filter { $0.hasPrefix(".overlay") }.count == 1)
        #expect(
            bordered.last == ".overlay { Rectangle().strokeBorder(Color(red: 0, green: 0, blue: 1), lineWidth: 2) }")
    }

    // swiftcn Tests/SwiftCNTests/AdaptiveSurfaceTests.swift, glassVariantsResolveIndependently
    // (`glass-interactive`, and `hover:glass-interactive` only while hovered); Surface.swift draws
    // glass with `glassEffect` where the system has it (iOS 26).
    @Test("with Liquid Glass a surface is glassEffect, interactive with glass-interactive")
    func liquidGlass() {
        let glass = RenderEnvironment(platform: .ios, osVersion: 26)
        #expect(
            Engine.resolve("surface-floating glass-interactive", environment: glass).style == [
                ".glassEffect(.regular.interactive(), in: \(Self.capsule))"
            ])
        #expect(Engine.resolve("glass", environment: glass).style == [".glassEffect(.regular, in: \(Self.capsule))"])
        // A solid surface is never glass.
        #expect(Engine.resolve("surface-solid", environment: glass).style.first?.hasPrefix(".background(Color") == true)
        let hover = Engine.resolve("glass hover:glass-interactive", environment: glass)
        #expect(hover.diagnostics.isEmpty)
        #expect(hover.style == [".glassEffect(.regular, in: \(Self.capsule))"])
    }
}
