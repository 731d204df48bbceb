import PhotoPickCore
import TestSupportCore
import XCTest

/// The footer's estimated export size, and the window's choices that change it.
final class ExportEstimateTests: XCTestCase {
    private func settings(_ format: ExportSettings.Format? = nil, maxSize: Int? = nil, quality: Int? = nil,
                          maxBytes: Int64? = nil) -> ExportSettings {
        var s = ExportSettings()
        s.format = format
        s.maxSize = maxSize
        s.quality = quality
        s.maxBytes = maxBytes
        return s
    }

    private func estimate(_ s: ExportSettings, bytes: Int64 = 5_000_000, mime: String = "image/jpeg",
                          video: Bool = false, width: Int? = 4000, height: Int? = 3000) -> Int64 {
        ExportEstimate.bytes(sourceBytes: bytes, mimeType: mime, isVideo: video, width: width, height: height, settings: s)
    }

    func testOnlyVideosAndUnknownSizesKeepTheirOwnSize() {
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024), video: true), 5_000_000, "videos are copied")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024), width: nil, height: nil), 5_000_000, "unknown size: no guess")
        // Every photo is encoded again, at its own size too: a camera's 5 MB at quality 95 is
        // not what quality 85 writes.
        let own = Int64((4000.0 * 3000 * 1.9 / 8).rounded())
        XCTAssertEqual(estimate(settings()), own, "keep, no resize: encoded again at 85")
        XCTAssertEqual(estimate(settings(.jpeg)), own, "JPEG to JPEG at its size")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 8000)), own, "never enlarged")
    }

    func testResizedJPEGIsPixelsTimesBitsPerPixel() {
        // 1024 × 768 at quality 85: 1.9 bits per pixel.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024)), Int64((1024.0 * 768 * 1.9 / 8).rounded()))
        // Portrait: the long side is the height.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 2000), width: 3000, height: 6000), Int64((1000.0 * 2000 * 1.9 / 8).rounded()))
        let small = estimate(settings(.jpeg, maxSize: 512)), large = estimate(settings(.jpeg, maxSize: 2048))
        XCTAssertLessThan(small, large)
        XCTAssertEqual(Double(large) / Double(small), 16 / 1.2, accuracy: 0.01,
                       "four times the side, sixteen times the pixels; below 1024 a fifth more per pixel for each halving")
    }

    func testQualityFormatAndMaxBytesMoveIt() {
        let q50 = estimate(settings(.jpeg, maxSize: 1024, quality: 50))
        let q85 = estimate(settings(.jpeg, maxSize: 1024, quality: 85))
        let q100 = estimate(settings(.jpeg, maxSize: 1024, quality: 100))
        XCTAssertLessThan(q50, q85)
        XCTAssertLessThan(q85, q100)
        XCTAssertLessThan(estimate(settings(.webp, maxSize: 1024)), q85, "WebP is smaller than JPEG")
        XCTAssertGreaterThan(estimate(settings(.png, maxSize: 1024)), q100, "lossless PNG is larger still")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024, maxBytes: 100_000)), 100_000, "capped by max bytes")
        XCTAssertNotEqual(estimate(settings(.jpeg), mime: "image/heif"), 5_000_000, "HEIC to JPEG is re-encoded")
        XCTAssertEqual(estimate(settings(.keep), mime: "image/heif"), estimate(settings(.jpeg), mime: "image/heif"),
                       "keep writes JPEG where the original's format cannot be written")
    }

    func testTheSessionsTotalFollowsTheWindowsChoices() {
        let photos = (1...2).map { Fixture.asset($0, "a/\($0).jpg", at: Fixture.seconds(2024, 1, $0), size: 3_000_000, width: 4000, height: 3000) }
        var configuration = PickerConfiguration(roots: [RawPath(Fixture.root)])
        var export = settings(.jpeg)
        export.userChoice = true
        configuration.export = export
        let session = PickerSession(configuration: configuration, source: Fixture.source(photos))
        session.toggle(photos[0].id)
        session.toggle(photos[1].id)
        XCTAssertEqual(session.estimatedExportBytes, 2 * Int64((4000.0 * 3000 * 1.9 / 8).rounded()),
                       "Original: encoded again at their own size")
        XCTAssertTrue(session.summary.contains("≈ 5.7 MB"), session.summary)
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        session.chooseExportSize(1024)
        XCTAssertEqual(session.exportSettings?.maxSize, 1024)
        XCTAssertEqual(session.estimatedExportBytes, 2 * Int64((1024.0 * 768 * 1.9 / 8).rounded()))
        XCTAssertFalse(changes.isEmpty, "the summary is redrawn")
        XCTAssertEqual(session.exportSettings?.removesLocation, false)
        session.keepExportLocation(false)
        XCTAssertEqual(session.exportSettings?.removesLocation, true)
        session.keepExportLocation(true)
        XCTAssertEqual(session.exportSettings?.stripLocation, false)
    }

    func testWithoutUserChoiceTheWindowCannotChangeTheExport() {
        var configuration = PickerConfiguration(roots: [])
        configuration.export = settings(.jpeg, maxSize: 512)
        let session = PickerSession(configuration: configuration, source: Fixture.source([]))
        session.chooseExportSize(nil)
        session.keepExportLocation(false)
        XCTAssertEqual(session.exportSettings?.maxSize, 512)
        XCTAssertNil(session.exportSettings?.stripLocation)
        let plain = PickerSession(configuration: PickerConfiguration(roots: []), source: Fixture.source([]))
        XCTAssertNil(plain.estimatedExportBytes, "no export, no estimate")
        XCTAssertFalse(plain.summary.contains("≈"))
    }
}
