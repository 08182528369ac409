import SwiftCN
import SwiftUI

/// The team's settings: sidebar rows, toggles and a menu of actions, all swiftcn components.
struct SettingsPanel: View {
    @State private var section = "General"
    @State private var notify = true
    @State private var bold = false
    @State private var menuOpen = false

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            CNSidebarMenuButton("General", systemImage: "gear", isSelected: section == "General") {
                section = "General"
            }
            CNSwitch("Notifications", isOn: $notify)
            CNToggle("Bold titles", isOn: $bold, classes: "w-[120]")
            CNDropdownMenu("min-w-[140]", isPresented: $menuOpen) {
                CNDropdownMenuItem("Rename") {}
                CNDropdownMenuSeparator()
                CNDropdownMenuItem("Leave team", role: .destructive) {}
            } label: {
                Text("Actions")
            }
            CNTooltip("Invite someone by email", classes: "text-xs") {
                Image(systemName: "person.badge.plus")
            }
            Button("Save") {}
                .buttonStyle(.tw("button-secondary"))
        }
    }
}
