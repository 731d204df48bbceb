import PhotoPickCore
import TestSupportCore
import XCTest

/// More distinct types than the facts' 16-bit index counts (65,535 and the reserved `notInterned`).
private let typeCount = 65_540

/// Types come from index rows (input): a hostile index may hold more distinct MIME types than
/// the facts' 16-bit index counts. Those past the first 65,535 must still be filtered by their own type.
final class ManyMimeTypesFilterTests: XCTestCase {
    /// Asset n (from 1) has type `image/x-t(n-1)`, so the types are interned in that order.
    private func source() -> FixtureAlbumSource {
        Fixture.source((1...typeCount).map { n in
            Fixture.asset(n, "a/\(n).img", at: Fixture.seconds(2024, 1, 1) + Double(n), mime: "image/x-t\(n - 1)")
        })
    }

    func testTypesPastTheSixteenBitIndexAreJudgedByTheirOwnType() {
        let source = source()
        func shown(_ term: AssetFilter.Term) -> [UInt32] {
            source.collection(of: .allPhotos, filter: AssetFilter([term])).assetIDs.map(\.rawValue)
        }
        XCTAssertEqual(source.facts.mimeTypes.count, typeCount)
        // Clamped to one index, these were all judged as image/x-t65535: none shown, then five.
        XCTAssertEqual(shown(.mimeType("image/x-t65538")), [65_539])
        XCTAssertEqual(shown(.mimeType("image/x-t65535")), [65_536])
        XCTAssertEqual(shown(.mimeType("image/x-t65534")), [65_535], "the last interned type")
        XCTAssertEqual(shown(.mimeType("image/x-t6553?")), Array((65_531...65_540).reversed()), "both sides of the bound")
    }

    func testTheSidebarNarrowsByTheSameRule() {
        let albums = source().albums(matching: AssetFilter([.mimeType("image/x-t65539")]))
        XCTAssertEqual(albums.first { $0.id == .allPhotos }?.assetIDs.map(\.rawValue), [65_540])
    }

    /// The verifying pass changes one such type into another: the facts alone look alike, but
    /// the asset may now pass another filter, so the views are told the assets changed.
    func testARefinedTypePastTheBoundIsNotTakenForADetail() throws {
        let root = RawPath("/lib")
        func file(_ n: Int, _ mime: String) -> DiscoveredFile {
            DiscoveredFile(path: RawPath("/lib/\(n).img"), root: root, mimeType: mime, kind: .photo, sizeBytes: 1,
                           modified: 1_700_000_000 + Double(n), device: 1, inode: UInt64(n))
        }
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        session.addScanned((0..<typeCount).map { file($0, "image/x-t\($0)") })
        session.setFilter(AssetFilter([.mimeType("image/x-t65538")]))
        XCTAssertEqual(session.shownAssets.count, 1)
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        session.refineScanned(ScanRefinement(updated: [file(65_539, "image/x-t65538")]))
        XCTAssertTrue(changes.contains(.assets), "told: \(changes)")
        XCTAssertEqual(session.shownAssets.count, 2)
    }
}
