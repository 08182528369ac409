// The seeds' native modifier plugins example (seed 000): a material background
// and a native 3D rotation registered inline, composed with cn and typed
// interpolation. `twhost resolve --plugins material,motion` on this file prints
// the chains of Examples/NativeRegistryExample.json.
import SwiftCN
import SwiftUI

struct NativeRegistryExample: View {
    @State private var expanded = false

    private var rules: TWGlobalRules {
        TWGlobalRules(modifiers: [
            "frosted": .view { view, active in
                view.background {
                    RoundedRectangle(cornerRadius: 20)
                        .fill(.ultraThinMaterial)
                        .opacity(active ? 1 : 0)
                }
            },
            "tilt": .value(default: 0.0, order: 10) { view, degrees in
                view.rotation3DEffect(
                    .degrees(degrees), axis: (x: 0, y: 1, z: 0)
                )
            },
        ])
    }

    var body: some View {
        VStack(spacing: 24) {
            Text("Room for ideas")
                .tw(
                    cn(
                        "text-xl font-semibold p-6 frosted",
                        "tilt-[\(expanded ? 8.0 : 0.0)]",
                        "animate-[\(Animation.default)]"
                    ), value: expanded)

            Button("Change perspective") { expanded.toggle() }
                .buttonStyle(.tw("button-primary"))
        }
        .padding(32)
        .twRules(rules)
    }
}
