import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class FileURITests: XCTestCase {
    func testPlainPathsAreUnchanged() {
        XCTAssertEqual(FileURI.encode(RawPath("/home/ada/Pictures/IMG_0001.jpg")), "file:///home/ada/Pictures/IMG_0001.jpg")
        XCTAssertEqual(FileURI.encode(RawPath("/a-b.c_d~e")), "file:///a-b.c_d~e")
        XCTAssertEqual(FileURI.encode(RawPath("/")), "file:///")
    }

    func testReservedAndUnsafeBytesArePercentEncoded() {
        XCTAssertEqual(FileURI.encode(RawPath("/my photos/50% off #1?.jpg")), "file:///my%20photos/50%25%20off%20%231%3F.jpg")
        XCTAssertEqual(FileURI.encode(RawPath("/a\nb\tc")), "file:///a%0Ab%09c")
        XCTAssertEqual(FileURI.encode(RawPath("/été/😀")), "file:///%C3%A9t%C3%A9/%F0%9F%98%80")
        XCTAssertEqual(FileURI.encode(RawPath(bytes: [0x2F, 0xFF, 0x80])), "file:///%FF%80")
        XCTAssertEqual(FileURI.encode(RawPath("/a+b;c=d&e:f@g'h(i)")), "file:///a%2Bb%3Bc%3Dd%26e%3Af%40g%27h%28i%29")
    }

    func testOutputIsASCIIAndAFoundationURL() throws {
        let path = "/my photos/été #1?.jpg"
        let uri = FileURI.encode(RawPath(path))
        XCTAssertTrue(uri.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
        let url = try XCTUnwrap(URL(string: uri))
        XCTAssertTrue(url.isFileURL)
        XCTAssertEqual(url.path, path)
    }

    func testDecode() {
        XCTAssertEqual(FileURI.decode("file:///a%20b/%FF.jpg"), RawPath(bytes: Array("/a b/".utf8) + [0xFF] + Array(".jpg".utf8)))
        XCTAssertEqual(FileURI.decode("file://localhost/x"), RawPath("/x"))
        XCTAssertEqual(FileURI.decode("FILE:///x%2fy"), RawPath("/x/y"), "scheme and hex digits in any case")
        XCTAssertEqual(FileURI.decode("file:///plain é"), RawPath("/plain é"), "unencoded bytes are kept")
    }

    func testDecodeRejectsOtherURIs() {
        XCTAssertNil(FileURI.decode("http://example.com/x"))
        XCTAssertNil(FileURI.decode("/just/a/path"))
        XCTAssertNil(FileURI.decode("file://otherhost/x"), "remote hosts are not local paths")
        XCTAssertNil(FileURI.decode("file:///bad%G1"))
        XCTAssertNil(FileURI.decode("file:///short%2"))
    }

    /// Encode then decode is the identity for any absolute byte path.
    func testRoundTripProperty() {
        var rng = SeededGenerator(seed: 0xF11E_0002)
        for i in 0..<2_000 {
            let path = RawPath(bytes: [0x2F] + rng.trickyBytes(maxLength: 40))
            let uri = FileURI.encode(path)
            XCTAssertTrue(uri.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "case \(i): \(uri)")
            XCTAssertEqual(FileURI.decode(uri), path, "case \(i): \(path.bytes)")
        }
    }
}
