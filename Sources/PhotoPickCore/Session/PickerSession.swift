/// The state of one picking session and the intents that change it.
///
/// The window renders this and forwards user actions to it; no picking logic lives in
/// the views. Headless, so tests drive it directly.
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

    /// `rescan(roots:)` may replace the roots; everything else stays as the caller asked.
    public internal(set) var configuration: PickerConfiguration
    /// The scanned file system; `addScanned` fills it. The source unless another was given.
    public internal(set) var library: PhotoLibrary
    /// Where the albums and assets shown come from.
    public internal(set) var source: any AlbumSource
    public internal(set) var currentAlbum: AlbumID = .allPhotos
    public internal(set) var selection: Selection
    public internal(set) var scanFinished = false
    public private(set) var grouping: AssetGrouping
    public private(set) var filter: AssetFilter
    public private(set) var sort: AssetSort

    /// Called after every change, on the thread that made it (the main thread in the window).
    public var onChange: ((Change) -> Void)?

    /// The shown albums, with their positions for the picked counts once asked (`albumPositions`).
    var cachedAlbums: (revision: Int, filter: AssetFilter, named: NamedFilter?, albums: [Album], positions: AlbumPositions?)?
    var cachedCollection: (revision: Int, collection: AssetCollection)?
    /// The shown collection before the name search narrows it: what a background search
    /// narrows (PickerSession+Search.swift), with a token naming this computation of it.
    var cachedBase: (revision: Int, collection: AssetCollection, token: Int)?
    var baseTokens = 0
    /// The caller's named filter in effect (nil: none; PickerSession+Chooser.swift): it
    /// narrows the shown collection on top of the user's own filter.
    public internal(set) var namedFilter: NamedFilter? { didSet { cachedCollection = nil; cachedBase = nil } }
    /// The caller's preselected files, picked as they arrive (PickerSession+Chooser.swift).
    var preselection: Preselection
    /// The album to open on once it exists (PickerSession+Chooser.swift).
    var initialAlbum: InitialAlbum
    /// The name search as typed (PickerSession+Search.swift); the shown collection depends
    /// on the search in effect (the collection it narrows does not).
    var search = IncrementalSearch()

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

    /// The albums as the filter sees them: narrowed counts, empty ones left out.
    public var albums: [Album] {
        let named = namedFilter
        if let cached = cachedAlbums, cached.revision == source.revision, cached.filter == filter, cached.named == named {
            return cached.albums
        }
        let albums = source.albums(matching: filter, admitting: named.map(admission(by:)))
        cachedAlbums = (source.revision, filter, named, albums, nil)
        return albums
    }

    /// The shown album's collection: filtered, sorted and grouped. Computed when asked after
    /// a change, then kept.
    public var collection: AssetCollection {
        if let cached = cachedCollection, isCurrent(cached.collection, revision: cached.revision) {
            return cached.collection
        }
        let collection = search.narrowing(unsearchedCollection.collection, names: source.names)
        cachedCollection = (source.revision, collection)
        return collection
    }

    /// The shown collection without the name search, and the token of its computation.
    var unsearchedCollection: (collection: AssetCollection, token: Int) {
        if let cached = cachedBase, isCurrent(cached.collection, revision: cached.revision) {
            return (cached.collection, cached.token)
        }
        let collection = namedFilter.map(chooserCollection(narrowedBy:))
            ?? source.collection(of: currentAlbum, grouping: grouping, filter: filter, sort: sort)
        baseTokens += 1
        cachedBase = (source.revision, collection, baseTokens)
        return (collection, baseTokens)
    }

    /// Whether a collection computed at `revision` still shows what the session asks for.
    func isCurrent(_ collection: AssetCollection, revision: Int) -> Bool {
        revision == source.revision && collection.albumID == currentAlbum && collection.grouping == grouping
            && collection.filter == filter && collection.sort == sort
    }

    /// The shown assets in display order (the collection's flat list): what the grid shows.
    public var shownAssets: [AssetID] { collection.assetIDs }

    public func asset(_ id: AssetID) -> Asset? { source.asset(id) }

    // MARK: Intents

    public func addScanned(_ files: [DiscoveredFile]) {
        // The new assets are made only for a preselection to look through: a first scan's
        // listing batch of hundreds of thousands would otherwise copy each once more.
        let before = library.count
        let added = library.add(admitted(files), collecting: !preselection.isEmpty)  // chooser hook: the caller's restriction
        guard library.count > before, source === library else { return }
        chooserArrived(added)  // chooser hook: preselection, the album to open on
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
        chooserArrived(preselection.isEmpty ? [] : library.assets(from: shown))  // chooser hook, as addScanned
        onChange?(.albums)
        onChange?(.assets)
        return adoption
    }

    public func finishScan(problems: [ScanProblem]) {
        library.record(problems: problems)
        scanFinished = true
        onChange?(.albums)
    }

    public func showAlbum(_ id: AlbumID) {
        guard id != currentAlbum, albums.contains(where: { $0.id == id }) else { return }
        currentAlbum = id
        onChange?(.album)
        onChange?(.assets)
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

    // MARK: Derived state

    public var canAccept: Bool { selection.isAcceptable }

    public var acceptTitle: String {
        selection.isEmpty ? configuration.acceptLabel : tr("%1$s %2$s", configuration.acceptLabel, String(selection.count))
    }

    /// The picked assets in pick order, as Done returns them.
    public var result: [Asset] { selection.ordered.compactMap(source.asset) }
}
