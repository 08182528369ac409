import SwiftCN
import SwiftUI

/// An album grid: each tile is a group whose hover and press drive its
/// caption and cover; a selected cover moves into the detail header as a
/// shared element of the grid's named group.
struct AlbumGrid: View {
    let albums: [Album]
    @State private var selected: Album.ID?

    var body: some View {
        VStack(alignment: .leading) {
            if let id = selected, let album = albums.first(where: { $0.id == id }) {
                Image(album.cover)
                    .resizable()
                    .tw("shared-[\(album.id)]/albums shared-source rounded-lg")
            }
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
                ForEach(albums) { album in
                    Button {
                        selected = album.id
                    } label: {
                        VStack {
                            Image(album.cover)
                                .resizable()
                                .tw("shared-[\(album.id)]/albums shared-follower group-hover:opacity-80")
                            Text(album.title)
                                .tw("text-sm text-mutedForeground group-hover:text-foreground group-active:font-semibold")
                        }
                        .tw("group p-2 rounded-md group-disabled/albums:opacity-50")
                    }
                    .buttonStyle(.tw("bezel-borderless"))
                }
            }
        }
        .tw("group/albums p-4")
    }
}

struct Album: Identifiable {
    let id: String
    let title: String
    let cover: String
}
