/// What changed on disk since the library's snapshot, for the library to apply in place.
///
/// Apply `deleted` before `inserted`: a folder moved within the library comes back as new
/// paths for the same files (same device and inode), which a library that keeps one asset
/// per file would otherwise drop as duplicates. A rename is a delete plus an insert: the
/// kernel's move events are not paired up, so the renamed file gets a new identity.
public struct LibraryChangeSet: Sendable, Hashable {
    /// Media files not in the snapshot, with metadata when a reader was given.
    public var inserted: [DiscoveredFile] = []
    /// Known paths whose size, time or file changed; still media, re-sniffed and re-read.
    public var updated: [DiscoveredFile] = []
    /// Known paths that are gone, are no longer media, or lie below a folder that went away.
    public var deleted: [RawPath] = []
    /// Folder albums that get their first media, keep media but change, or lose their last
    /// media, judged against the snapshot (the library stays the authority on albums).
    public var insertedAlbums: [RawPath] = []
    public var updatedAlbums: [RawPath] = []
    public var deletedAlbums: [RawPath] = []
    /// Folders that could not be read, and watching limits that were hit.
    public var problems: [ScanProblem] = []
    /// The set ends a re-check of every folder someone waits for (`LiveLibrary.recheckNow()`):
    /// delivered even when empty, and the library is then as the disk was when it ran.
    public var completesRecheck = false

    public init(inserted: [DiscoveredFile] = [], updated: [DiscoveredFile] = [], deleted: [RawPath] = [],
                problems: [ScanProblem] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.problems = problems
    }

    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty && problems.isEmpty }

    /// Fills the album lists from the asset lists, judged against `snapshot`.
    public mutating func computeAlbums(against snapshot: LibrarySnapshot) {
        var delta: [RawPath: (removed: Int, added: Int, updated: Bool)] = [:]
        for path in deleted { delta[path.parent, default: (0, 0, false)].removed += 1 }
        for file in inserted { delta[file.path.parent, default: (0, 0, false)].added += 1 }
        for file in updated { delta[file.path.parent, default: (0, 0, false)].updated = true }
        insertedAlbums = []; updatedAlbums = []; deletedAlbums = []
        for (folder, change) in delta {
            let before = snapshot[folder]?.count ?? 0
            let after = before - change.removed + change.added
            if before == 0 && after > 0 { insertedAlbums.append(folder) }
            else if before > 0 && after <= 0 { deletedAlbums.append(folder) }
            else if after > 0 { updatedAlbums.append(folder) }
        }
        insertedAlbums.sort(); updatedAlbums.sort(); deletedAlbums.sort()
    }
}
