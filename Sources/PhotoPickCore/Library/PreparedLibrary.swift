import Synchronization

/// A library built away from the main thread and adopted whole by an empty one.
///
/// An index-first open hands the window 100,000 files at once; adding them on the main
/// thread (a dictionary insert per path and identity, the facts, then the albums' date
/// sort) held the loop for about a second. The index's reading thread builds this instead,
/// with the library's own `add` and album build, so adopting it equals adding the files;
/// the main thread then takes the value in O(1).
public struct PreparedLibrary: Sendable {
    public let roots: [RawPath]
    /// The caller's restriction the files were admitted by: a session with another adds `files`.
    public let restriction: AssetRestriction
    /// Every listed file's stamp, admitted or not: what the watcher compares the disk against.
    public let snapshot: LibrarySnapshot
    /// How many files were listed.
    public let listedCount: Int
    /// Listed files the restriction kept out (a session with another restriction adds them).
    let rejected: [DiscoveredFile]
    let contents: Contents

    /// Everything `PhotoLibrary` holds after adding the files and building its albums.
    struct Contents: Sendable {
        let table: AssetTable
        let holders: HolderTable
        let otherPaths: [FileIdentity: [DiscoveredFile]]
        let idsByPath: PathTable
        let nextID: UInt32
        let facts: AssetFactsTable
        let members: AlbumMembers
        let pairs: PairTable
        let albums: AlbumIndex
        /// The search's names, filled while adding: handed to the one library that adopts.
        let names: HandOver<NameTable>
    }

    fileprivate init(roots: [RawPath], restriction: AssetRestriction, snapshot: LibrarySnapshot, listedCount: Int,
                     rejected: [DiscoveredFile], library: PhotoLibrary) {
        self.roots = roots
        self.restriction = restriction
        self.snapshot = snapshot
        self.listedCount = listedCount
        self.rejected = rejected
        let albums = library.index
        contents = Contents(table: library.table, holders: library.holders, otherPaths: library.otherPaths,
                            idsByPath: library.idsByPath, nextID: library.nextID, facts: library.facts,
                            members: library.members, pairs: library.pairs, albums: albums, names: HandOver(library.nameTable))
    }

    /// A library made from files handed in one by one as a listing reads them (the index's
    /// rows are never all held at once), folder by folder. One thread; `finish` once.
    public final class Builder {
        private let roots: [RawPath]
        private let restriction: AssetRestriction
        private let library: PhotoLibrary
        private var batch: [DiscoveredFile] = []
        private var snapshot = SnapshotBuilder()
        private var rejected: [DiscoveredFile] = []
        public private(set) var count = 0
        /// Files go to the library in batches of this many (its per-batch work stays small).
        private static let batchSize = 4096
        /// The names of the files added first (`first:`), by folder: the listing hands them
        /// again. Each is taken out when it comes, so once all came no file is looked up.
        private var firstNames: [RawPath: Set<[UInt8]>]
        /// The folder of the last file added, and whether `firstNames` has it (one lookup a folder).
        private var folder = RawPath(bytes: [])
        private var folderHasFirstNames = false

        /// `first`: files added before any other, in this order, so that they get the same
        /// identifiers as in a library built of them alone (`PhotoLibrary.adopt(extending:)`);
        /// when `add` is handed one of them again, it is skipped.
        public init(roots: [RawPath], restriction: AssetRestriction, now: Double = Host.current.now(),
                    first: [DiscoveredFile] = []) {
            self.roots = roots
            self.restriction = restriction
            library = PhotoLibrary(roots: roots, now: { now })
            batch.reserveCapacity(Self.batchSize)
            var names: [RawPath: Set<[UInt8]>] = [:]
            for file in first { names[file.path.parent, default: []].insert(Array(file.path.lastComponentBytes)) }
            firstNames = names
            for file in first { admit(file) }
        }

        /// Room for `count` files, the number the listing recorded.
        public func reserve(_ count: Int) { library.reserve(count) }

        public func add(_ file: DiscoveredFile) {
            if !firstNames.isEmpty {
                if !file.path.isDirectlyInside(folder) {
                    folder = file.path.parent
                    folderHasFirstNames = firstNames[folder] != nil
                }
                if folderHasFirstNames, firstNames[folder]?.remove(Array(file.path.lastComponentBytes)) != nil {
                    if firstNames[folder]?.isEmpty == true {
                        firstNames[folder] = nil
                        folderHasFirstNames = false
                    }
                    return
                }
            }
            admit(file)
        }

        private func admit(_ file: DiscoveredFile) {
            count += 1
            snapshot.add(file)
            guard restriction.isNone || restriction.admits(file) else { return rejected.append(file) }
            batch.append(file)
            if batch.count == Self.batchSize { flush() }
        }

        /// The library with its albums built (the date sort of every album: most of the time at a million).
        public func finish() -> PreparedLibrary {
            flush()
            return PreparedLibrary(roots: roots, restriction: restriction, snapshot: snapshot.finish(), listedCount: count,
                                   rejected: rejected, library: library)
        }

        private func flush() {
            _ = library.add(batch, collecting: false)
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// The files as listed, for a session that cannot adopt (it adds them): made again from
    /// the library, each shown file with its stamp as listed (an unnameable time stays so),
    /// then the other paths to shown files and the files the restriction kept out.
    public var files: [DiscoveredFile] {
        let table = contents.table, titles = FolderTitles(roots: roots)
        var out: [DiscoveredFile] = []
        out.reserveCapacity(listedCount)
        for id in table.ids {
            guard let asset = table[id], let key = table.key(id) else { continue }
            let stamp = snapshot.stamp(for: asset.path)
            out.append(DiscoveredFile(path: asset.path, root: titles.root(containing: asset.path) ?? asset.path.parent,
                                      mimeType: asset.mimeType, kind: asset.kind, sizeBytes: asset.sizeBytes,
                                      modified: stamp?.modified ?? asset.modified, device: key.device, inode: key.inode,
                                      metadata: asset.metadata))
        }
        for id in contents.otherPaths.keys.sorted(by: { ($0.device, $0.inode) < ($1.device, $1.inode) }) {
            out += contents.otherPaths[id] ?? []
        }
        return out + rejected
    }

    /// How many assets the library holds (links to one file count once).
    public var count: Int { contents.table.count }
}

extension PhotoLibrary {
    /// Takes `prepared` as its contents, in O(1). Only a library that holds nothing yet, over
    /// the same roots, can: false otherwise, and nothing changed (add the files instead).
    func adopt(_ prepared: PreparedLibrary) -> Bool {
        guard nextID == 1, table.count == 0, prepared.roots == roots else { return false }
        take(prepared.contents)
        return true
    }

    /// Takes `prepared` as its contents, in O(1) apart from a look at what it holds now,
    /// when `prepared` extends them: this library was adopted whole and nothing changed
    /// since, and `prepared` holds each of its assets, as they are, under the same
    /// identifier (a warm open's first screen, then the whole listing built with those
    /// files first). Picks, and the views keyed by identifier, stay as they are. False
    /// otherwise, and nothing changed (add the files instead).
    func adopt(extending prepared: PreparedLibrary) -> Bool {
        guard adoptedRevision == revision, table.count > 0, prepared.roots == roots,
              prepared.contents.nextID >= nextID else { return false }
        let theirs = prepared.contents.table
        for id in table.ids {
            guard let mine = table[id], theirs[id] == mine, theirs.key(id) == table.key(id) else { return false }
        }
        take(prepared.contents)
        return true
    }

    private func take(_ contents: PreparedLibrary.Contents) {
        table = contents.table
        holders = contents.holders
        otherPaths = contents.otherPaths
        idsByPath = contents.idsByPath
        nextID = contents.nextID
        facts = contents.facts
        members = contents.members
        pairs = contents.pairs
        // The search's name table, a class the main thread appends to from now on: the one the
        // preparing thread filled (it is done with it), else, for a second adopter, refilled.
        if let names = contents.names.take() {
            nameTable = names
        } else {
            for id in table.ids { nameTable.append(id, name: table.path(id)?.lastComponentBytes ?? []) }
        }
        cachedAlbums = nil  // a new revision: every cache built on the empty library is stale
        cachedAlbums = contents.albums
        adoptedRevision = revision
    }

    /// The assets whose identifier is `first` or later (those an extending adoption added).
    func assets(from first: UInt32) -> [Asset] { table.ids.lazy.filter { $0.rawValue >= first }.compactMap { self.table[$0] } }
}

/// A value made on one thread and given to whoever takes it first, once.
// Safe: the maker never touches the value after handing it over (`init`); `value` is read
// and cleared only under `lock`, so only one taker gets it. (Not a `Mutex<Value?>`: that
// needs the value `sending`, and the maker's library still refers to its name table.)
final class HandOver<Value>: @unchecked Sendable {
    private let lock = Mutex(())
    private var value: Value?

    init(_ value: Value) { self.value = value }

    /// The value, to the first caller only; nil after.
    func take() -> Value? {
        lock.withLock { _ in value.take() }
    }
}
