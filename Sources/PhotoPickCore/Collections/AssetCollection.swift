/// An album's assets as shown: filtered, sorted and split into groups (PhotoKit's
/// PHFetchResult, with sections). A value: the session recomputes it when the album, the
/// options or the source change. Items are addressed by a flat index (what the grid shows)
/// or by a (group, item) index path.
public struct AssetCollection: Sendable {
    public let albumID: AlbumID
    public let grouping: AssetGrouping
    public let filter: AssetFilter
    public let sort: AssetSort
    /// Every asset in display order, across groups.
    public let assetIDs: [AssetID]
    public let groups: [AssetGroup]

    public init(albumID: AlbumID, grouping: AssetGrouping = .none, filter: AssetFilter = .all,
                sort: AssetSort = .dateDescending, assetIDs: [AssetID] = [], groups: [AssetGroup] = []) {
        self.albumID = albumID
        self.grouping = grouping
        self.filter = filter
        self.sort = sort
        self.assetIDs = assetIDs
        self.groups = groups
    }

    public var count: Int { assetIDs.count }
    public var isEmpty: Bool { assetIDs.isEmpty }
}

/// One section of a collection: a span of its flat list.
public struct AssetGroup: Sendable {
    let grouping: AssetGrouping
    /// The calendar key (year, month, ISO week, day, hour) or the event's ordinal.
    let key: Int64
    /// The earliest and latest local day in the group, for event titles.
    let firstDay: Int32, lastDay: Int32
    /// Where the group's assets are in the collection's flat list.
    public let range: Range<Int>
    private let all: [AssetID]

    init(grouping: AssetGrouping, key: Int64, firstDay: Int32, lastDay: Int32, range: Range<Int>, all: [AssetID]) {
        self.grouping = grouping
        self.key = key
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.range = range
        self.all = all
    }

    /// "May 2024", "Week 19, 2024", "1–3 May 2024"…; empty without grouping. Made on demand,
    /// so thousands of groups cost nothing until shown.
    public var title: String { title(in: .current) }
    /// The title in one language: machine output asks for `.english`.
    public func title(in translation: Translation) -> String {
        GroupTitle.title(grouping: grouping, key: key, firstDay: firstDay, lastDay: lastDay, in: translation)
    }
    public var count: Int { range.count }
    public var assetIDs: [AssetID] { Array(all[range]) }
}
