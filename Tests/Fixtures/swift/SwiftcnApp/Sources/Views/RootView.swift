import SwiftCN
import SwiftUI

struct Member: Identifiable {
    let id: String
    let name: String
}

struct RootView: View {
    @State private var preset = "spring"
    @State private var compact = false
    @State private var selected: Set<String> = []
    let members: [Member]

    static let compactRules = TWGlobalRules(named: ["row": "px-[4] py-[2]"])
    static let roomyRules = TWGlobalRules(named: ["row": "px-[8] py-[6]"])

    var body: some View {
        VStack(alignment: .leading) {
            #if os(macOS)
                Text("Team for Mac").tw("p-[4]")
            #else
                Text("Team").tw("p-[6]")
            #endif
            #if DEBUG
                DebugBanner()
            #endif
            CNBadge("Beta", classes: "bg-brand p-[2]")
            CNCard("p-[10]") {
                Text("Members").sectionTitle()
                Text("Everyone on the team").modifier(Highlight())
            }
            Button("Share") {}
                .buttonStyle(.twNative("p-[3]"))
            Text("Syncing").tw("animate-\(preset) p-[1]")
            Text("Overview").tw(.text(.xxxl), .paddingPoints(8))
            Text("Wide").tw(.fullWidth, .radius(6), .fgColor(.indigo), .bgColor(.mint))
            Text("Fade").tw(.animation(.spring), .duration(0.3), .delay(0.1))
            Text("Hold").tw("pressed:opacity-50", state: TWState(isPressed: false))
            Text("Status")
            #if os(iOS)
                .tw("p-[7]")
            #else
                .tw("p-[9]")
            #endif
            List {
                ForEach(members) { member in
                    CNTableRow(isSelected: selected.contains(member.id), classes: "row") {
                        CNTableCell("w-[48] px-[3]") { Text(member.name) }
                    }
                }
            }
            .twRules {
                if compact {
                    $0.named["row"] = "px-[4] py-[2]"
                } else {
                    $0.named["row"] = "px-[8] py-[6]"
                }
            }
            VStack { Text("Density").tw("row") }
                .twRules(compact ? Self.compactRules : Self.roomyRules)
            Text("Lifted").tw("lift p-[2]")
        }
        .tw("p-[12]")
        .twRules {
            $0.named["badge"] = "rounded-[6] px-[6]"
            $0.named["table-row"] = "py-[2]"
            $0.named["table-row-selected"] = "bg-brand"
            $0.named["table-cell"] = "px-[2]"
            $0.modifiers["lift"] = .view { view, active in
                active ? AnyView(view.shadow(radius: 4)) : AnyView(view)
            }
        }
        .onViewDidAppearz {}
    }
}

struct Highlight: ViewModifier {
    func body(content: Content) -> some View {
        content.tw("bg-[#fde68a] p-[2]")
    }
}

extension View {
    func sectionTitle() -> some View {
        tw("text-[17] font-semibold")
    }

    func cardChrome() -> some View {
        self.tw("p-[12] rounded-md")
    }
}
