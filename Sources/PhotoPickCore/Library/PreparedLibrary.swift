import Foundation

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
    /// The files as listed, unfiltered (the live snapshot takes them, and a session that
    /// cannot adopt adds them).
    public let files: [DiscoveredFile]
    let contents: Contents

    /// Everything `PhotoLibrary` holds after adding the files and building its albums.
    struct Contents: Sendable {
        let table: AssetTable
        let holders: [FileIdentity: AssetID]
        let otherPaths: [FileIdentity: [DiscoveredFile]]
        let idsByPath: [RawPath: AssetID]
        let nextID: UInt32
        let facts: AssetFactsTable
        let members: AlbumMembers
        let albums: AlbumIndex
        /// The search's names, filled while adding: handed to the one library that adopts.
        let names: HandOver<NameTable>
    }

    /// Adds `files` admitted by `restriction` to a new library over `roots` and builds its
    /// albums (Recently Added measured from `now`). Seconds of work at a million: call it
    /// off the main thread.
    public init(roots: [RawPath], restriction: AssetRestriction, files: [DiscoveredFile],
                now: Double = Date().timeIntervalSince1970) {
        let library = PhotoLibrary(roots: roots, now: { now })
        library.add(restriction.isNone ? files : files.filter(restriction.admits), collecting: false)
        let albums = library.index
        self.roots = roots
        self.restriction = restriction
        self.files = files
        contents = Contents(table: library.table, holders: library.holders, otherPaths: library.otherPaths,
                            idsByPath: library.idsByPath, nextID: library.nextID, facts: library.facts,
                            members: library.members, albums: albums, names: HandOver(library.nameTable))
    }

    /// How many assets the library holds (links to one file count once).
    public var count: Int { contents.table.count }
}

extension PhotoLibrary {
    /// Takes `prepared` as its contents, in O(1). Only a library that holds nothing yet, over
    /// the same roots, can: false otherwise, and nothing changed (add the files instead).
    func adopt(_ prepared: PreparedLibrary) -> Bool {
        guard nextID == 1, table.count == 0, prepared.roots == roots else { return false }
        let contents = prepared.contents
        table = contents.table
        holders = contents.holders
        otherPaths = contents.otherPaths
        idsByPath = contents.idsByPath
        nextID = contents.nextID
        facts = contents.facts
        members = contents.members
        // The search's name table, a class the main thread appends to from now on: the one the
        // preparing thread filled (it is done with it), else, for a second adopter, refilled.
        if let names = contents.names.take() {
            nameTable = names
        } else {
            for id in table.ids { nameTable.append(id, name: table.path(id)?.lastComponentBytes ?? []) }
        }
        cachedAlbums = nil  // a new revision: every cache built on the empty library is stale
        cachedAlbums = contents.albums
        return true
    }

    /// Every asset, by identifier (the order `add` handed them out in).
    var allAssets: [Asset] { table.ids.compactMap { table[$0] } }
}

/// A value made on one thread and given to whoever takes it first, once. Unchecked: the
/// maker never touches the value after handing it over, and only one taker gets it.
final class HandOver<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    init(_ value: Value) { self.value = value }

    /// The value, to the first caller only; nil after.
    func take() -> Value? {
        lock.lock(); defer { lock.unlock() }
        return value.take()
    }
}
