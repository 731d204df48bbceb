import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Camera RAW files as each format lays them out (`CameraRawWriter`): their type sniffed
/// right, their thumbnail, quick pass and large preview the embedded JPEG (not IFD0's green
/// thumbnail) turned by the RAW's orientation, their metadata as a JPEG's, the size the
/// sensor's.
final class CameraRawTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var service: ThumbnailService!
    /// The preview's colours (`ImageFactory`): a base, and its inverse in the stored top-left quarter.
    private let base: [UInt8] = [200, 60, 40], marker: [UInt8] = [55, 195, 215]

    override func setUp() {
        dir = TemporaryDirectory()
        service = ThumbnailService(cache: FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails"))
    }

    /// A 600 × 400 JPEG, the preview's bytes.
    private func previewJPEG(width: Int = 600, height: Int = 400) throws -> [UInt8] {
        let path = dir.path + "/preview-\(width)x\(height).jpg"
        try ImageFactory.write(path, width: width, height: height, format: .jpeg)
        return try RawFiles.read(path)
    }

    private func raw(_ format: CameraRawWriter.Format, orientation: UInt16 = 6) throws -> String {
        let path = dir.path + "/DSC_0001." + format.rawValue.uppercased()
        try CameraRawWriter.write(path, format: format, preview: previewJPEG(), orientation: orientation)
        return path
    }

    private func sniffed(_ path: String) throws -> String? {
        let sniffer = GIOContentTypeSniffer()
        let name = Array((path as NSString).lastPathComponent.utf8)
        return sniffer.mimeType(name: name, head: Array(try RawFiles.read(path).prefix(sniffer.headLength)))
    }

    /// `image` is the preview turned by orientation 6: portrait, the marker at the top right.
    private func assertUprightPreview(_ image: DecodedImage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(image.height, image.width, "\(what): turned a quarter", file: file, line: line)
        XCTAssertEqual(Double(image.height) / Double(image.width), 1.5, accuracy: 0.02, "\(what): the preview's shape", file: file, line: line)
        let near = { (a: [UInt8], b: [UInt8]) in zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 40 } }
        let topRight = image.pixel(x: image.width * 3 / 4, y: image.height / 4)
        let bottomLeft = image.pixel(x: image.width / 4, y: image.height * 3 / 4)
        XCTAssertTrue(near(Array(topRight.prefix(3)), marker), "\(what): top right is \(topRight)", file: file, line: line)
        XCTAssertTrue(near(Array(bottomLeft.prefix(3)), base), "\(what): bottom left is \(bottomLeft)", file: file, line: line)
    }

    func testEveryFormatIsSniffedAsItsRAWType() throws {
        for format in CameraRawWriter.Format.allCases {
            let path = try raw(format)
            XCTAssertEqual(try sniffed(path), format.mimeType, "\(format)")
            XCTAssertTrue(CameraRaw.isRaw(format.mimeType), "\(format)")
            XCTAssertEqual(MediaTypeByName.guess(Array("x.\(format.rawValue)".utf8)), format.mimeType, "\(format) by name")
        }
        XCTAssertFalse(CameraRaw.isRaw("image/tiff"))
        XCTAssertFalse(CameraRaw.isRaw("image/jpeg"))
    }

    func testTheNameNarrowsTheBytesButNeverOverridesThem() throws {
        let sniffer = GIOContentTypeSniffer()
        let tiff = Array(try RawFiles.read(raw(.nef)).prefix(512))
        XCTAssertEqual(sniffer.mimeType(name: Array("scan.tif".utf8), head: tiff), "image/tiff", "a TIFF named as one")
        XCTAssertEqual(sniffer.mimeType(name: Array("scan".utf8), head: tiff), "image/tiff", "no name: the bytes")
        XCTAssertEqual(sniffer.mimeType(name: Array("x.pef".utf8), head: tiff), "image/x-pentax-pef")
        try ImageFactory.write(dir.path + "/p.png", width: 8, height: 8, format: .png)
        let png = try RawFiles.read(dir.path + "/p.png")
        XCTAssertEqual(sniffer.mimeType(name: Array("DSC_1.NEF".utf8), head: png), "image/png", "a PNG named .NEF is a PNG")
        XCTAssertEqual(sniffer.mimeType(name: Array("x.orf".utf8), head: tiff), "image/tiff", "an ORF has its own magic; a TIFF is not one")
        // CR3 has no magic shared-mime-info knows: BMFF bytes say nothing certain, the name decides.
        let crx: [UInt8] = [0, 0, 0, 0x18] + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8)
        XCTAssertEqual(sniffer.mimeType(name: Array("IMG_0001.CR3".utf8), head: crx), "image/x-canon-cr3")
    }

    func testEveryRAWTypeGetsTheQuickEmbeddedPreviewPass() {
        for type in CameraRawWriter.Format.allCases.map(\.mimeType) {
            XCTAssertTrue(ThumbnailTarget(id: AssetID(1), path: RawPath("/r"), mimeType: type).mayEmbedPreview, type)
        }
        XCTAssertFalse(ThumbnailTarget(id: AssetID(1), path: RawPath("/r"), mimeType: "image/png").mayEmbedPreview)
    }

    func testTheThumbnailIsTheEmbeddedPreviewTurnedByTheRAWsOrientation() throws {
        for format in CameraRawWriter.Format.allCases {
            let path = try raw(format)
            let request = { (kind: WorkerRequest.Kind) in
                ThumbnailWorker.handle(WorkerRequest(id: 1, kind: kind, side: 186, mimeType: format.mimeType, path: RawPath(path)),
                                       service: self.service)
            }
            let (full, origin) = try request(.full).get()
            XCTAssertEqual(origin, .made, "\(format)")
            XCTAssertEqual(max(full.width, full.height), 256, "\(format): the large thumbnail, from a 600 px preview")
            assertUprightPreview(full, "\(format) full pass")
            let (quick, _) = try request(.preview).get()
            assertUprightPreview(quick, "\(format) quick pass")
        }
    }

    /// The preview pane zooms up to the size stated: the preview's pixels, not the sensor's,
    /// which only the metadata states (a CR3's preview is 1620 px of an 8192 px sensor).
    func testTheLargePreviewIsTheEmbeddedJPEGWithItsOwnSize() throws {
        for format in CameraRawWriter.Format.allCases {
            let path = try raw(format)
            let large = try LargeImage.decode(RawPath(path), mimeType: format.mimeType, fitting: 450, cache: service.cache).get()
            assertUprightPreview(large.image, "\(format) large")
            XCTAssertEqual([large.image.width, large.image.height], [300, 450], "\(format): fitted, not enlarged")
            XCTAssertEqual([large.storedWidth, large.storedHeight], [600, 400], "\(format): the preview's size, as stored")
        }
    }

    func testMetadataIsReadAsForAJPEG() throws {
        for format in CameraRawWriter.Format.allCases {
            let path = try raw(format)
            let metadata = Exiv2MetadataReader().metadata(for: RawPath(path), mimeType: format.mimeType, modified: 0)
            XCTAssertEqual(metadata.cameraMake, "TestMaker", "\(format)")
            XCTAssertEqual(metadata.cameraModel, "RAW One", "\(format)")
            XCTAssertEqual(metadata.orientation, 6, "\(format)")
            XCTAssertEqual(metadata.dateSource, .exif, "\(format)")
            XCTAssertEqual(metadata.location?.latitude ?? 0, 48.858, accuracy: 0.001, "\(format)")
            XCTAssertEqual([metadata.pixelWidth, metadata.pixelHeight], [6000, 4000], "\(format): the sensor's size")
        }
    }
}
