import SwiftUI

#if os(macOS)
    struct LandmarkCommands: Commands {
        var body: some Commands {
            SidebarCommands()
        }
    }
#endif

struct SettingsForm: View {
    @AppStorage("appearance") private var appearance: Appearance = .system
    @AppStorage("mapZoom") private var zoom = 1.0

    var body: some View {
        Form {
            Section("Appearance") {
                Picker("Theme", selection: $appearance) {
                    ForEach(Appearance.allCases) { appearance in
                        Text(appearance.rawValue.capitalized).tag(appearance)
                    }
                }
            }
            Section {
                Slider(value: $zoom, in: 0.5...2) {
                    Text("Initial zoom: \(zoom, format: .number.precision(.fractionLength(1)))")
                }
            } footer: {
                Text("Zoom applies to new map views.")
            }
        }
        .formStyle(.grouped)
        .frame(width: 400)
        .padding(80)
    }
}

/// A generic container that shows a value or a placeholder.
struct ValueView<Value: CustomStringConvertible, Placeholder: View>: View {
    let value: Value?
    @ViewBuilder var placeholder: () -> Placeholder

    var body: some View {
        if let value {
            Text(value.description)
        } else {
            placeholder()
        }
    }
}

struct ValueView_Previews: PreviewProvider {
    static var previews: some View {
        ValueView(value: 42 as Int?) { ProgressView() }
    }
}
