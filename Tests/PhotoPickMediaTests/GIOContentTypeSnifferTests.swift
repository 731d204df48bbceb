import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

final class GIOContentTypeSnifferTests: XCTestCase {
    private let sniffer = GIOContentTypeSniffer()

    private func head(of path: String) throws -> [UInt8] {
        Array(try RawFiles.read(path).prefix(sniffer.headLength))
    }

    private func mime(_ name: String, _ head: [UInt8]) -> String? {
        sniffer.mimeType(name: Array(name.utf8), head: head)
    }

    func testPNGBytesNamedJPGArePNG() throws {
        let dir = TemporaryDirectory()
        try ImageFactory.write(dir.path + "/x.png", width: 16, height: 16, format: .png)
        let png = try head(of: dir.path + "/x.png")
        XCTAssertEqual(mime("photo.jpg", png), "image/png")
        XCTAssertEqual(mime("photo.png", png), "image/png")
        XCTAssertEqual(mime("photo", png), "image/png")
    }

    func testJPEGBytesAreJPEG() throws {
        let dir = TemporaryDirectory()
        try ImageFactory.write(dir.path + "/x.jpg", width: 16, height: 16, format: .jpeg)
        let jpeg = try head(of: dir.path + "/x.jpg")
        XCTAssertEqual(jpeg.prefix(3), [0xFF, 0xD8, 0xFF])
        XCTAssertEqual(mime("x.jpg", jpeg), "image/jpeg")
        XCTAssertEqual(mime("x.png", jpeg), "image/jpeg", "the bytes win over the name")
        XCTAssertEqual(sniffer.mimeType(name: [0xFF, 0x0A], head: jpeg), "image/jpeg", "any name bytes")
    }

    func testTextNamedJPGIsNotMedia() {
        XCTAssertNil(mime("notes.jpg", Array("just text, not a photo\n".utf8)))
        XCTAssertNil(mime("readme.txt", Array("readme\n".utf8)))
        XCTAssertNil(mime("page.png", Array("<html><body>hi</body></html>\n".utf8)))
    }

    /// Formats gdk-pixbuf decodes whose bytes shared-mime-info reads as text: an XBM is C
    /// source. gdk-pixbuf's own loader recognising them is the content check.
    func testTextImageFormatsGdkPixbufRecognises() {
        let xbm = Array("#define dot_width 8\n#define dot_height 2\nstatic unsigned char dot_bits[] = {\n 0xff, 0x00 };\n".utf8)
        XCTAssertEqual(mime("dot.xbm", xbm), "image/x-xbitmap")
        let p3 = Array("P3\n# by hand\n2 1\n255\n255 0 0  0 0 255\n".utf8)
        XCTAssertEqual(mime("dot.ppm", p3), "image/x-portable-pixmap")
        XCTAssertEqual(mime("dot", p3), "image/x-portable-pixmap", "by content alone")
        // Still checked by content: other text under an image format's name is not an image.
        XCTAssertNil(mime("fake.xbm", Array("int main(void) { return 0; }\n".utf8)))
        XCTAssertNil(mime("notes.jpg", xbm), "an XBM's bytes are not a JPEG")
    }

    func testUnknownBytesFallBackToTheName() {
        var rng = SeededGenerator(seed: 7)
        let unknown: [UInt8] = [0x81, 0x9C] + (0..<62).map { _ in UInt8.random(in: 0...255, using: &rng) }
        XCTAssertNil(mime("old.bin", unknown), "premise: the bytes match no magic")
        XCTAssertEqual(mime("old.tga", unknown), "image/x-tga")
        XCTAssertEqual(sniffer.mimeType(name: [0xFF] + Array(".tga".utf8), head: unknown), "image/x-tga", "any name bytes")
    }

    func testTGAHeaderIsRecognisedWhateverTheName() {
        // A 2×2 uncompressed true-colour TGA header: shared-mime-info has a weak magic for it.
        let tga: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0] + [UInt8](repeating: 0x80, count: 12)
        XCTAssertEqual(mime("old.tga", tga), "image/x-tga")
        XCTAssertEqual(mime("old.bin", tga), "image/x-tga")
    }

    func testMP4HeaderIsVideo() {
        let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)
        XCTAssertEqual(mime("clip.mp4", mp4), "video/mp4")
        XCTAssertEqual(MediaKind(mimeType: mime("clip.mp4", mp4) ?? ""), .video)
    }

    func testWantsEnoughBytes() {
        XCTAssertGreaterThanOrEqual(sniffer.headLength, 64)
    }
}
