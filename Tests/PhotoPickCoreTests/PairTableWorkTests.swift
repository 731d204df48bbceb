@testable import PhotoPickCore
import XCTest

/// What pairing costs is counted, not timed: the lookups the table makes into the library.
/// A companion that finds no still waits, and unrelated files arriving beside it must not
/// make the table try it (and every other waiting one) again.
final class PairTableWorkTests: XCTestCase {
    private let folder = RawPath("/lib/DCIM")

    private func asset(_ id: UInt32, _ name: String, _ mime: String) -> Asset {
        Asset(id: AssetID(id), path: folder.appending(component: Array(name.utf8)), mimeType: mime,
              kind: mime.hasPrefix("video/") ? .video : .photo, sizeBytes: 10, modified: 0, albumID: .folder(folder),
              metadata: AssetMetadata(durationSeconds: mime.hasPrefix("video/") ? 3 : nil))
    }

    func testLoneCompanionsAreNotTriedAgainForUnrelatedArrivals() {
        var table = PairTable()
        var assets: [AssetID: Asset] = [:]
        var byPath: [RawPath: AssetID] = [:]
        var lookups = 0
        let lookup = PairTable.Lookup(asset: { lookups += 1; return assets[$0] },
                                      id: { lookups += 1; return byPath[$0] })
        func add(_ a: Asset) {
            assets[a.id] = a
            byPath[a.path] = a.id
            table.added(a)
        }
        // 2,000 RAW files and movies without a still: each tried once, as it came.
        for i in 0..<2_000 { add(asset(UInt32(i + 1), "LONE_\(i)." + (i % 2 == 0 ? "NEF" : "MOV"), i % 2 == 0 ? "image/x-nikon-nef" : "video/quicktime")) }
        _ = table.resolve(lookup)
        let firstPass = lookups
        XCTAssertLessThanOrEqual(firstPass, 2_000 * 10, "a few lookups per companion")

        // 500 photos of other names, one change at a time, as a copy into the folder arrives.
        lookups = 0
        for i in 0..<500 {
            add(asset(UInt32(10_000 + i), "OTHER_\(i).JPG", "image/jpeg"))
            XCTAssertTrue(table.resolve(lookup).isEmpty)
        }
        XCTAssertEqual(lookups, 0, "no waiting companion is tried for a still it cannot take")

        // The still one of them waits for: that one alone is tried, and pairs.
        add(asset(20_000, "LONE_10.JPG", "image/jpeg"))
        XCTAssertEqual(table.resolve(lookup), [AssetID(11), AssetID(20_000)])
        XCTAssertLessThanOrEqual(lookups, 12)
    }
}
