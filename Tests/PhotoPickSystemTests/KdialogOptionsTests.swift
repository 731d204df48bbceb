import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest

/// kdialog's open dialogs translated into a request: the start folder, the filter, single
/// or multiple, the parent window, and kdialog's output.
final class KdialogOptionsTests: SampleLibraryTestCase {
    private func translate(_ args: [String], home: String? = "/home/nobody-here") throws -> KdialogOptions.Translation {
        let line = try KdialogCommandLine.parse(args.map { Array($0.utf8) })
        let options = try XCTUnwrap(KdialogOptions(line))
        return try options.translate(cwd: RawPath(dir.path), home: home.map(RawPath.init))
    }

    func testOnlyTheOpenDialogsArePhotopicks() throws {
        XCTAssertNil(KdialogOptions(try KdialogCommandLine.parse([Array("--getsavefilename".utf8)])))
        XCTAssertNil(KdialogOptions(try KdialogCommandLine.parse([])))
        XCTAssertEqual(KdialogOptions(try KdialogCommandLine.parse([Array("--getopenurl".utf8)]))?.urls, true)
    }

    func testDefaultsAreKdialogs() throws {
        let t = try translate(["--getopenfilename"])
        XCTAssertEqual(t.request.multiple, false, "one file unless --multiple")
        XCTAssertNil(t.request.folders)
        XCTAssertNil(t.request.filters)
        XCTAssertNil(t.request.title)
        XCTAssertNil(t.request.parentWindow)
        XCTAssertEqual(t.output, .kdialog(KdialogOutput(layout: .single, urls: false)))
        XCTAssertEqual(t.warnings, [])
    }

    func testOutputLayouts() throws {
        XCTAssertEqual(try translate(["--getopenfilename", "--multiple"]).output,
                       .kdialog(KdialogOutput(layout: .spaced, urls: false)))
        XCTAssertEqual(try translate(["--getopenfilename", "--multiple", "--separate-output"]).output,
                       .kdialog(KdialogOutput(layout: .lines, urls: false)))
        XCTAssertEqual(try translate(["--getopenfilename", "--separate-output"]).output,
                       .kdialog(KdialogOutput(layout: .single, urls: false)), "--separate-output alone changes nothing")
        XCTAssertEqual(try translate(["--getopenurl", "--multiple"]).output, .kdialog(KdialogOutput(layout: .spaced, urls: true)))
        XCTAssertEqual(try translate(["--getopenfilename", "--multiple"]).request.multiple, true)
    }

    func testTheStartFolder() throws {
        XCTAssertEqual(try translate(["--getopenfilename", sample.root + "/2024"]).request.folders,
                       [RawPath(sample.root + "/2024")])
        XCTAssertEqual(try translate(["--getopenfilename", "Pictures/Screenshots"]).request.folders,
                       [RawPath(sample.root + "/Screenshots")], "relative to the current folder")
        XCTAssertEqual(try translate(["--getopenfilename", "file://" + sample.root + "/2024/Trip"]).request.folders,
                       [RawPath(sample.root + "/2024/Trip")])
        let file = try translate(["--getopenfilename", sample.root + "/beach.jpg"])
        XCTAssertEqual(file.request.folders, [RawPath(sample.root)], "a file opens its folder…")
        XCTAssertEqual(file.request.preselect, [RawPath(sample.root + "/beach.jpg")], "…with the file picked")
        let newName = try translate(["--getopenfilename", sample.root + "/new.jpg"])
        XCTAssertEqual(newName.request.folders, [RawPath(sample.root)])
        XCTAssertNil(newName.request.preselect)
    }

    func testStartsThatAreNoPhotoLibraryOpenTheDefaultFolders() throws {
        XCTAssertNil(try translate(["--getopenfilename", dir.path], home: dir.path).request.folders,
                     "Chromium starts in the home folder when it knows no better")
        XCTAssertNil(try translate(["--getopenfilename", "."], home: dir.path).request.folders)
        XCTAssertNil(try translate(["--getopenfilename", "/"]).request.folders)
        XCTAssertNil(try translate(["--getopenfilename", ":photos"]).request.folders, "KDE's remembered-folder keyword")
        XCTAssertNil(try translate(["--getopenfilename", ""]).request.folders)
        XCTAssertEqual(try translate(["--getopenfilename", "."], home: nil).request.folders, [RawPath(dir.path)])
        let missing = try translate(["--getopenfilename", "/no/such/folder/x"])
        XCTAssertNil(missing.request.folders)
        XCTAssertEqual(missing.warnings.count, 1)
        XCTAssertTrue(missing.warnings[0].contains("/no/such/folder"), missing.warnings[0])
    }

    func testTitleFilterAndAttach() throws {
        let t = try translate(["--getopenfilename", sample.root, "*.jpg|Photos\n*|All", "--title", "Upload", "--attach", "0x400007"])
        XCTAssertEqual(t.request.title, "Upload")
        XCTAssertEqual(t.request.filters?.map(\.name), ["Photos", "All"])
        XCTAssertEqual(t.request.parentWindow, .x11(0x400007))
        XCTAssertNil(t.request.modal, "kdialog's --attach makes the dialog transient, not modal")
        XCTAssertNil(try translate(["--getopenfilename", "--title", ""]).request.title, "an empty title keeps photopick's")
        let bad = try translate(["--getopenfilename", "--attach", "window"])
        XCTAssertNil(bad.request.parentWindow)
        XCTAssertEqual(bad.warnings, ["--attach: 'window' is not an X11 window ID; the window opens without a parent"])
    }
}
