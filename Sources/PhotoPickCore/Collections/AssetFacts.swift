/// What grouping, filtering and sorting need of one asset, without references, so the
/// 100,000-asset loops touch plain memory: no strings, no dictionary lookups, no calendar.
public struct AssetFacts: Sendable, Hashable {
    /// `Asset.dateSeconds`.
    public var dateSeconds: Double
    public var sizeBytes: Int64
    /// Days since 1970-01-01 of the date as the wall clock where it was taken showed it.
    public var day: Int32
    /// Seconds since that day's local midnight.
    public var secondOfDay: Int32
    public var traits: AssetTraits
    /// Index of the asset's MIME type in its `AssetFactsTable.mimeTypes`; `notInterned` past
    /// the first 65,535 types (index rows are input), whose index the table keeps aside.
    public var mimeIndex: UInt16
    /// Index of the asset's folder album in `AssetFactsTable.folders`; `noFolder` if none.
    public var folder: UInt32
    /// `Asset.modified`, for Recently Added.
    public var modified: Double

    public static let noFolder = UInt32.max
    public static let notInterned = UInt16.max

    public init(dateSeconds: Double = 0, sizeBytes: Int64 = 0, day: Int32 = 0, secondOfDay: Int32 = 0,
                traits: AssetTraits = [], mimeIndex: UInt16 = 0, folder: UInt32 = noFolder, modified: Double = 0) {
        self.dateSeconds = dateSeconds
        self.sizeBytes = sizeBytes
        self.day = day
        self.secondOfDay = secondOfDay
        self.traits = traits
        self.mimeIndex = mimeIndex
        self.folder = folder
        self.modified = modified
    }

    /// The local hour since 1970, for hour groups.
    var hour: Int64 { Int64(day) * 24 + Int64(secondOfDay / 3600) }
}

/// Facts for every asset of a source, indexed by `AssetID.rawValue` (sources hand out dense
/// identifiers from 1, so an array beats a dictionary by an order of magnitude here).
public struct AssetFactsTable: Sendable {
    private(set) var entries: [AssetFacts] = []
    private var mimeTable = Interned<String>()
    /// The folders of folder albums, so rebuilding albums groups by a number, not by hashing paths.
    private var folderTable = Interned<RawPath>()
    /// Where the type of an asset whose `mimeIndex` is `notInterned` lies in `mimeTypes`, by
    /// identifier: empty unless an index holds more than 65,535 distinct types.
    private var spilledMime: [UInt32: Int] = [:]
    /// Videos' lengths by identifier: the summary's total asks for it per picked video, and
    /// building the asset for it cost the main thread per pick after select all. Kept aside
    /// rather than in every `AssetFacts`, since most assets are photos.
    private var videoLengths: [UInt32: Double] = [:]
    private(set) var clock: LocalClock

    public init(clock: LocalClock = LocalClock()) { self.clock = clock }

    public var mimeTypes: [String] { mimeTable.values }
    public var folders: [RawPath] { folderTable.values }

    /// Room for identifiers up to `n`: a million facts appended in batches otherwise end in
    /// an array grown by doubling, up to twice the size the library keeps for as long as it is open.
    mutating func reserveCapacity(_ n: Int) {
        guard n + 1 > entries.capacity else { return }
        entries.reserveCapacity(n + 1)
    }

    public subscript(id: AssetID) -> AssetFacts {
        let i = Int(id.rawValue)
        return i < entries.count ? entries[i] : AssetFacts()
    }

    /// Where the type of `id`, whose facts are `facts`, lies in `mimeTypes`; nil if unknown.
    /// Inlined into the filter's per-asset loop; the rare spilled type's lookup stays out of line.
    @inline(__always)
    func mimePosition(of id: AssetID, facts: AssetFacts) -> Int? {
        facts.mimeIndex == AssetFacts.notInterned ? spilledPosition(of: id) : Int(facts.mimeIndex)
    }

    /// `mimePosition(of:facts:)` with the table's own facts of `id`.
    func mimePosition(of id: AssetID) -> Int? { mimePosition(of: id, facts: self[id]) }

    /// The length in seconds of the video `id`; nil when it is not a video or its length is unknown.
    public func videoSeconds(of id: AssetID) -> Double? { videoLengths[id.rawValue] }

    @inline(never)
    private func spilledPosition(of id: AssetID) -> Int? { spilledMime[id.rawValue] }

    /// Sets the traits only pairing decides (`AssetTraits.pairing`) of `id`, already recorded.
    mutating func setPairing(_ traits: AssetTraits, of id: AssetID) {
        let i = Int(id.rawValue)
        guard i < entries.count else { return }
        entries[i].traits.subtract(.pairing)
        entries[i].traits.formUnion(traits.intersection(.pairing))
    }

    public mutating func record(_ asset: Asset) {
        let i = Int(asset.id.rawValue)
        if i >= entries.count { entries.append(contentsOf: repeatElement(AssetFacts(), count: i - entries.count + 1)) }
        let seconds = asset.dateSeconds
        let whole = Int64(seconds.rounded(.down))
        // The camera's own offset when it recorded one; else this machine's zone at that moment.
        let offset = asset.metadata.captureDate?.utcOffset.map(Int64.init) ?? clock.utcOffset(at: whole)
        let local = whole + offset
        let day = local.floorDiv(86_400)
        let mime = mimeTable.position(of: asset.mimeType)
        let mimeIndex = mime < Int(AssetFacts.notInterned) ? UInt16(mime) : AssetFacts.notInterned
        if mimeIndex == AssetFacts.notInterned { spilledMime[asset.id.rawValue] = mime }
        else if !spilledMime.isEmpty { spilledMime[asset.id.rawValue] = nil }
        let length = asset.kind == .video ? asset.metadata.durationSeconds : nil
        if length != nil || !videoLengths.isEmpty { videoLengths[asset.id.rawValue] = length }
        entries[i] = AssetFacts(dateSeconds: seconds, sizeBytes: asset.sizeBytes, day: Int32(clamping: day),
                                secondOfDay: Int32(local - day * 86_400), traits: AssetTraits(asset),
                                mimeIndex: mimeIndex,
                                folder: asset.albumID.folder.map { UInt32(folderTable.position(of: $0)) } ?? AssetFacts.noFolder,
                                modified: asset.modified)
    }
}

extension Int64 {
    /// Division rounding towards minus infinity: dates before 1970 land on the right day.
    func floorDiv(_ d: Int64) -> Int64 {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
