import Foundation
import PhotoPickCore
import PhotoPickSystem
@testable import PhotoPickMedia
import TestSupport
import XCTest

/// Issue 29's two facts, read from real-format samples (`PairSamples`) on every path a file
/// takes: a Live Photo's identifier from a JPEG's head (the Swift Exif reader), from exiv2,
/// from a HEIC's Exif block and from a movie's keys; a Motion Photo's video from a JPEG's
/// XMP (both prefix styles, and MicroVideo) and from a HEIC's XMP or `mpvd` box. The
/// hostile samples give nothing, and never a crash.
final class PairMetadataReaderTests: XCTestCase {
    private let reader = Exiv2MetadataReader()

    private func read(_ path: String, _ mime: String) -> AssetMetadata {
        reader.metadata(for: RawPath(path), mimeType: mime, modified: 0)
    }

    /// What the scan's probe gives: the head where the reader takes it, else the file.
    private func probed(_ path: String) throws -> AssetMetadata {
        let probe = MediaProbe(sniffer: GIOContentTypeSniffer(), metadataReader: reader)
        let raw = RawPath(path)
        guard case .media(_, _, let metadata) = probe.probe(raw, name: Array(raw.lastComponentBytes), modified: 0) else {
            throw XCTSkip("\(path) is not media to the sniffer")
        }
        return metadata
    }

    private func fastPath(_ path: String) throws -> MetadataFindings? {
        let head = Array(try RawFiles.read(path).prefix(JPEGHeadMetadata.headLength))
        return head.withUnsafeBufferPointer(JPEGHeadMetadata.findings)
    }

    func testALivePhotoJPEGAndItsMovieCarryTheSameIdentifier() throws {
        let dir = TemporaryDirectory()
        let live = try PairSamples.livePhotoJPEG(in: dir.path)
        // The sample is what exiftool, a reader independent of ours, calls an Apple note.
        let tags = try ExifTool.tags(live.still)
        XCTAssertTrue(tags.contains { ($0.key.hasSuffix("MediaGroupUUID") || $0.key.hasSuffix("ContentIdentifier")) && $0.value == PairSamples.identifier },
                      "\(tags)")
        XCTAssertTrue(try ExifTool.tags(live.movie).contains { $0.key.hasSuffix("ContentIdentifier") && $0.value == PairSamples.identifier })

        XCTAssertEqual(try fastPath(live.still)?.contentIdentifier, PairSamples.identifier, "the Swift Exif reader")
        XCTAssertEqual(Exiv2File.open(RawPath(live.still))?.findings().contentIdentifier, PairSamples.identifier, "exiv2's raw note")
        XCTAssertEqual(read(live.still, "image/jpeg").contentIdentifier, PairSamples.identifier)
        XCTAssertEqual(try probed(live.still).contentIdentifier, PairSamples.identifier)
        XCTAssertEqual(read(live.movie, "video/quicktime").contentIdentifier, PairSamples.identifier)
        XCTAssertEqual(try probed(live.movie).contentIdentifier, PairSamples.identifier)
        XCTAssertNil(read(live.still, "image/jpeg").motionVideo)
    }

    func testAJPEGStillWithXMPIsReadThroughExiv2() throws {
        let dir = TemporaryDirectory()
        let live = try PairSamples.livePhotoJPEG(in: dir.path, stem: "IMG_0003")
        try ExifWriter.write(live.still, tags: [("Xmp.xmp.Rating", "3")])
        XCTAssertNil(try fastPath(live.still), "XMP: the fast path declines")
        let metadata = try probed(live.still)
        XCTAssertEqual(metadata.contentIdentifier, PairSamples.identifier)
        XCTAssertEqual(metadata.rating, 3)
    }

    func testALivePhotoHEICCarriesItsIdentifier() throws {
        let dir = TemporaryDirectory()
        guard let live = try PairSamples.livePhotoHEIC(in: dir.path) else { throw XCTSkip("libheif cannot encode HEVC here") }
        XCTAssertEqual(read(live.still, "image/heif").contentIdentifier, PairSamples.identifier)
        XCTAssertEqual(try probed(live.still).contentIdentifier, PairSamples.identifier)
        XCTAssertNil(try probed(live.still).motionVideo)
    }

    func testMotionPhotoJPEGsGiveTheExactRangeOfTheirVideo() throws {
        let dir = TemporaryDirectory()
        let samples = [try PairSamples.motionPhotoJPEG(in: dir.path),
                       try PairSamples.motionPhotoJPEG(in: dir.path, name: "PXL_0003.MP.jpg", style: .exiftool13),
                       try PairSamples.microVideoJPEG(in: dir.path),
                       try PairSamples.motionPhotoSamsungJPEG(in: dir.path)]
        for sample in samples {
            let bytes = try RawFiles.read(sample.path)
            // Google's video runs to the end; Samsung's is followed by the rest of its trailer.
            if sample.path.hasSuffix("MP.jpg") || sample.path.contains("MVIMG") {
                XCTAssertEqual(sample.video.end, Int64(bytes.count), sample.path)
            }
            XCTAssertEqual(Array(bytes[Int(sample.video.offset + 4)..<Int(sample.video.offset + 8)]), Array("ftyp".utf8))
            XCTAssertEqual(read(sample.path, "image/jpeg").motionVideo, sample.video, sample.path)
            let probed = try probed(sample.path)
            XCTAssertEqual(probed.motionVideo, sample.video, sample.path)
            XCTAssertNil(probed.contentIdentifier)
            // And it survives the asset's own check against the file's size.
            let asset = Asset(id: AssetID(1), path: RawPath(sample.path), mimeType: "image/jpeg", kind: .photo,
                              sizeBytes: Int64(bytes.count), modified: 0, albumID: .folder(RawPath(dir.path)), metadata: probed)
            XCTAssertEqual(asset.metadata.motionVideo, sample.video)
        }
        // exiftool agrees each is a motion photo of its kind.
        XCTAssertEqual(try ExifTool.tags(samples[2].path)["XMP-GCamera:MicroVideoOffset"], "\(samples[2].video.length)")
        XCTAssertTrue(try ExifTool.tags(samples[3].path).contains { $0.key.hasSuffix("EmbeddedVideoFile") }, "the SEF trailer's video")
        XCTAssertNotNil(try fastPath(samples[3].path), "a Samsung JPEG without XMP takes the fast path")
    }

    func testOnlySamsungsMakeIsLookedAtForATrailer() {
        for make in ["samsung", "SAMSUNG", "Samsung Techwin"] { XCTAssertTrue(MotionVideoLocator.mayHaveTrailer(make), make) }
        for make in ["", "Sams", "Canon", "Apple", " samsung", "samsunq"] { XCTAssertFalse(MotionVideoLocator.mayHaveTrailer(make), make) }
    }

    func testMotionPhotoHEICsGiveTheirMotionBox() throws {
        let dir = TemporaryDirectory()
        guard let google = try PairSamples.motionPhotoHEIC(in: dir.path),
              let samsung = try PairSamples.motionPhotoHEIC(in: dir.path, name: "20240601_120000.heic", xmp: false) else {
            throw XCTSkip("libheif cannot encode HEVC here")
        }
        for sample in [google, samsung] {
            XCTAssertEqual(read(sample.path, "image/heif").motionVideo, sample.video, sample.path)
            XCTAssertEqual(try probed(sample.path).motionVideo, sample.video, sample.path)
            XCTAssertEqual(try probed(sample.path).pixelWidth, 64, "libheif still reads the picture")
        }
    }

    func testHostileSamplesGiveNothingAndNeverCrash() throws {
        let dir = TemporaryDirectory()
        let hostile = try PairSamples.hostile(in: dir.path)
        for name in ["xmp-length-past-end.jpg", "garbage-video.jpg", "video-cut-off.jpg", "not-motion.jpg",
                     "samsung-lying.jpg", "samsung-garbage.jpg"] {
            let path = try XCTUnwrap(hostile[name])
            XCTAssertNil(read(path, "image/jpeg").motionVideo, name)
            XCTAssertNil(try probed(path).motionVideo, name)
        }
        for name in ["note-truncated.JPG", "note-offset-out.JPG", "note-count-huge.JPG", "control-bytes.JPG", "control-bytes.MOV"] {
            let path = try XCTUnwrap(hostile[name])
            let metadata = try probed(path)
            XCTAssertNil(metadata.contentIdentifier, name)
            if name.hasSuffix(".JPG") {
                XCTAssertNil(try fastPath(path)?.contentIdentifier, name)
                XCTAssertNil(Exiv2File.open(RawPath(path))?.findings().contentIdentifier, name)
                XCTAssertEqual(metadata.cameraMake, "Apple", "\(name): the rest of its Exif is read")
            }
        }
        // Two stills claiming one movie, and a movie with no still: each file says what it says.
        for name in ["IMG_0100.JPG", "IMG_0101.JPG", "IMG_0100.MOV"] {
            XCTAssertEqual(try probed(try XCTUnwrap(hostile[name])).contentIdentifier, PairSamples.sharedIdentifier, name)
        }
        XCTAssertEqual(try probed(try XCTUnwrap(hostile["IMG_0200.MOV"])).contentIdentifier, PairSamples.loneMovieIdentifier)
    }
}
