import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// Screenshots known by what the tools write into the file, read from real files the way the
/// scan reads them (a JPEG from its head, everything else from the file); and screen-sized
/// PNGs with none of it (wallpapers) are photos.
final class ScreenshotTagsTests: XCTestCase {
    private let reader = Exiv2MetadataReader()

    private func isScreenshot(_ path: String, _ mime: String) throws -> Bool {
        let viaFile = reader.metadata(for: RawPath(path), mimeType: mime, modified: 0).isScreenshot
        let head = Array(try RawFiles.read(path).prefix(reader.headLength(forMimeType: mime)))
        XCTAssertEqual(reader.metadata(for: RawPath(path), mimeType: mime, modified: 0, head: head).isScreenshot, viaFile,
                       "\(path): the head gives the file's answer")
        return viaFile
    }

    func testWallpaperSizedPNGsAreNotScreenshots() throws {
        let dir = TemporaryDirectory()
        for (w, h) in [(2560, 1440), (1440, 2560), (1920, 1080)] {
            let path = dir.path + "/wallpaper-\(w)x\(h).png"
            try ImageFactory.write(path, width: w, height: h, format: .png)
            XCTAssertFalse(try isScreenshot(path, "image/png"), "\(w)×\(h) PNG with nothing of a screenshot tool")
        }
    }

    /// GNOME Shell and GNOME Screenshot write `Software: gnome-screenshot` into the PNG; other
    /// tools a Title. The name says nothing here.
    func testPNGTextChunks() throws {
        let dir = TemporaryDirectory()
        let cases: [([(String, String)], Bool)] = [
            ([("Software", "gnome-screenshot"), ("Creation Time", "Mon 15 Jul 2024 10:30:00")], true),
            ([("Software", "Spectacle 24.02.1")], true), ([("Software", "ksnip")], true),
            ([("Title", "Screenshot")], true), ([("Title", "Screenshot of the login window")], true),
            ([("Software", "GIMP 2.10.34")], false), ([("Title", "Holiday")], false), ([("Comment", "Screenshot")], false), ([], false),
        ]
        for (i, (texts, expected)) in cases.enumerated() {
            let path = dir.path + "/image\(i).png"
            try ImageFactory.write(path, width: 64, height: 48, format: .png, pngTexts: texts)
            XCTAssertEqual(try isScreenshot(path, "image/png"), expected, "\(texts)")
        }
    }

    /// iOS and macOS write "Screenshot" as the XMP (PNG) or EXIF (JPEG, HEIC) UserComment and
    /// name the file like a photo; other tools put their name in Software or CreatorTool.
    func testEXIFAndXMPTags() throws {
        let dir = TemporaryDirectory()
        let cases: [(ImageFactory.Format, [(String, String)], Bool)] = [
            (.png, [("Xmp.exif.UserComment", "Screenshot")], true),
            (.jpeg, [("Xmp.exif.UserComment", "Screenshot")], true),
            (.jpeg, [("Exif.Photo.UserComment", "Screenshot")], true),
            (.jpeg, [("Exif.Photo.UserComment", "charset=Ascii Screenshot")], true),
            (.jpeg, [("Exif.Image.Software", "Flameshot")], true),
            (.png, [("Xmp.xmp.CreatorTool", "Shutter 0.99")], true),
            (.jpeg, [("Exif.Image.Make", "Canon"), ("Exif.Image.Software", "Ver.1.00"), ("Exif.Photo.UserComment", "charset=Ascii ")], false),
            (.jpeg, [("Exif.Photo.UserComment", "charset=Ascii Holiday"), ("Exif.Image.Software", "darktable 4.4.2")], false),
            (.png, [("Xmp.xmp.CreatorTool", "Adobe Photoshop 25.0")], false),
        ]
        for (i, (format, tags, expected)) in cases.enumerated() {
            let path = dir.path + "/IMG_\(1234 + i).\(format == .png ? "PNG" : "JPG")"
            try ImageFactory.write(path, width: 64, height: 48, format: format)
            try ExifWriter.write(path, tags: tags)
            XCTAssertEqual(try isScreenshot(path, format == .png ? "image/png" : "image/jpeg"), expected, "\(format) \(tags)")
        }
    }
}
