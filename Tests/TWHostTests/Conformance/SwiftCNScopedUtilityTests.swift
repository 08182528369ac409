import TWSwiftSource
import Testing

@testable import TWHost

/// swiftcn's motion recipes and the scoped utilities its library installs
/// around some views (`cn-spin`, `cn-shimmer`, `cn-mono`), pinned against
/// swiftcn's sources (each test names them).
@Suite("swiftcn parity: motion recipes and scoped utilities")
struct SwiftCNScopedUtilityTests {
    static func modifiers(_ record: SurfaceRecord?) -> [String] {
        record?.surface.chain.map(\.modifier.swiftCode) ?? []
    }

    // swiftcn Sources/SwiftCN/Recipes.swift (`spinner-motion` is `cn-spin-[0.9]`, `skeleton-motion`
    // `cn-shimmer-[1.6]`) and Loading.swift: CNSpinner and CNSkeleton install `cn-spin` and `cn-shimmer`
    // around their own styling; a zero period stops the motion, and a later `cn-spin-[…]` wins.
    @Test("CNSpinner and CNSkeleton: the motion recipes resolve to the utilities the components install")
    func motionRecipes() throws {
        let source = """
            import SwiftUI

            struct Loading: View {
                var body: some View {
                    VStack {
                        CNSpinner("Loading", classes: "w-[16] h-[16]")
                        CNSpinner("Paused", classes: "cn-spin-[0]")
                        CNSkeleton(isLoading: true) { Text("x") }
                        Text("y").tw("spinner-motion")
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "L.swift")
        let p = "L.swift:Loading.body/"
        let spinner = try #require(resolution.record(p + "0"))
        #expect(spinner.allDiagnostics.isEmpty)
        #expect(
            Self.modifiers(spinner) == [
                ".foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))", ".frame(width: 16, height: 16)",
                ".modifier(CNShimmerModifier(duration: 0))", ".modifier(CNSpinModifier(duration: 0.9))",
            ])
        let paused = try #require(resolution.record(p + "1"))
        #expect(paused.allDiagnostics.isEmpty)
        #expect(Self.modifiers(paused).last == ".modifier(CNSpinModifier(duration: 0))")
        let skeleton = try #require(resolution.record(p + "2"))
        #expect(skeleton.allDiagnostics.isEmpty)
        #expect(Self.modifiers(skeleton).contains(".modifier(CNShimmerModifier(duration: 1.6))"))
        // Outside the components nothing installs `cn-spin`: swiftcn rejects the class there too.
        let outside = try #require(resolution.record(p + "3"))
        #expect(outside.allDiagnostics.map(\.code.rawValue) == ["unknown-class"])
        #expect(outside.allDiagnostics.first?.message == "unknown class 'cn-spin-[…]'")
    }

    // swiftcn Sources/SwiftCN/ComponentUtilities.swift (`cnTextUtilities()` installs `cn-mono`, the
    // monospaced design while selected) and Examples/Components TableExample's amount cells.
    @Test(".cnTextUtilities() installs cn-mono for the subtree it wraps")
    func textUtilities() throws {
        let source = """
            import SwiftUI

            struct Amounts: View {
                var body: some View {
                    VStack {
                        CNTableCell("$250.00", classes: "cn-mono font-medium").cnTextUtilities()
                        Text("b").tw("cn-mono")
                    }
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "A.swift")
        let cell = try #require(resolution.surfaces.first { $0.node.type == "CNTableCell" })
        #expect(cell.allDiagnostics.isEmpty)
        // The utility's content slot follows the built-in text attributes (swiftcn's content stage).
        #expect(
            Self.modifiers(cell).prefix(3) == [
                ".font(.subheadline)", ".fontWeight(.medium)", ".fontDesign(.monospaced)",
            ])
        let plain = try #require(resolution.surfaces.first { $0.node.type == "Text" })
        #expect(plain.allDiagnostics.map(\.message) == ["unknown class 'cn-mono'"])
    }
}
