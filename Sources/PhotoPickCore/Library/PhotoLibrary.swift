/// The photos and videos under a set of root folders, grouped into albums: the file
/// system's `AlbumSource`.
///
/// Not thread-safe: the window owns one on the main actor and feeds it scan batches;
/// the command line fills one synchronously.
public final class PhotoLibrary: AlbumSource {
    public let roots: [RawPath]
    public private(set) var problems: [ScanProblem] = []
    public private(set) var revision = 0
    /// Grouping facts of every asset; whatever adds or changes an asset records it here.
    public internal(set) var facts = AssetFactsTable()

    // The contents, internal so that `PreparedLibrary` can take them whole (see there).
    var table = AssetTable()
    /// Every asset's name, for the search (a snapshot is taken per keystroke). Replaced only
    /// by `adopt`, with the table the prepared library filled.
    var nameTable = NameTable()
    /// The asset shown for each file: a file reached by several paths (links) is one asset.
    /// Keys are read back from `table` (see `keyOf`).
    var holders = HolderTable()
    /// Other paths to a shown file, kept so one can take over when the shown path goes.
    var otherPaths: [FileIdentity: [DiscoveredFile]] = [:]
    /// The asset of each shown path; keys compared and hashed where `table` keeps them.
    var idsByPath = PathTable()
    var nextID: UInt32 = 1
    /// The albums' members, kept up to date change by change (not rebuilt per batch).
    var members = AlbumMembers()
    /// Live Photos and RAW+JPEG pairs, kept up to date change by change.
    var pairs = PairTable()
    private let now: () -> Double
    private let titles: FolderTitles
    /// Cleared on every change; rebuilt on the next read of the albums.
    var cachedAlbums: AlbumIndex? {
        didSet { if cachedAlbums == nil { revision += 1 } }
    }
    /// The revision an adoption left (`PreparedLibrary`): while it is current, nothing
    /// changed since, and a library that extends the adopted one may replace it.
    var adoptedRevision: Int?


    /// `now` is the clock Recently Added measures from (tests inject one).
    public init(roots: [RawPath], now: @escaping () -> Double = { Host.current.now() }) {
        self.roots = roots
        self.now = now
        self.titles = FolderTitles(roots: roots)
    }

    public var count: Int { table.count }

    public func asset(_ id: AssetID) -> Asset? { table[id] }

    public func contains(_ id: AssetID) -> Bool { table.contains(id) }

    public var names: AssetNames { nameTable.snapshot }

    /// The asset of the file at `path`, if the library has it.
    public func id(of path: RawPath) -> AssetID? { idsByPath.holder(of: path, in: table) }
    /// The file an asset came from; another path to it (a link) is not a second asset.
    public func identity(of id: AssetID) -> FileIdentity? { table.key(id) }

    public func pair(of id: AssetID) -> AssetPair? {
        pairs.pair(of: id) ?? (facts[id].traits.contains(.motion) ? AssetPair(kind: .motion, still: id, companion: nil) : nil)
    }

    /// Adds scanned files; the same file reached twice is kept once. Returns the new assets.
    @discardableResult
    public func add(_ files: [DiscoveredFile]) -> [Asset] { add(files, collecting: true) }

    /// `add`, returning the new assets only when `collecting`: a prepared library of a
    /// million would otherwise copy every asset once more (a quarter of a gigabyte) to drop it.
    func add(_ files: [DiscoveredFile], collecting: Bool) -> [Asset] {
        var added: [Asset] = []
        if files.count > 1024 {
            // A whole library in one batch (the scan's listing): grow the tables once, not
            // by doubling through a dozen rehashes of everything already in them.
            let total = table.count + files.count
            table.reserveCapacity(Int(nextID) + files.count)
            idsByPath.reserveCapacity(total, in: table)
            if collecting { added.reserveCapacity(files.count) }
        }
        var anyAdded = false
        for file in files {
            let key = FileIdentity(device: file.device, inode: file.inode)
            let id = AssetID(nextID)
            // One probe: the path's free slot, filled below unless the file is shown already.
            guard case .free(let pathSlot) = idsByPath.place(of: file.path, in: table) else { continue }
            // An unknown identity (an index without them) is no file to share: no holder, and
            // so no `stat` per file to confirm one (a million of them at a warm open).
            if key.isKnown, let holder = holders.holder(of: key, keyOf: keyOf), isStillShown(holder, as: key) {
                otherPaths[key, default: []].append(file)
                continue
            }
            let asset = makeAsset(id, file)
            nextID += 1
            members.added(asset.id)
            table.set(asset, key: key)
            // After the table has the key: the holder table reads it back from there.
            if key.isKnown { holders.set(id, for: key, keyOf: keyOf) }
            idsByPath.fill(pathSlot, with: id)
            nameTable.append(asset.id, name: file.path.lastComponentBytes)
            facts.record(asset)
            pairs.added(asset)
            anyAdded = true
            if collecting { added.append(asset) }
        }
        resolvePairs()
        if anyAdded { cachedAlbums = nil }
        return added
    }

    /// Pairs what the last changes allow, and moves the assets whose pairing changed: a
    /// companion leaves the albums (its still stands for it) or comes back as a tile of its own.
    private func resolvePairs() {
        let changed = pairs.resolve(PairTable.Lookup(asset: { [table] in table[$0] },
                                                     id: { [table, idsByPath] in idsByPath.holder(of: $0, in: table) }))
        guard !changed.isEmpty else { return }
        for id in changed where table.contains(id) {
            let was = facts[id].traits.contains(.companion)
            facts.setPairing(pairs.traits(of: id), of: id)
            if was != pairs.isCompanion(id) { members.changed(id) }
        }
        cachedAlbums = nil
    }

    /// What `apply` did, by asset.
    public struct Update: Sendable, Equatable {
        public var inserted: [AssetID] = []
        public var updated: [AssetID] = []
        public var deleted: [AssetID] = []
        public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
    }

    /// Applies a watcher's change set without rescanning: deletions first (so a folder moved
    /// inside the library is re-added under its new paths), then insertions, then updates. An
    /// updated file keeps its identifier, so the selection and collections follow it.
    @discardableResult
    public func apply(_ changes: LibraryChangeSet) -> Update {
        var update = Update()
        let deleted = Set(changes.deleted)
        var orphans: [FileIdentity] = []
        for path in changes.deleted {
            // Out of the path table while the asset is still in `table`, where it reads keys.
            guard let id = idsByPath.remove(path, in: table) else { continue }
            if let gone = table[id] { pairs.removed(gone) }
            if let key = table.key(id) { release(key, from: id, orphans: &orphans) }
            table.remove(id)
            members.deleted(id)
            update.deleted.append(id)
        }
        if !otherPaths.isEmpty, !deleted.isEmpty {
            for (key, files) in otherPaths {
                let kept = files.filter { !deleted.contains($0.path) }
                otherPaths[key] = kept.isEmpty ? nil : kept
            }
        }
        for file in changes.inserted + changes.updated {
            if let id = idsByPath.holder(of: file.path, in: table) {
                let asset = makeAsset(id, file)
                let key = FileIdentity(device: file.device, inode: file.inode)
                if let old = table.key(id), old != key { release(old, from: id, orphans: &orphans) }
                if let old = table[id] { pairs.removed(old) }
                table.set(asset, key: key)
                if key.isKnown { holders.set(id, for: key, keyOf: keyOf) }
                facts.record(asset)
                pairs.added(asset)
                members.changed(id)
                update.updated.append(id)
            } else {
                update.inserted += add([file]).map(\.id)
            }
        }
        // A file whose shown path went but which is still reached another way stays shown.
        for key in orphans where holders.holder(of: key, keyOf: keyOf) == nil {
            guard let next = otherPaths.removeValue(forKey: key)?.first(where: { idsByPath.holder(of: $0.path, in: table) == nil }) else { continue }
            update.inserted += add([next]).map(\.id)
        }
        record(problems: changes.problems)
        resolvePairs()
        if !update.isEmpty { cachedAlbums = nil }
        return update
    }

    /// `id` no longer shows the file `key`.
    private func release(_ key: FileIdentity, from id: AssetID, orphans: inout [FileIdentity]) {
        guard holders.holder(of: key, keyOf: keyOf) == id else { return }
        holders.remove(key, keyOf: keyOf)
        if otherPaths[key] != nil { orphans.append(key) }
    }

    /// Where the holder table reads its keys: each asset keeps its file's identity.
    func keyOf(_ id: AssetID) -> FileIdentity? { table.key(id) }

    /// True when the asset shown for `key` still leads to that file. Under churn the kernel
    /// hands a deleted file's inode to a new one before the deletion reaches the library:
    /// the new file is then another file, not a second path to a shown one.
    private func isStillShown(_ holder: AssetID, as key: FileIdentity) -> Bool {
        guard let path = table[holder]?.path else { return false }
        return FileIdentity.of(path) == key
    }

    private func makeAsset(_ id: AssetID, _ file: DiscoveredFile) -> Asset {
        Asset(id: id, path: file.path, mimeType: file.mimeType, kind: file.kind, sizeBytes: file.sizeBytes,
              modified: file.modified, albumID: .folder(folder(of: file.path)), metadata: file.metadata)
    }

    /// The folder last handed out.
    private var lastFolder = RawPath(bytes: [])

    /// `path.parent`, sharing one copy of the folder's bytes among the files of one folder (a
    /// scan and the index deliver them folder by folder): at a million assets, a parent path
    /// of their own cost each about 100 bytes and an allocation.
    private func folder(of path: RawPath) -> RawPath {
        if !path.isDirectlyInside(lastFolder) { lastFolder = path.parent }
        return lastFolder
    }

    /// Room for `count` assets in all, before a listing of that many is added in batches.
    func reserve(_ count: Int) {
        table.reserveCapacity(count)
        facts.reserveCapacity(count)
        idsByPath.reserveCapacity(count, in: table)
        // Not the holders: it grows as it fills (an index without identities, every file
        // at device 0 inode 0, fills none; a zeroed array of a million slots would be 8 MB).
    }

    public func record(problems new: [ScanProblem]) {
        problems.append(contentsOf: new)
    }

    /// The smart albums (All Photos always; the others when not empty), then one album per
    /// folder that holds media, as a tree (see `AlbumIndex`).
    public var albums: [Album] { index.albums }

    public func album(_ id: AlbumID) -> Album? { index.album(id) }

    var index: AlbumIndex {
        if let cachedAlbums { return cachedAlbums }
        // Only the changes since the last read are merged in: a scan batch costs what it
        // holds, not what the library holds.
        let table = self.table
        let built = members.index(facts: facts, titles: titles, now: now(), contains: table.contains,
                                  pathPrecedes: table.pathPrecedes)
        cachedAlbums = built
        return built
    }

    /// A folder's album title: its path below its root, or the root's own name.
    /// With several roots, subfolders carry their root's name so titles stay unique.
    public func title(forFolder folder: RawPath) -> String { titles.title(forFolder: folder) }
}
