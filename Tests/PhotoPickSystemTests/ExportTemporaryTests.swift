import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// An export's file while it is written: unnamed until published where the file system
/// allows, a locked `.photopick-export-` file where it does not; a dead run's named files
/// are swept, a live run's are not.
final class ExportTemporaryTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    /// Writes through the path a worker is given, as a worker would (a descriptor of its own).
    private func writeAsWorker(_ file: ExportTemporary, _ text: String) throws {
        let fd = open(file.workerPath.description, O_WRONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0, "the worker's path opens: \(SystemError.text(errno))")
        defer { close(fd) }
        try FileContents.write(Array(text.utf8), to: fd)
    }

    func testAnUnnamedFileHasNoNameUntilPublishedAndNeverReplacesOne() throws {
        try Data("taken".utf8).write(to: dir.url("a.jpg"))
        let file = try ExportTemporary.make(in: RawPath(dir.path))
        XCTAssertNil(file.name, "tmpfs and ext4 have O_TMPFILE")
        try writeAsWorker(file, "exported")
        XCTAssertEqual(try entries(), ["a.jpg"], "nothing of it has a name while it is written")
        let path = try file.publish(stem: Array("a".utf8), fileExtension: Array("jpg".utf8), mode: 0o644)
        XCTAssertEqual(path.description, dir.path + "/a (2).jpg")
        XCTAssertEqual(FileManager.default.contents(atPath: path.description), Data("exported".utf8))
        XCTAssertEqual(FileManager.default.contents(atPath: dir.path + "/a.jpg"), Data("taken".utf8))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path.description)[.posixPermissions] as? Int, 0o644)
        XCTAssertEqual(fcntl(file.fd, F_GETFD), -1, "publishing closed it")
    }

    func testANamedFileIsLockedWhileItLivesAndGoesWithDiscard() throws {
        let file = try ExportTemporary.make(in: RawPath(dir.path), unnamed: false)
        let name = try XCTUnwrap(file.name)
        XCTAssertTrue(name.lastComponent.hasPrefix(".photopick-export-"), name.description)
        try writeAsWorker(file, "half")
        let other = open(name.description, O_RDONLY | O_CLOEXEC)
        defer { close(other) }
        XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), -1, "a running export holds its lock")
        XCTAssertEqual(errno, EWOULDBLOCK)
        file.discard()
        XCTAssertEqual(try entries(), [])

        let published = try ExportTemporary.make(in: RawPath(dir.path), unnamed: false)
        try writeAsWorker(published, "whole")
        let path = try published.publish(stem: Array("b".utf8), fileExtension: Array("png".utf8), mode: 0o600)
        XCTAssertEqual(try entries(), ["b.png"])
        XCTAssertEqual(FileManager.default.contents(atPath: path.description), Data("whole".utf8))
    }

    /// Dead: unlocked and a minute old. A running export's (locked), one just made (young),
    /// a link, another name and another user's file stay.
    func testTheSweepRemovesOnlyADeadRunsFiles() throws {
        let old = Date().timeIntervalSince1970 - 3600
        let victim = dir.path + "/victim.jpg"
        try Data("someone's photo".utf8).write(to: URL(fileURLWithPath: victim))
        let asRoot = getuid() == 0  // only root can give a file to another user
        for name in [".photopick-export-dead01", ".photopick-export-live01", ".photopick-export-young1", "keep.jpg"]
            + (asRoot ? [".photopick-export-other1"] : []) {
            try Data("x".utf8).write(to: dir.url(name))
            if name != ".photopick-export-young1" { try ImageFactory.setModified(dir.path + "/" + name, old) }
        }
        if asRoot { XCTAssertEqual(chown(dir.path + "/.photopick-export-other1", 65_534, 65_534), 0) }
        XCTAssertEqual(symlink(victim, dir.path + "/.photopick-export-link01"), 0)
        var live = open(dir.path + "/.photopick-export-live01", O_RDONLY | O_CLOEXEC)
        defer { if live >= 0 { close(live) } }
        XCTAssertEqual(flock(live, LOCK_EX), 0)

        let removed = ExportLeftovers.sweep(in: RawPath(dir.path), now: Date().timeIntervalSince1970)
        XCTAssertEqual(removed.map(\.lastComponent), [".photopick-export-dead01"])
        var kept = [".photopick-export-link01", ".photopick-export-live01", ".photopick-export-young1", "keep.jpg", "victim.jpg"]
        if asRoot { kept.append(".photopick-export-other1") }
        XCTAssertEqual(try entries(), kept.sorted())
        XCTAssertEqual(FileManager.default.contents(atPath: victim), Data("someone's photo".utf8))

        // Once the run holding it is gone, its file goes too.
        close(live)
        live = -1
        XCTAssertEqual(ExportLeftovers.sweep(in: RawPath(dir.path), now: Date().timeIntervalSince1970).map(\.lastComponent),
                       [".photopick-export-live01"])
    }
}
