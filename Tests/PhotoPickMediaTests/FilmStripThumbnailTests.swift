import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// `FilmStripBorder` on what ffmpegthumbnailer really draws: its `-f` border is found at
/// every thumbnail size, on wide and tall frames, and nothing is found without it.
final class FilmStripThumbnailTests: XCTestCase {
    func testFfmpegThumbnailersBorderIsFoundAndOnlyIt() throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        guard let thumbnailer = Binaries.which("ffmpegthumbnailer") else {
            throw XCTSkip("ffmpegthumbnailer is not installed (make deps installs it)")
        }
        let dir = TemporaryDirectory()
        for (name, source) in [("wide", "testsrc=duration=1:size=320x240:rate=5"),
                               ("tall", "testsrc2=duration=1:size=240x320:rate=5"),
                               ("dark", "color=black:size=320x180:rate=5:duration=1")] {
            let clip = dir.path + "/\(name).mp4"
            let made = try ProcessRunner.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", source, "-pix_fmt", "yuv420p", clip])
            XCTAssertEqual(made.status, 0, made.stderrText)
            for size in [64, 128, 256, 512] {
                for strip in [true, false] {
                    let png = dir.path + "/\(name)-\(size)-\(strip).png"
                    let run = try ProcessRunner.run(thumbnailer, ["-i", clip, "-o", png, "-s", String(size)] + (strip ? ["-f"] : []))
                    XCTAssertEqual(run.status, 0, run.stderrText)
                    let image = try ImageDecoder().decode(RawPath(png), fitting: size)
                    let band = image.pixels.withUnsafeBytes {
                        FilmStripBorder.width(of: .init(bytes: $0, width: image.width, height: image.height,
                                                        rowStride: image.rowStride, channels: image.channels))
                    }
                    if strip {
                        // ffmpegthumbnailer's bands: 4, 8, 16 or 32 px, wider for wider frames.
                        XCTAssertTrue([4, 8, 16, 32].contains(band), "\(name) at \(size) (\(image.width) wide): \(band)")
                    } else {
                        XCTAssertEqual(band, 0, "\(name) at \(size) without the border")
                    }
                }
            }
        }
    }
}
