import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class AtomicFileTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        stat(path, &st)
        return st.st_mode & 0o7777
    }

    func testWritesTheBytesWithMode0600AndLeavesNoTemporaryFile() throws {
        let old = umask(0)  // the mode must not depend on the caller's umask
        defer { umask(old) }
        let target = dir.path + "/response.json"
        try AtomicFile.write(Array("hello".utf8), to: RawPath(target))
        XCTAssertEqual(try RawFiles.read(target), Array("hello".utf8))
        XCTAssertEqual(mode(target), 0o600)
        XCTAssertEqual(try entries(), ["response.json"])
    }

    func testReplacesAnExistingFileAndItsMode() throws {
        let target = dir.path + "/r.json"
        try Data("old request, longer than the new".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o644)
        try AtomicFile.write(Array("new".utf8), to: RawPath(target))
        XCTAssertEqual(try RawFiles.read(target), Array("new".utf8))
        XCTAssertEqual(mode(target), 0o600)
        XCTAssertEqual(try entries(), ["r.json"])
    }

    func testTheTargetHoldsTheOldContentUntilTheRename() throws {
        let target = dir.path + "/r.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        var seen: (target: [UInt8], temporary: [UInt8])?
        try AtomicFile.write(Array("new".utf8), to: RawPath(target)) {
            let temporary = (try? self.entries())?.first { $0.hasPrefix(".photopick-tmp-") }
            seen = ((try? RawFiles.read(target)) ?? [], temporary.flatMap { try? RawFiles.read(self.dir.path + "/" + $0) } ?? [])
        }
        XCTAssertEqual(seen?.target, Array("old".utf8))
        XCTAssertEqual(seen?.temporary, Array("new".utf8), "complete and synced before the rename")
    }

    func testWithoutTheDataSyncAWriteIsStillAtomic() throws {
        // A cache entry's write (`syncingData: false`): no fsync of its data, but readers
        // still see the old file until the complete new one replaces it.
        let target = dir.path + "/t.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        var before: [UInt8]?
        try AtomicFile.write(Array("new, longer".utf8), to: RawPath(target), syncingData: false) {
            before = try? RawFiles.read(target)
        }
        XCTAssertEqual(before, Array("old".utf8))
        XCTAssertEqual(try RawFiles.read(target), Array("new, longer".utf8))
        XCTAssertEqual(mode(target), 0o600)
        XCTAssertEqual(try entries(), ["t.png"])
    }

    func testWorksForNamesThatAreNotUTF8() throws {
        let target = RawPath(dir.path).appending(component: [0xFF] + Array("\nr.json".utf8))
        try AtomicFile.write(Array("x".utf8), to: target)
        XCTAssertTrue(HostileNames.exists(target))
        XCTAssertEqual(try entries().count, 1)
    }

    func testFailuresLeaveNothingBehind() throws {
        XCTAssertThrowsError(try AtomicFile.write([1], to: RawPath(dir.path + "/missing/r.json")))
        try FileManager.default.createDirectory(atPath: dir.path + "/adir", withIntermediateDirectories: false)
        XCTAssertThrowsError(try AtomicFile.write([1], to: RawPath(dir.path + "/adir"))) { error in
            XCTAssertTrue("\(error)".contains("cannot replace"), "\(error)")
        }
        XCTAssertEqual(try entries(), ["adir"], "the temporary file is removed on failure")
    }
}
