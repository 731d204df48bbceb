import Foundation
import Glibc
import Synchronization
import PhotoPickCore
import PhotoPickSystem

/// The SQLite metadata index in `$XDG_CACHE_HOME/photopick/index.sqlite3`, keyed by path,
/// size and modification time: reopening an unchanged library reads no file contents.
///
/// It is a cache, never trusted blindly: a file that is not SQLite, fails SQLite's own
/// check, or carries another application's or schema version's marks is moved aside and
/// rebuilt. Two pickers may share it: WAL mode, a busy timeout, and writes that give up
/// rather than block (a lost write only costs a later re-read).
///
/// Rows are keyed by (folder, name) and read a folder at a time, as the scanner reaches it
/// (`prepare(folder:)`): nothing is loaded at open, and no table of 100,000 rows is kept
/// in memory — the window's first screen waits for neither.
// Safe: `db` and the mutable fields are used only inside `lock.withLock` (each public method
// holds it for its whole body; the helpers say "call with the lock held"); `rebuiltBecause`
// is set in `init` only, the rest is immutable.
public final class MetadataIndex: ScanCache, @unchecked Sendable {
    // 3: video durations, sizes and dates; 4: file identity, listings; 5: screenshots known by
    // what the tools write (names, Software, UserComment), no longer by a screen-sized PNG:
    // every file's flag is read again, from tags the older rows never kept; 6: a video's place
    // (QuickTime boxes, XMP) and a photo's XMP-only GPS; 7: Apple's content identifier and a
    // Motion Photo's video range (issue 29's pairs), which older rows never read.
    public static let schemaVersion = "7"

    public let path: String
    /// Held by every method that reads or writes the fields below or `db`, for its whole call.
    let lock = Mutex(())
    let db: SQLiteDatabase
    /// Stored and not yet written (looked up first: they are the newest).
    var unwritten: [RawPath: Row] = [:]
    /// The rows of the folder the scan is in, by name.
    var prepared: (folder: RawPath, rows: [[UInt8]: Row])?
    private var checked = false
    /// Whether `flush` runs SQLite's whole-file check (see `init`).
    private let checksWholeFile: Bool
    /// A read failed because the file is damaged: `flush` sets the index aside.
    var metDamage = false
    /// Why the index was rebuilt at open, if it was (for the log and the tests).
    public private(set) var rebuiltBecause: String?

    struct Row {
        let size: Int64
        let modified: Double
        let info: CachedFileInfo
        var identity = FileIdentity(device: 0, inode: 0)
    }

    /// `$XDG_CACHE_HOME/photopick/index.sqlite3` (default `~/.cache`: `BaseDirectories`).
    public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        BaseDirectories.ofThisProcess(\.cacheHome, environment) + "/photopick/index.sqlite3"
    }

    /// `checksWholeFile: false` is for one-shot runs (`photopick list`, `albums`): the whole-file
    /// check reads every page (seconds at a million rows), while damage on the pages such a run
    /// reads fails its query and still sets the index aside; the window's scan checks it all.
    public init(path: String = MetadataIndex.standardPath(), checksWholeFile: Bool = true) throws {
        self.path = path
        self.checksWholeFile = checksWholeFile
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        var reason: String?
        var opened: SQLiteDatabase?
        do {
            let db = try SQLiteDatabase(path: path)
            reason = try Self.problem(with: db)
            if reason == nil { opened = db }
        } catch {
            reason = "unreadable: \(error)"
        }
        if let reason {
            Self.moveAside(path)
            rebuiltBecause = reason
            opened = try SQLiteDatabase(path: path)
        }
        db = opened!
        chmod(path, 0o600)
        try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        try createSchema()
    }

    /// Keeps a bad file for a post-mortem, out of the way, so the next open starts afresh.
    private static func moveAside(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { rename(path + suffix, path + ".broken" + suffix) }
    }

    /// Nil when `db` is one of ours (or empty), else why not. Cheap: reads the schema and the
    /// marks only. SQLite's full `quick_check` reads every page, so it runs after the scan
    /// (`flush`), off the path of the first screen.
    private static func problem(with db: SQLiteDatabase) throws -> String? {
        let tables = try db.text("SELECT count(*) FROM sqlite_master") ?? "0"
        if tables == "0" { return nil }
        guard (try? db.text("SELECT value FROM meta WHERE key = 'application'")) == "photopick" else {
            return "not a photopick index"
        }
        guard (try? db.text("SELECT value FROM meta WHERE key = 'schema'")) == schemaVersion else {
            return "schema version differs"
        }
        return nil
    }

    /// At every open, each table only if missing: an index of this schema written before a
    /// table was added to it (`listing_newest`) gets the table here, empty.
    private func createSchema() throws {
        try db.execute("""
            CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT OR IGNORE INTO meta VALUES ('application', 'photopick'), ('schema', '\(Self.schemaVersion)');
            CREATE TABLE IF NOT EXISTS files(
                folder BLOB NOT NULL, name BLOB NOT NULL, size INTEGER NOT NULL, mtime REAL NOT NULL, mime TEXT NOT NULL,
                width INTEGER, height INTEGER, orientation INTEGER NOT NULL,
                capture REAL, capture_offset INTEGER, date_source TEXT NOT NULL,
                latitude REAL, longitude REAL, altitude REAL, make TEXT, model TEXT,
                rating INTEGER, screenshot INTEGER NOT NULL, duration REAL,
                device INTEGER NOT NULL, inode INTEGER NOT NULL,
                content_id TEXT, motion_offset INTEGER, motion_length INTEGER,
                PRIMARY KEY (folder, name)
            ) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS listings(roots BLOB PRIMARY KEY, completed REAL NOT NULL, files INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS listing_folders(
                roots BLOB NOT NULL, folder BLOB NOT NULL, PRIMARY KEY (roots, folder)
            ) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS listing_newest(
                roots BLOB NOT NULL, rank INTEGER NOT NULL, folder BLOB NOT NULL, name BLOB NOT NULL,
                PRIMARY KEY (roots, rank)
            ) WITHOUT ROWID;
            """)
    }

    /// Media files in the index (rows for known non-media files are not counted).
    public var count: Int {
        return lock.withLock { _ in
            write()
            return Int((try? db.text("SELECT count(*) FROM files WHERE mime != ''")).flatMap { $0 }.flatMap(Int.init) ?? 0)
        }
    }

    // MARK: Reading

    /// The statement `prepare(folder:)` runs a thousand times a scan, compiled once.
    private lazy var folderQuery = try? db.prepare("SELECT * FROM files WHERE folder = ?")

    public func prepare(folder: RawPath) {
        lock.withLock { _ in
            var rows: [[UInt8]: Row] = [:]
            rows.reserveCapacity(max(16, prepared?.rows.count ?? 0))
            if let s = folderQuery {
                s.reset()
                s.bind(1, folder.bytes)
                while step(s) { rows[s.blob(1)] = Self.row(s) }
                s.reset()  // ends the read transaction, so another picker's writes are not held up
            }
            prepared = (folder, rows)
        }
    }

    public func lookup(_ path: RawPath, size: Int64, modified: Double) -> CachedFileInfo? {
        return lock.withLock { _ in
            let row: Row?
            if let fresh = unwritten[path] {
                row = fresh
            } else if let prepared, prepared.folder == path.parent {
                row = prepared.rows[Array(path.lastComponentBytes)]
            } else if let s = try? db.prepare("SELECT * FROM files WHERE folder = ? AND name = ?") {
                s.bind(1, path.parent.bytes)
                s.bind(2, Array(path.lastComponentBytes))
                row = step(s) ? Self.row(s) : nil
            } else {
                row = nil
            }
            guard let row, row.size == size, row.modified == modified else { return nil }
            return row.info
        }
    }

    /// Steps a read (call with the lock held); a failure that says the file is damaged is
    /// remembered for `flush`, any other failure just ends the read (the file is read again).
    private func step(_ s: SQLiteDatabase.Statement) -> Bool {
        do {
            return try s.step()
        } catch {
            if (error as? SQLiteDatabase.Failure)?.meansDamage == true { metDamage = true }
            return false
        }
    }

    static func row(_ s: SQLiteDatabase.Statement) -> Row {
        let metadata = AssetMetadata(
            pixelWidth: s.int(5).map(Int.init), pixelHeight: s.int(6).map(Int.init),
            orientation: Int(s.int(7) ?? 1),
            captureDate: s.double(8).map { CaptureDate(seconds: $0, utcOffset: s.int(9).map(Int.init)) },
            dateSource: DateSource(rawValue: s.text(10) ?? "") ?? .modified,
            location: s.double(11).flatMap { lat in s.double(12).map { GeoLocation(latitude: lat, longitude: $0, altitude: s.double(13)) } },
            cameraMake: s.text(14), cameraModel: s.text(15), rating: s.int(16).map(Int.init),
            isScreenshot: (s.int(17) ?? 0) != 0, durationSeconds: s.double(18),
            contentIdentifier: s.text(21), motionVideo: s.int(22).flatMap { at in s.int(23).map { ByteRange(offset: at, length: $0) } })
        return Row(size: s.int(2) ?? -1, modified: s.double(3) ?? -1, info: CachedFileInfo(mimeType: s.text(4) ?? "", metadata: metadata),
                   identity: FileIdentity(device: UInt64(bitPattern: s.int(19) ?? 0), inode: UInt64(bitPattern: s.int(20) ?? 0)))
    }

    // MARK: Writing

    deinit { flush() }

    /// Remembers files at once; writes them in batches of 512 (and on `flush`).
    public func store(_ files: [DiscoveredFile]) {
        guard !files.isEmpty else { return }
        lock.withLock { _ in
            buffer(files)
            if unwritten.count >= 512 { write() }
        }
    }

    /// Adds `files` to the rows waiting to be written (call with the lock held).
    func buffer(_ files: [DiscoveredFile]) {
        for f in files {
            unwritten[f.path] = Row(size: f.sizeBytes, modified: f.modified,
                                    info: CachedFileInfo(mimeType: f.mimeType, metadata: f.metadata),
                                    identity: FileIdentity(device: f.device, inode: f.inode))
        }
    }

    /// Non-media files are kept as rows with an empty type, so they are not sniffed again.
    public func storeNotMedia(_ files: [ScannedStamp]) {
        guard !files.isEmpty else { return }
        lock.withLock { _ in
            for f in files {
                unwritten[f.path] = Row(size: f.size, modified: f.modified, info: CachedFileInfo(mimeType: "", metadata: AssetMetadata()))
            }
            if unwritten.count >= 512 { write() }
        }
    }

    /// Writes what is buffered; the first time, also checks the whole file with SQLite's
    /// `quick_check` (a scan is over by then) unless told not to, moving a damaged index aside
    /// for the next run — as it does when a read met damage.
    public func flush() {
        lock.withLock { _ in
            write()
            guard !checked else { return }
            checked = true
            if metDamage || (checksWholeFile && (try? db.text("PRAGMA quick_check")) != "ok") { Self.moveAside(path) }
        }
    }

    /// One transaction for everything buffered (call with the lock held).
    func write() {
        guard !unwritten.isEmpty else { return }
        let rows = unwritten
        unwritten.removeAll()
        prepared = nil  // it may hold older rows of these files
        try? transaction { try insert(rows) }
    }

    /// Writes `rows` (call inside a transaction, with the lock held).
    func insert(_ rows: [RawPath: Row]) throws {
        let s = try db.prepare("INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
        for (path, row) in rows {
            let m = row.info.metadata
            s.reset()
            s.bind(1, path.parent.bytes); s.bind(2, Array(path.lastComponentBytes))
            s.bind(3, row.size); s.bind(4, row.modified); s.bind(5, row.info.mimeType)
            s.bind(6, m.pixelWidth.map(Int64.init)); s.bind(7, m.pixelHeight.map(Int64.init)); s.bind(8, Int64(m.orientation))
            s.bind(9, m.captureDate?.seconds); s.bind(10, m.captureDate?.utcOffset.map(Int64.init)); s.bind(11, m.dateSource.rawValue)
            s.bind(12, m.location?.latitude); s.bind(13, m.location?.longitude); s.bind(14, m.location?.altitude)
            s.bind(15, m.cameraMake); s.bind(16, m.cameraModel); s.bind(17, m.rating.map(Int64.init))
            s.bind(18, Int64(m.isScreenshot ? 1 : 0)); s.bind(19, m.durationSeconds)
            s.bind(20, Int64(bitPattern: row.identity.device)); s.bind(21, Int64(bitPattern: row.identity.inode))
            s.bind(22, m.contentIdentifier); s.bind(23, m.motionVideo?.offset); s.bind(24, m.motionVideo?.length)
            _ = try s.step()
        }
    }

    public func forget(_ paths: [RawPath]) {
        guard !paths.isEmpty else { return }
        lock.withLock { _ in
            for p in paths { unwritten[p] = nil }
            prepared = nil
            try? transaction { try delete(paths) }
        }
    }

    /// Deletes the rows of `paths` (call inside a transaction, with the lock held).
    func delete(_ paths: [RawPath]) throws {
        let s = try db.prepare("DELETE FROM files WHERE folder = ? AND name = ?")
        for p in paths {
            s.reset()
            s.bind(1, p.parent.bytes)
            s.bind(2, Array(p.lastComponentBytes))
            _ = try s.step()
        }
    }

    func transaction(_ body: () throws -> Void) throws {
        try db.execute("BEGIN IMMEDIATE")
        do {
            try body()
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }
}
