/// An album list with what `MemberCounts` looks up in it on every pick: which albums are smart,
/// which album is each folder's, and the sizes that set its budget. Built once per album list
/// (the session keeps it beside its albums), since at 10,000 folders rebuilding it per pick
/// was work that grew with the library, not the picks.
public struct AlbumPositions: Sendable {
    public let albums: [Album]
    /// Positions of the albums that are not a folder's (any asset may be in them).
    let smart: [Int]
    /// The position of each folder's album, by folder.
    let folderAlbum: [RawPath: Int]
    /// Members over all albums: what the one pass costs.
    let members: Int
    /// Steps of a binary search in the longest album.
    let stepsPerSearch: Int

    public init(_ albums: [Album]) {
        var smart: [Int] = [], folderAlbum: [RawPath: Int] = [:], members = 0, longest = 0
        for (position, album) in albums.enumerated() {
            if let folder = album.id.folder { folderAlbum[folder] = position } else { smart.append(position) }
            members += album.count
            longest = max(longest, album.count)
        }
        self.albums = albums
        self.smart = smart
        self.folderAlbum = folderAlbum
        self.members = members
        stepsPerSearch = Int.bitWidth - longest.leadingZeroBitCount + 1
    }
}
