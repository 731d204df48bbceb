import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `list` and `albums` use the window's metadata index: a second run over an unchanged
/// library takes every file from it and opens none.
final class HeadlessIndexTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
        environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = dir.path + "/cache"
    }

    private func listJSON() throws -> [[String: Any]] {
        let out = try ProcessRunner.run(Binaries.photopick, ["list", "--json", library.root], environment: environment)
        XCTAssertEqual(out.status, 0, out.stderrText)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
    }

    /// Garbage of the same size and modification time is not looked at again: the second run
    /// still lists the photo as the JPEG the first run found (an unindexed run drops it).
    func testSecondListTakesUnchangedFilesFromTheIndex() throws {
        let first = try listJSON()
        XCTAssertEqual(first.count, 7)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path + "/cache/photopick/index.sqlite3"),
                      "the first run wrote the index")

        let beach = library.root + "/beach.jpg"
        var before = stat()
        XCTAssertEqual(stat(beach, &before), 0)
        let size = Int(before.st_size)
        try Data(repeating: 0x41, count: size).write(to: URL(fileURLWithPath: beach))
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, beach, &times, 0), 0)

        let second = try listJSON()
        let entry = try XCTUnwrap(second.first { ($0["path"] as? String) == beach }, "still listed: the index was used")
        XCTAssertEqual(entry["mime_type"] as? String, "image/jpeg")
        XCTAssertEqual(entry["width"] as? Int, 320, "its metadata came from the index too")

        // Changed (another mtime): read again, and no longer media.
        XCTAssertEqual(utimensat(AT_FDCWD, beach, nil, 0), 0)
        let third = try listJSON()
        XCTAssertNil(third.first { ($0["path"] as? String) == beach })
        XCTAssertEqual(third.count, 6)
    }
}
