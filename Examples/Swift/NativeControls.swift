// The seeds' native controls (seeds 003 and 004): native button styles, a
// plain button with explicit press state, control adapters, general .tw on
// controls, and .cocoa / lifecycle customizations. `twhost resolve` on this
// file gives the chains of Examples/NativeControls.json.
import CocoaUI
import SwiftCN
import SwiftUI

struct NativeControls: View {
    @State private var isSaving = true
    @State private var email = ""
    @State private var name = ""
    @State private var password = ""
    @State private var notifications = true
    @State private var bold = false
    @State private var sync = true
    @State private var volume = 0.5
    @FocusState private var emailFocused: Bool

    var body: some View {
        Form {
            Button("Save", action: save)
                .buttonStyle(.tw(.primaryButton))
                .disabled(isSaving)
            Button("Delete", role: .destructive, action: delete)
                .buttonStyle(.tw(.destructiveButton))
            Button("Skip") {}
                .buttonStyle(.tw("button-ghost"))
            Button("Learn more") {}
                .buttonStyle(.tw("button-link"))
            Button("Plain") {}
                .buttonStyle(.tw("opacity-100 hover:bg-accent pressed:opacity-80 disabled:opacity-45"))
            TextField("Email", text: $email)
                .textFieldStyle(.plain)
                .tw(
                    "p-3 rounded-md border bg-surface focus:border-primary focus:border-2",
                    state: TWState(isFocused: true))
            Toggle("Notifications", isOn: $notifications)
                .toggleStyle(.switch)
                .tw("p-3 rounded-lg bg-surface")
                .cocoa { toggle in toggle.onTintColor = .systemIndigo }
            Toggle("Bold", isOn: $bold)
                .toggleStyle(.button)
                .cocoa(for: UISwitch.self) { toggle in toggle.onTintColor = .systemIndigo }
                .tw("p-2")
            Slider(value: $volume)
                .cocoa(for: UISlider.self) { slider in slider.minimumTrackTintColor = .systemIndigo }
                .tw("p-4")
            List {}
                .tw("rounded-lg")
                .onViewWillAppear { controller in controller?.title = "List" }
            TextField("Name", text: $name).textFieldStyle(.tw("p-3 rounded-md border bg-surface"))
            SecureField("Password", text: $password).textFieldStyle(.tw("p-3 rounded-md border bg-surface"))
            Toggle("Sync", isOn: $sync).toggleStyle(.tw("p-2 text-sm", base: .switch))
            Label("Workspace", systemImage: "folder").labelStyle(.tw("font-medium text-primary"))
            TabView {}
                .onViewDidLoad { controller in controller?.tabBar.isTranslucent = false }
                .onViewWillDisappear { _ in }
        }
    }

    private func save() { isSaving = true }
    private func delete() {}
}
