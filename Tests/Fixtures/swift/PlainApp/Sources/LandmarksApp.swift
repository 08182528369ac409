import SwiftData
import SwiftUI

/// The app: one window with the landmark list, the model container and the
/// shared settings in the environment.
@main
struct LandmarksApp: App {
    @State private var modelData = ModelData()
    @AppStorage("appearance") private var appearance: Appearance = .system

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environment(modelData)
                .preferredColorScheme(appearance.colorScheme)
        }
        .modelContainer(for: [Visit.self])
        #if os(macOS)
            .commands {
                LandmarkCommands()
            }
        #endif

        #if os(macOS)
            Settings {
                SettingsForm()
            }
        #endif
    }
}

enum Appearance: String, CaseIterable, Identifiable {
    case system, light, dark
    var id: Self { self }

    var colorScheme: ColorScheme? {
        switch self {
        case .system: nil
        case .light: .light
        case .dark: .dark
        }
    }
}
