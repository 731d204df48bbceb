import PhotoPickCore

/// The newest files of a recorded listing, by date (capture, else modification) as All Photos
/// shows them by default: a warm open reads these few rows by key and shows its first screen
/// from them while the whole listing is still being read.
///
/// Kept in a table of their own (`listing_newest`, made with the others at every open, so a
/// schema-4 index written before it existed gets it then): an index whose listing has no
/// newest rows yet opens as before, and the next recorded listing fills them. No date
/// index on `files`: at a million rows it would cost about 100 MB and slow every insert; the
/// ranking is one pass over the listing's rows on the recorder's low-priority thread.
extension MetadataIndex {
    /// More than any first screen holds (1600×1200 at the smallest tile, 64 px: about 25
    /// columns of 19 rows), so the screen the full library arrives under is already whole.
    public static let newestCount = 1000

    /// A `files` row's date as the library gives it (`Asset.dateSeconds`, `MediaListing.date`):
    /// the capture time when it is one `RepresentableTime` holds (parameters 2 and 3), else the
    /// modification time clamped into it. Index values are input: a raw impossible capture
    /// would put a file on the first screen that the grid dates by its modification time.
    private static let rowDate = "CASE WHEN f.capture BETWEEN ?2 AND ?3 THEN f.capture ELSE max(?2, min(?3, f.mtime)) END"

    /// Ranks the newest `newestCount` media rows of the listing `key` (its folders must be
    /// recorded already), replacing the ones recorded before. Call inside `recordListing`'s
    /// transaction, with the lock held.
    ///
    /// Every warm open records its listing again, so this is one pass over the rows
    /// (`NewestRows`), not SQLite's sort of them, and SQLite hands over only the rows as new
    /// as the oldest of those ranked before (`rankedFloor`). On a copy of the 1M index
    /// (release build): 0.16 s of CPU with a ranking before, 0.47 s without, against 0.76 s
    /// for `ORDER BY … LIMIT`.
    func recordNewest(key: [UInt8]) throws {
        let floor = try rankedFloor(key) ?? -.infinity
        let clear = try db.prepare("DELETE FROM listing_newest WHERE roots = ?")
        clear.bind(1, key)
        _ = try clear.step()
        let rows = try db.prepare("""
            SELECT f.folder, f.name, \(Self.rowDate) AS row_date
            FROM listing_folders l JOIN files f ON f.folder = l.folder
            WHERE l.roots = ?1 AND f.mime != '' AND row_date >= ?4
            """)
        rows.bind(1, key)
        rows.bind(2, RepresentableTime.earliest)
        rows.bind(3, RepresentableTime.latest)
        rows.bind(4, floor)
        var newest = NewestRows(capacity: Self.newestCount)
        while try rows.step() {
            guard let date = rows.double(2) else { continue }
            newest.offer(date, folder: { rows.blob(0) }, name: { rows.blob(1) })
        }
        rows.reset()
        let ranked = newest.newestFirst
        let add = try db.prepare("INSERT INTO listing_newest VALUES (?, ?, ?, ?)")
        for (rank, row) in ranked.enumerated() {
            add.reset()
            add.bind(1, key); add.bind(2, Int64(rank)); add.bind(3, row.folder); add.bind(4, row.name)
            _ = try add.step()
        }
    }

    /// The oldest date, as the rows hold them now, of the files ranked before when all
    /// `newestCount` of them are still distinct media rows of the listing `key`: that many rows
    /// are at least that new, so no older row can make the cut (whatever changed in between,
    /// as every date is read afresh). Nil otherwise: every row is looked at.
    private func rankedFloor(_ key: [UInt8]) throws -> Double? {
        let ranked = try db.prepare("""
            SELECT count(*), min(row_date) FROM (
                SELECT DISTINCT n.folder, n.name, \(Self.rowDate) AS row_date
                FROM listing_newest n
                JOIN listing_folders l ON l.roots = n.roots AND l.folder = n.folder
                JOIN files f ON f.folder = n.folder AND f.name = n.name
                WHERE n.roots = ?1 AND f.mime != '')
            """)
        ranked.bind(1, key)
        ranked.bind(2, RepresentableTime.earliest)
        ranked.bind(3, RepresentableTime.latest)
        defer { ranked.reset() }
        guard try ranked.step(), ranked.int(0) == Int64(Self.newestCount), let floor = ranked.double(1) else { return nil }
        return floor
    }

    /// The newest files of the complete listing of `roots`, newest first, with the same
    /// checks `listedFiles` makes; nil when the index has no listing of these roots, no
    /// newest rows for it (an index recorded before they were), or a read fails. Values are
    /// input: a row that is gone, impossible, repeated or outside the listing's folders is
    /// skipped, and at most `newestCount` rows are read.
    public func newestListed(of roots: [RawPath]) -> [DiscoveredFile]? {
        guard !roots.isEmpty else { return nil }
        return lock.withLock { _ in
            write()
            let key = Self.listingKey(roots)
            do {
                let head = try db.prepare("SELECT completed FROM listings WHERE roots = ?")
                head.bind(1, key)
                guard try head.step(), head.double(0)?.isFinite == true else { return nil }
                head.reset()
                let ranked = try db.prepare("""
                    SELECT folder, name FROM listing_newest WHERE roots = ? ORDER BY rank LIMIT \(Self.newestCount)
                    """)
                ranked.bind(1, key)
                let inListing = try db.prepare("SELECT 1 FROM listing_folders WHERE roots = ? AND folder = ?")
                let row = try db.prepare("SELECT * FROM files WHERE folder = ? AND name = ? AND mime != ''")
                var files: [DiscoveredFile] = []
                var seen = Set<RawPath>()
                while try ranked.step() {
                    let folder = RawPath(bytes: ranked.blob(0)), name = ranked.blob(1)
                    guard let root = Self.root(of: folder, among: roots) else { continue }
                    inListing.reset()
                    inListing.bind(1, key); inListing.bind(2, folder.bytes)
                    guard try inListing.step() else { continue }
                    row.reset()
                    row.bind(1, folder.bytes); row.bind(2, name)
                    guard try row.step(), let file = Self.listedFile(folder: folder, root: root, name: name, row: Self.row(row)),
                          seen.insert(file.path).inserted else { continue }
                    files.append(file)
                }
                ranked.reset(); inListing.reset(); row.reset()  // ends the read transaction
                return files.isEmpty ? nil : files
            } catch {
                return nil  // a failed read: the open is as before
            }
        }
    }

    /// A listed row as the scan would have found it, or nil when the scan could not have
    /// written it: a name it never lists, no size, an impossible time or an unknown type.
    static func listedFile(folder: RawPath, root: RawPath, name: [UInt8], row: Row) -> DiscoveredFile? {
        guard isPlainName(name), row.size > 0, row.modified.isFinite, let kind = MediaKind(mimeType: row.info.mimeType)
        else { return nil }
        return DiscoveredFile(path: folder.appending(component: name), root: root, mimeType: row.info.mimeType, kind: kind,
                              sizeBytes: row.size, modified: row.modified, device: row.identity.device,
                              inode: row.identity.inode, metadata: row.info.metadata)
    }
}
