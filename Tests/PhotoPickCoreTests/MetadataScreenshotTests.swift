import PhotoPickCore
import XCTest

final class MetadataScreenshotTests: XCTestCase {
    private func shot(_ name: String, folders: [String] = ["home", "me", "Pictures"],
                      tags: ScreenshotDetector.Tags = .init()) -> Bool {
        ScreenshotDetector.isScreenshot(name: name, folderPath: folders, tags: tags)
    }

    /// The names the tools write, as they write them.
    func testScreenshotToolNames() {
        let names: [(tool: String, name: String)] = [
            ("GNOME Shell 44 on", "Screenshot From 2024-07-15 10-30-00.png"),
            ("GNOME Shell 44 on, second in that second", "Screenshot From 2024-07-15 10-30-00-1.png"),
            ("GNOME Shell 42, 43 and GNOME Screenshot", "Screenshot from 2024-07-15 10-30-00.png"),
            ("GNOME Screenshot, second in that second", "Screenshot from 2024-07-15 10-30-00 - 2.png"),
            ("GNOME, German", "Bildschirmfoto vom 2024-07-15 10-30-00.png"),
            ("GNOME, German, second", "Bildschirmfoto vom 2024-07-15 10-30-00-2.png"),
            ("GNOME Screenshot, German, second", "Bildschirmfoto vom 2024-07-15 10-30-00 - 2.png"),
            ("GNOME, French", "Capture d’écran du 2024-07-15 10-30-00.png"),
            ("GNOME, Spanish", "Captura desde 2024-07-15 10-30-00.png"),
            ("GNOME Screenshot, Spanish", "Captura de pantalla de 2024-07-15 10-30-00.jpg"),
            ("GNOME, Russian", "Снимок экрана от 2024-07-15 10-30-00.png"),
            ("GNOME, Italian", "Schermata del 2024-07-15 10-30-00.png"),
            ("GNOME, Polish", "Zrzut ekranu z 2024-07-15 10-30-00.png"),
            ("GNOME, Dutch", "Schermafdruk van 2024-07-15 10-30-00.png"),
            ("GNOME, Romanian", "Imagine 2024-07-15 10-30-00.png"),
            ("GNOME, Hindi (stamp first)", "2024-07-15 10-30-00 से स्क्रीनशॉट.png"),
            ("GNOME, Chinese", "截图 2024-07-15 10-30-00.png"),
            ("GNOME, Georgian (a suffix after the stamp)", "ეკრანის ანაბეჭდი 2024-07-15 10-30-00-დან.png"),
            ("KDE Spectacle", "Screenshot_20240715_103000.png"),
            ("KDE Spectacle, German", "Bildschirmfoto_20240715_103000.png"),
            ("KDE Spectacle, Brazilian", "Captura_de_tela_20240715_103000.png"),
            ("Android", "Screenshot_20240715-103000.png"),
            ("Android, Samsung, with the app", "Screenshot_20240715-103000_Chrome.jpg"),
            ("Android, MIUI", "Screenshot_2024-07-15-10-30-00-123_com.app.png"),
            ("macOS", "Screenshot 2024-07-15 at 10.30.00.png"),
            ("macOS before 13", "Screen Shot 2024-07-15 at 10.30.00 AM.png"),
            ("macOS, German", "Bildschirmfoto 2024-07-15 um 10.30.00.png"),
            ("macOS, French", "Capture d’écran 2024-07-15 à 10.30.00.png"),
            ("macOS, Dutch", "Schermafbeelding 2024-07-15 om 10.30.00.png"),
            ("macOS, Swedish", "Skärmavbild 2024-07-15 kl. 10.30.00.png"),
            ("macOS, Japanese", "スクリーンショット 2024-07-15 10.30.00.png"),
            ("Windows Snipping Tool", "Screenshot 2024-07-15 103000.png"),
            ("Windows, Win+PrtScn", "Screenshot (12).png"),
            ("Windows, Spanish", "Captura de pantalla (12).png"),
            ("Xfce, Flameshot's older default", "Screenshot_2024-07-15_10-30-00.png"),
            ("Xfce, German", "Bildschirmfoto_2024-07-15_10-30-00.png"),
            ("Xfce, Finnish", "Kuvakaappaus_2024-07-15_10-30-00.png"),
            ("any tool", "screenshot.png"), ("any tool", "SCREENSHOT_1.PNG"),
        ]
        for (tool, name) in names {
            XCTAssertTrue(shot(name), "\(tool): \(name)")
        }
    }

    func testOrdinaryNamesAreNot() {
        for name in ["IMG_20230102_134501.jpg", "holiday.png", "screenshots-for-review.png", "my screenshot.png",
                     "Screenshotting.png", "DSC_0001.png", "IMG_1234.PNG", "PXL_20240715_103000123.jpg",
                     "2024-07-15 10-30-00.png", "Imagine Dragons 2024-07-15.jpg", "Schermata.png", "Captura de pantalla.png",
                     "Bildschirmfoto vom Urlaub.png", "Holiday 2024-07-15 10-30-00.png", "Kuvakaappaus_kesä.png",
                     "wallpaper-2560x1440.png", "Captura de pantalla (beta).png", "Bildschirmfoto_2024.png"] {
            XCTAssertFalse(shot(name), name)
        }
    }

    /// What the tools write into the file: the program, iOS's and macOS's comment, a PNG's title.
    func testTagsOfScreenshotTools() {
        let yes: [ScreenshotDetector.Tags] = [
            .init(software: ["gnome-screenshot"]), .init(software: ["Spectacle 24.02.1"]), .init(software: ["ksnip 1.10.0"]),
            .init(software: ["Flameshot"]), .init(software: ["Shutter 0.99.2"]), .init(software: ["Xfce4-Screenshooter"]),
            .init(software: ["Greenshot"]), .init(software: ["grim"]), .init(software: ["Canon EOS", "Snipping Tool"]),
            .init(comments: ["Screenshot"]), .init(comments: ["charset=Ascii Screenshot"]), .init(comments: ["lang=\"x-default\" Screenshot"]),
            .init(title: "Screenshot"), .init(title: "screenshot of the login window"),
        ]
        for tags in yes { XCTAssertTrue(shot("IMG_1234.PNG", tags: tags), "\(tags)") }
        let no: [ScreenshotDetector.Tags] = [
            .init(software: ["GIMP 2.10.34"]), .init(software: ["Adobe Photoshop 25.0 (Macintosh)"]), .init(software: ["Ver.1.00"]),
            .init(software: ["Grimaldi Photo 2"]), .init(software: ["darktable 4.4.2"]), .init(software: ["", "   "]),
            .init(comments: ["charset=Ascii "]), .init(comments: ["charset=Ascii Holiday"]), .init(comments: ["Screenshots of 2023"]),
            .init(comments: ["lang=\"x-default\" A day at the sea"]), .init(title: "Holiday"),
        ]
        for tags in no { XCTAssertFalse(shot("IMG_1234.PNG", tags: tags), "\(tags)") }
    }

    /// A PNG the size of a screen is no screenshot by its size: 1440×2560 and 2560×1440
    /// wallpapers were the Screenshots album's first members.
    func testScreenSizedPNGsAreNotScreenshots() {
        for (w, h) in [(2560, 1440), (1440, 2560), (1920, 1080), (1080, 1920), (1170, 2532), (3840, 2160)] {
            var findings = MetadataFindings()
            (findings.pixelWidth, findings.pixelHeight) = (w, h)
            XCTAssertFalse(MetadataAssembler.assemble(findings, path: RawPath("/home/me/Pictures/a.png"), mimeType: "image/png").isScreenshot,
                           "\(w)×\(h)")
        }
        var findings = MetadataFindings()
        (findings.pixelWidth, findings.pixelHeight, findings.software) = (2560, 1440, ["gnome-screenshot"])
        XCTAssertTrue(MetadataAssembler.assemble(findings, path: RawPath("/home/me/Pictures/a.png"), mimeType: "image/png").isScreenshot,
                      "the tags decide")
    }

    func testScreenshotsFolderAnywhereOnThePath() {
        XCTAssertTrue(shot("a.jpg", folders: ["home", "me", "Pictures", "Screenshots"]))
        XCTAssertTrue(shot("a.jpg", folders: ["home", "me", "screenshots", "2024"]))
        XCTAssertTrue(shot("a.jpg", folders: ["home", "me", "Screen Shots"]))
        XCTAssertFalse(shot("a.jpg", folders: ["home", "me", "Screenshots-old-camera"]))
        XCTAssertFalse(shot("a.jpg", folders: ["home", "me", "Pictures"]))
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
}
