/// The names `photopick albums` prints and `--album` takes, one per album.
///
/// A folder can be called like a smart album ("Screenshots", "Videos"): the smart album
/// keeps the plain name and the folder is named by its path with a trailing slash
/// ("Screenshots/"), the form a shell user writes for a folder anyway. Both forms are
/// accepted: the plain name is the smart album, the slashed one the folder.
public struct AlbumNames: Sendable {
    private let names: [AlbumID: String]
    private let byName: [String: AlbumID]

    public init(_ albums: [Album]) {
        let smartTitles = Set(albums.filter { $0.id.smartKind != nil }.map(\.title))
        var names: [AlbumID: String] = [:], byName: [String: AlbumID] = [:]
        for album in albums {
            let name = album.id.folder != nil && smartTitles.contains(album.title) ? album.title + "/" : album.title
            names[album.id] = name
            if byName[name] == nil { byName[name] = album.id }
        }
        self.names = names
        self.byName = byName
    }

    /// The album's printed name (its title when nothing else is called so).
    public func name(of album: Album) -> String { names[album.id] ?? album.title }

    /// The album `name` names: a printed name, or a folder album's title with a trailing
    /// slash added or left out.
    public func album(named name: String) -> AlbumID? {
        if let id = byName[name] { return id }
        if name.hasSuffix("/"), let id = byName[String(name.dropLast())], id.folder != nil { return id }
        if let id = byName[name + "/"] { return id }
        return nil
    }
}
