import MapKit
import SwiftUI

struct LandmarkDetail: View {
    @Environment(ModelData.self) private var modelData
    @Environment(\.dismiss) private var dismiss
    @State private var isExpanded = false
    var landmark: Landmark

    private var landmarkIndex: Int {
        modelData.landmarks.firstIndex(where: { $0.id == landmark.id }) ?? 0
    }

    var body: some View {
        ScrollView {
            MapView(coordinate: landmark.coordinates)
                .frame(height: 300)

            VStack(alignment: .leading, spacing: 12) {
                HStack {
                    Text(landmark.name)
                        .font(.title)
                    FavoriteButton(isSet: .constant(landmark.isFavorite))
                }

                HStack {
                    Text(landmark.park)
                    Spacer()
                    Text(landmark.state)
                }
                .font(.subheadline)
                .foregroundStyle(.secondary)

                Divider()

                Text("About \(landmark.name)")
                    .font(.title2)
                Text(landmark.description)
                    .lineLimit(isExpanded ? nil : 3)
                    .onTapGesture {
                        withAnimation(.snappy) { isExpanded.toggle() }
                    }

                if #available(iOS 17, macOS 14, *) {
                    ContentUnavailableView("No visits yet", systemImage: "figure.walk")
                } else {
                    Text("No visits yet")
                }
            }
            .padding()
        }
        .navigationTitle(landmark.name)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Close") { dismiss() }
            }
        }
    }
}

struct FavoriteButton: View {
    @Binding var isSet: Bool

    var body: some View {
        Button {
            isSet.toggle()
        } label: {
            Label("Toggle Favorite", systemImage: isSet ? "star.fill" : "star")
                .labelStyle(.iconOnly)
                .foregroundStyle(isSet ? .yellow : .gray)
        }
        .buttonStyle(.plain)
        .accessibilityLabel(isSet ? "Remove favorite" : "Add favorite")
    }
}

struct MapView: View {
    var coordinate: Landmark.Coordinates

    var body: some View {
        Map(initialPosition: .region(region))
    }

    private var region: MKCoordinateRegion {
        MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude),
            span: MKCoordinateSpan(latitudeDelta: 0.2, longitudeDelta: 0.2)
        )
    }
}
