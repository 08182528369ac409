// The seeds' interpolated list (seed 001, "Lists and row state"): rows
// identified by a stable model id, one row view per item, classes that change
// without changing the row's identity. `twhost resolve` on this file gives the
// chains of Examples/InterpolatedListExample.json (one row per selection state).
import SwiftCN
import SwiftUI

struct InterpolatedListExample: View {
    struct Item: Identifiable {
        let id: Int
        let title: String
    }
    @State private var items = [Item(id: 1, title: "First"), Item(id: 2, title: "Second")]

    var body: some View {
        VStack {
            Button("Reverse rows") { items.reverse() }
                .buttonStyle(.tw("button-outline"))
            List {
                ForEach(items) { item in
                    EditableRow(item: item)
                }
            }
        }
    }

    private struct EditableRow: View {
        let item: Item
        @State private var draft = ""
        @State private var selected = false
        private static let base: TWClasses = "p-3 rounded-lg"

        var body: some View {
            VStack(alignment: .leading) {
                TextField(item.title, text: $draft)
                Button(selected ? "Deselect" : "Select") { selected.toggle() }
            }
            .tw(
                cn(
                    Self.base,
                    "bg-[\(selected ? Color.indigo.opacity(0.15) : Color.clear)] animate-[\(Animation.default)]"),
                value: selected)
        }
    }
}
