// The seeds' global rules (seed 002): app defaults for views and buttons, named
// recipes (one extending the built-in button-primary), and a subtree override
// that merges into the inherited rules. `twhost resolve --plugins material,motion`
// on this file gives the chains of Examples/GlobalRules.json, except that Swift
// code cannot drop a plugin from a subtree (the JSON's "-motion"), so the
// settings subtree keeps motion's slots here.
import SwiftCN
import SwiftUI

struct GlobalRulesExample: View {
    private var rules: TWGlobalRules {
        var rules = TWGlobalRules(
            view: "animate-smooth duration-200",
            button: "animate-spring duration-150",
            named: [
                "project-card": "card p-6 rounded-xl"
            ]
        )
        let base = TWStyle.defaultStyle(for: "button-primary")!
        rules.named["button-primary"] = TWStyle(base, .rounded(.full), .minH(48))
        return rules
    }

    var body: some View {
        VStack {
            VStack(alignment: .leading) {
                Text("Workspace").tw("text-lg font-semibold")
                Text("Three active projects").tw("text-sm text-muted-foreground")
                Text("Not decorated: no tw")
            }
            .tw("project-card")

            SettingsView()
                .twRules { rules in
                    rules.named["project-card"] = "card p-4 rounded-md"
                }
        }
        .twRules(rules)
    }
}

struct SettingsView: View {
    var body: some View {
        VStack {
            VStack {
                Text("Settings")
            }
            .tw("project-card")
            Button("Save") {}
                .buttonStyle(.tw("button-primary"))
        }
    }
}
