import SwiftCN
import SwiftUI

extension TWColor {
    static let brand = TWColor("brand")
}

@main
struct TeamApp: App {
    static let theme = TWTheme(
        colors: [
            .brand: TWAdaptiveColor(light: .indigo, dark: .purple),
            TWColor("highlight"): .init(.mint),
        ],
        radii: [.md: 10])

    var body: some Scene {
        #if os(macOS)
            WindowGroup("Team") {
                RootView().twTheme(Self.theme).frame(minWidth: 640)
            }
            .defaultSize(width: 900, height: 600)
        #else
            WindowGroup {
                RootView().twTheme(Self.theme)
            }
        #endif
    }
}
