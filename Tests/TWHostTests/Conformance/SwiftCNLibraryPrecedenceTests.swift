import Foundation
import TWSwiftSource
import Testing

@testable import TWHost

/// An app that registers a modifier with the name of one of swiftcn's library
/// utilities keeps its own: the library installs its utility only where the
/// rules have no modifier of that name (swiftcn's ComponentUtilities.swift and
/// Loading.swift: `if rules.modifiers[name] == nil { … }`).
@Suite("swiftcn parity: an app's registration named like a library utility", .removesTemporaryDirectories)
struct SwiftCNLibraryPrecedenceTests {
    // swiftcn Sources/SwiftCN/Loading.swift (`loadingUtilities()` installs `cn-spin` only when
    // `rules.modifiers["cn-spin"] == nil`): `spinner-motion`'s `cn-spin-[0.9]` resolves to the app's
    // registration inside CNSpinner and CNSkeleton; `cn-shimmer`, which the app leaves alone, is the
    // library's. No registration is reported as shadowed.
    @Test("the app's cn-spin above CNSpinner and CNSkeleton is the one their classes resolve to")
    func appRegistrationWins() throws {
        let source = """
            import SwiftUI

            struct Loading: View {
                var body: some View {
                    VStack {
                        CNSpinner("Saving")
                        CNSkeleton(isLoading: true) { Text("x") }
                    }
                    .twRules { rules in
                        rules.modifiers["cn-spin"] = .value(default: 0.0) { view, turns in view.rotationEffect(.degrees(turns * 360)) }
                    }
                }
            }
            """
        let root = try SwiftSource.folder(["Spin.swift": source], label: "swiftcn-precedence")
        let result = try twhost(["resolve", "Spin.swift"], directory: root)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Spin.swift:6:13: Loading.body/0  CNSpinner  (view, decorated)  identity adc5478a075ad9ef
                  .foregroundStyle(Color(red: 0.09, green: 0.09, blue: 0.09))  // style · built-in foreground ← spinner
                  .frame(width: 20, height: 20)                                // style · built-in frame ← spinner
                  .modifier(CNShimmerModifier(duration: 0))                    // effects · cn-shimmer (inline, Spin.swift:6:13) · inactive
                  .rotationEffect(.degrees(324))                               // effects · cn-spin (inline, Spin.swift:10:42) · active

                Spin.swift:7:13: Loading.body/1  CNSkeleton  (view, decorated)  identity adc5478a075ad9ef
                  .background(Color(red: 0.935, green: 0.935, blue: 0.947), in: .rect(cornerRadius: 8))  // style · built-in background ← skeleton
                  .clipShape(.rect(cornerRadius: 8))                                        // style · built-in cornerRadius ← skeleton
                  .modifier(CNShimmerModifier(duration: 1.6))                               // effects · cn-shimmer (inline, Spin.swift:7:13) · active
                  .rotationEffect(.degrees(0))                                              // effects · cn-spin (inline, Spin.swift:10:42) · inactive
                  animation: .smooth(duration: 0.2)  // animate-smooth

                2 surface(s): 2 decorated, 0 undecorated; 0 error(s), 0 warning(s)

                """)
    }

    // Without the app's registration the library's own is installed (the same components).
    @Test("without one, the library's cn-spin is installed at the component")
    func libraryRegistrationOtherwise() throws {
        let source = """
            import SwiftUI

            struct Loading: View {
                var body: some View { CNSpinner("Saving") }
            }
            """
        let resolution = try SwiftSource.resolve(source, path: "L.swift")
        let spinner = try #require(resolution.record("L.swift:Loading.body"))
        #expect(
            spinner.surface.chain.last.map(SurfaceReport.entryLine)
                == ".modifier(CNSpinModifier(duration: 0.9))  // effects · cn-spin (inline, L.swift:4:27) · active")
        #expect(resolution.diagnostics.isEmpty)
    }
}
