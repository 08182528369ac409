import SwiftUI

struct ProfileHost: View {
    @Environment(\.editMode) var editMode
    @Environment(ModelData.self) var modelData
    @State private var draftProfile = Profile.default

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            HStack {
                if editMode?.wrappedValue == .active {
                    Button("Cancel", role: .cancel) {
                        draftProfile = modelData.profile
                        editMode?.animation().wrappedValue = .inactive
                    }
                }
                Spacer()
                EditButton()
            }

            if editMode?.wrappedValue == .inactive {
                ProfileSummary(profile: modelData.profile)
            } else {
                ProfileEditor(profile: $draftProfile)
                    .onAppear { draftProfile = modelData.profile }
                    .onDisappear { modelData.profile = draftProfile }
            }
        }
        .padding()
    }
}

struct ProfileSummary: View {
    var profile: Profile

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 10) {
                Text(profile.username)
                    .bold()
                    .font(.title)
                Text("Notifications: \(profile.prefersNotifications ? "On" : "Off")")
                Text("Seasonal Photos: \(profile.seasonalPhoto.rawValue)")
                Text("Goal Date: ") + Text(profile.goalDate, style: .date)
            }
        }
    }
}

struct ProfileEditor: View {
    @Binding var profile: Profile

    var dateRange: ClosedRange<Date> {
        let min = Calendar.current.date(byAdding: .year, value: -1, to: profile.goalDate) ?? profile.goalDate
        let max = Calendar.current.date(byAdding: .year, value: 1, to: profile.goalDate) ?? profile.goalDate
        return min...max
    }

    var body: some View {
        Form {
            LabeledContent("Username") {
                TextField("Username", text: $profile.username)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.trailing)
            }
            Toggle(isOn: $profile.prefersNotifications) {
                Text("Enable Notifications")
            }
            Picker("Seasonal Photo", selection: $profile.seasonalPhoto) {
                ForEach(Profile.Season.allCases) { season in
                    Text(season.rawValue).tag(season)
                }
            }
            .pickerStyle(.segmented)
            DatePicker(selection: $profile.goalDate, in: dateRange, displayedComponents: .date) {
                Text("Goal Date")
            }
        }
    }
}

/// A result builder that joins badge titles, to show builders other than ViewBuilder.
@resultBuilder
enum BadgeBuilder {
    static func buildBlock(_ parts: String...) -> [String] { parts }
    static func buildOptional(_ part: [String]?) -> [String] { part ?? [] }
}

extension ProfileSummary {
    @BadgeBuilder
    static func badges(hiking: Bool) -> [String] {
        "First Hike"
        "Earth Day"
    }

    /// Badges as a view, from an extension.
    var badgeRow: some View {
        HStack {
            ForEach(Self.badges(hiking: true), id: \.self) { title in
                Text(verbatim: title)
                    .font(.footnote)
                    .padding(6)
                    .background(.quaternary, in: Capsule())
            }
        }
    }
}

#Preview("Profile") {
    ProfileHost()
        .environment(ModelData())
}
