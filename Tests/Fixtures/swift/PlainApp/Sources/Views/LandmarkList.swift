import SwiftUI

/// The landmarks, filtered by favorites and by the search text.
struct LandmarkList: View {
    @Environment(ModelData.self) private var modelData
    @State private var showFavoritesOnly = false
    @State private var filter = FilterCategory.all

    enum FilterCategory: String, CaseIterable, Identifiable {
        case all = "All"
        case lakes = "Lakes"
        case rivers = "Rivers"
        case mountains = "Mountains"

        var id: FilterCategory { self }
    }

    var filteredLandmarks: [Landmark] {
        modelData.landmarks.filter { landmark in
            (!showFavoritesOnly || landmark.isFavorite)
                && (filter == .all || filter.rawValue == landmark.category.rawValue)
        }
    }

    var title: String {
        let title = filter == .all ? "Landmarks" : filter.rawValue
        return showFavoritesOnly ? "Favorite \(title)" : title
    }

    var body: some View {
        @Bindable var modelData = modelData

        List {
            Toggle(isOn: $showFavoritesOnly) {
                Text("Favorites only")
            }

            ForEach(filteredLandmarks) { landmark in
                NavigationLink(value: landmark) {
                    LandmarkRow(landmark: landmark)
                }
                .swipeActions(edge: .trailing) {
                    Button(role: .destructive) {
                        modelData.toggleFavorite(landmark)
                    } label: {
                        Label("Unfavorite", systemImage: "star.slash")
                    }
                }
            }
        }
        .animation(.default, value: filteredLandmarks)
        .navigationTitle(title)
        .searchable(text: $modelData.searchText)
        .toolbar {
            ToolbarItem {
                Menu {
                    Picker("Category", selection: $filter) {
                        ForEach(FilterCategory.allCases) { category in
                            Text(category.rawValue).tag(category)
                        }
                    }
                    .pickerStyle(.inline)
                } label: {
                    Label("Filter", systemImage: "slider.horizontal.3")
                }
            }
        }
    }
}

struct LandmarkRow: View {
    var landmark: Landmark

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Image(systemName: "mountain.2")
                .resizable()
                .frame(width: 50, height: 50)
                .clipShape(.rect(cornerRadius: 5))
            VStack(alignment: .leading) {
                Text(landmark.name)
                    .bold()
                Text("\(landmark.park), \(landmark.state)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            if landmark.isFavorite {
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
            }
        }
        .padding(.vertical, 4)
    }
}

#Preview {
    let modelData = ModelData()
    return LandmarkList()
        .environment(modelData)
}
