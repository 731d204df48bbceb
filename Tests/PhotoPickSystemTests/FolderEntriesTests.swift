import Foundation
import PhotoPickCore
@testable import PhotoPickSystem
import TestSupportCore
import XCTest

/// One folder's read, as any thread may make it: every visible name byte for byte in its
/// arena, each with its `stat` (links followed, nil when dangling), hidden entries left out,
/// and a folder that cannot be opened reported with its error.
final class FolderEntriesTests: XCTestCase {
    func testNamesAndStatsOfOneFolder() throws {
        let dir = TemporaryDirectory()
        let folder = RawPath(dir.path + "/f")
        try FileManager.default.createDirectory(atPath: folder.description + "/sub", withIntermediateDirectories: true)
        let odd: [UInt8] = [0xFF, 0x0A, 0x61]  // not UTF-8, with a newline
        try RawFiles.write([1, 2, 3], to: folder.appending(component: odd))
        try RawFiles.write([1], to: folder.appending(component: Array(".hidden".utf8)))
        try FileManager.default.createSymbolicLink(atPath: folder.description + "/dangling", withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(atPath: folder.description + "/link", withDestinationPath: "sub")
        let entries = FolderEntries.read(folder)
        XCTAssertNil(entries.failure)
        XCTAssertFalse(entries.denied)
        var byName: [[UInt8]: FileSystemScanner.FileInfo?] = [:]
        for i in 0..<entries.count { byName[Array(entries.nameBytes[entries.nameRange(i)])] = entries.infos[i] }
        XCTAssertEqual(Set(byName.keys), [odd, Array("sub".utf8), Array("dangling".utf8), Array("link".utf8)])
        XCTAssertEqual(byName[odd]??.size, 3)
        XCTAssertEqual(byName[odd]??.isRegular, true)
        XCTAssertEqual(byName[Array("link".utf8)]??.isDirectory, true, "a link is followed")
        XCTAssertEqual(byName[Array("link".utf8)]??.key, byName[Array("sub".utf8)]??.key)
        XCTAssertNil(byName[Array("dangling".utf8)]!, "a dangling link has no stat")
        XCTAssertEqual(entries.nameEnds.last, entries.nameBytes.count)
    }

    func testAFolderThatCannotBeOpenedSaysWhy() {
        let dir = TemporaryDirectory()
        let entries = FolderEntries.read(RawPath(dir.path + "/gone"))
        XCTAssertEqual(entries.failure, SystemError(call: "opendir", code: ENOENT))
        XCTAssertEqual(entries.count, 0)
    }
}
