/// The state of one picking session and the intents that change it.
///
/// The window renders this and forwards user actions to it; no picking logic lives in
/// the views. Headless, so tests drive it directly.
public final class PickerSession {
    public enum Change: Equatable {
        /// Albums were added or their counts changed.
        case albums
        /// The shown album's assets changed (order or membership).
        case assets
        /// These assets were picked or unpicked.
        case selection([AssetID])
        /// The shown album changed.
        case album
    }

    public let configuration: PickerConfiguration
    public let library: PhotoLibrary
    public private(set) var currentAlbum: AlbumID = .allPhotos
    public private(set) var selection: Selection
    public private(set) var scanFinished = false

    /// Called after every change, on the thread that made it (the main thread in the window).
    public var onChange: ((Change) -> Void)?

    public init(configuration: PickerConfiguration) {
        self.configuration = configuration
        self.library = PhotoLibrary(roots: configuration.roots)
        self.selection = Selection(maximum: configuration.maximum, minimum: configuration.minimum)
    }

    public var albums: [Album] { library.albums }

    /// The assets of the shown album, in display order.
    public var shownAssets: [AssetID] { library.album(currentAlbum)?.assetIDs ?? [] }

    // MARK: Intents

    public func addScanned(_ files: [DiscoveredFile]) {
        guard !library.add(files).isEmpty else { return }
        onChange?(.albums)
        onChange?(.assets)
    }

    public func finishScan(problems: [ScanProblem]) {
        library.record(problems: problems)
        scanFinished = true
        onChange?(.albums)
    }

    public func showAlbum(_ id: AlbumID) {
        guard id != currentAlbum, library.album(id) != nil else { return }
        currentAlbum = id
        onChange?(.album)
        onChange?(.assets)
    }

    public func toggle(_ id: AssetID) {
        guard library.asset(id) != nil else { return }
        selection.toggle(id)
        onChange?(.selection([id]))
    }

    // MARK: Derived state

    public var canAccept: Bool { selection.isAcceptable }

    public var acceptTitle: String {
        selection.isEmpty ? configuration.acceptLabel : "\(configuration.acceptLabel) \(selection.count)"
    }

    /// The picked assets in pick order, as Done returns them.
    public var result: [Asset] { selection.ordered.compactMap(library.asset) }
}
