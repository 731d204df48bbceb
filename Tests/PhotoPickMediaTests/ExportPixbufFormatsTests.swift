import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Photos the grid shows through gdk-pixbuf but the worker's libvips cannot load (BMP, TGA,
/// XPM, XBM) export like any other: decoded as the grid decodes them, then resized and
/// encoded by libvips.
final class ExportPixbufFormatsTests: ExportTestCase {
    private func write(_ format: PixbufOnlyImages.Format, width: Int = 16, height: Int = 8) throws -> RawPath {
        let path = dir.path + "/\(format.rawValue)-image.\(format.rawValue)"
        try PixbufOnlyImages.write(format, to: path, width: width, height: height)
        return original(path)
    }

    func testEachExportsWithItsPixelsInPlace() async throws {
        let formats = PixbufOnlyImages.Format.allCases
        let report = try await export(try formats.map { try write($0) }, settings { $0.format = .png })
        for (format, outcome) in zip(formats, report.outcomes) {
            guard let path = outcome.exportedPath?.description else {
                XCTFail("\(format): \(outcome.result)")
                continue
            }
            XCTAssertEqual(path, dir.path + "/out/\(format.rawValue)-image.png")
            let image = try ExportProbe.pixels(path)
            XCTAssertEqual([image.width, image.height], [16, 8], "\(format)")
            let colours = PixbufOnlyImages.colours(format)
            for (x, y, expected) in [(1, 1, colours.marker), (6, 2, colours.marker), (9, 1, colours.rest), (1, 5, colours.rest), (14, 6, colours.rest)] {
                let p = image.rgb(x, y)
                XCTAssertEqual([p.r, p.g, p.b], [expected.0, expected.1, expected.2], "\(format) at \(x),\(y)")
            }
        }
    }

    func testTheyAreResizedAndKeepTheGridsPixelCap() async throws {
        let report = try await export([try write(.bmp, width: 400, height: 200)], settings { $0.format = .jpeg; $0.maxSize = 100 })
        let image = try ExportProbe.pixels(try exported(report))
        XCTAssertEqual([image.width, image.height], [100, 50])

        let tga = try write(.tga, width: 300, height: 200)
        setenv("PHOTOPICK_MAX_PIXELS", "50000", 1)  // the workers inherit it, as the thumbnailers do
        defer { unsetenv("PHOTOPICK_MAX_PIXELS") }
        let refused = try await export([tga], settings(), engine: engine(workers: 1))
        XCTAssertEqual(errors(refused), [.tooLarge(path: tga, width: 300, height: 200, limit: .cap(50000))], "a TGA over the cap is refused")
    }
}
