import PhotoPickCore
import XCTest

/// kdialog's output, byte for byte.
final class KdialogOutputTests: XCTestCase {
    private let paths = [RawPath("/p/a b.jpg"), RawPath("/p/c.jpg")]

    private func text(_ layout: KdialogOutput.Layout, urls: Bool = false, _ paths: [RawPath]? = nil) -> String {
        String(decoding: KdialogOutput(layout: layout, urls: urls).render(paths ?? self.paths), as: UTF8.self)
    }

    func testLayouts() {
        XCTAssertEqual(text(.lines), "/p/a b.jpg\n/p/c.jpg\n")
        XCTAssertEqual(text(.spaced), "/p/a b.jpg /p/c.jpg \n", "kdialog leaves a space after the last path")
        XCTAssertEqual(text(.single), "/p/a b.jpg\n")
        XCTAssertEqual(text(.spaced, [RawPath("/p/c.jpg")]), "/p/c.jpg \n")
        XCTAssertEqual(KdialogOutput(layout: .lines, urls: false).render([]), [], "nothing picked, nothing printed")
    }

    func testPathsAreRawBytes() {
        let odd = RawPath(bytes: Array("/p/x".utf8) + [0xFF, 0x0A] + Array(".jpg".utf8))
        XCTAssertEqual(KdialogOutput(layout: .lines, urls: false).render([odd]), odd.bytes + [0x0A])
    }

    func testURLsAsQtDisplaysThem() {
        XCTAssertEqual(text(.spaced, urls: true), "file:///p/a b.jpg file:///p/c.jpg \n")
        XCTAssertEqual(text(.single, urls: true, [RawPath("/p/50% #1?.jpg")]), "file:///p/50%25 %231%3F.jpg\n")
        XCTAssertEqual(text(.single, urls: true, [RawPath("/p/café.jpg")]), "file:///p/café.jpg\n")
        let notUTF8 = RawPath(bytes: Array("/p/".utf8) + [0xE9, 0x09] + Array(".jpg".utf8))
        XCTAssertEqual(text(.single, urls: true, [notUTF8]), "file:///p/%E9%09.jpg\n")
        XCTAssertEqual(FileURI.decode("file:///p/%E9%09.jpg"), notUTF8, "what is encoded decodes back to the bytes")
    }
}
