/// An `AlbumSource` over assets held in memory: for tests, benchmarks and demos. Albums come
/// from the same `AlbumMembers` the file-system library keeps, so they behave identically.
public final class FixtureAlbumSource: AlbumSource {
    public private(set) var revision = 0
    public let roots: [RawPath]
    public private(set) var facts: AssetFactsTable
    private var assetsByIndex: [Asset?] = []
    private var nameTable: NameTable
    private var index: AlbumIndex
    private let now: Double

    /// `assets` must have distinct, small identifiers (`Asset.id`); their `albumID`s place
    /// them in folders. `clock` fixes the local zone used for grouping (default: the process's).
    public init(assets: [Asset], roots: [RawPath] = [], now: Double, clock: LocalClock = LocalClock()) {
        self.roots = roots
        self.now = now
        var facts = AssetFactsTable(clock: clock)
        var byIndex: [Asset?] = []
        for asset in assets {
            let i = Int(asset.id.rawValue)
            if i >= byIndex.count { byIndex += Array(repeating: nil, count: i - byIndex.count + 1) }
            byIndex[i] = asset
            facts.record(asset)
        }
        self.facts = facts
        self.assetsByIndex = byIndex
        let names = NameTable(capacity: byIndex.count)
        for case let asset? in byIndex { names.append(asset.id, name: asset.path.lastComponentBytes) }
        self.nameTable = names
        var members = AlbumMembers()
        for asset in assets { members.added(asset.id) }
        self.index = members.index(facts: facts, titles: FolderTitles(roots: roots), now: now,
                                   contains: { _ in true }, pathPrecedes: { byIndex[Int($0.rawValue)]!.path < byIndex[Int($1.rawValue)]!.path })
    }

    public var albums: [Album] { index.albums }
    public func album(_ id: AlbumID) -> Album? { index.album(id) }

    public func asset(_ id: AssetID) -> Asset? {
        let i = Int(id.rawValue)
        return i < assetsByIndex.count ? assetsByIndex[i] : nil
    }

    public var names: AssetNames { nameTable.snapshot }
}
