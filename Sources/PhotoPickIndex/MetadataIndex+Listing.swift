import PhotoPickCore

/// Listings: which folders a complete pass over exactly these roots found media in. The
/// files themselves are the `files` rows of those folders, kept in step by the scan (new
/// rows) and by `recordListing` (rows of files the pass did not find are dropped).
///
/// A listing is only trusted for the same roots in the same order (the first root that
/// holds a file names its albums); anything else, or any SQLite error while reading, is
/// no listing, and the caller lists the disk as before.
extension MetadataIndex {
    static func listingKey(_ roots: [RawPath]) -> [UInt8] {
        roots.flatMap { $0.bytes + [0] }  // NUL never occurs in a path
    }

    /// Hands each file of the complete listing of `roots` to `each` as it is read, folder by
    /// folder (no array of a million rows: the caller builds what it needs from them), after
    /// `reserve` got the number recorded. Returns when the listing was completed, or nil when
    /// there is none or it cannot be trusted; the caller then drops what it built. Values are
    /// input: a row whose path, size, time or type is impossible, or a count of rows that
    /// differs from the recorded one, means no listing.
    public func listedFiles(of roots: [RawPath], reserve: (Int) -> Void, each: (DiscoveredFile) -> Void) -> Double? {
        guard !roots.isEmpty else { return nil }
        return lock.withLock { _ in
            write()
            let key = Self.listingKey(roots)
            do {
                let head = try db.prepare("SELECT completed, files FROM listings WHERE roots = ?")
                head.bind(1, key)
                guard try head.step(), let completed = head.double(0), completed.isFinite, let recorded = head.int(1) else { return nil }
                let folderQuery = try db.prepare("SELECT folder FROM listing_folders WHERE roots = ?")
                folderQuery.bind(1, key)
                var folders: [RawPath] = []
                while try folderQuery.step() { folders.append(RawPath(bytes: folderQuery.blob(0))) }
                let rows = try db.prepare("SELECT * FROM files WHERE folder = ? AND mime != ''")
                reserve(Int(clamping: max(0, min(recorded, 10_000_000))))
                var rowsRead: Int64 = 0, handed: Int64 = 0
                for folder in folders {
                    guard let root = Self.root(of: folder, among: roots) else { continue }
                    rows.reset()
                    rows.bind(1, folder.bytes)
                    while try rows.step() {
                        rowsRead += 1
                        guard let file = Self.listedFile(folder: folder, root: root, name: rows.blob(1), row: Self.row(rows))
                        else { continue }
                        handed += 1
                        each(file)
                    }
                }
                rows.reset()  // ends the read transaction
                // Fewer or more rows than the pass recorded, or rows the scan could not have
                // written: the index is not the listing it was, and the disk is listed instead.
                guard rowsRead == recorded, handed == rowsRead else { return nil }
                return completed
            } catch {
                return nil
            }
        }
    }

    /// Records that a complete pass over `roots` found `snapshot` (every media file, by
    /// folder), at `completed`; media rows in those folders that the pass did not find are
    /// dropped. `changes` (a reconcile's, which the snapshot includes) are written first.
    /// One transaction for all of it and any rows still buffered: a crash leaves the
    /// previous listing or this one, and a reconcile costs one commit (one fsync), not three.
    public func recordListing(of roots: [RawPath], snapshot: LibrarySnapshot, completed: Double,
                              applying changes: LibraryChangeSet? = nil) {
        guard !roots.isEmpty, completed.isFinite else { return }
        lock.withLock { _ in
            let deleted = changes?.deleted ?? []
            for path in deleted { unwritten[path] = nil }
            if let changes { buffer(changes.inserted + changes.updated) }  // deletions first
            let rows = unwritten
            unwritten.removeAll()
            prepared = nil
            let key = Self.listingKey(roots)
            try? transaction {
                try delete(deleted)
                try insert(rows)
                let clear = try db.prepare("DELETE FROM listing_folders WHERE roots = ?")
                clear.bind(1, key)
                _ = try clear.step()
                let addFolder = try db.prepare("INSERT OR IGNORE INTO listing_folders VALUES (?, ?)")
                let names = try db.prepare("SELECT name FROM files WHERE folder = ? AND mime != ''")
                let drop = try db.prepare("DELETE FROM files WHERE folder = ? AND name = ?")
                var kept: Int64 = 0
                for (folder, files) in snapshot where Self.root(of: folder, among: roots) != nil {
                    addFolder.reset()
                    addFolder.bind(1, key); addFolder.bind(2, folder.bytes)
                    _ = try addFolder.step()
                    names.reset()
                    names.bind(1, folder.bytes)
                    var stale: [[UInt8]] = []
                    while try names.step() {
                        let name = names.blob(0)
                        if files[folder.appending(component: name)] == nil { stale.append(name) } else { kept += 1 }
                    }
                    names.reset()
                    for name in stale {
                        drop.reset()
                        drop.bind(1, folder.bytes); drop.bind(2, name)
                        _ = try drop.step()
                    }
                }
                let listing = try db.prepare("INSERT OR REPLACE INTO listings VALUES (?, ?, ?)")
                listing.bind(1, key); listing.bind(2, completed); listing.bind(3, kept)
                _ = try listing.step()
                try? recordNewest(key: key)  // the next warm open's first screen; without it, that open is as before
            }
        }
    }

    /// The first root `folder` is at or below, when no folder between them is hidden (the
    /// scan never enters hidden folders; another library's pass may have).
    static func root(of folder: RawPath, among roots: [RawPath]) -> RawPath? {
        guard !folder.bytes.contains(0) else { return nil }
        for root in roots {
            guard let below = folder.relative(to: root) else { continue }
            let hidden = below.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") }
            return hidden ? nil : root
        }
        return nil
    }

    /// A name the scan could have listed: not empty, not hidden, no slash or NUL.
    static func isPlainName(_ name: [UInt8]) -> Bool {
        !name.isEmpty && name.first != UInt8(ascii: ".") && !name.contains(0) && !name.contains(UInt8(ascii: "/"))
    }
}
