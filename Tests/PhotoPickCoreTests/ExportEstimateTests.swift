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

    // The expected bytes are worked out by hand from the calibration the estimate documents
    // (bits per pixel: JPEG 1.9 at quality 85, 1.05 at 50, 6.5 at 100, straight lines between
    // 85 and 95's 3.7; WebP three quarters of JPEG; PNG 17; a fifth more per halving below a
    // long side of 1024), not from the code's formula: bytes = pixels × bits ÷ 8, rounded.

    func testOnlyVideosAndUnknownSizesKeepTheirOwnSize() {
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024), video: true), 5_000_000, "videos are copied")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024), width: nil, height: nil), 5_000_000, "unknown size: no guess")
        // Every photo is encoded again, at its own size too: a camera's 5 MB at quality 95 is
        // not what quality 85 writes. 4000 × 3000 = 12,000,000 px × 1.9 = 22,800,000 bits = 2,850,000 bytes.
        XCTAssertEqual(estimate(settings()), 2_850_000, "keep, no resize: encoded again at 85")
        XCTAssertEqual(estimate(settings(.jpeg)), 2_850_000, "JPEG to JPEG at its size")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 8000)), 2_850_000, "never enlarged")
        XCTAssertEqual(estimate(settings(.jpeg), mime: "image/heif"), 2_850_000, "HEIC to JPEG is re-encoded")
        XCTAssertEqual(estimate(settings(.keep), mime: "image/heif"), 2_850_000,
                       "keep writes JPEG where the original's format cannot be written")
    }

    func testResizedJPEGIsPixelsTimesBitsPerPixel() {
        // 1024 × 768 = 786,432 px × 1.9 = 1,494,220.8 bits ÷ 8 = 186,777.6 → 186,778.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024)), 186_778)
        // Portrait, the long side is the height: 1000 × 2000 = 2,000,000 px × 1.9 ÷ 8 = 475,000.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 2000), width: 3000, height: 6000), 475_000)
        // 2048 × 1536 = 3,145,728 px × 1.9 ÷ 8 = 747,110.4 → 747,110.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 2048)), 747_110)
        // Below 1024 a fifth more per halving. 512 × 384 = 196,608 px at 1.9 × 1.2 = 2.28 bits:
        // 448,266.24 ÷ 8 = 56,033.28 → 56,033.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 512)), 56_033)
        // Two halvings: 256 × 192 = 49,152 px at 1.9 × 1.4 = 2.66 bits: 130,744.32 ÷ 8 → 16,343.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 256)), 16_343)
        // A third of a halving (1024 / 768 = 4/3): 768 × 576 = 442,368 px at 1.9 × 16/15 bits:
        // 896,532.48 ÷ 8 = 112,066.56 → 112,067.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 768)), 112_067)
    }

    func testQualityFormatAndMaxBytesMoveIt() {
        // All at 1024 × 768 = 786,432 px.
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024, quality: 50)), 103_219, "1.05 bits: 825,753.6 ÷ 8")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024, quality: 90)), 275_251, "halfway 1.9–3.7, 2.8 bits: 2,202,009.6 ÷ 8")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024, quality: 100)), 638_976, "6.5 bits: 5,111,808 ÷ 8")
        XCTAssertEqual(estimate(settings(.webp, maxSize: 1024)), 140_083, "WebP 1.9 × 0.75 = 1.425 bits: 1,120,665.6 ÷ 8")
        XCTAssertEqual(estimate(settings(.png, maxSize: 1024)), 1_671_168, "lossless PNG, 17 bits: 13,369,344 ÷ 8")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024, maxBytes: 100_000)), 100_000, "capped by max bytes")
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024, maxBytes: 200_000)), 186_778, "a cap above the estimate changes nothing")
    }

    /// What must hold whatever the calibration: more pixels or more quality never weigh
    /// less, a resize never weighs more than the photo's own size, a cap holds, and the
    /// estimate is never zero.
    func testTheEstimateGrowsWithSizeAndQualityAndStaysInItsBounds() {
        let own = estimate(settings(.jpeg))
        var previous: Int64 = 0
        for maxSize in 1...5000 {
            let e = estimate(settings(.jpeg, maxSize: maxSize))
            XCTAssertGreaterThanOrEqual(e, previous, "max size \(maxSize)")
            XCTAssertLessThanOrEqual(e, own, "max size \(maxSize): no more than at its own size")
            XCTAssertGreaterThanOrEqual(e, 1, "max size \(maxSize)")
            previous = e
        }
        for format in [ExportSettings.Format.jpeg, .webp, .png] {
            previous = 0
            for quality in 1...100 {
                let e = estimate(settings(format, maxSize: 1024, quality: quality))
                XCTAssertGreaterThanOrEqual(e, previous, "\(format) quality \(quality)")
                previous = e
            }
        }
        previous = 0
        for side in stride(from: 1, through: 6000, by: 7) {
            let e = estimate(settings(.jpeg), width: side, height: side)
            XCTAssertGreaterThanOrEqual(e, previous, "a \(side) px square")
            previous = e
        }
        for cap: Int64 in [1, 1000, 186_777, 186_778, 186_779, 10_000_000] {
            XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1024, maxBytes: cap)), min(cap, 186_778), "cap \(cap)")
        }
        XCTAssertEqual(estimate(settings(.jpeg, maxSize: 1), width: 1, height: 1), 1, "a pixel still counts one byte")
    }

    func testTheSessionsTotalFollowsTheWindowsChoices() {
        let photos = (1...2).map { Fixture.asset($0, "a/\($0).jpg", at: Fixture.seconds(2024, 1, $0), size: 3_000_000, width: 4000, height: 3000) }
        var configuration = PickerConfiguration(roots: [RawPath(Fixture.root)])
        var export = settings(.jpeg)
        export.userChoice = true
        configuration.export = export
        let session = PickerSession(configuration: configuration, source: Fixture.source(photos))
        session.toggle(photos[0].id)
        XCTAssertEqual(session.estimatedExportBytes, 2_850_000, "one photo")
        session.toggle(photos[1].id)
        XCTAssertEqual(session.estimatedExportBytes, 5_700_000, "Original: encoded again at their own size, 2 × 2,850,000")
        XCTAssertTrue(session.summary.contains("≈ 5.7 MB"), session.summary)
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        session.chooseExportSize(1024)
        XCTAssertEqual(session.exportSettings?.maxSize, 1024)
        XCTAssertEqual(session.estimatedExportBytes, 373_556, "2 × 186,778")
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
