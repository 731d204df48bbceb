@testable import PhotoPickCore
import XCTest

/// The library's path → asset map keeps only identifiers (`PathTable`, keys read back from the
/// assets): it must answer as the `[RawPath: AssetID]` it replaced, through additions, a path
/// added twice, deletions, updates that change a file's inode, and paths that are not UTF-8.
final class PathTableTests: XCTestCase {
    private let root = RawPath("/lib")

    private func paths() -> [RawPath] {
        let folders: [[UInt8]] = [Array("/lib".utf8), Array("/lib/2024".utf8), [0x2F, 0x6C, 0x69, 0x62, 0x2F, 0xFF, 0xFE],
                                  Array("/lib/caf\u{e9}".utf8)]
        var out: [RawPath] = []
        for (f, folder) in folders.enumerated() {
            for i in 0..<150 {
                let name: [UInt8] = i % 25 == 0 ? [0x80, UInt8(i % 200), 0x2E, 0x6A] : Array("IMG_\(i * 37 + f).jpg".utf8)
                out.append(RawPath(bytes: folder + [0x2F] + name))
            }
        }
        return out
    }

    private func file(_ path: RawPath, inode: UInt64, size: Int64 = 1) -> DiscoveredFile {
        DiscoveredFile(path: path, root: root, mimeType: "image/jpeg", kind: .photo, sizeBytes: size,
                       modified: 1_700_000_000, device: 1, inode: inode)
    }

    func testMatchesDictionaryUnderRandomUse() {
        let pool = paths()
        for seed: UInt64 in 1...4 {
            var rng = SplitMix(state: seed)
            let library = PhotoLibrary(roots: [root])
            var reference: [RawPath: AssetID] = [:]
            var inode: UInt64 = 1
            func fresh() -> UInt64 { inode += 1; return inode }
            for round in 0..<150 {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    // Big batches (more than 1,024 reserve room first), known paths among them.
                    let batch = (0..<Int.random(in: 1...1_300, using: &rng)).map { _ in pool.randomElement(using: &rng)! }
                    let before = library.count
                    let added = library.add(batch.map { file($0, inode: fresh()) })
                    for asset in added {
                        XCTAssertNil(reference[asset.path], "seed \(seed) round \(round): a known path added again")
                        reference[asset.path] = asset.id
                    }
                    XCTAssertEqual(library.count, before + added.count)
                case 1:
                    let deleted = (0..<Int.random(in: 0...60, using: &rng)).map { _ in pool.randomElement(using: &rng)! }
                    let update = library.apply(LibraryChangeSet(deleted: deleted))
                    for path in Set(deleted) {
                        if let id = reference.removeValue(forKey: path) { XCTAssertTrue(update.deleted.contains(id)) }
                    }
                default:
                    // Updates of known paths (a new inode, as after a save-by-rename) and insertions.
                    let known = Array(reference.keys)
                    let updated = known.isEmpty ? [] : (0..<Int.random(in: 0...30, using: &rng)).map { _ in known.randomElement(using: &rng)! }
                    let inserted = pool.filter { reference[$0] == nil }.shuffled(using: &rng).prefix(Int.random(in: 0...30, using: &rng))
                    let update = library.apply(LibraryChangeSet(inserted: inserted.map { file($0, inode: fresh()) },
                                                                updated: Set(updated).map { file($0, inode: fresh(), size: 2) }))
                    for id in update.inserted { reference[library.asset(id)!.path] = id }
                    for path in Set(updated) { XCTAssertTrue(update.updated.contains(reference[path]!), "an update keeps the identifier") }
                }
                XCTAssertEqual(library.count, reference.count, "seed \(seed) round \(round)")
                for path in pool { XCTAssertEqual(library.id(of: path), reference[path], "seed \(seed) round \(round): \(path)") }
            }
        }
    }
}
