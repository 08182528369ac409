#if DEBUG
    import SwiftCN
    import SwiftUI

    struct DebugBanner: View {
        var body: some View {
            Text("Debug build").tw("p-[3] bg-highlight")
        }
    }
#endif
