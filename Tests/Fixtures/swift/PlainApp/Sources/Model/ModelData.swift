import Foundation
import Observation
import SwiftData

/// Landmarks loaded from the bundle, with the user's favorites.
@Observable
final class ModelData {
    var landmarks: [Landmark] = []
    var profile = Profile.default
    var searchText = ""

    var categories: [String: [Landmark]] {
        Dictionary(grouping: landmarks, by: { $0.category.rawValue })
    }

    var features: [Landmark] { landmarks.filter(\.isFeatured) }

    init(landmarks: [Landmark] = Landmark.samples) {
        self.landmarks = landmarks
    }

    func toggleFavorite(_ landmark: Landmark) {
        guard let index = landmarks.firstIndex(where: { $0.id == landmark.id }) else { return }
        landmarks[index].isFavorite.toggle()
    }
}

struct Landmark: Hashable, Codable, Identifiable, Sendable {
    var id: Int
    var name: String
    var park: String
    var state: String
    var description: String
    var isFavorite: Bool
    var isFeatured: Bool
    var category: Category
    var coordinates: Coordinates

    enum Category: String, CaseIterable, Codable, Sendable {
        case lakes = "Lakes"
        case rivers = "Rivers"
        case mountains = "Mountains"
    }

    struct Coordinates: Hashable, Codable, Sendable {
        var latitude: Double
        var longitude: Double
    }

    static let samples: [Landmark] = [
        Landmark(
            id: 1001, name: "Turtle Rock", park: "Joshua Tree National Park", state: "California",
            description: "Suscipit inceptos est felis purus aenean aliquet adipiscing diam venenatis — “café” ☕️.",
            isFavorite: true, isFeatured: true, category: .rivers,
            coordinates: Coordinates(latitude: 34.011_286, longitude: -116.166_868)),
        Landmark(
            id: 1002, name: "Silver Salmon Creek", park: "Lake Clark National Park and Preserve", state: "Alaska",
            description: "Sit ut hendrerit a, nunc.", isFavorite: false, isFeatured: false, category: .lakes,
            coordinates: Coordinates(latitude: 59.980_167, longitude: -152.665_167)),
    ]
}

struct Profile {
    var username: String
    var prefersNotifications = true
    var seasonalPhoto = Season.winter
    var goalDate = Date()

    static let `default` = Profile(username: "g_kumar")

    enum Season: String, CaseIterable, Identifiable {
        case spring = "🌷"
        case summer = "🌞"
        case autumn = "🍂"
        case winter = "☃️"
        var id: String { rawValue }
    }
}

@Model
final class Visit {
    var landmarkID: Int
    var date: Date
    init(landmarkID: Int, date: Date = .now) {
        self.landmarkID = landmarkID
        self.date = date
    }
}
