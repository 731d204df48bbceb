import Foundation
@testable import PhotoPickConvert
import XCTest

/// libvips' error buffers, as 8.14 and libheif 1.15 fill them on this machine, turned into
/// their cause: no "target target", no /proc/self/fd/N, no bare "(6.1000)".
final class VipsErrorTextTests: XCTestCase {
    func testASystemErrorIsTheCauseOfTheLinesAboveIt() {
        let png = "target: write error\nunix error: No space left on device\nwbuffer_write: write failed\n"
            + "unix error: Unknown error -1\nvips2png: unable to write to target target\n"
        XCTAssertEqual(VipsErrorText.cause(png), "No space left on device")
        let jpeg = "target: write error\nunix error: Input/output error\nVipsJpeg: Output file write error --- out of disk space?\n"
        XCTAssertEqual(VipsErrorText.cause(jpeg), "Input/output error")
    }

    func testADecodersComplaintLosesTheSaversNoiseAndTheNickname() {
        XCTAssertEqual(VipsErrorText.cause("VipsJpeg: Premature end of input file\nvips2png: unable to write to target target\n"),
                       "Premature end of input file")
        XCTAssertEqual(VipsErrorText.cause("vipspng: libpng read error\nvips2png: unable to write to target target\n"), "libpng read error")
        XCTAssertEqual(VipsErrorText.cause("tiff2vips: \"/proc/self/fd/5\" has an unsupported layout\n"), "the file has an unsupported layout")
    }

    func testNothingButNoiseIsNoCause() {
        XCTAssertNil(VipsErrorText.cause("VipsForeignLoad: \"/proc/self/fd/4\" is not a known file format\n"))
        XCTAssertNil(VipsErrorText.cause("vips2png: unable to write to target target\n"))
        XCTAssertNil(VipsErrorText.cause(""))
    }

    func testAHEIFOverLibheifsLimitSaysHowLarge() throws {
        let buffer = "/proc/self/fd/3: bad seek to 388\nheif: Memory allocation error: Security limit exceeded: "
            + "Image size 40000x40000 exceeds the maximum image size 16384x16384\n (6.1000)\n"
        let over = try XCTUnwrap(VipsErrorText.heifLimit(buffer))
        XCTAssertEqual([over.width, over.height, over.maxWidth, over.maxHeight], [40000, 40000, 16384, 16384])
        // A limit with no size in it is said in libheif's words, as any other cause.
        let boxes = "heif: Memory allocation error: Security limit exceeded: too many boxes\n (6.1000)\n"
        XCTAssertNil(VipsErrorText.heifLimit(boxes))
        XCTAssertEqual(VipsErrorText.cause(boxes), "Memory allocation error: Security limit exceeded: too many boxes")
        XCTAssertNil(VipsErrorText.heifLimit("heif: Invalid input: No 'ftyp' box (2.100)\n"))
    }
}
