import PhotoPickCore
import XCTest

/// kdialog's three filter forms become the picker's named filters; the first is in effect.
final class KdialogFilterTests: XCTestCase {
    private func filters(_ text: String) -> [NamedFilter] { KdialogFilter.parse(text).filters }

    func testKDEsPatternsThenDescriptionLines() {
        XCTAssertEqual(filters("*.jpg *.png|Images"), [NamedFilter(name: "Images", patterns: ["*.jpg", "*.png"])])
        XCTAssertEqual(filters("*.jpg *.JPG|JPEG photos\n*.png|PNG\n*|All files"),
                       [NamedFilter(name: "JPEG photos", patterns: ["*.jpg", "*.JPG"]),
                        NamedFilter(name: "PNG", patterns: ["*.png"]),
                        NamedFilter(name: "All files", patterns: ["*"])])
        XCTAssertEqual(filters("*.jpg|Photos (JPEG)"), [NamedFilter(name: "Photos (JPEG)", patterns: ["*.jpg"])],
                       "a description may hold parentheses")
        XCTAssertEqual(filters("*.gif|"), [NamedFilter(name: "*.gif", patterns: ["*.gif"])], "no description: the patterns name it")
    }

    func testTheNewlineMayBeWrittenAsAnEscape() {
        // As a shell passes "…\n…" in double quotes: a backslash and an n.
        XCTAssertEqual(filters(#"*.jpg|Photos\n*.mp4|Videos"#).map(\.name), ["Photos", "Videos"])
        XCTAssertEqual(KdialogFilter.unescaped(#"a\\n\tb\"#), #"a\n\tb\"#, "\\\\ is one backslash; unknown escapes and a last lone backslash stay")
    }

    func testQtsDescriptionThenPatternsAsChromiumWritesIt() {
        XCTAssertEqual(filters("Image Files (*.gif *.jpeg *.jpg *.png)|All Files (*)"),
                       [NamedFilter(name: "Image Files", patterns: ["*.gif", "*.jpeg", "*.jpg", "*.png"]),
                        NamedFilter(name: "All Files", patterns: ["*"])])
        XCTAssertEqual(filters("Photos (*.jpg)\nVideos (*.mp4 *.webm)").map(\.name), ["Photos", "Videos"])
        XCTAssertEqual(filters("*.jpg *.png"), [NamedFilter(name: "*.jpg *.png", patterns: ["*.jpg", "*.png"])])
        XCTAssertEqual(filters("*.jpg|*.png"), [NamedFilter(name: "*.jpg", patterns: ["*.jpg"]),
                                                NamedFilter(name: "*.png", patterns: ["*.png"])],
                       "two pattern lists are two of Qt's entries, not patterns and a description")
    }

    func testMIMETypesAsKDEsDialogShowsThem() {
        XCTAssertEqual(filters("image/jpeg"), [NamedFilter(name: "image/jpeg", mimeTypes: ["image/jpeg"])])
        XCTAssertEqual(filters("image/gif image/jpeg image/png application/octet-stream"),
                       [NamedFilter(name: "All supported files", mimeTypes: ["image/gif", "image/jpeg", "image/png"]),
                        NamedFilter(name: "image/gif", mimeTypes: ["image/gif"]),
                        NamedFilter(name: "image/jpeg", mimeTypes: ["image/jpeg"]),
                        NamedFilter(name: "image/png", mimeTypes: ["image/png"]),
                        NamedFilter(name: "All files", patterns: ["*"])],
                       "Chromium's form for kdialogs before 19.12; octet-stream stands for every file")
        XCTAssertEqual(filters("  video/*  "), [NamedFilter(name: "video/*", mimeTypes: ["video/*"])])
    }

    func testWhatCannotFilterIsLeftOutWithAWarning() {
        let parsed = KdialogFilter.parse("image/jpeg Photos")
        XCTAssertEqual(parsed.filters, [NamedFilter(name: "image/jpeg", mimeTypes: ["image/jpeg"])])
        XCTAssertEqual(parsed.warnings.count, 1)
        XCTAssertTrue(parsed.warnings[0].contains("'Photos'"), parsed.warnings[0])
        let noPatterns = KdialogFilter.parse("Images ()|*.jpg|Photos")
        XCTAssertEqual(noPatterns.filters.map(\.name), ["*.jpg", "Photos"])
        XCTAssertTrue(noPatterns.warnings.contains { $0.contains("'Images'") }, "\(noPatterns.warnings)")
        XCTAssertEqual(KdialogFilter.parse("   ").filters, [])
        XCTAssertEqual(KdialogFilter.parse("").warnings, [])
    }
}
