// The seeds' focus example (seed 003): explicit focus state for a control that
// owns it, typed TWStyle values. `twhost resolve` on this file gives the chain
// of Examples/FocusExample.json (the focused case).
import SwiftCN
import SwiftUI

struct FocusExample: View {
    @State private var email = ""
    @FocusState private var emailFocused: Bool

    var body: some View {
        TextField("Email", text: $email)
            .textFieldStyle(.plain)
            .focused($emailFocused)
            .tw(
                .p(3), .border(.border), .rounded(.md),
                .focus(.border(.primary, width: 2)),
                state: TWState(isFocused: emailFocused))
    }
}
