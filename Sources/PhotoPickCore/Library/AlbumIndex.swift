/// A source's albums: the smart albums, then the folder albums as a tree, with each album's
/// place for look-ups by identifier. `AlbumMembers` makes them and keeps them up to date.
public struct AlbumIndex: Sendable {
    public let albums: [Album]
    private let positions: [AlbumID: Int]

    public init(albums: [Album]) {
        self.albums = albums
        self.positions = Dictionary(albums.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    private init(albums: [Album], positions: [AlbumID: Int]) {
        self.albums = albums
        self.positions = positions
    }

    /// Other albums with the same identifiers in the same places (new members, same list):
    /// the positions are kept rather than hashed again.
    func with(albums new: [Album]) -> AlbumIndex {
        precondition(new.count == albums.count, "the same albums in the same places")
        return AlbumIndex(albums: new, positions: positions)
    }

    public func album(_ id: AlbumID) -> Album? { positions[id].map { albums[$0] } }
}
