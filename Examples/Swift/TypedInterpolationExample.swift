// The seeds' typed interpolation example (seed 001): values inside brackets
// keep their Swift types; cn keeps them when it combines fragments.
// `twhost resolve --plugins motion` on this file gives the chains of
// Examples/TypedInterpolationExample.json (the `expanded` case).
import SwiftCN
import SwiftUI

struct TypedInterpolationExample: View {
    @State private var expanded = false
    private let accent = Color.indigo
    private let motion = Animation.spring(response: 0.4, dampingFraction: 0.8)

    private var rules: TWGlobalRules {
        TWGlobalRules(modifiers: [
            "tilt": .value(default: Angle.zero) { view, angle in
                view.rotation3DEffect(angle, axis: (x: 0, y: 1, z: 0))
            }
        ])
    }

    private var classes: TWClasses {
        let angle = Angle.degrees(expanded ? 8 : 0)
        let width = CGFloat(expanded ? 280 : 220)
        return cn(
            "p-6 rounded-xl text-[#fff]",
            "bg-[\(accent)] w-[\(width)] tilt-[\(angle)]",
            "animate-[\(motion)]",
            expanded ? "shadow-lg" : nil
        )
    }

    var body: some View {
        VStack(spacing: 24) {
            Text("Room for ideas")
                .tw(classes, value: expanded)
            Button("Change perspective") { expanded.toggle() }
                .buttonStyle(.tw("button-primary"))
        }
        .padding(32)
        .twRules(rules)
    }
}
