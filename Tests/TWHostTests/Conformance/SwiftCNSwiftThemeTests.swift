import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// The dark values of a Swift `TWTheme(colors:)`, read statically (each test
/// names the swiftcn test it follows).
@Suite("swiftcn parity: a Swift theme's dark colors", .removesTemporaryDirectories)
struct SwiftCNSwiftThemeTests {
    // swiftcn Tests/SwiftCNTests/RenderingTests.swift, adaptiveCustomColorsResolveInEachScheme: a
    // custom token with light and dark values resolves to each in its scheme; a single color is both.
    @Test("TWTheme(colors:) in Swift: --color-scheme dark resolves adaptive tokens to their dark values")
    func darkThemeColors() throws {
        let source = """
            import SwiftUI

            struct Branded: View {
                static let theme = TWTheme(colors: [
                    TWColor("brand"): TWAdaptiveColor(light: .indigo, dark: .purple),
                    TWColor("ink"): .init(.mint),
                    .primary: TWAdaptiveColor(light: Color(red: 0.1, green: 0.2, blue: 0.3), dark: Color(red: 0.7, green: 0.8, blue: 0.9)),
                ])
                var body: some View {
                    VStack {
                        Text("a").tw("bg-brand text-ink")
                        Text("b").tw("text-primary")
                    }
                    .twTheme(Self.theme)
                }
            }
            """
        let root = try SwiftSource.folder(["Branded.swift": source], label: "swiftcn-dark-theme")
        var chains: [String: [[String]]] = [:]
        for scheme in ["light", "dark"] {
            let result = try twhost(
                ["resolve", "--format", "json", "--color-scheme", scheme, "Branded.swift"], directory: root)
            #expect(result.status == 0)
            let out = try ResolveOutput(result.stdout)
            chains[scheme] = (0...1).map { out.modifiers("Branded.swift:Branded.body/\($0)") }
        }
        #expect(
            chains["light"] == [
                [".foregroundStyle(Color.mint)", ".background(Color.indigo)"],
                [".foregroundStyle(Color(red: 0.1, green: 0.2, blue: 0.3))"],
            ])
        #expect(
            chains["dark"] == [
                [".foregroundStyle(Color.mint)", ".background(Color.purple)"],
                [".foregroundStyle(Color(red: 0.7, green: 0.8, blue: 0.9))"],
            ])
    }

    // swiftcn Tests/SwiftCNTests/RenderingTests.swift, adaptiveCustomColorsResolveInEachScheme, as it is
    // written there: the token is a local `let brand = TWColor("brand")`, used as the theme's key and
    // in the typed `.bg(brand)`; a constant property of the view names a token too.
    @Test("a local or constant TWColor names its token in the typed API and as a theme key")
    func localColorToken() throws {
        let source = """
            import SwiftUI

            struct Local: View {
                var body: some View {
                    let brand = TWColor("brand")
                    let theme = TWTheme(colors: [brand: .init(light: .red, dark: .blue)])
                    Color.clear.frame(width: 20, height: 20).tw(.bg(brand)).twTheme(theme)
                }
            }

            struct Property: View {
                let accent = TWColor("brand")
                var body: some View {
                    Text("a").tw(.fg(accent))
                        .twTheme(TWTheme(colors: [TWColor("brand"): .init(light: .red, dark: .blue)]))
                }
            }
            """
        let root = try SwiftSource.folder(["Local.swift": source], label: "swiftcn-local-color")
        for (scheme, color) in [("light", "red"), ("dark", "blue")] {
            let result = try twhost(
                ["resolve", "--format", "json", "--color-scheme", scheme, "Local.swift"], directory: root)
            #expect(result.status == 0, "\(result.stdout)")
            let out = try ResolveOutput(result.stdout)
            #expect(out.modifiers("Local.swift:Local.body") == [".background(Color.\(color))"])
            #expect(out.modifiers("Local.swift:Property.body") == [".foregroundStyle(Color.\(color))"])
            #expect(!result.stdout.contains("dynamic-classes"), "\(result.stdout)")
        }
    }
}
