import Glibc
import TWHost

/// A generated SwiftUI app for `twhost check`: 400 files, about 1 MB, each a
/// view with `.tw` surfaces (literals, `cn` with conditions, typed
/// interpolation, native button styles, inline rules in some), a model type,
/// extensions, doc comments and a `#Preview` — written at bench time, never
/// committed.
enum SwiftCorpus {
    static let classes = [
        "p-2", "p-4", "px-4", "py-2", "rounded-lg", "rounded-full", "bg-accent", "bg-muted", "text-sm", "text-lg",
        "font-medium", "font-semibold", "shadow-md", "border", "border-border", "opacity-75", "hover:bg-accent",
        "focus:border-primary", "text-muted-foreground", "frosted", "tilt-[4]", "elevation-[2]", "animate-spring",
    ]

    /// Writes the corpus under `directory`; returns (files, bytes).
    static func write(to directory: String, files: Int = 400) -> (files: Int, bytes: Int) {
        var random = Corpus.Random(state: 2026)
        var bytes = 0
        mkdir(directory, 0o755)
        for i in 0..<files {
            let module = directory + "/Feature\(i % 20)"
            mkdir(module, 0o755)
            let text = file(i, &random)
            bytes += text.utf8.count
            try? FileIO.writeAtomically(text, to: module + "/Screen\(i).swift")
        }
        return (files, bytes)
    }

    static func pick(_ random: inout Corpus.Random, _ n: Int) -> String {
        (0..<n).map { _ in classes[random.below(classes.count)] }.joined(separator: " ")
    }

    static func file(_ i: Int, _ random: inout Corpus.Random) -> String {
        var rows: [String] = []
        for r in 0..<(5 + random.below(5)) {
            switch random.below(6) {
            case 0:
                rows.append(
                    """
                                Text("Row \(r) of screen \(i) — café ✓")
                                    .font(.body)
                                    .tw("\(pick(&random, 4))")
                    """)
            case 1:
                rows.append(
                    """
                                Text(item.title)
                                    .tw(cn("\(pick(&random, 3))", isSelected ? "border-primary shadow-md" : nil))
                    """)
            case 2:
                rows.append(
                    """
                                Button("Action \(r)") { isSelected.toggle() }
                                    .buttonStyle(.tw("button-primary font-semibold"))
                    """)
            case 3:
                rows.append(
                    """
                                Image(systemName: "star.fill")
                                    .tw("w-[\\(iconSize)] h-[\\(iconSize)] tilt-[\\(angle)] \(pick(&random, 2))")
                    """)
            case 4:
                rows.append(
                    """
                                HStack(spacing: 8) {
                                    Label("Item \(r)", systemImage: "folder")
                                    Spacer()
                                    Toggle("On", isOn: $isSelected).labelsHidden()
                                }
                                .tw(cn { "\(pick(&random, 2))"; if isSelected { "bg-accent" } })
                    """)
            default:
                rows.append(
                    """
                                // Plain SwiftUI between styled views.
                                Divider()
                                    .padding(.vertical, 4)
                    """)
            }
        }
        let rules =
            i % 5 == 0
            ? """

                private var rules: TWGlobalRules {
                    TWGlobalRules(
                        view: "animate-smooth duration-200",
                        named: ["screen-card": "card p-4 rounded-xl"],
                        modifiers: [
                            "lift": .value(default: CGFloat.zero) { view, height in
                                view.shadow(radius: height, y: height / 2)
                            }
                        ])
                }
            """ : ""
        return """
            //
            //  Screen\(i).swift
            //  A generated screen for twhost's benchmarks.
            //
            import SwiftUI

            /// Screen \(i): a list of rows, some selected.
            struct Screen\(i): View {
                @State private var isSelected = false
                @State private var angle = Angle.degrees(\(i % 9))
                @Environment(\\.dismiss) private var dismiss
                let item: Item\(i)
                private let iconSize: CGFloat = \(16 + i % 16)
            \(rules)
                var body: some View {
                    NavigationStack {
                        ScrollView {
                            VStack(alignment: .leading, spacing: 12) {
            \(rows.joined(separator: "\n"))
                            }
                            .tw("\(pick(&random, 3))")
                        }
                        .navigationTitle(item.title)
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) {
                                Button("Close") { dismiss() }
                            }
                        }
                    }\(i % 5 == 0 ? "\n        .twRules(rules)" : "")
                }
            }

            /// The model behind screen \(i).
            struct Item\(i): Identifiable, Hashable {
                var id = \(i)
                var title = "Item \(i)"
                var subtitle: String?
                var score: Double = \(Double(i) / 7)

                /// A summary for accessibility.
                var summary: String {
                    [title, subtitle ?? "", "score \\(score.formatted(.number.precision(.fractionLength(1))))"]
                        .filter { !$0.isEmpty }
                        .joined(separator: ", ")
                }
            }

            extension Item\(i) {
                static let sample = Item\(i)(subtitle: "Sample for previews")

                func scaled(by factor: Double) -> Item\(i) {
                    var copy = self
                    copy.score *= factor
                    return copy
                }
            }

            #Preview {
                Screen\(i)(item: .sample)
            }

            """
    }
}
