@testable import PhotoPickCore
import XCTest

/// A session that cannot adopt adds the prepared files again, each with the root it lies
/// under. With nested roots a file lies under both; the walk gives it the innermost one,
/// which is where its album title starts, so the files made again must do the same.
final class PreparedLibraryNestedRootsTests: XCTestCase {
    func testFilesMadeAgainTakeTheInnermostRoot() {
        let outer = RawPath("/lib"), inner = RawPath("/lib/Pictures")
        func file(_ path: String, inode: UInt64, root: RawPath) -> DiscoveredFile {
            DiscoveredFile(path: RawPath(path), root: root, mimeType: "image/jpeg", kind: .photo, sizeBytes: 1,
                           modified: 1_700_000_000, device: 1, inode: inode, metadata: AssetMetadata())
        }
        let files = [file("/lib/Pictures/trip/a.jpg", inode: 1, root: inner),
                     file("/lib/Pictures-old/b.jpg", inode: 2, root: outer),
                     file("/lib/c.jpg", inode: 3, root: outer)]
        for roots in [[outer, inner], [inner, outer]] {
            let prepared = PreparedLibrary(roots: roots, restriction: .none, files: files, now: 1_800_000_000)
            let rootOf = Dictionary(uniqueKeysWithValues: prepared.files.map { ($0.path, $0.root) })
            XCTAssertEqual(rootOf, Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.root) }), "roots \(roots)")
        }
    }
}
