import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

/// Links to folders are followed, but never out of the library: not up to `/` or an
/// ancestor of a root, not into /proc or /sys; and no folder is listed twice.
final class FolderBoundaryTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!
    private var root: String { dir.path + "/Pictures" }

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        try ImageFactory.write(root + "/own.jpg", width: 8, height: 8, format: .jpeg)
        // A deliberate link to a camera folder elsewhere: its photos belong in the library.
        try ImageFactory.write(dir.path + "/Camera/DCIM/phone.jpg", width: 8, height: 8, format: .jpeg)
        try link("Phone", to: dir.path + "/Camera")
        try link("everything", to: "/")
        try link("up", to: dir.path)  // the root's parent
        try link("proc", to: "/proc/self")
        try link("sys", to: "/sys/class")
        try link("again", to: root)  // the root itself
        try link("Phone2", to: dir.path + "/Camera/DCIM")  // a folder already reached through Phone
    }

    override func tearDown() { dir = nil }

    private func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
    }

    private var expected: [String] { [root + "/Phone/DCIM/phone.jpg", root + "/own.jpg"] }

    func testTheScanFollowsDeliberateLinksOnly() throws {
        let scanner = FileSystemScanner(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer())
        var folders: [RawPath] = []
        let problems = scanner.walk { path, _, _, _ in folders.append(path.parent) }
        let (files, summary) = scanner.scanAll()
        XCTAssertEqual(files.map(\.path.description).sorted(), expected)
        XCTAssertLessThan(summary.filesSeen, 10, "the walk stayed inside the library")
        XCTAssertEqual(problems, [])
        XCTAssertEqual(Set(folders).count, 2)
    }

    func testTheTwoPassScanKeepsTheSameBoundary() {
        let scanner = FileSystemScanner(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer())
        var listed: [DiscoveredFile] = []
        scanner.scanInTwoPasses(onListed: { listed += $0 }, onRefined: { _ in })
        XCTAssertEqual(listed.map(\.path.description).sorted(), expected)
    }

    func testAFolderThatAppearsWithALinkOutIsNotWalkedEither() throws {
        let before = Watching.snapshot([root])
        try FileManager.default.createDirectory(atPath: root + "/new", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/new/root", withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: root + "/new/dev", withDestinationPath: "/dev")
        try ImageFactory.write(root + "/new/fresh.jpg", width: 8, height: 8, format: .jpeg)
        let changes = FolderDiff(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer())
            .changes(in: [RawPath(root)], snapshot: before, watchedFolders: [])
        XCTAssertEqual(changes.inserted.map(\.path.description), [root + "/new/fresh.jpg"])
    }

    func testPseudoFileSystemsAreKnownFromTheMountTable() {
        let boundary = FolderBoundary(roots: [RawPath(root)])
        XCTAssertFalse(boundary.admits(RawPath("/proc")))
        XCTAssertFalse(boundary.admits(RawPath("/sys")))
        XCTAssertFalse(boundary.admits(RawPath("/")))
        XCTAssertFalse(boundary.admits(RawPath(dir.path)), "an ancestor of the root")
        XCTAssertTrue(boundary.admits(RawPath(root)))
        XCTAssertTrue(boundary.admits(RawPath(dir.path + "/Camera")))
        // A root given by the user is never refused as an ancestor of another root.
        let nested = FolderBoundary(roots: [RawPath(dir.path), RawPath(root)])
        XCTAssertTrue(nested.admits(RawPath(dir.path)))
    }
}

private extension FolderBoundary {
    /// Whether a walk may enter the folder at `path`, as it asks for a folder it found.
    func admits(_ path: RawPath) -> Bool {
        guard let key = FileSystemCalls.identity(path) else { return true }  // what cannot be read is the walker's to report
        return admits(key)
    }
}
