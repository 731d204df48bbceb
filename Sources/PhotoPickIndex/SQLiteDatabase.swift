internal import CSQLite
import Foundation

/// A thin, throwing wrapper over one SQLite connection.
final class SQLiteDatabase {
    let handle: OpaquePointer

    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let description: String

        /// The file itself is damaged (not merely busy or full): the index must be set aside.
        var meansDamage: Bool {
            let primary = code & 0xFF  // extended codes carry the primary one in the low byte
            return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
        }
    }

    init(path: String) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw Failure(code: rc, description: "\(path): \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, 2000)  // another picker writing: wait a little, then give up
    }

    /// `close_v2`: statements still alive (a lazily prepared one may outlive this by a moment)
    /// would make `sqlite3_close` fail and leak the connection, leaving the WAL unmerged.
    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        guard rc == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "error \(rc)"
            sqlite3_free(error)
            throw Failure(code: rc, description: message)
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw Failure(code: rc, description: String(cString: sqlite3_errmsg(handle)))
        }
        return Statement(statement)
    }

    /// The first column of the first row of `sql` as text.
    func text(_ sql: String) throws -> String? {
        let s = try prepare(sql)
        return try s.step() ? s.text(0) : nil
    }

    final class Statement {
        let raw: OpaquePointer
        init(_ raw: OpaquePointer) { self.raw = raw }
        deinit { sqlite3_finalize(raw) }

        func reset() { sqlite3_reset(raw); sqlite3_clear_bindings(raw) }

        /// True while there is a row; throws on errors.
        func step() throws -> Bool {
            let rc = sqlite3_step(raw)
            if rc == SQLITE_ROW { return true }
            if rc == SQLITE_DONE { return false }
            throw Failure(code: rc, description: String(cString: sqlite3_errmsg(sqlite3_db_handle(raw))))
        }

        func bind(_ i: Int32, _ value: [UInt8]) {
            _ = value.withUnsafeBytes { sqlite3_bind_blob(raw, i, $0.baseAddress, Int32($0.count), pp_sqlite_transient()) }
        }
        func bind(_ i: Int32, _ value: String?) {
            if let value { sqlite3_bind_text(raw, i, value, -1, pp_sqlite_transient()) } else { sqlite3_bind_null(raw, i) }
        }
        func bind(_ i: Int32, _ value: Int64?) {
            if let value { sqlite3_bind_int64(raw, i, value) } else { sqlite3_bind_null(raw, i) }
        }
        func bind(_ i: Int32, _ value: Double?) {
            if let value { sqlite3_bind_double(raw, i, value) } else { sqlite3_bind_null(raw, i) }
        }

        func isNull(_ i: Int32) -> Bool { sqlite3_column_type(raw, i) == SQLITE_NULL }
        func blob(_ i: Int32) -> [UInt8] {
            let n = Int(sqlite3_column_bytes(raw, i))
            guard n > 0, let p = sqlite3_column_blob(raw, i) else { return [] }
            return Array(UnsafeRawBufferPointer(start: p, count: n))
        }
        func text(_ i: Int32) -> String? { sqlite3_column_text(raw, i).map { String(cString: $0) } }
        func int(_ i: Int32) -> Int64? { isNull(i) ? nil : sqlite3_column_int64(raw, i) }
        func double(_ i: Int32) -> Double? { isNull(i) ? nil : sqlite3_column_double(raw, i) }
    }
}
