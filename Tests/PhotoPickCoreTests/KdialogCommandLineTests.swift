import PhotoPickCore
import XCTest

/// kdialog's command line as kdialog (Qt's QCommandLineParser) reads it, and which dialog
/// it asks for.
final class KdialogCommandLineTests: XCTestCase {
    private func parse(_ args: [String]) throws -> KdialogCommandLine {
        try KdialogCommandLine.parse(args.map { Array($0.utf8) })
    }

    func testChromiumsCommandLine() throws {
        let line = try parse(["--attach", "27262983", "--title", "Open Files", "--multiple", "--separate-output",
                              "--getopenfilename", "/home/me/Pictures", "Image Files (*.jpg *.png)|All Files (*)"])
        XCTAssertEqual(line.dialog, .openFile)
        XCTAssertEqual(line.attach, "27262983")
        XCTAssertEqual(line.title, "Open Files")
        XCTAssertTrue(line.multiple)
        XCTAssertTrue(line.separateOutput)
        XCTAssertEqual(line.arguments.map { String(decoding: $0, as: UTF8.self) },
                       ["/home/me/Pictures", "Image Files (*.jpg *.png)|All Files (*)"])
        XCTAssertEqual(line.unknown, [])
    }

    func testOptionsAndArgumentsInAnyOrderAndInlineValues() throws {
        let line = try parse(["--getopenurl", "/tmp", "--title=A = B", "*.jpg|Photos", "--embed=0x400007", "--icon", "photo"])
        XCTAssertEqual(line.dialog, .openURL)
        XCTAssertEqual(line.title, "A = B")
        XCTAssertEqual(line.attach, "0x400007", "--embed is kdialog's old name for --attach")
        XCTAssertEqual(line.arguments.map { String(decoding: $0, as: UTF8.self) }, ["/tmp", "*.jpg|Photos"])
        XCTAssertFalse(line.multiple)
    }

    func testDoubleDashEndsTheOptions() throws {
        let line = try parse(["--getopenfilename", "--", "--multiple", "-"])
        XCTAssertFalse(line.multiple)
        XCTAssertEqual(line.arguments.map { String(decoding: $0, as: UTF8.self) }, ["--multiple", "-"])
    }

    func testArgumentsKeepTheirBytes() throws {
        let folder: [UInt8] = Array("/tmp/caf".utf8) + [0xE9]  // Latin-1 é: not UTF-8
        let line = try KdialogCommandLine.parse([Array("--getopenfilename".utf8), folder])
        XCTAssertEqual(line.arguments, [folder])
    }

    func testTheFirstDialogInKdialogsOrderWins() throws {
        XCTAssertEqual(try parse(["--getopenfilename", "--yesno", "Sure?"]).dialog, .other("--yesno"),
                       "kdialog looks for message boxes before file dialogs")
        XCTAssertEqual(try parse(["--getsavefilename", "/tmp", "--getopenfilename"]).dialog, .openFile)
        XCTAssertEqual(try parse(["--getsavefilename", "/tmp"]).dialog, .other("--getsavefilename"))
        XCTAssertEqual(try parse(["--getexistingdirectory"]).dialog, .other("--getexistingdirectory"))
        XCTAssertEqual(try parse(["--getsaveurl"]).dialog, .other("--getsaveurl"))
        XCTAssertEqual(try parse(["--msgbox", "hi"]).dialog, .other("--msgbox"))
        XCTAssertEqual(try parse(["--title", "x"]).dialog, .none)
    }

    func testHelpVersionAndUnknownOptions() throws {
        XCTAssertTrue(try parse(["--help"]).help)
        XCTAssertTrue(try parse(["-h"]).help)
        XCTAssertTrue(try parse(["--version"]).version)
        XCTAssertTrue(try parse(["-v"]).version)
        XCTAssertEqual(try parse(["--getopenfilename", "--bogus", "-x"]).unknown, ["--bogus", "-x"])
    }

    func testAValueThatIsMissingOrNotWanted() {
        XCTAssertThrowsError(try parse(["--getopenfilename", "--title"])) { XCTAssertTrue("\($0)".contains("--title needs a value")) }
        XCTAssertThrowsError(try parse(["--multiple=yes", "--getopenfilename"])) { XCTAssertTrue("\($0)".contains("--multiple takes no value")) }
    }
}
