/// The state of one picking session and the intents that change it.
///
/// The window renders this and forwards user actions to it; no picking logic lives in
/// the views. Headless, so tests drive it directly.
///
/// Parts with a job of their own are types of their own, held here: the name search as
/// typed (`IncrementalSearch`), the caller's preselected files (`Preselection`), the album
/// to open on (`InitialAlbum`) and a drag's sweep (`SelectionSweep`, held by the view).
public final class PickerSession {
    public enum Change: Equatable {
        /// Albums were added or their counts changed.
        case albums
        /// The shown assets changed (order, membership, grouping).
        case assets
        /// These assets were picked or unpicked.
        case selection([AssetID])
        /// The shown album changed.
        case album
        /// These assets' files changed on disk (new thumbnails needed).
        case content([AssetID])
        /// Only what these assets' tiles say changed (a video's length, the camera): same
        /// place, same thumbnail.
        case details([AssetID])
        /// Only the summary's figures changed (the export's estimate, after a size or location choice).
        case summary
    }

    /// As the caller asked, but for the roots `rescan(roots:)` may replace, the preselected
    /// files it restarts with, and the export's size and location the user may choose.
    public private(set) var configuration: PickerConfiguration
    /// The scanned file system; `addScanned` fills it. The source unless another was given.
    public private(set) var library: PhotoLibrary
    /// Where the albums and assets shown come from.
    public private(set) var source: any AlbumSource
    public private(set) var currentAlbum: AlbumID = .allPhotos
    public private(set) var selection: Selection
    public private(set) var scanFinished = false
    public private(set) var grouping: AssetGrouping
    public private(set) var filter: AssetFilter
    public private(set) var sort: AssetSort
    /// The caller's named filter in effect (nil: none): it narrows the shown collection on
    /// top of the user's own filter.
    public private(set) var namedFilter: NamedFilter? { didSet { cachedCollection = nil; cachedBase = nil } }

    /// Called after every change, on the thread that made it (the main thread in the window).
    public var onChange: ((Change) -> Void)?

    /// The name search; the shown collection depends on the search in effect (the
    /// collection it narrows does not).
    private var search = IncrementalSearch()
    /// The caller's preselected files, picked as they arrive.
    private var preselection: Preselection
    /// The album to open on once it exists.
    private var initialAlbum: InitialAlbum

    /// The shown albums, with their positions for the picked counts once asked (`albumPositions`).
    private var cachedAlbums: (revision: Int, filter: AssetFilter, named: NamedFilter?, albums: [Album], positions: AlbumPositions?)?
    private var cachedCollection: (revision: Int, collection: AssetCollection)?
    /// The shown collection before the name search narrows it: what a background search
    /// narrows, with a token naming this computation of it.
    private var cachedBase: (revision: Int, collection: AssetCollection, token: Int)?
    private var baseTokens = 0

    public convenience init(configuration: PickerConfiguration) {
        self.init(configuration: configuration, source: nil)
    }

    /// A session over another source (a fixture, a camera): scanned files are not shown.
    public convenience init(configuration: PickerConfiguration, source: any AlbumSource) {
        self.init(configuration: configuration, source: Optional(source))
    }

    private init(configuration: PickerConfiguration, source: (any AlbumSource)?) {
        self.configuration = configuration
        let library = PhotoLibrary(roots: configuration.roots)
        self.library = library
        self.source = source ?? library
        self.selection = Selection(maximum: configuration.maximum, minimum: configuration.minimum)
        self.grouping = configuration.grouping
        self.filter = configuration.filter
        self.sort = configuration.sort
        self.preselection = Preselection(configuration.preselect)
        self.initialAlbum = InitialAlbum(asked: configuration.initialAlbum)
    }

    // MARK: What is shown

    /// The albums as the filters see them: narrowed counts, empty ones left out.
    public var albums: [Album] {
        let named = namedFilter
        if let cached = cachedAlbums, cached.revision == source.revision, cached.filter == filter, cached.named == named {
            return cached.albums
        }
        let albums = source.albums(matching: filter, admitting: named.map(admission(by:)))
        cachedAlbums = (source.revision, filter, named, albums, nil)
        return albums
    }

    /// The shown album's collection: filtered, sorted, grouped and searched. Computed when
    /// asked after a change, then kept.
    public var collection: AssetCollection {
        if let cached = cachedCollection, isCurrent(cached.collection, revision: cached.revision) {
            return cached.collection
        }
        let collection = search.narrowing(unsearchedCollection.collection, names: source.names)
        cachedCollection = (source.revision, collection)
        return collection
    }

    /// The shown collection without the name search, and the token of its computation.
    private var unsearchedCollection: (collection: AssetCollection, token: Int) {
        if let cached = cachedBase, isCurrent(cached.collection, revision: cached.revision) {
            return (cached.collection, cached.token)
        }
        let collection = namedFilter.map(collection(narrowedBy:))
            ?? source.collection(of: currentAlbum, grouping: grouping, filter: filter, sort: sort)
        baseTokens += 1
        cachedBase = (source.revision, collection, baseTokens)
        return (collection, baseTokens)
    }

    /// Whether a collection computed at `revision` still shows what the session asks for.
    private func isCurrent(_ collection: AssetCollection, revision: Int) -> Bool {
        revision == source.revision && collection.albumID == currentAlbum && collection.grouping == grouping
            && collection.filter == filter && collection.sort == sort
    }

    /// The shown album's collection narrowed by `named` before grouping and sorting.
    private func collection(narrowedBy named: NamedFilter) -> AssetCollection {
        let album = source.album(currentAlbum)?.assetIDs ?? []
        let facts = source.facts
        let kept = album.filter { id in source.asset(id).map { named.matches($0, traits: facts[id].traits) } ?? false }
        return CollectionBuilder(facts: source.facts, names: source.names)
            .build(kept, albumID: currentAlbum, grouping: grouping, filter: filter, sort: sort)
    }

    /// Which assets `named` lets through, decided once per asset (a glob per name is the
    /// costly part) and then looked up per album.
    private func admission(by named: NamedFilter) -> (AssetID) -> Bool {
        let all = source.album(.allPhotos)?.assetIDs ?? []
        var admitted = [Bool](repeating: false, count: Int(all.max()?.rawValue ?? 0) + 1)
        let facts = source.facts
        for id in all where source.asset(id).map({ named.matches($0, traits: facts[id].traits) }) ?? false {
            admitted[Int(id.rawValue)] = true
        }
        return { id in Int(id.rawValue) < admitted.count && admitted[Int(id.rawValue)] }
    }

    /// The shown assets in display order (the collection's flat list): what the grid shows.
    public var shownAssets: [AssetID] { collection.assetIDs }

    public func asset(_ id: AssetID) -> Asset? { source.asset(id) }

    /// False for a pick the filters in effect hide (the user's and the caller's named one):
    /// it stays picked and in the tray, and Done returns it.
    public func passesFilters(_ id: AssetID) -> Bool {
        guard let asset = source.asset(id) else { return false }
        if let namedFilter, !namedFilter.matches(asset, traits: source.facts[id].traits) { return false }
        return filter.isEmpty || FilterMatcher(filter, facts: source.facts).matches(source.facts[id], of: id, name: asset.name)
    }

    /// Whether the filters in effect ask for videos only: a picked Live Photo then hands back
    /// its movie unless the caller said otherwise (`--pairs`).
    public var showsVideosOnly: Bool { filter.asksForVideosOnly || namedFilter?.asksForVideosOnly == true }

    /// The search in effect (empty: none).
    public var searchText: String { search.current.text }

    // MARK: What the user shows

    public func showAlbum(_ id: AlbumID) {
        guard id != currentAlbum, albums.contains(where: { $0.id == id }) else { return }
        currentAlbum = id
        onChange?(.album)
        onChange?(.assets)
    }

    /// Shows `id` because the user chose it (the sidebar): an album still awaited from
    /// `--album` or from last time (it may turn up late in a big scan) no longer takes over.
    public func chooseAlbum(_ id: AlbumID) {
        initialAlbum.choose(id)
        showAlbum(id)
    }

    public func setGrouping(_ grouping: AssetGrouping) {
        guard grouping != self.grouping else { return }
        self.grouping = grouping
        onChange?(.assets)
    }

    public func setSort(_ sort: AssetSort) {
        guard sort != self.sort else { return }
        self.sort = sort
        onChange?(.assets)
    }

    /// Narrows every album; an album the filter empties falls back to All Photos.
    public func setFilter(_ filter: AssetFilter) {
        guard filter != self.filter else { return }
        self.filter = filter
        onChange?(.albums)
        if !albums.contains(where: { $0.id == currentAlbum }) {
            currentAlbum = .allPhotos
            onChange?(.album)
        }
        onChange?(.assets)
    }

    public func setNamedFilter(_ filter: NamedFilter?) {
        guard filter != namedFilter else { return }
        namedFilter = filter
        onChange?(.albums)  // the sidebar's counts follow the filter too
        onChange?(.assets)
    }

    // MARK: Searching by name
    //
    // The search field narrows the shown collection (within the album, filter and named
    // filter in effect); albums and their counts stay as they are. The window searches off
    // the main thread: each keystroke `startSearch`es a job, a worker runs it, and
    // `finishSearch` applies the result unless a newer keystroke (or `setSearch`) came meanwhile.

    /// Shows only assets whose names contain `text` (ignoring case), or match it as a glob
    /// when it has `*`, `?` or `[`. Picks outside the results stay picked. Supersedes any
    /// search still running.
    public func setSearch(_ text: String) {
        guard search.set(text) else { return }
        cachedCollection = nil
        onChange?(.assets)
    }

    /// A job that finds `text` in the shown collection, to run on any thread; nil when the
    /// search in effect already is `text`. Every call supersedes the jobs before it.
    public func startSearch(_ text: String) -> SearchJob? {
        search.start(text, base: { unsearchedCollection }, names: source.names)
    }

    /// Applies a job's result, unless a newer keystroke superseded it. When the collection
    /// it narrowed changed meanwhile (a scan batch, another album), the search still takes
    /// effect and the shown collection is narrowed afresh. Returns whether it was applied.
    @discardableResult
    public func finishSearch(_ result: SearchResult) -> Bool {
        switch search.finish(result, baseToken: cachedBase?.token) {
        case .superseded:
            return false
        case .unchanged:
            return true
        case .changed:
            cachedCollection = nil
            if let base = cachedBase, base.token == result.baseToken, isCurrent(base.collection, revision: base.revision) {
                cachedCollection = (base.revision, result.collection)
            }
            onChange?(.assets)
            return true
        }
    }

    // MARK: Files arriving and leaving

    public func addScanned(_ files: [DiscoveredFile]) {
        // The new assets are made only for a preselection to look through: a first scan's
        // listing batch of hundreds of thousands would otherwise copy each once more.
        let before = library.count
        let added = library.add(admitted(files), collecting: !preselection.isEmpty)
        guard library.count > before, source === library else { return }
        arrived(added)
        onChange?(.albums)
        onChange?(.assets)
    }

    /// An index-first open's library, built off the main thread: adopted whole while the
    /// library is empty and the files were admitted by this session's restriction (the
    /// same as `addScanned(prepared.files)`, without a second of main-thread work), or
    /// while it holds only the first screen adopted before and `prepared` extends it (the
    /// same files under the same identifiers, then the rest: picks and tiles stay); else
    /// its files are added as a scan batch. Returns which it was.
    @discardableResult
    public func addScanned(_ prepared: PreparedLibrary) -> PreparedAdoption {
        let shown = library.nextID  // identifiers below it were handed to the views already
        let adoption: PreparedAdoption
        if source === library, prepared.restriction == configuration.restriction, library.adopt(prepared) {
            adoption = .adopted
        } else if source === library, prepared.restriction == configuration.restriction, library.adopt(extending: prepared) {
            adoption = .extended
        } else {
            addScanned(prepared.files)
            return .added
        }
        guard library.count > 0 else { return adoption }
        arrived(preselection.isEmpty ? [] : library.assets(from: shown))
        onChange?(.albums)
        onChange?(.assets)
        return adoption
    }

    /// Applies what the verifying pass of a two-pass scan (`FileSystemScanner.scanInTwoPasses`)
    /// learnt: files listed by name get their sniffed type and metadata, files that are not
    /// media after all leave, and files only their content revealed arrive. Unlike `apply`,
    /// no file changed on disk, so no thumbnail is reloaded: the views hear only that albums
    /// and assets changed (dates move assets, removed files go), and which picks left with
    /// their file. When nothing that places an asset changed (its facts: date, type,
    /// traits…), only details such as the camera or a video's length did, and the views are
    /// told only that (`.details`): a 100,000-asset grid is not laid out again for nothing,
    /// dozens of times during a first scan. A file the watcher removed meanwhile stays
    /// removed: the pass read it before it went.
    public func refineScanned(_ refinement: ScanRefinement) {
        let updated = admitted(refinement.updated.filter { library.id(of: $0.path) != nil })
        var changes = LibraryChangeSet(inserted: admitted(refinement.added), updated: updated, deleted: refinement.removed)
        if updated.count != refinement.updated.count {
            // Its real type is one the caller's restriction refuses: it goes, as if never listed.
            let kept = Set(updated.map(\.path))
            changes.deleted += refinement.updated.map(\.path).filter { !kept.contains($0) && library.id(of: $0) != nil }
        }
        let known = updated.compactMap { library.id(of: $0.path) }
        // The type by its place in the table: one past the first 65,535 is not in the facts.
        let before = known.map { (library.facts[$0], library.facts.mimePosition(of: $0)) }
        let update = library.apply(changes)
        guard !update.isEmpty, source === library else { return }
        let placedAlike = update.inserted.isEmpty && update.deleted.isEmpty && known.count == update.updated.count
            && zip(known, before).allSatisfy { library.facts[$0] == $1.0 && library.facts.mimePosition(of: $0) == $1.1 }
        if placedAlike { return onChange?(.details(update.updated)) ?? () }
        let gone = selection.removeMissing { library.asset($0) != nil }
        let arrivedAssets = update.inserted.compactMap { library.asset($0) }
        if !arrivedAssets.isEmpty { arrived(arrivedAssets) }
        onChange?(.albums)
        onChange?(.assets)
        if !gone.isEmpty { onChange?(.selection(gone)) }
    }

    /// Live changes: applies what the watcher saw on disk. Picked assets whose files are
    /// gone leave the selection, and the views hear which albums, assets and picks changed.
    @discardableResult
    public func apply(_ changes: LibraryChangeSet) -> PhotoLibrary.Update {
        var admittedChanges = changes
        admittedChanges.inserted = admitted(changes.inserted)  // the caller's --type/--pattern/… still hold
        admittedChanges.updated = admitted(changes.updated)
        let update = library.apply(admittedChanges)
        guard !update.isEmpty else { return update }
        let gone = selection.removeMissing { library.asset($0) != nil }
        onChange?(.albums)
        onChange?(.assets)
        if !update.updated.isEmpty { onChange?(.content(update.updated)) }
        if !gone.isEmpty { onChange?(.selection(gone)) }
        // Files that arrive before the scan has finished (an index-first open's reconcile) are
        // part of the first listing: the caller's preselection and album apply to them too.
        if !scanFinished, !update.inserted.isEmpty {
            arrived(update.inserted.compactMap { library.asset($0) })
        }
        return update
    }

    public func finishScan(problems: [ScanProblem]) {
        library.record(problems: problems)
        scanFinished = true
        onChange?(.albums)
    }

    /// Starting over: "Try Again" after a folder could not be read, or "Choose Folder…" when
    /// the library was empty; the window then runs a new scan into the fresh library.
    /// Empties the library (optionally switching to other folders). Picks are kept by path:
    /// each is picked again when the new scan finds its file, so a retry does not lose them;
    /// the caller's preselected files not found yet are still picked when they arrive, those
    /// found already are not picked again (`picksToRestore`). The album shown comes back
    /// too, when it turns up: the one the user chose, else the one asked for (`--album`, or
    /// last time's). Returns false for a session over another source (a fixture), which has
    /// nothing to rescan.
    @discardableResult
    public func rescan(roots newRoots: [RawPath]? = nil) -> Bool {
        guard source === library else { return false }
        let unpicked = selection.ordered
        if let newRoots, !newRoots.isEmpty { configuration.roots = newRoots }
        // The restored picks' lookup, cached for the old list, is made again.
        configuration.preselect = picksToRestore()
        preselection = Preselection(configuration.preselect)
        library = PhotoLibrary(roots: configuration.roots)
        source = library
        // Identifiers restart in the new library: the old ones must not linger anywhere.
        selection = Selection(maximum: configuration.maximum, minimum: configuration.minimum)
        cachedAlbums = nil
        cachedCollection = nil
        cachedBase = nil
        currentAlbum = .allPhotos
        initialAlbum.restart()
        scanFinished = false
        onChange?(.albums)
        onChange?(.album)
        onChange?(.assets)
        if !unpicked.isEmpty { onChange?(.selection(unpicked)) }
        return true
    }

    /// The folders being scanned (the caller's, or those chosen since).
    public var roots: [RawPath] { configuration.roots }

    /// What the scan could not read, for the window to explain.
    public var problems: [ScanProblem] { source.problems }

    /// The files a scan batch may add: those the caller's restriction admits.
    private func admitted(_ files: [DiscoveredFile]) -> [DiscoveredFile] {
        configuration.restriction.isNone ? files : files.filter(configuration.restriction.admits)
    }

    /// The caller's part as files arrive (issue 4): the preselected files among `added` are
    /// picked (`added` is made only when there is a preselection), and the album to open on
    /// is shown as soon as it exists.
    private func arrived(_ added: [Asset]) {
        if let first = preselection.pick(added, identity: library.identity(of:), in: &selection) {
            onChange?(.selection(Array(selection.ordered[first...])))
        }
        if let album = initialAlbum.arrived(among: { albums }) { showAlbum(album) }
    }

    /// What is picked by path again when the library starts over (`rescan`): the picks, in
    /// pick order, then the caller's preselected files that have not arrived yet. The caller's
    /// preselection applies once, to the files it names: one that was picked and unpicked by
    /// the user since stays unpicked, as anything else the user changed.
    private func picksToRestore() -> [RawPath] {
        let picked = selection.ordered.compactMap { source.asset($0)?.path }
        let known = Set(picked)
        return picked + preselection.unmatched.filter { !known.contains($0) }
    }

    /// Preselected files that picked nothing (once scanned): not media, hidden, refused by
    /// the caller's own restriction, or outside the folders shown.
    public var unmatchedPreselections: [RawPath] { preselection.unmatched }

    /// The asked-for first album, when the library has no album of that name (once scanned)
    /// and the user chose none instead.
    public var missingInitialAlbum: String? { initialAlbum.missing(among: { albums }) }

    // MARK: Picking
    //
    // Each intent reports the assets whose picked state changed, once, and nothing when
    // nothing changed.

    /// Returns whether the picks changed (false when the maximum refused it).
    @discardableResult
    public func toggle(_ id: AssetID) -> Bool {
        guard source.asset(id) != nil else { return false }
        // Through updateSelection: when picking one, the pick it replaces changes too.
        var outcome = Selection.Outcome.limitReached
        updateSelection { outcome = $0.toggle(id) }
        return outcome != .limitReached
    }

    /// The second click of a double-click on `id`: the first click's toggle is taken back,
    /// so opening the preview leaves the picks and their order as they were.
    public func withdrawToggle(of id: AssetID) {
        updateSelection { $0.withdrawToggle(of: id) }
    }

    /// Shift+click: picks from the last toggled asset to `id`, in the shown order.
    public func extendSelection(to id: AssetID) {
        guard source.asset(id) != nil else { return }
        let shown = shownAssets
        updateSelection { $0.extend(to: id, in: shown) }
    }

    /// The group's checkbox: picks the group's unpicked assets, or unpicks the group when all
    /// of it is picked already.
    public func selectGroup(_ index: Int) {
        let groups = collection.groups
        guard groups.indices.contains(index) else { return }
        let ids = groups[index].assetIDs
        updateSelection { selection in
            if ids.allSatisfy(selection.contains) { selection.unpickAll(ids) } else { selection.pickAll(ids) }
        }
    }

    /// Picks every shown asset (up to the maximum), in display order.
    public func selectAll() {
        let shown = shownAssets
        updateSelection { $0.pickAll(shown) }
    }

    /// Unpicks everything, in every album.
    public func clearSelection() { updateSelection { $0.removeAll() } }

    public func undo() { updateSelection { $0.undo() } }
    public func redo() { updateSelection { $0.redo() } }

    /// Starts a sweep (a drag across the grid, or Shift+arrows) at `id` and applies it to
    /// `id` alone. It picks when `id` is unpicked and unpicks when it is picked, unless
    /// `picking` says which. Nil when `id` is not shown.
    public func beginSweep(at id: AssetID, picking: Bool? = nil) -> SelectionSweep? {
        guard shownAssets.contains(id) else { return nil }
        var sweep = SelectionSweep(at: id, picking: picking, over: selection)
        continueSweep(&sweep, to: id)
        return sweep
    }

    /// Moves the sweep's end to `id`: the run from the anchor to `id` is picked (in that
    /// order, up to the maximum) or unpicked; the rest is as it was before the sweep. When
    /// picking one, `id` alone is picked.
    public func continueSweep(_ sweep: inout SelectionSweep, to id: AssetID) {
        guard let swept = sweep.reach(id, in: shownAssets) else { return }
        updateSelection { $0 = swept }
    }

    /// Tray click: unpicks `id` (undoable like any pick).
    public func unpick(_ id: AssetID) {
        guard selection.contains(id) else { return }
        updateSelection { $0.remove(id) }
    }

    /// Tray drag: moves a picked asset to `index` in pick order (its place after the move).
    /// Done returns the new order.
    public func movePicked(_ id: AssetID, to index: Int) {
        updateSelection { $0.move(id, to: index) }
    }

    /// Tray drop between items: `slot` counts the gaps before the first item (0) to after
    /// the last (count), in the order before the move.
    public func movePicked(_ id: AssetID, toSlot slot: Int) {
        guard let from = selection.index(of: id) else { return }
        movePicked(id, to: Self.index(forSlot: slot, from: from))
    }

    /// Where an item at `from` lands when dropped in gap `slot`: gaps after it shift by one,
    /// since the item leaves its own place first.
    public static func index(forSlot slot: Int, from: Int) -> Int { slot > from ? slot - 1 : slot }

    /// Unpicks, in pick order, the picks `problem` says can no longer be handed over (the
    /// system layer's `recheckPicks` asks the disk); the caller says which before finishing.
    public func dropPicks(where problem: (Asset) -> String?) -> [DroppedPick] {
        var dropped: [DroppedPick] = [], droppedIDs = Set<AssetID>()
        for id in selection.ordered {
            guard let asset = source.asset(id) else { continue }
            if let reason = problem(asset) {
                dropped.append(DroppedPick(path: asset.path, reason: reason))
                droppedIDs.insert(id)
            }
        }
        guard !droppedIDs.isEmpty else { return [] }
        let gone = selection.removeMissing { !droppedIDs.contains($0) }
        onChange?(.selection(gone))
        return dropped
    }

    /// Runs `change` and reports what it changed: the unpicked, then those newly picked or
    /// moved in pick order (undoing a reorder changes no membership, but does change order).
    private func updateSelection(_ change: (inout Selection) -> Void) {
        let before = selection
        change(&selection)
        var changed = before.ordered.filter { !selection.contains($0) }
        for (i, id) in selection.ordered.enumerated() where before.index(of: id) != i { changed.append(id) }
        if !changed.isEmpty { onChange?(.selection(changed)) }
    }

    // MARK: The export
    //
    // The export the caller asked for, and the user's part in it: where the request lets the
    // user choose (`ExportSettings.letsUserChoose`), the window's size and location controls
    // change these settings, and the summary bar shows what the picks will weigh after it.

    /// The settings Done exports with; nil when the picks are handed back as they are.
    public var exportSettings: ExportSettings? { configuration.export }

    /// The window's size choice: the long side at most `maxSize` (nil: the original size).
    public func chooseExportSize(_ maxSize: Int?) {
        guard configuration.export?.letsUserChoose == true else { return }
        configuration.export?.maxSize = maxSize
        onChange?(.summary)  // the summary's estimate follows
    }

    /// The window's "Keep location" switch.
    public func keepExportLocation(_ keep: Bool) {
        guard configuration.export?.letsUserChoose == true else { return }
        configuration.export?.stripLocation = !keep
        onChange?(.summary)
    }

    /// What the picks will weigh once exported (an estimate); nil without an export.
    public var estimatedExportBytes: Int64? {
        // One pass over the picks, looked up as they go: no array of every picked asset.
        exportSettings.map { ExportEstimate.total(selection.ordered.lazy.compactMap(source.asset), settings: $0) }
    }

    // MARK: What the picks come to

    public var canAccept: Bool { selection.isAcceptable }

    public var acceptTitle: String {
        selection.isEmpty ? configuration.acceptLabel : tr("%1$s %2$s", configuration.acceptLabel, String(selection.count))
    }

    /// Done's tooltip while it is unavailable ("Pick at least 2 (1 picked)"); nil when Done
    /// can finish.
    public var acceptHint: String? {
        guard !canAccept else { return nil }
        let needed = max(1, selection.minimum)
        guard selection.count < needed else { return nil }
        guard needed > 1 else { return tr("Pick a photo or video first") }
        // TRANSLATORS: Done's tooltip: "Pick at least 2 (1 picked)" (the minimum, how many are picked).
        return trn("Pick at least %1$s (%2$s picked)", "Pick at least %1$s (%2$s picked)", needed,
                   HumanFormat.count(needed), HumanFormat.count(selection.count))
    }

    /// Shown when the maximum refuses a pick: "You can pick up to 3"; nil without a maximum.
    public var limitMessage: String? {
        guard let maximum = selection.maximum else { return nil }
        return maximum == 1 ? tr("You can pick only one")
            : trn("You can pick up to %s", "You can pick up to %s", maximum, HumanFormat.count(maximum))
    }

    /// True when cancelling would throw away picks the user made: picks are held and some
    /// came from the user (a window that opened with the caller's picks and was left alone
    /// loses nothing the caller does not have).
    public var hasPicksToLose: Bool { !selection.isEmpty && selection.canUndo }

    /// The picked assets in pick order, as Done returns them.
    public var result: [Asset] { selection.ordered.compactMap(source.asset) }

    /// What the picks add up to, from the facts table: at a million picks (select all) an asset
    /// made per pick took half a second of the main thread; a video's length is there too.
    public var totals: SelectionTotals {
        let facts = source.facts
        var totals = SelectionTotals()
        for id in selection.ordered where source.contains(id) {
            let f = facts[id]
            totals.count += 1
            totals.bytes += f.sizeBytes
            if f.traits.contains(.video) {
                totals.videos += 1
                totals.videoSeconds += facts.videoSeconds(of: id) ?? 0
            }
        }
        return totals
    }

    /// The summary bar's text for the current picks and the caller's limits.
    public var summary: String {
        SelectionSummary.text(totals, maximum: configuration.maximum, minimum: configuration.minimum,
                              estimatedBytes: estimatedExportBytes)
    }

    /// How many picked assets each shown album holds; albums without any are left out.
    /// Counted after every pick: its cost follows the picks, not the library (MemberCounts).
    public func pickedCounts() -> [AlbumID: Int] {
        guard !selection.isEmpty else { return [:] }
        return MemberCounts.counts(of: selection.ordered, in: albumPositions, facts: source.facts)
    }

    /// The shown albums' positions, built once per album list rather than per pick.
    private var albumPositions: AlbumPositions {
        let albums = self.albums  // brings `cachedAlbums` up to date
        if let kept = cachedAlbums?.positions { return kept }
        let positions = AlbumPositions(albums)
        cachedAlbums?.positions = positions
        return positions
    }
}
