internal import CSQLite
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// The fast read for a one-shot listing: every row below the roots in one ordered pass over
/// the primary key, into `KnownFiles`' arenas, instead of a query and a dictionary of row
/// objects per folder.
extension MetadataIndex {
    /// The rows of the folders at and below `roots`, by folder then name. Nil when the read
    /// fails: a failure that says the file is damaged sets the index aside at `flush`, as any
    /// read's does; the caller then lists the way a scan does.
    public func knownFiles(below roots: [RawPath]) -> KnownFiles? {
        return lock.withLock { _ in
            write()
            var known = KnownFiles()
            do {
                known.reserveCapacity(try rowsAtMost())
                let s = try db.prepare("""
                    SELECT folder, name, size, mtime, mime, capture FROM files
                    WHERE folder >= ? AND folder < ? ORDER BY folder, name
                    """)
                for range in Self.keyRanges(below: roots) {
                    s.reset()
                    s.bind(1, range.low)
                    s.bind(2, range.high)
                    while try s.step() { Self.append(s, to: &known) }
                }
                s.reset()  // ends the read transaction
            } catch {
                if (error as? SQLiteDatabase.Failure)?.meansDamage == true { metDamage = true }
                return nil
            }
            return known
        }
    }

    /// About as many rows as the file could hold (a row takes 100 bytes or more, with its key), at
    /// most 2^24: room reserved once instead of columns doubled twenty times (each doubling a
    /// copy, and pages touched anew). Room beyond the rows read is never touched, so it costs
    /// address space, not memory.
    private func rowsAtMost() throws -> Int {
        let pages = try db.prepare("PRAGMA page_count"), size = try db.prepare("PRAGMA page_size")
        defer { pages.reset(); size.reset() }
        guard try pages.step(), try size.step(), let count = pages.int(0), let bytes = size.int(0),
              count > 0, bytes > 0 else { return 0 }
        let (total, overflow) = count.multipliedReportingOverflow(by: bytes)
        return overflow ? 1 << 24 : Int(min(total / 100, 1 << 24))
    }

    /// One row into `known`, its values read as `row(_:)` reads them (NULL size or time is
    /// -1, which matches no file; NULL type is not media), straight from SQLite's buffers.
    private static func append(_ s: SQLiteDatabase.Statement, to known: inout KnownFiles) {
        guard sqlite3_column_type(s.raw, 0) == SQLITE_BLOB else { return }  // what `folder = ?` never matches
        let size = s.int(2) ?? -1, modified = s.double(3) ?? -1, capture = s.double(5)
        let mime = sqlite3_column_text(s.raw, 4).map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) }
            ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let folder = s.bytes(0), name = s.bytes(1)
        known.append(folder: folder, name: name, size: size, modified: modified, mimeType: mime, capture: capture)
    }

    /// Half-open ranges of folder keys, in order and disjoint, that hold each root and every
    /// folder below it: `R` is [R, R + NUL) and its subtree [R + "/", R + "0") ("0" follows
    /// "/" in byte order).
    static func keyRanges(below roots: [RawPath]) -> [(low: [UInt8], high: [UInt8])] {
        var ranges: [(low: [UInt8], high: [UInt8])] = []
        for root in roots {
            ranges.append((root.bytes, root.bytes + [0]))
            ranges.append((root.bytes + [UInt8(ascii: "/")], root.bytes + [UInt8(ascii: "0")]))
        }
        ranges.sort { RawPath(bytes: $0.low) < RawPath(bytes: $1.low) }
        var merged: [(low: [UInt8], high: [UInt8])] = []
        for range in ranges {
            if let last = merged.last, !(RawPath(bytes: last.high) < RawPath(bytes: range.low)) {
                if RawPath(bytes: last.high) < RawPath(bytes: range.high) { merged[merged.count - 1].high = range.high }
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}

extension FileSystemScanner {
    /// `listMedia` with the rows `index` holds below the roots (read on the listing's second
    /// thread); without an index, or when its read fails, every file is read.
    public func listMedia(index: MetadataIndex?) -> MediaListing {
        let roots = roots
        return listMedia(known: { index?.knownFiles(below: roots) ?? KnownFiles() })
    }
}

extension SQLiteDatabase.Statement {
    /// Column `i`'s bytes, valid until the next step or reset (no copy).
    func bytes(_ i: Int32) -> UnsafeRawBufferPointer {
        let p = sqlite3_column_blob(raw, i)
        return UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : Int(sqlite3_column_bytes(raw, i)))
    }
}
