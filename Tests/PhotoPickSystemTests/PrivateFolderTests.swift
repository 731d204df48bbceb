import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The portal backend's folder for requests and responses: trusted only while it is a folder
/// of this user's that nobody else may enter, and read only from this user's regular files.
final class PrivateFolderTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    func testAFolderMadeHereIsPrivate() throws {
        let made = try PrivateFolder.make(in: RawPath(dir.path), prefix: "photopick-portal-1-")
        XCTAssertTrue(made.description.hasPrefix(dir.path + "/photopick-portal-1-"))
        XCTAssertNil(PrivateFolder.problem(made))
        var st = stat()
        XCTAssertEqual(stat(made.description, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o700)
    }

    func testWhatIsNotToBeTrusted() throws {
        let made = try PrivateFolder.make(in: RawPath(dir.path), prefix: "p-")
        let link = dir.path + "/link"
        XCTAssertEqual(symlink(made.description, link), 0)
        XCTAssertEqual(PrivateFolder.problem(RawPath(link)), .notAFolder, "a link to a private folder is not one")
        chmod(made.description, 0o755)
        XCTAssertEqual(PrivateFolder.problem(made), .openToOthers(0o755))
        XCTAssertNil(PrivateFolder.problem(made, exact: false), "XDG_RUNTIME_DIR may be readable; only writing is refused")
        chmod(made.description, 0o777)
        XCTAssertEqual(PrivateFolder.problem(made, exact: false), .openToOthers(0o777))
        chmod(made.description, 0o700)
        XCTAssertEqual(PrivateFolder.problem(RawPath(dir.path + "/gone")), .missing)
        if geteuid() == 0 {
            XCTAssertEqual(chown(made.description, 65534, 65534), 0)
            XCTAssertEqual(PrivateFolder.problem(made), .notOwned)
        }
    }

    /// A folder another user may write above XDG_RUNTIME_DIR lets them swap it: refused,
    /// unless it is sticky as /tmp is.
    func testFoldersAboveMustBeOursOrSticky() throws {
        let shared = dir.path + "/shared"
        let runtime = shared + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        XCTAssertNil(PrivateFolder.ancestorsProblem(RawPath(runtime)), "/tmp is sticky: \(dir.path)")
        chmod(shared, 0o777)
        XCTAssertNotNil(PrivateFolder.ancestorsProblem(RawPath(runtime)))
        chmod(shared, 0o1777)
        XCTAssertNil(PrivateFolder.ancestorsProblem(RawPath(runtime)))
        chmod(shared, 0o755)
        let link = dir.path + "/link"
        XCTAssertEqual(symlink(shared, link), 0)
        XCTAssertNil(PrivateFolder.ancestorsProblem(RawPath(link + "/run")), "a link of ours to a safe folder")
        if geteuid() == 0 {
            XCTAssertEqual(lchown(link, 65534, 65534), 0)
            XCTAssertNotNil(PrivateFolder.ancestorsProblem(RawPath(link + "/run")), "another user's link on the way: they can repoint it")
            XCTAssertEqual(chown(shared, 65534, 65534), 0)
            XCTAssertNotNil(PrivateFolder.ancestorsProblem(RawPath(runtime)), "another user's folder above")
        }
    }

    func testResponsesAreReadOnlyFromOwnRegularFiles() throws {
        let file = dir.path + "/r.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try PrivateFolder.readOwnedFile(RawPath(file), limit: 100), Array("{}".utf8))
        let secret = dir.path + "/secret"
        try Data("private key".utf8).write(to: URL(fileURLWithPath: secret))
        let link = dir.path + "/planted.json"
        XCTAssertEqual(symlink(secret, link), 0)
        XCTAssertThrowsError(try PrivateFolder.readOwnedFile(RawPath(link), limit: 100), "a link is not followed")
        XCTAssertThrowsError(try PrivateFolder.readOwnedFile(RawPath(dir.path), limit: 100), "a folder is no response")
        XCTAssertThrowsError(try PrivateFolder.readOwnedFile(RawPath(file), limit: 1), "over the limit")
        if geteuid() == 0 {
            XCTAssertEqual(chown(file, 65534, 65534), 0)
            XCTAssertThrowsError(try PrivateFolder.readOwnedFile(RawPath(file), limit: 100), "another user's file")
        }
    }

    func testRemoveTakesTheFolderAndItsFilesButNotWhatLinksPointAt() throws {
        let made = try PrivateFolder.make(in: RawPath(dir.path), prefix: "p-")
        let outside = dir.path + "/outside.txt"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: made.description + "/1.request.json"))
        XCTAssertEqual(symlink(dir.path, made.description + "/link-to-parent"), 0)
        PrivateFolder.remove(made)
        XCTAssertFalse(FileManager.default.fileExists(atPath: made.description))
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "keep")
    }
}
