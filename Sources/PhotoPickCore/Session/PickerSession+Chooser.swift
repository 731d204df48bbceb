/// The chooser contract's hooks into the session (issue 4): the caller's restriction and
/// preselection as files arrive, the album to open on, and the caller's named filter,
/// which narrows the shown collection on top of the user's own filter.
extension PickerSession {
    public func setNamedFilter(_ filter: NamedFilter?) {
        guard filter != namedFilter else { return }
        namedFilter = filter
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
        if let namedFilter, !namedFilter.matches(asset) { return false }
        return filter.isEmpty || FilterMatcher(filter, facts: source.facts).matches(source.facts[id], of: id, name: asset.name)
    }

    /// The files a scan batch may add: those the caller's restriction admits.
    func admitted(_ files: [DiscoveredFile]) -> [DiscoveredFile] {
        configuration.restriction.isNone ? files : files.filter(configuration.restriction.admits)
    }

    /// The caller's part as files arrive: the preselected files among `added` are picked
    /// (`added` is made only when there is a preselection), and the album to open on is
    /// shown as soon as it exists.
    func chooserArrived(_ added: [Asset]) {
        if let first = preselection.pick(added, identity: library.identity(of:), in: &selection) {
            onChange?(.selection(Array(selection.ordered[first...])))
        }
        if let album = initialAlbum.arrived(among: { albums }) { showAlbum(album) }
    }

    /// Preselected files that picked nothing (once scanned): not media, hidden, refused by
    /// the caller's own restriction, or outside the folders shown.
    public var unmatchedPreselections: [RawPath] { preselection.unmatched }

    /// What is picked by path again when the library starts over (`rescan`): the picks, in
    /// pick order, then the caller's preselected files that have not arrived yet. The caller's
    /// preselection applies once, to the files it names: one that was picked and unpicked by
    /// the user since stays unpicked, as anything else the user changed.
    func picksToRestore() -> [RawPath] {
        let picked = selection.ordered.compactMap { source.asset($0)?.path }
        let known = Set(picked)
        return picked + preselection.unmatched.filter { !known.contains($0) }
    }

    /// Makes `paths` the files to pick as they arrive, none of them found yet (their lookup,
    /// cached for the old list, is made again).
    func restartPreselection(with paths: [RawPath]) {
        configuration.preselect = paths
        preselection = Preselection(paths)
    }

    /// The asked-for first album, when the library has no album of that name (once scanned)
    /// and the user chose none instead.
    public var missingInitialAlbum: String? { initialAlbum.missing(among: { albums }) }

    /// The shown album's collection narrowed by `named` before grouping and sorting.
    func chooserCollection(narrowedBy named: NamedFilter) -> AssetCollection {
        let album = source.album(currentAlbum)?.assetIDs ?? []
        let kept = album.filter { id in source.asset(id).map(named.matches) ?? false }
        return CollectionBuilder(facts: source.facts, names: source.names)
            .build(kept, albumID: currentAlbum, grouping: grouping, filter: filter, sort: sort)
    }
}
