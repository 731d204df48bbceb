import PhotoPickCore
import XCTest

/// The caller's window as the portal names it (`--parent-window`, a request's `parent_window`)
/// and as kdialog and zenity take it (`--attach`).
final class ParentWindowTests: XCTestCase {
    func testThePortalsForms() throws {
        XCTAssertEqual(try ParentWindow.parse("x11:1a00007"), .x11(0x1A00007))
        XCTAssertEqual(try ParentWindow.parse("x11:0x1A00007"), .x11(0x1A00007))
        XCTAssertEqual(try ParentWindow.parse("wayland:3f2a-handle_1"), .wayland("3f2a-handle_1"))
        XCTAssertNil(try ParentWindow.parse(""), "the portal sends an empty string for no parent")
        XCTAssertEqual(ParentWindow.x11(0x1A00007).description, "x11:1a00007")
        XCTAssertEqual(try ParentWindow.parse(ParentWindow.wayland("h").description), .wayland("h"))
    }

    func testMalformedWindowsAreRefusedWithTheReason() {
        for text in ["x11:zzz", "x11:", "x11:0", "x11:-5", "x11:20000000", "x11: 12", "foo:1", "1a00007", "X11:12",
                     "wayland:", "wayland:has space"] {
            XCTAssertThrowsError(try ParentWindow.parse(text), text) { error in
                XCTAssertTrue("\(error)".contains("'\(text)'"), "\(error)")
            }
        }
    }

    func testAttachReadsNumbersAsC() {
        XCTAssertEqual(ParentWindow.xid("27262983"), 27_262_983, "Chromium writes decimal")
        XCTAssertEqual(ParentWindow.xid("0x1a00007"), 0x1A00007)
        XCTAssertEqual(ParentWindow.xid("0X1A00007"), 0x1A00007)
        XCTAssertEqual(ParentWindow.xid("010"), 8, "a leading 0 is octal, as strtoul(…, 0) reads it")
        XCTAssertEqual(ParentWindow.xid(" 42 "), 42)
        for bad in ["", "0", "abc", "0x", "09", "12abc", "-1", "0x20000000"] {
            XCTAssertNil(ParentWindow.xid(bad), bad)
        }
    }
}
