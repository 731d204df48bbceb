/// The chooser contract's hooks into the session (issue 4): the caller's restriction and
/// preselection as files arrive, the album to open on, and the caller's named filter,
/// which narrows the shown collection on top of the user's own filter.
extension PickerSession {
    /// The hooks' state, stored in the session (`chooser`).
    struct ChooserHookState {
        var namedFilter: NamedFilter?
        var initialAlbumShown = false
    }

    /// The named filter in effect (nil: none).
    public var namedFilter: NamedFilter? { chooser.namedFilter }

    public func setNamedFilter(_ filter: NamedFilter?) {
        guard filter != chooser.namedFilter else { return }
        chooser.namedFilter = filter
        onChange?(.assets)
    }

    /// The files a scan batch may add: those the caller's restriction admits.
    func admitted(_ files: [DiscoveredFile]) -> [DiscoveredFile] {
        configuration.restriction.isNone ? files : files.filter(configuration.restriction.admits)
    }

    /// Picks the preselected files among `added` (in the caller's order within the batch),
    /// and opens the asked-for album as soon as it exists.
    func chooserArrived(_ added: [Asset]) {
        if !configuration.preselect.isEmpty {
            let order = Dictionary(configuration.preselect.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
            let ids = added.filter { order[$0.path] != nil }.sorted { order[$0.path]! < order[$1.path]! }.map(\.id)
            if !ids.isEmpty {
                for id in ids { selection.insert(id) }
                onChange?(.selection(ids))
            }
        }
        if let title = configuration.initialAlbum, !chooser.initialAlbumShown,
           let album = albums.first(where: { $0.title == title }) {
            chooser.initialAlbumShown = true
            showAlbum(album.id)
        }
    }

    /// The asked-for first album, when the library has no album of that name (once scanned).
    public var missingInitialAlbum: String? {
        guard let title = configuration.initialAlbum, !chooser.initialAlbumShown,
              !albums.contains(where: { $0.title == title }) else { return nil }
        return title
    }

    /// The shown album's collection narrowed by `named` before grouping and sorting.
    func chooserCollection(narrowedBy named: NamedFilter) -> AssetCollection {
        let album = source.album(currentAlbum)?.assetIDs ?? []
        let kept = album.filter { id in source.asset(id).map(named.matches) ?? false }
        return CollectionBuilder(facts: source.facts, name: { [unowned self] in self.source.asset($0)?.name ?? "" })
            .build(kept, albumID: currentAlbum, grouping: grouping, filter: filter, sort: sort)
    }
}
