import PhotoPickCore
import XCTest

final class MetadataScreenshotTests: XCTestCase {
    private func shot(_ name: String, folders: [String] = ["home", "me", "Pictures"], mime: String = "image/png",
                      size: (Int, Int)? = (800, 600)) -> Bool {
        ScreenshotDetector.isScreenshot(name: name, folderPath: folders, mimeType: mime,
                                        pixelSize: size.map { (width: $0.0, height: $0.1) })
    }

    func testScreenshotToolNames() {
        for name in ["Screenshot from 2024-05-01 14-03-22.png",  // GNOME
                     "Screenshot_20240501_140322.png",  // KDE
                     "Screenshot_20240501-140322.png", "Screenshot_20240501-140322_Chrome.jpg",  // Android
                     "Screen Shot 2024-05-01 at 2.03.22 PM.png", "Screenshot 2024-05-01 at 14.03.22.png",  // macOS
                     "Screenshot (12).png", "Screenshot 2024-05-01 140322.png",  // Windows
                     "screenshot.png", "SCREENSHOT_1.PNG", "Bildschirmfoto vom 2024-05-01 14-03-22.png"] {
            XCTAssertTrue(shot(name), name)
            XCTAssertTrue(shot(name, mime: "image/jpeg", size: nil), "names count for any type: \(name)")
        }
    }

    func testOrdinaryNamesAreNot() {
        for name in ["IMG_20230102_134501.jpg", "holiday.png", "screenshots-for-review.png", "my screenshot.png",
                     "Screenshotting.png", "DSC_0001.png"] {
            XCTAssertFalse(shot(name), name)
        }
    }

    func testScreenshotsFolderAnywhereOnThePath() {
        XCTAssertTrue(shot("a.jpg", folders: ["home", "me", "Pictures", "Screenshots"], mime: "image/jpeg"))
        XCTAssertTrue(shot("a.jpg", folders: ["home", "me", "screenshots", "2024"], mime: "image/jpeg"))
        XCTAssertTrue(shot("a.jpg", folders: ["home", "me", "Screen Shots"], mime: "image/jpeg"))
        XCTAssertFalse(shot("a.jpg", folders: ["home", "me", "Screenshots-old-camera"], mime: "image/jpeg"))
        XCTAssertFalse(shot("a.jpg", folders: ["home", "me", "Pictures"], mime: "image/jpeg"))
    }

    /// The assembler looks only at the folders that can be screenshot folders: the same
    /// answers as looking at all of them.
    func testTheAssemblerFindsScreenshotFoldersInRawPaths() {
        let cases: [(String, Bool)] = [
            ("/home/me/SCREENSHOTS/a.jpg", true), ("/home/me/Screen Shots/2024/a.jpg", true), ("/x/BildschirmFotos/a.jpg", true),
            ("/x/Screenshots2/a.jpg", false), ("/x/screenshot/a.jpg", false), ("/x/Scr\u{E9}enshots/a.jpg", false),
            ("/screenshots/a.jpg", true), ("/x/y/a.jpg", false),
        ]
        for (path, expected) in cases {
            XCTAssertEqual(MetadataAssembler.assemble(MetadataFindings(), path: RawPath(path), mimeType: "image/jpeg").isScreenshot,
                           expected, path)
        }
        var bytes = Array("/x/".utf8) + [0xFF] + Array("creenshots/a.jpg".utf8)
        XCTAssertFalse(MetadataAssembler.assemble(MetadataFindings(), path: RawPath(bytes: bytes), mimeType: "image/jpeg").isScreenshot)
        bytes = Array("/x/ScreenShots/".utf8) + [0xFF, 0x2E, 0x6A]
        XCTAssertTrue(MetadataAssembler.assemble(MetadataFindings(), path: RawPath(bytes: bytes), mimeType: "image/jpeg").isScreenshot)
    }

    func testPNGAtAScreenSizeInEitherOrientation() {
        for (w, h) in [(1920, 1080), (1080, 1920), (2560, 1440), (1170, 2532), (2532, 1170), (1366, 768), (750, 1334)] {
            XCTAssertTrue(shot("a.png", size: (w, h)), "\(w)×\(h)")
            XCTAssertFalse(shot("a.jpg", mime: "image/jpeg", size: (w, h)), "a JPEG at \(w)×\(h) is a photo")
        }
        for (w, h) in [(1920, 1081), (4000, 3000), (1, 1)] {
            XCTAssertFalse(shot("a.png", size: (w, h)), "\(w)×\(h)")
        }
        XCTAssertFalse(shot("a.png", size: nil))
    }
}
