import PhotoPickGLib
import PhotoPickPortal
import XCTest

/// Line edits of a portals.conf: only the FileChooser line changes, and GLib's parser (the
/// one xdg-desktop-portal uses) reads the result as intended.
final class PortalsConfTextTests: XCTestCase {
    private let key = PortalsConfText.fileChooserKey

    private func parsed(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> KeyFile {
        var problem = ""
        return try XCTUnwrap(KeyFile(bytes: bytes, problem: { problem = $0 }), "not a key file: \(problem)\n\(text(bytes))", file: file, line: line)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testReplacesTheLineInEffectAndNothingElse() throws {
        let before = Array("""
            # My portals
            [preferred]
            default = kde;gtk;
              org.freedesktop.impl.portal.FileChooser = gtk\r
            org.freedesktop.impl.portal.Secret=kwallet

            [other]
            org.freedesktop.impl.portal.FileChooser=kept

            """.utf8)
        let after = PortalsConfText.settingFileChooser(before, to: "photopick", inherited: [("default", "ignored")])
        XCTAssertEqual(text(after), """
            # My portals
            [preferred]
            default = kde;gtk;
            org.freedesktop.impl.portal.FileChooser=photopick\r
            org.freedesktop.impl.portal.Secret=kwallet

            [other]
            org.freedesktop.impl.portal.FileChooser=kept

            """)
        let file = try parsed(after)
        XCTAssertEqual(file.stringList("preferred", key), ["photopick"])
        XCTAssertEqual(file.stringList("preferred", "default"), ["kde", "gtk"])
        XCTAssertEqual(file.string("other", key), "kept")
        XCTAssertEqual(PortalsConfText.fileChooserValue(before), "gtk")
    }

    func testTheLastOfTwoLinesIsTheOneInEffect() throws {
        let before = Array("[preferred]\n\(key)=gnome\n[preferred]\n\(key)=gtk\n".utf8)
        let after = PortalsConfText.settingFileChooser(before, to: "photopick", inherited: [])
        XCTAssertEqual(text(after), "[preferred]\n\(key)=gnome\n[preferred]\n\(key)=photopick\n")
        XCTAssertEqual(try parsed(after).stringList("preferred", key), ["photopick"], "GLib reads the last one too")
    }

    func testAddsTheLineAtTheEndOfTheGroupKeepingCommentsOfTheNext() throws {
        let before = Array("[preferred]\ndefault=gnome;gtk;\n\n# about the rest\n[rest]\na=b".utf8)
        let after = PortalsConfText.settingFileChooser(before, to: "photopick", inherited: [("default", "x")])
        XCTAssertEqual(text(after), "[preferred]\ndefault=gnome;gtk;\n\(key)=photopick\n\n# about the rest\n[rest]\na=b")
        XCTAssertEqual(try parsed(after).stringList("preferred", "default"), ["gnome", "gtk"], "the file's own default kept")
    }

    /// A file whose group is empty (or missing) is passed over by the portal: once it holds
    /// the FileChooser line it decides everything, so the desktop's entries come with it.
    func testAGroupWithoutEntriesGetsTheDesktopsEntries() throws {
        let inherited = [("default", "gnome;gtk;"), ("org.freedesktop.impl.portal.Secret", "gnome-keyring;"), (key, "gnome")]
        let empty = PortalsConfText.settingFileChooser(Array("# nothing yet\n[preferred]\n".utf8), to: "photopick", inherited: inherited)
        XCTAssertEqual(text(empty), "# nothing yet\n[preferred]\ndefault=gnome;gtk;\norg.freedesktop.impl.portal.Secret=gnome-keyring;\n\(key)=photopick\n")
        let none = PortalsConfText.settingFileChooser(Array("# only a comment".utf8), to: "photopick", inherited: inherited)
        XCTAssertEqual(text(none), "# only a comment\n\n[preferred]\ndefault=gnome;gtk;\norg.freedesktop.impl.portal.Secret=gnome-keyring;\n\(key)=photopick\n")
        let file = try parsed(none)
        XCTAssertEqual(file.keys("preferred"), ["default", "org.freedesktop.impl.portal.Secret", key], "the desktop's FileChooser left out")
    }

    func testANewFileCopiesTheDesktopsEntriesOrSaysWhyThereIsNoDefault() throws {
        let copied = try parsed(PortalsConfText.newFile(inherited: [("default", "gnome;gtk;"), ("org.freedesktop.impl.portal.Access", "gnome-shell;gtk;")],
                                                        source: "/usr/share/xdg-desktop-portal/gnome-portals.conf"))
        XCTAssertEqual(copied.stringList("preferred", "default"), ["gnome", "gtk"])
        XCTAssertEqual(copied.stringList("preferred", "org.freedesktop.impl.portal.Access"), ["gnome-shell", "gtk"])
        XCTAssertEqual(copied.stringList("preferred", key), ["photopick"])
        let bare = PortalsConfText.newFile(inherited: [], source: nil)
        XCTAssertEqual(try parsed(bare).keys("preferred"), [key], "no default= line: the portal chooses the rest as without the file")
        XCTAssertTrue(text(bare).contains("# No default= line"))
        let hostile = PortalsConfText.newFile(inherited: [("default", "gtk")], source: "/x\n[preferred]\n\(key)=evil")
        XCTAssertEqual(try parsed(hostile).stringList("preferred", key), ["photopick"], "a path with a newline is not written")
    }

    func testRestoringPutsTheOriginalLineBackOrTakesTheLineOut() throws {
        let edited = Array("[preferred]\ndefault=kde\n\(key)=photopick\r\n# mine\nx=y\n".utf8)
        let original = PortalsConfText.fileChooserLine(Array("[preferred]\n  \(key) = kde;gtk\r\n".utf8))
        XCTAssertEqual(original.map(text), "  \(key) = kde;gtk", "the line's own bytes, spacing kept")
        XCTAssertEqual(PortalsConfText.restoringFileChooser(edited, original: original),
                       .restored(Array("[preferred]\ndefault=kde\n  \(key) = kde;gtk\r\n# mine\nx=y\n".utf8)))
        XCTAssertEqual(PortalsConfText.restoringFileChooser(edited, original: nil),
                       .restored(Array("[preferred]\ndefault=kde\n# mine\nx=y\n".utf8)))
        XCTAssertEqual(PortalsConfText.restoringFileChooser(Array("[preferred]\n\(key)=photopick;\n".utf8), original: nil),
                       .restored(Array("[preferred]\n".utf8)), "the same list, written otherwise")
    }

    /// A FileChooser line the user changed since is theirs: left, and said so honestly.
    func testALineTheUserChangedIsLeft() {
        XCTAssertEqual(PortalsConfText.restoringFileChooser(Array("[preferred]\n\(key)=photopick;gtk\n".utf8), original: nil),
                       .stillNamed("photopick;gtk"))
        XCTAssertEqual(PortalsConfText.restoringFileChooser(Array("[preferred]\n\(key)=gnome\n".utf8), original: nil), .nothingToTakeBack)
        XCTAssertEqual(PortalsConfText.restoringFileChooser(Array("[preferred]\ndefault=gtk\n".utf8), original: nil), .nothingToTakeBack)
    }

    /// Lines photopick adds to a file of CRLF lines end in CRLF too.
    func testAddedLinesEndAsTheFilesLinesDo() throws {
        let added = PortalsConfText.settingFileChooser(Array("[preferred]\r\ndefault=gtk\r\n".utf8), to: "photopick", inherited: [])
        XCTAssertEqual(text(added), "[preferred]\r\ndefault=gtk\r\n\(key)=photopick\r\n")
        let group = PortalsConfText.settingFileChooser(Array("# mine\r\n".utf8), to: "photopick", inherited: [("default", "gnome")])
        XCTAssertEqual(text(group), "# mine\r\n\r\n[preferred]\r\ndefault=gnome\r\n\(key)=photopick\r\n")
        XCTAssertEqual(try parsed(group).stringList("preferred", key), ["photopick"])
        let plain = PortalsConfText.settingFileChooser(Array("[preferred]\ndefault=gtk\n".utf8), to: "photopick", inherited: [])
        XCTAssertEqual(text(plain), "[preferred]\ndefault=gtk\n\(key)=photopick\n")
    }

    func testLinesAreReadAsGLibReadsThem() throws {
        // Groups with spaces after ], keys with spaces before =, comments after spaces: the
        // text model and GLib agree on which line is the FileChooser.
        let before = Array("  # c\n[preferred]  \n\t\(key)\t=\tgnome\n".utf8)
        XCTAssertEqual(try parsed(before).stringList("preferred", key), ["gnome"])
        XCTAssertEqual(PortalsConfText.fileChooserValue(before), "gnome")
        let after = PortalsConfText.settingFileChooser(before, to: "photopick", inherited: [])
        XCTAssertEqual(text(after), "  # c\n[preferred]  \n\(key)=photopick\n")
        XCTAssertEqual(try parsed(after).stringList("preferred", key), ["photopick"])
    }
}
