/// The album the window opens on, shown once it exists: the one the caller asked for
/// (`--album`, or the one shown last time, by name; it may turn up late in a big scan),
/// unless the user chose one in the sidebar meanwhile. After a restart
/// (`PickerSession.rescan`) the user's choice comes back in its place when it turns up.
struct InitialAlbum {
    /// The asked-for album's name.
    let asked: String?
    /// Whether the album to open on was shown, or the user chose one: arrivals no longer
    /// change the album shown.
    private(set) var settled = false
    /// The album the user last chose in the sidebar.
    private(set) var chosen: AlbumID?

    init(asked: String?) { self.asked = asked }

    /// The user chose `id` in the sidebar: an album still awaited no longer takes over.
    mutating func choose(_ id: AlbumID) {
        settled = true
        chosen = id
    }

    /// The album to show now that files arrived, among `albums` (asked only while one is
    /// awaited): the user's choice, else the asked-for one, once it exists; nil while it
    /// does not, or once settled.
    mutating func arrived(among albums: () -> [Album]) -> AlbumID? {
        guard !settled, let album = target(among: albums()) else { return nil }
        settled = true
        return album
    }

    /// A restart: the album opened on (or the user's since) is shown again, once it exists.
    mutating func restart() { settled = false }

    /// The asked-for album's name, when `albums` (asked only then) have none of that name
    /// and the user chose none instead.
    func missing(among albums: () -> [Album]) -> String? {
        guard let asked, !settled, chosen == nil, AlbumNames(albums()).album(named: asked) == nil else { return nil }
        return asked
    }

    private func target(among albums: [Album]) -> AlbumID? {
        if let chosen { return albums.contains { $0.id == chosen } ? chosen : nil }
        return asked.flatMap { AlbumNames(albums).album(named: $0) }
    }
}
