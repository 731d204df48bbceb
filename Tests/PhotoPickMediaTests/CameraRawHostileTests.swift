import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// RAW files that cannot be shown: no preview, a preview of garbage, a file cut short, a
/// preview whose header claims a bomb's size. Each is a failure of the kind any undecodable
/// file gets (recorded, so the tile shows the broken-image mark with its reason), never a
/// crash, never IFD0's thumbnail passed off as the photo.
final class CameraRawHostileTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var service: ThumbnailService!

    override func setUp() {
        dir = TemporaryDirectory()
        service = ThumbnailService(cache: FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails"))
    }

    private func previewJPEG() throws -> [UInt8] {
        let path = dir.path + "/preview.jpg"
        try ImageFactory.write(path, width: 600, height: 400, format: .jpeg)
        return try RawFiles.read(path)
    }

    private func nef(_ name: String, preview: [UInt8]?) throws -> RawPath {
        let path = dir.path + "/" + name + ".nef"
        try CameraRawWriter.write(path, format: .nef, preview: preview)
        return RawPath(path)
    }

    /// The full pass's error; the failure is recorded in the shared cache, and the large
    /// preview refuses the file without opening it again.
    private func failure(_ path: RawPath, mime: String = "image/x-nikon-nef", file: StaticString = #filePath,
                         line: UInt = #line) throws -> MediaError {
        let result = ThumbnailWorker.handle(WorkerRequest(id: 1, kind: .full, side: 186, mimeType: mime, path: path), service: service)
        guard case .failure(let error) = result else {
            XCTFail("\(path): a thumbnail was made", file: file, line: line)
            return .failedBefore(path: path)
        }
        let source = try XCTUnwrap(service.cache.source(for: path), file: file, line: line)
        XCTAssertTrue(service.cache.hasFailed(source), "\(path): the failure is recorded", file: file, line: line)
        XCTAssertEqual(LargeImage.decode(path, mimeType: mime, fitting: 800, cache: service.cache).failure, .failedBefore(path: path),
                       file: file, line: line)
        return error
    }

    /// An XMP thumbnail's sides are the text's claim: 4294967295 × 4294967295 must neither
    /// overflow choosing the largest preview nor be chosen.
    func testAPreviewClaimingThirtyTwoBitSidesIsPassedOver() throws {
        let path = try nef("claims", preview: try previewJPEG())
        let packet = dir.path + "/thumb.xmp"
        let base64 = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/preview.jpg")).base64EncodedString()
        try Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpGImg="http://ns.adobe.com/xap/1.0/g/img/">
            <xmp:Thumbnails><rdf:Alt><rdf:li rdf:parseType="Resource"><xmpGImg:format>JPEG</xmpGImg:format>
            <xmpGImg:width>4294967295</xmpGImg:width><xmpGImg:height>4294967295</xmpGImg:height>
            <xmpGImg:image>\(base64)</xmpGImg:image></rdf:li></rdf:Alt></xmp:Thumbnails>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8).write(to: URL(fileURLWithPath: packet))
        try ExifTool.write(path.description, ["-xmp<=" + packet])
        // The camera's own 600 × 400 preview is still found and shown.
        let result = ThumbnailWorker.handle(WorkerRequest(id: 1, kind: .full, side: 186, mimeType: "image/x-nikon-nef", path: path),
                                            service: service)
        guard case .success = result else { return XCTFail("no thumbnail: \(result)") }
    }

    func testNoPreviewSaysSo() throws {
        let path = try nef("nopreview", preview: nil)
        XCTAssertEqual(try failure(path), .noPreview(path: path, cacheChecked: false))
        XCTAssertEqual(MediaError.noPreview(path: path, cacheChecked: false).message(in: .english), "has no embedded preview")
        // Read afresh, not from the record: the large preview says the same.
        let fresh = ThumbnailService(cache: FreedesktopThumbnailCache(root: dir.path + "/other-cache"))
        XCTAssertEqual(LargeImage.decode(path, mimeType: "image/x-nikon-nef", fitting: 800, cache: fresh.cache).failure,
                       .noPreview(path: path, cacheChecked: false))
    }

    func testEveryFormatWithoutPreviewFails() throws {
        for format in CameraRawWriter.Format.allCases {
            let path = RawPath(dir.path + "/bare." + format.rawValue)
            try CameraRawWriter.write(path.description, format: format, preview: nil)
            let error = try failure(path, mime: format.mimeType)
            // A RAF's header names its JPEG: without one exiv2 reads no RAF at all.
            XCTAssertEqual(error, format == .raf ? .failed(path: path, step: .header, reason: nil) : .noPreview(path: path, cacheChecked: false),
                           "\(format)")
        }
    }

    func testAPreviewOfGarbageIsNoPreview() throws {
        var rng = SeededGenerator(seed: 29)
        let garbage = [0xFF, 0xD8] + (0..<4000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let path = try nef("garbage", preview: garbage)
        let error = try failure(path)
        XCTAssertTrue([.noPreview(path: path, cacheChecked: false), .failed(path: path, step: .header, reason: nil),
                       .failed(path: path, step: .decode, reason: nil)].contains(error), "\(error)")
    }

    func testAPreviewCutShortFails() throws {
        let jpeg = try previewJPEG()
        let path = try nef("cut", preview: Array(jpeg.prefix(jpeg.count / 2)))
        XCTAssertEqual(try failure(path), .failed(path: path, step: .decode, reason: nil))
    }

    func testAFileCutShortFails() throws {
        let jpeg = try previewJPEG()
        let whole = try nef("whole", preview: jpeg)
        let bytes = try RawFiles.read(whole.description)
        // After the preview come IFD0's 576-byte thumbnail and 64 bytes of sensor data.
        for (name, count) in [("head", 100), ("mid-preview", bytes.count - 640 - jpeg.count / 2)] {
            let path = RawPath(dir.path + "/" + name + ".nef")
            try RawFiles.write(Array(bytes.prefix(count)), to: path)
            let error = try failure(path)
            XCTAssertTrue([.noPreview(path: path, cacheChecked: false), .failed(path: path, step: .header, reason: nil),
                           .failed(path: path, step: .decode, reason: nil)].contains(error), "\(name): \(error)")
        }
    }

    func testAPreviewClaimingABombsSizeIsRefusedBeforeDecoding() throws {
        var jpeg = try previewJPEG()
        // The baseline frame header (SOF0): height and width after the precision byte.
        let sof = try XCTUnwrap((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])  // 60,000 × 60,000
        let path = try nef("bomb", preview: jpeg)
        let error = try failure(path)
        XCTAssertTrue([.tooLarge(path: path, width: 60000, height: 60000, limit: .cap(ImageDecoder.configuredMaxPixels)),
                       .noPreview(path: path, cacheChecked: false)].contains(error), "\(error)")
    }

    func testTheQuickPassOfARAWWithoutPreviewIsAMissNotAFailure() throws {
        let path = try nef("nopreview", preview: nil)
        let result = ThumbnailWorker.handle(WorkerRequest(id: 1, kind: .quick, side: 186, mimeType: "image/x-nikon-nef", path: path),
                                            service: service)
        XCTAssertEqual(result.failure, .noPreview(path: path, cacheChecked: true))
        XCTAssertFalse(service.cache.hasFailed(try XCTUnwrap(service.cache.source(for: path))), "only the full pass records")
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
