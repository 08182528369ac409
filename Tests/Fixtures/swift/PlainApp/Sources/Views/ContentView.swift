import SwiftUI

struct ContentView: View {
    @Environment(ModelData.self) private var modelData
    @State private var selection: Tab = .featured
    @State private var path = NavigationPath()

    enum Tab {
        case featured
        case list
    }

    var body: some View {
        TabView(selection: $selection) {
            CategoryHome()
                .tabItem {
                    Label("Featured", systemImage: "star")
                }
                .tag(Tab.featured)

            NavigationStack(path: $path) {
                LandmarkList()
                    .navigationDestination(for: Landmark.self) { landmark in
                        LandmarkDetail(landmark: landmark)
                    }
            }
            .tabItem {
                Label("List", systemImage: "list.bullet")
            }
            .tag(Tab.list)
        }
    }
}

#Preview {
    ContentView()
        .environment(ModelData())
}

#Preview("Dark", traits: .sizeThatFitsLayout) {
    ContentView()
        .environment(ModelData())
        .preferredColorScheme(.dark)
}
