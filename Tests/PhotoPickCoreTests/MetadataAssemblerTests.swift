import PhotoPickCore
import TestSupportCore
import XCTest

final class MetadataAssemblerTests: XCTestCase {
    /// Local readings in a zone that is not UTC (where they would equal UTC ones, and a
    /// reading in the wrong zone would pass): Berlin, through Core's host and `TZ` alike.
    override func invokeTest() {
        do { try inLocalZone("Europe/Berlin") { super.invokeTest() } } catch { XCTFail("no Berlin zone: \(error)") }
    }

    private let plain = RawPath("/home/me/Pictures/holiday.jpg")
    private let named = RawPath("/home/me/Pictures/IMG_20200304_050607.jpg")

    private func findings(exif: String? = nil, offset: String? = nil, xmp: [String] = []) -> MetadataFindings {
        var f = MetadataFindings()
        f.exifDateTimeOriginal = exif
        f.exifOffsetTimeOriginal = offset
        f.xmpDates = xmp
        return f
    }

    func testEXIFComesFirst() throws {
        let m = MetadataAssembler.assemble(findings(exif: "2021:01:02 03:04:05", offset: "+01:00",
                                                    xmp: ["2022-01-01T00:00:00Z"]), path: named, mimeType: "image/jpeg")
        XCTAssertEqual(m.dateSource, .exif)
        XCTAssertEqual(m.captureDate, CaptureDate(seconds: 1_609_553_045, utcOffset: 3600))  // 2021-01-02T02:04:05Z
    }

    func testXMPWhenEXIFIsMissingOrBlank() {
        for exif in [nil, "0000:00:00 00:00:00", "    :  :     :  :  "] as [String?] {
            let m = MetadataAssembler.assemble(findings(exif: exif, xmp: ["junk", "2022-06-07T08:09:10+02:00", "2023-01-01"]),
                                               path: named, mimeType: "image/jpeg")
            XCTAssertEqual(m.dateSource, .xmp, "\(exif ?? "nil")")
            XCTAssertEqual(m.captureDate, CaptureDate(seconds: 1_654_582_150, utcOffset: 7200))  // first valid XMP date
        }
    }

    func testFileNameWhenTheFileSaysNothing() {
        let m = MetadataAssembler.assemble(findings(xmp: ["not a date"]), path: named, mimeType: "image/jpeg")
        XCTAssertEqual(m.dateSource, .fileName)
        XCTAssertEqual(m.captureDate, CaptureDate(seconds: localSeconds(2020, 3, 4, 5, 6, 7)))
    }

    func testModificationTimeLast() {
        let m = MetadataAssembler.assemble(MetadataFindings(), path: plain, mimeType: "image/jpeg")
        XCTAssertEqual(m.dateSource, .modified)
        XCTAssertNil(m.captureDate)
    }

    func testRating() {
        func rating(xmp: String?, exif: Int?) -> Int? {
            var f = MetadataFindings()
            (f.xmpRating, f.exifRating) = (xmp, exif)
            return MetadataAssembler.assemble(f, path: plain, mimeType: "image/jpeg").rating
        }
        XCTAssertEqual(rating(xmp: "4", exif: 2), 4, "XMP first")
        XCTAssertEqual(rating(xmp: nil, exif: 2), 2)
        XCTAssertEqual(rating(xmp: "junk", exif: 2), 2)
        XCTAssertEqual(rating(xmp: "-1", exif: nil), -1)
        XCTAssertEqual(rating(xmp: "3.0", exif: nil), 3)
        XCTAssertEqual(rating(xmp: "9", exif: nil), 5)
        XCTAssertEqual(rating(xmp: "-7", exif: nil), -1)
        XCTAssertEqual(rating(xmp: "1e300", exif: nil), 5)
        XCTAssertEqual(rating(xmp: nil, exif: 99), 5)
        XCTAssertNil(rating(xmp: nil, exif: nil))
    }

    func testOrientationSizeAndCamera() {
        var f = MetadataFindings()
        (f.pixelWidth, f.pixelHeight, f.orientation) = (400, 300, 6)
        (f.cameraMake, f.cameraModel) = ("  Canon ", "Canon EOS R6\0")
        var m = MetadataAssembler.assemble(f, path: plain, mimeType: "image/jpeg")
        XCTAssertEqual(m.orientation, 6)
        XCTAssertEqual(m.displaySize.map { [$0.width, $0.height] }, [300, 400])
        XCTAssertEqual(m.camera, "Canon EOS R6")
        for bad in [0, 9, -1] {
            f.orientation = bad
            XCTAssertEqual(MetadataAssembler.assemble(f, path: plain, mimeType: "image/jpeg").orientation, 1, "\(bad)")
        }
        (f.pixelWidth, f.pixelHeight) = (0, 300)
        m = MetadataAssembler.assemble(f, path: plain, mimeType: "image/jpeg")
        XCTAssertNil(m.pixelWidth)
        XCTAssertNil(m.displaySize)
    }

    func testScreenshotFlag() {
        var f = MetadataFindings()
        XCTAssertTrue(MetadataAssembler.assemble(f, path: RawPath("/p/Screenshots/a.jpg"), mimeType: "image/jpeg").isScreenshot)
        XCTAssertTrue(MetadataAssembler.assemble(f, path: RawPath("/p/Screenshot_20240501-140322.png"),
                                                 mimeType: "image/png").isScreenshot)
        (f.pixelWidth, f.pixelHeight) = (1920, 1080)
        XCTAssertFalse(MetadataAssembler.assemble(f, path: RawPath("/p/x.png"), mimeType: "image/png").isScreenshot,
                       "a screen-sized PNG is no screenshot by its size")
        f.userComments = ["charset=Ascii Screenshot"]
        XCTAssertTrue(MetadataAssembler.assemble(f, path: RawPath("/p/IMG_0001.JPG"), mimeType: "image/jpeg").isScreenshot,
                      "iOS's comment")
        // The screenshot's own name also dates it.
        let m = MetadataAssembler.assemble(MetadataFindings(), path: RawPath("/p/Screenshot from 2024-05-01 14-03-22.png"),
                                           mimeType: "image/png")
        XCTAssertEqual(m.dateSource, .fileName)
    }
}
