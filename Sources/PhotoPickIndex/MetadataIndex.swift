import Foundation
import Glibc
import PhotoPickCore

/// The SQLite metadata index in `$XDG_CACHE_HOME/photopick/index.sqlite3`, keyed by path,
/// size and modification time: reopening an unchanged library reads no file contents.
///
/// It is a cache, never trusted blindly: a file that is not SQLite, fails SQLite's own
/// check, or carries another application's or schema version's marks is moved aside and
/// rebuilt. Two pickers may share it: WAL mode, a busy timeout, and writes that give up
/// rather than block (a lost write only costs a later re-read).
public final class MetadataIndex: ScanCache, @unchecked Sendable {
    public static let schemaVersion = "1"

    public let path: String
    private let lock = NSLock()
    private let db: SQLiteDatabase
    private var rows: [RawPath: Row] = [:]
    private var unwritten: [DiscoveredFile] = []
    /// Why the index was rebuilt at open, if it was (for the log and the tests).
    public private(set) var rebuiltBecause: String?

    struct Row { let size: Int64; let modified: Double; let info: CachedFileInfo }

    /// `$XDG_CACHE_HOME/photopick/index.sqlite3` (default `~/.cache`).
    public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return cacheHome + "/photopick/index.sqlite3"
    }

    public init(path: String = MetadataIndex.standardPath()) throws {
        self.path = path
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
            // Keep the bad file for a post-mortem, out of the way; start afresh.
            for suffix in ["", "-wal", "-shm"] { rename(path + suffix, path + ".broken" + suffix) }
            rebuiltBecause = reason
            opened = try SQLiteDatabase(path: path)
        }
        db = opened!
        chmod(path, 0o600)
        try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        try createSchema()
        try loadRows()
    }

    /// Nil when `db` is a healthy index of ours (or empty), else why not.
    private static func problem(with db: SQLiteDatabase) throws -> String? {
        guard try db.text("PRAGMA quick_check") == "ok" else { return "failed SQLite's integrity check" }
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

    private func createSchema() throws {
        try db.execute("""
            CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT OR IGNORE INTO meta VALUES ('application', 'photopick'), ('schema', '\(Self.schemaVersion)');
            CREATE TABLE IF NOT EXISTS files(
                path BLOB PRIMARY KEY, size INTEGER NOT NULL, mtime REAL NOT NULL, mime TEXT NOT NULL,
                width INTEGER, height INTEGER, orientation INTEGER NOT NULL,
                capture REAL, capture_offset INTEGER, date_source TEXT NOT NULL,
                latitude REAL, longitude REAL, altitude REAL, make TEXT, model TEXT,
                rating INTEGER, screenshot INTEGER NOT NULL, duration REAL
            ) WITHOUT ROWID;
            """)
    }

    private func loadRows() throws {
        let s = try db.prepare("SELECT * FROM files")
        while try s.step() {
            let metadata = AssetMetadata(
                pixelWidth: s.int(4).map(Int.init), pixelHeight: s.int(5).map(Int.init),
                orientation: Int(s.int(6) ?? 1),
                captureDate: s.double(7).map { CaptureDate(seconds: $0, utcOffset: s.int(8).map(Int.init)) },
                dateSource: DateSource(rawValue: s.text(9) ?? "") ?? .modified,
                location: s.double(10).flatMap { lat in s.double(11).map { GeoLocation(latitude: lat, longitude: $0, altitude: s.double(12)) } },
                cameraMake: s.text(13), cameraModel: s.text(14), rating: s.int(15).map(Int.init),
                isScreenshot: (s.int(16) ?? 0) != 0, durationSeconds: s.double(17))
            rows[RawPath(bytes: s.blob(0))] = Row(size: s.int(1) ?? -1, modified: s.double(2) ?? -1,
                                                 info: CachedFileInfo(mimeType: s.text(3) ?? "", metadata: metadata))
        }
    }

    public var count: Int { lock.lock(); defer { lock.unlock() }; return rows.count }

    public func lookup(_ path: RawPath, size: Int64, modified: Double) -> CachedFileInfo? {
        lock.lock(); defer { lock.unlock() }
        guard let row = rows[path], row.size == size, row.modified == modified else { return nil }
        return row.info
    }

    deinit { flush() }

    /// Remembers files at once in memory; writes to disk in batches of 512 (and on `flush`).
    public func store(_ files: [DiscoveredFile]) {
        guard !files.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        for f in files {
            rows[f.path] = Row(size: f.sizeBytes, modified: f.modified, info: CachedFileInfo(mimeType: f.mimeType, metadata: f.metadata))
        }
        unwritten += files
        if unwritten.count >= 512 { write() }
    }

    public func flush() {
        lock.lock(); defer { lock.unlock() }
        write()
    }

    /// One transaction for everything buffered (call with the lock held).
    private func write() {
        guard !unwritten.isEmpty else { return }
        let files = unwritten
        unwritten.removeAll()
        try? transaction {
            let s = try db.prepare("INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
            for f in files {
                let m = f.metadata
                s.reset()
                s.bind(1, f.path.bytes); s.bind(2, f.sizeBytes); s.bind(3, f.modified); s.bind(4, f.mimeType)
                s.bind(5, m.pixelWidth.map(Int64.init)); s.bind(6, m.pixelHeight.map(Int64.init)); s.bind(7, Int64(m.orientation))
                s.bind(8, m.captureDate?.seconds); s.bind(9, m.captureDate?.utcOffset.map(Int64.init)); s.bind(10, m.dateSource.rawValue)
                s.bind(11, m.location?.latitude); s.bind(12, m.location?.longitude); s.bind(13, m.location?.altitude)
                s.bind(14, m.cameraMake); s.bind(15, m.cameraModel); s.bind(16, m.rating.map(Int64.init))
                s.bind(17, Int64(m.isScreenshot ? 1 : 0)); s.bind(18, m.durationSeconds)
                _ = try s.step()
            }
        }
    }

    public func forget(_ paths: [RawPath]) {
        guard !paths.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        for p in paths { rows[p] = nil }
        try? transaction {
            let s = try db.prepare("DELETE FROM files WHERE path = ?")
            for p in paths { s.reset(); s.bind(1, p.bytes); _ = try s.step() }
        }
    }

    private func transaction(_ body: () throws -> Void) throws {
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
