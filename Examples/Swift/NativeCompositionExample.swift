// The seeds' native composition example (seed 000): text, image and shape
// registrations that keep the native source type, and a content-phase inset.
// `twhost resolve --plugins typography,motion` on this file gives the chains
// of Examples/NativeCompositionExample.json (its width is the `!expanded` case).
import SwiftCN
import SwiftUI

struct NativeCompositionExample: View {
    @State private var expanded = false

    private var rules: TWGlobalRules {
        TWGlobalRules(modifiers: [
            "kern": .textValue(default: CGFloat.zero) { text, points in
                text.kerning(points)
            },
            "resize": .image { image, active in
                active ? image.resizable() : image
            },
            "trim": .shapeValue(default: CGFloat(1)) { shape, end in
                AnyShape(shape.trim(from: 0, to: end))
            },
            "inset": .value(default: CGFloat.zero, phase: .content) { view, amount in
                view.padding(amount)
            },
        ])
    }

    var body: some View {
        VStack(spacing: 20) {
            Text("Native source methods")
                .tw(cn("kern-[1.5]", "inset-[8] bg-accent rounded-md"))
            Image(systemName: "bird.fill")
                .tw("resize w-[60] h-[40] text-primary")
            Circle().tw("trim-[0.7] w-[40] h-[40] text-primary")
            Text("No kern here").bold().tw("p-2")
            Circle().tw("w-[40] h-[40]").id("plain-circle")
            Button("Resize") { expanded.toggle() }
                .buttonStyle(.tw("button-primary"))
        }
        .tw(
            "p-6 rounded-xl border w-[\(CGFloat(expanded ? 320 : 260))] animate-spring",
            value: expanded, animationScope: .layout
        )
        .twRules(rules)
    }
}
