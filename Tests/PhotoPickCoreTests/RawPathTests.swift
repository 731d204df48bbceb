import PhotoPickCore
import XCTest

final class RawPathTests: XCTestCase {
    /// "/photos/caf\xFF/we\nird.jpg": a folder with an invalid byte and a name with a newline.
    private let folderBytes: [UInt8] = Array("/photos/caf".utf8) + [0xFF]
    private var nameBytes: [UInt8] { Array("we\nird.jpg".utf8) }
    private var path: RawPath { RawPath(bytes: folderBytes + [0x2F] + nameBytes) }

    func testLastComponentKeepsBytes() {
        XCTAssertEqual(Array(path.lastComponentBytes), nameBytes)
        XCTAssertEqual(path.lastComponent, "we\nird.jpg")
        let invalidName = RawPath(bytes: Array("/a/x".utf8) + [0xFF, 0xFE] + Array(".png".utf8))
        XCTAssertEqual(Array(invalidName.lastComponentBytes), [0x78, 0xFF, 0xFE] + Array(".png".utf8))
        XCTAssertEqual(invalidName.lastComponent, "x\u{FFFD}\u{FFFD}.png", "display form replaces invalid bytes")
        XCTAssertEqual(RawPath("/").lastComponent, "")
        XCTAssertEqual(RawPath("relative").lastComponent, "relative")
    }

    func testParent() {
        XCTAssertEqual(path.parent.bytes, folderBytes)
        XCTAssertEqual(path.parent.parent, RawPath("/photos"))
        XCTAssertEqual(RawPath("/photos").parent, RawPath("/"))
        XCTAssertEqual(RawPath("/").parent, RawPath("/"))
    }

    func testAppendingAddsExactlyOneSlash() {
        let folder = RawPath(bytes: folderBytes)
        XCTAssertEqual(folder.appending(component: nameBytes), path)
        XCTAssertEqual(RawPath(bytes: folderBytes + [0x2F]).appending(component: nameBytes), path)
        XCTAssertEqual(RawPath("/").appending(component: Array("x".utf8)), RawPath("/x"))
        XCTAssertEqual(folder.appending(component: [0x80]).bytes, folderBytes + [0x2F, 0x80])
    }

    /// A library keeps every path it lists for as long as it is open: a path made from its
    /// folder must not carry the folder's doubled capacity (62 bytes held 120 before).
    func testAppendingKeepsNoSpareCapacity() {
        let folder = RawPath("/tmp/photopick-bench/library-1m/2005/Event 000")
        let made = folder.appending(component: Array("IMG_0000000.jpg".utf8))
        XCTAssertEqual(made, RawPath("/tmp/photopick-bench/library-1m/2005/Event 000/IMG_0000000.jpg"))
        XCTAssertLessThan(made.bytes.capacity, made.bytes.count + 16, "at most the allocator's rounding spare")
        let hostile = RawPath(bytes: folderBytes).appending(component: [0xFF, 0x0A] + Array(repeating: 0x41, count: 300))
        XCTAssertEqual(hostile.bytes, folderBytes + [0x2F, 0xFF, 0x0A] + Array(repeating: 0x41, count: 300))
        XCTAssertLessThan(hostile.bytes.capacity, hostile.bytes.count + 16)
        XCTAssertEqual(RawPath("/").appending(component: Array("a".utf8)), RawPath("/a"))
        XCTAssertEqual(folder.appending(component: [UInt8]()), RawPath(folder.description + "/"))
    }

    func testRelativeTo() {
        let root = RawPath(bytes: folderBytes)
        XCTAssertEqual(path.relative(to: root), nameBytes)
        XCTAssertEqual(path.relative(to: RawPath(bytes: folderBytes + [0x2F])), nameBytes, "root with trailing slash")
        XCTAssertEqual(path.relative(to: RawPath("/photos")), Array("caf".utf8) + [0xFF, 0x2F] + nameBytes)
        XCTAssertEqual(root.relative(to: root), [])
        XCTAssertEqual(path.relative(to: RawPath("/")), Array(path.bytes.dropFirst()))
        // A sibling that shares a prefix is not inside: "/photos/cafe" is not below "/photos/caf".
        XCTAssertNil(RawPath("/photos/cafe/x.jpg").relative(to: RawPath("/photos/caf")))
        XCTAssertNil(RawPath("/other").relative(to: root))
        XCTAssertNil(RawPath("/photos").relative(to: root), "a parent is not inside its child")
    }

    func testWithCStringPassesExactBytes() {
        let bytes = path.withCString { c -> [UInt8] in
            var out: [UInt8] = []
            var p = c
            while p.pointee != 0 { out.append(UInt8(bitPattern: p.pointee)); p += 1 }
            return out
        }
        XCTAssertEqual(bytes, path.bytes)
    }

    func testOrderingIsByBytes() {
        let paths = [RawPath(bytes: [0x2F, 0xFF]), RawPath("/b"), RawPath("/a/z"), RawPath("/a")]
        XCTAssertEqual(paths.sorted(), [RawPath("/a"), RawPath("/a/z"), RawPath("/b"), RawPath(bytes: [0x2F, 0xFF])])
    }
}
