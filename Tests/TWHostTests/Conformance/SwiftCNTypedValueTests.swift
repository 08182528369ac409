import TWSwiftSource
import Testing

@testable import TWHost

/// Typed numbers that share their bracket with a unit or with other numbers,
/// as swiftcn's class compiler reads them (`Sources/SwiftCN/Classes.swift`
/// keeps an interpolated value as a part of the bracket's argument text).
@Suite("swiftcn parity: typed values with units and in tuples")
struct SwiftCNTypedValueTests {
    // swiftcn Tests/SwiftCNTests/InterpolationTests.swift, nativeBuiltInsUseValuesAndUnitsWithoutAStringRoundTrip:
    // `w-[\(12.5)pt] duration-[\(0.4)s] delay-[\(75)ms] rotate-[\(0.5)rad]` are those values in those units.
    @Test("a typed number followed by a unit is that value in that unit")
    func numberWithUnit() {
        let surface = Engine.resolve("w-[\(12.5)pt] h-[\(8)px]")
        #expect(surface.diagnostics.isEmpty)
        #expect(surface.style == [".frame(width: 12.5, height: 8)"])
        let typed = Engine.resolve("w-[\(12.5)pt] animate-smooth duration-[\(0.4)s] delay-[\(75)ms] rotate-[\(0.5)rad]")
        #expect(typed.diagnostics.isEmpty)
        let literal = Engine.resolve("w-[12.5pt] animate-smooth duration-[0.4s] delay-[75ms] rotate-[0.5rad]")
        #expect(typed.code == literal.code)
        #expect(typed.style.contains(".frame(width: 12.5)"))
    }

    // swiftcn Tests/SwiftCNTests/InterpolationTests.swift, nativeBuiltInsUseValuesAndUnitsWithoutAStringRoundTrip:
    // `offset-[\(12),\(-4)]` is the offset (12, -4).
    @Test("typed numbers inside a tuple are its parts")
    func tuple() {
        let offset = Engine.resolve("offset-[\(12),\(-4)]")
        #expect(offset.diagnostics.isEmpty)
        #expect(offset.style == [".offset(x: 12, y: -4)"])
        #expect(Engine.resolve("scale-[\(1.5),\(0.5)]").style == Engine.resolve("scale-[1.5,0.5]").style)
        #expect(Engine.resolve("offset-[\(3),-2]").style == [".offset(x: 3, y: -2)"])
    }

    // Issue 25: the error for two typed values in one bracket printed the last value twice.
    @Test("a bracket with two typed values that are not numbers shows each value once, in order")
    func mixedMessage() {
        let red = TypedValue.color(ColorValue(red: 1, green: 0, blue: 0, name: "red"))
        let blue = TypedValue.color(ColorValue(red: 0, green: 0, blue: 1, name: "blue"))
        let surface = Engine.resolve("bg-[\(red),\(blue)]")
        #expect(surface.codes == ["invalid-argument"])
        let message = surface.diagnostics.first?.message ?? ""
        #expect(message.contains("bg-[\\(\(red.displayText)),\\(\(blue.displayText))]"))
        #expect(message.contains("a typed value other than a number must be the whole bracket argument"))
    }

    @Test("from a Swift source: numbers with units and in tuples resolve, with no finding")
    func fromSource() throws {
        let source = """
            import SwiftUI

            struct Pin: View {
                var body: some View {
                    Text("x").tw("w-[\\(12.5)pt] offset-[\\(12),\\(-4)]")
                }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "P.swift")
        let record = try #require(resolution.record("P.swift:Pin.body"))
        #expect(record.allDiagnostics.isEmpty)
        #expect(record.surface.chain.map(\.modifier.swiftCode) == [".frame(width: 12.5)", ".offset(x: 12, y: -4)"])
    }
}
