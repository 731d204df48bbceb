/// The chooser contract's hooks into the session (issue 4): the caller's restriction and
/// preselection as files arrive, the album to open on, and the caller's named filter,
/// which narrows the shown collection on top of the user's own filter.
extension PickerSession {
    /// The hooks' state, stored in the session (`chooser`).
    struct ChooserHookState {
        var namedFilter: NamedFilter?
        var initialAlbumShown = false
        /// The album the user last chose in the sidebar: after a restart it is shown again
        /// when it turns up, in place of the asked-for one.
        var chosenAlbum: AlbumID?
        /// The preselected files by path and by identity (a link or a hard link to a file
        /// the library lists under another name), to their place in the caller's list.
        var preselection: (byPath: [RawPath: Int], byIdentity: [FileIdentity: Int])?
        /// By place in the caller's list, the asset that place picked (nil: not found yet;
        /// empty until the first look).
        var preselectionFound: [AssetID?] = []
        /// The last place that picked something, so files arriving in the list's order are
        /// appended without looking through the places after them.
        var lastPlaceFound = -1
    }

    /// The named filter in effect (nil: none).
    public var namedFilter: NamedFilter? { chooser.namedFilter }

    public func setNamedFilter(_ filter: NamedFilter?) {
        guard filter != chooser.namedFilter else { return }
        chooser.namedFilter = filter
        onChange?(.albums)  // the sidebar's counts follow the filter too
        onChange?(.assets)
    }

    /// Which assets `named` lets through, decided once per asset (a glob per name is the
    /// costly part) and then looked up per album.
    func admission(by named: NamedFilter) -> (AssetID) -> Bool {
        let all = source.album(.allPhotos)?.assetIDs ?? []
        var admitted = [Bool](repeating: false, count: Int(all.max()?.rawValue ?? 0) + 1)
        for id in all where source.asset(id).map(named.matches) ?? false { admitted[Int(id.rawValue)] = true }
        return { id in Int(id.rawValue) < admitted.count && admitted[Int(id.rawValue)] }
    }

    /// False for a pick the filters in effect hide (the user's and the caller's named one):
    /// it stays picked and in the tray, and Done returns it.
    public func passesFilters(_ id: AssetID) -> Bool {
        guard let asset = source.asset(id) else { return false }
        if let named = chooser.namedFilter, !named.matches(asset) { return false }
        return filter.isEmpty || FilterMatcher(filter, facts: source.facts).matches(source.facts[id], of: id, name: asset.name)
    }

    /// The files a scan batch may add: those the caller's restriction admits.
    func admitted(_ files: [DiscoveredFile]) -> [DiscoveredFile] {
        configuration.restriction.isNone ? files : files.filter(configuration.restriction.admits)
    }

    /// Picks the preselected files among `added` (in the caller's order, across batches too;
    /// made only when there is a preselection), and opens the asked-for album as soon as it exists.
    func chooserArrived(_ added: [Asset]) {
        if !configuration.preselect.isEmpty {
            let wanted = preselection()
            var found: [(place: Int, id: AssetID)] = []
            for asset in added {
                let place = wanted.byPath[asset.path]
                    ?? (wanted.byIdentity.isEmpty ? nil : library.identity(of: asset.id).flatMap { wanted.byIdentity[$0] })
                if let place { found.append((place, asset.id)) }
            }
            if !found.isEmpty { pickPreselected(found.sorted { $0.place < $1.place }) }
        }
        if !chooser.initialAlbumShown, let album = albumToOpen {
            chooser.initialAlbumShown = true
            showAlbum(album)
        }
    }

    /// The album to open on once it exists: the one the user chose before a restart, else
    /// the asked-for one (`--album`, or the one shown last time).
    private var albumToOpen: AlbumID? {
        if let chosen = chooser.chosenAlbum { return albums.contains { $0.id == chosen } ? chosen : nil }
        return configuration.initialAlbum.flatMap { AlbumNames(albums).album(named: $0) }
    }

    /// Picks preselected files (sorted by place) in the caller's list's order across batches
    /// too: each goes before the pick of the nearest later place already picked, else after
    /// every pick. After a restart (`rescan`) that list is the user's pick order, which the
    /// numbered checkmarks and Done show; a listing delivers files in its own order.
    private func pickPreselected(_ found: [(place: Int, id: AssetID)]) {
        var places = chooser.preselectionFound
        if places.count < configuration.preselect.count {
            places.append(contentsOf: repeatElement(nil, count: configuration.preselect.count - places.count))
        }
        var last = chooser.lastPlaceFound
        var picks: [(id: AssetID, slot: Int)] = []
        for (place, id) in found {
            // One picked already (shown again as the whole library is adopted) needs no place.
            if !selection.contains(id) {
                picks.append((id, place > last ? selection.count : slotBefore(place, in: places, upTo: last)))
            }
            places[place] = id
            last = max(last, place)
        }
        chooser.preselectionFound = places
        chooser.lastPlaceFound = last
        if let first = selection.insert(picks) { onChange?(.selection(Array(selection.ordered[first...]))) }
    }

    /// Where a file of `place` goes: before the nearest later place's pick still picked.
    private func slotBefore(_ place: Int, in places: [AssetID?], upTo last: Int) -> Int {
        guard place < last else { return selection.count }
        for later in (place + 1)...last {
            if let id = places[later], let slot = selection.index(of: id) { return slot }
        }
        return selection.count
    }

    /// Preselected files that picked nothing (once scanned): not media, hidden, refused by
    /// the caller's own restriction, or outside the folders shown.
    public var unmatchedPreselections: [RawPath] {
        let found = chooser.preselectionFound
        return configuration.preselect.enumerated().filter { $0.offset >= found.count || found[$0.offset] == nil }.map(\.element)
    }

    /// What is picked by path again when the library starts over (`rescan`): the picks, in
    /// pick order, then the caller's preselected files that have not arrived yet. The caller's
    /// preselection applies once, to the files it names: one that was picked and unpicked by
    /// the user since stays unpicked, as anything else the user changed.
    func picksToRestore() -> [RawPath] {
        let picked = selection.ordered.compactMap { source.asset($0)?.path }
        let pending = unmatchedPreselections
        let known = Set(picked)
        return picked + pending.filter { !known.contains($0) }
    }

    /// Makes `paths` the files to pick as they arrive, none of them found yet (their lookup,
    /// cached for the old list, is made again).
    func restartPreselection(with paths: [RawPath]) {
        configuration.preselect = paths
        chooser.preselection = nil
        chooser.preselectionFound = []
        chooser.lastPlaceFound = -1
    }

    /// Paths and identities of the preselected files, `stat`ed once.
    private func preselection() -> (byPath: [RawPath: Int], byIdentity: [FileIdentity: Int]) {
        if let known = chooser.preselection { return known }
        var byPath: [RawPath: Int] = [:], byIdentity: [FileIdentity: Int] = [:]
        for (place, path) in configuration.preselect.enumerated() {
            if byPath[path] == nil { byPath[path] = place }
            if let identity = FileIdentity.of(path), byIdentity[identity] == nil { byIdentity[identity] = place }
        }
        chooser.preselection = (byPath, byIdentity)
        return (byPath, byIdentity)
    }

    /// The asked-for first album, when the library has no album of that name (once scanned)
    /// and the user chose none instead.
    public var missingInitialAlbum: String? {
        guard let name = configuration.initialAlbum, !chooser.initialAlbumShown, chooser.chosenAlbum == nil,
              AlbumNames(albums).album(named: name) == nil else { return nil }
        return name
    }

    /// The shown album's collection narrowed by `named` before grouping and sorting.
    func chooserCollection(narrowedBy named: NamedFilter) -> AssetCollection {
        let album = source.album(currentAlbum)?.assetIDs ?? []
        let kept = album.filter { id in source.asset(id).map(named.matches) ?? false }
        return CollectionBuilder(facts: source.facts, names: source.names)
            .build(kept, albumID: currentAlbum, grouping: grouping, filter: filter, sort: sort)
    }
}
