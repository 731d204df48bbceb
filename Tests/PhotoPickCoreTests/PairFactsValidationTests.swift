@testable import PhotoPickCore
import XCTest

/// The two facts pairs are found by — a content identifier and a Motion Photo's embedded
/// video — come from files and caches photopick does not control: validation keeps only
/// values that can be compared, stored and printed safely, and a video inside the file.
final class PairFactsValidationTests: XCTestCase {
    private func asset(size: Int64, _ metadata: AssetMetadata) -> Asset {
        Asset(id: AssetID(1), path: RawPath("/lib/a.jpg"), mimeType: "image/jpeg", kind: .photo,
              sizeBytes: size, modified: 0, albumID: .folder(RawPath("/lib")), metadata: metadata)
    }

    func testAnAppleUUIDIsKept() {
        let id = "8C4F9D2A-51E0-4B7B-9F4A-3E2D1C0B9A87"
        XCTAssertEqual(AssetMetadata(contentIdentifier: id).validated().contentIdentifier, id)
    }

    func testIdentifiersThatAreNotShortPrintableASCIIAreDropped() {
        for bad in ["", " ", "a b", "line\nbreak", "tab\t", "é-accent", "\u{0}nul", String(repeating: "A", count: 65), "\u{7F}"] {
            XCTAssertNil(AssetMetadata(contentIdentifier: bad).validated().contentIdentifier, "kept \(bad.debugDescription)")
        }
        XCTAssertEqual(AssetMetadata(contentIdentifier: String(repeating: "A", count: 64)).validated().contentIdentifier?.count, 64)
    }

    func testAnEmbeddedVideoMustBeInsideTheFile() {
        let inside = ByteRange(offset: 100, length: 900)
        XCTAssertEqual(asset(size: 1_000, AssetMetadata(motionVideo: inside)).metadata.motionVideo, inside)
        XCTAssertNil(asset(size: 999, AssetMetadata(motionVideo: inside)).metadata.motionVideo, "ends past the file")
        for bad in [ByteRange(offset: 0, length: 10), ByteRange(offset: 10, length: 0), ByteRange(offset: -5, length: 10),
                    ByteRange(offset: 10, length: -1), ByteRange(offset: Int64.max, length: 2)] {
            XCTAssertNil(asset(size: Int64.max, AssetMetadata(motionVideo: bad)).metadata.motionVideo, "kept \(bad)")
        }
    }

    func testChangingAnAssetsMetadataChecksTheVideoAgain() {
        var a = asset(size: 1_000, AssetMetadata())
        a.metadata.motionVideo = ByteRange(offset: 500, length: 501)
        XCTAssertNil(a.metadata.motionVideo)
        a.metadata.motionVideo = ByteRange(offset: 500, length: 500)
        XCTAssertEqual(a.metadata.motionVideo?.end, 1_000)
    }
}
