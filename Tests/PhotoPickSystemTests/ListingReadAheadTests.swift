import Foundation
import PhotoPickCore
import PhotoPickMedia
@testable import PhotoPickSystem
import Synchronization
import TestSupport
import TestSupportCore
import XCTest

/// `photopick list`'s walk on two threads (`FolderReadAhead`) lists exactly what it lists on
/// one: the same paths in the same order, the same hard-link and folder-link winners, the
/// same problems, whichever thread reads a folder, in whatever order the reads finish, and
/// whether the index's rows arrive before the walk starts or long after.
final class ListingReadAheadTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: RawPath!

    override func setUp() {
        dir = TemporaryDirectory()
        root = RawPath(dir.path + "/library")
    }

    /// 12 folders of 5 photos, some with a subfolder; ties in modification time; a hard link
    /// across folders and a link to a folder (the walk's order picks which path is listed),
    /// a link loop, a hidden file; and rows for half the files with capture times.
    private func makeLibrary() throws -> KnownFiles {
        let files = FileManager.default
        try ImageFactory.write(dir.path + "/seed.jpg", width: 8, height: 8, format: .jpeg)
        let bytes = try RawFiles.read(dir.path + "/seed.jpg")
        var folders: [String] = []
        for f in 0..<12 {
            let folder = root.description + String(format: "/f%02d", f)
            folders.append(folder)
            if f % 3 == 0 { folders.append(folder + "/sub") }
        }
        for (i, folder) in folders.enumerated() {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for p in 0..<5 {
                let path = folder + "/p\(p).jpg"
                try RawFiles.write(bytes, to: RawPath(path))
                try ImageFactory.setModified(path, 1_600_000_000 + Double((i * 5 + p) % 7) * 3_600)  // many ties
            }
        }
        try RawFiles.hardLink(root.description + "/f07/twin.jpg", to: root.description + "/f02/p1.jpg")
        try files.createSymbolicLink(atPath: root.description + "/f01/link", withDestinationPath: "../f05")
        try files.createSymbolicLink(atPath: root.description + "/f03/sub/up", withDestinationPath: "..")
        try RawFiles.write(bytes, to: RawPath(root.description + "/f04/.hidden.jpg"))
        var known = KnownFiles()
        for folder in folders.sorted() {
            for p in stride(from: 0, to: 5, by: 2) {
                let path = folder + "/p\(p).jpg"
                var st = stat()
                XCTAssertEqual(stat(path, &st), 0)
                let modified = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
                Array(folder.utf8).withUnsafeBytes { f in
                    Array("p\(p).jpg".utf8).withUnsafeBytes { n in
                        Array("image/jpeg".utf8).withUnsafeBytes { m in
                            _ = known.append(folder: f, name: n, size: Int64(st.st_size), modified: modified,
                                             mimeType: m, capture: 1_500_000_000 + Double(p))
                        }
                    }
                }
            }
        }
        return known
    }

    private var scanner: FileSystemScanner { FileSystemScanner(roots: [root], sniffer: GIOContentTypeSniffer()) }

    /// The listing's lines (newest first), dates and problems.
    private func summary(_ listing: MediaListing) throws -> (lines: [UInt8], dates: [Double], problems: [ScanProblem]) {
        let out = dir.path + "/out-\(UUID().uuidString)"
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var output = BufferedOutput(fd: fd)
        try listing.writeLines(listing.newestFirst(), to: &output)
        try output.flush()
        close(fd)
        return (try RawFiles.read(out), listing.dates, listing.problems)
    }

    /// A folder's read, slowed by a delay that depends on its path (so reads finish out of
    /// order), recording whether the test's own thread read it.
    private static func slowed(_ read: @escaping @Sendable (RawPath) -> FolderEntries, salt: Int, testThread: pthread_t,
                               readers: Readers) -> @Sendable (RawPath) -> FolderEntries {
        { folder in
            readers.onTestThread.withLock { _ = $0.insert(pthread_equal(pthread_self(), testThread) != 0) }
            usleep(useconds_t((folder.bytes.reduce(salt) { $0 &* 31 &+ Int($1) } & 3) * 2_000))
            return read(folder)
        }
    }

    func testSameListingWhicheverThreadReadsAFolderAndWhenTheRowsArrive() throws {
        let known = try makeLibrary()
        let alone = try summary(scanner.listMedia(readingAhead: 0, read: FolderEntries.read, known: { known }))
        XCTAssertEqual(alone.dates.count, 12 * 5 + 4 * 5, "every photo once: the twin and the linked folder not again")
        XCTAssertTrue(alone.problems.isEmpty, "\(alone.problems)")
        let readers = Readers()
        for (salt, depth, waitingLimit, rowsAfter) in [(1, 8, 1 << 17, 30_000), (2, 3, 2, 30_000), (3, 8, 1 << 17, 0), (4, 1, 7, 5_000)] {
            let read = Self.slowed(FolderEntries.read, salt: salt, testThread: pthread_self(), readers: readers)
            let listing = scanner.listMedia(readingAhead: depth, read: read, waitingLimit: waitingLimit,
                                            known: { usleep(useconds_t(rowsAfter)); return known })
            let both = try summary(listing)
            XCTAssertTrue(both.lines == alone.lines, "the same lines at depth \(depth), rows after \(rowsAfter) µs")
            XCTAssertEqual(both.dates, alone.dates, "depth \(depth), rows after \(rowsAfter) µs")
            XCTAssertEqual(both.problems, alone.problems)
        }
        XCTAssertEqual(readers.onTestThread.withLock { $0 }, [true, false], "folders were read on both threads")
        // The rows were used: a file with a row has its capture time as its date.
        XCTAssertTrue(alone.dates.contains(1_500_000_002))
    }

    func testProblemsFromEitherThreadAreReportedAsOnOne() throws {
        let known = try makeLibrary()
        let failing = RawPath(root.description + "/f04"), denied = RawPath(root.description + "/f06/sub")
        try FileManager.default.createDirectory(atPath: denied.description, withIntermediateDirectories: true)
        let read: @Sendable (RawPath) -> FolderEntries = { folder in
            if folder == failing { return FolderEntries(failure: SystemError(call: "opendir", code: EIO)) }
            var entries = FolderEntries.read(folder)
            if folder == denied { entries.denied = true }
            return entries
        }
        let alone = try summary(scanner.listMedia(readingAhead: 0, read: read, known: { known }))
        XCTAssertEqual(alone.problems, [ScanProblem(path: failing, error: SystemError(call: "opendir", code: EIO)),
                                        ScanProblem(path: denied, error: SystemError(call: "stat", code: EACCES))])
        XCTAssertFalse(String(decoding: alone.lines, as: UTF8.self).contains("/f04/"), "nothing of the folder that failed")
        let readers = Readers()
        for salt in 1...3 {
            let slowed = Self.slowed(read, salt: salt, testThread: pthread_self(), readers: readers)
            let both = try summary(scanner.listMedia(readingAhead: 8, read: slowed, known: { usleep(10_000); return known }))
            XCTAssertEqual(both.problems, alone.problems)
            XCTAssertTrue(both.lines == alone.lines, "the same lines")
        }
        XCTAssertEqual(readers.onTestThread.withLock { $0 }, [true, false], "folders were read on both threads")
    }
}

/// Whether each folder read ran on the test's own thread (true) or the helper (false).
private final class Readers: Sendable {
    let onTestThread = Mutex<Set<Bool>>([])
}
