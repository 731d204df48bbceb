import Foundation
import TestSupport
import XCTest

/// A program that runs kdialog (Chromium on KDE does) gets photopick's grid through a
/// `kdialog` link first on PATH, and kdialog's answer, byte for byte.
final class KdialogCompatibilityTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!
    private var kdialog: String { dir.path + "/bin/kdialog" }

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
        try FileManager.default.createDirectory(atPath: dir.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: kdialog, withDestinationPath: Binaries.photopick)
    }

    private func open(_ args: [String], title: String = "Upload photos") throws -> ScriptDriver {
        try ScriptDriver(kdialog, args + ["--title", title], windowTitle: title)
    }

    func testTwoPhotosOnSeparateLines() throws {
        // Unfiltered, the first two tiles would be beach.jpg and shot-2.png.
        let driver = try open(["--getopenfilename", library.root, "*.jpg|Photos", "--multiple", "--separate-output"])
        try driver.press("space", "Right", "space", "Return")
        let out = driver.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdout, Data("\(library.root)/beach.jpg\n\(library.root)/2024/Trip/trip-4.jpg\n".utf8))
        XCTAssertEqual(out.stderrText, "")
    }

    func testWithoutSeparateOutputPathsShareALine() throws {
        let driver = try open(["--multiple", "--getopenfilename", library.root + "/2024/Trip", "Photos (*.jpg)"])
        try driver.press("space", "Right", "space", "Return")
        let out = driver.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "\(library.root)/2024/Trip/trip-4.jpg \(library.root)/2024/Trip/trip-3.jpg \n",
                       "kdialog's trailing space included")
    }

    func testOneURLWithoutMultiple() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/My Photos", withIntermediateDirectories: true)
        try ImageFactory.write(dir.path + "/My Photos/day 1 #2.jpg", width: 64, height: 48, format: .jpeg)
        let driver = try open(["--getopenurl", dir.path + "/My Photos", "image/jpeg"])
        try driver.press("space", "Return")
        let out = driver.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "file://\(dir.path)/My Photos/day 1 %232.jpg\n")
    }

    func testCancelIsStatusOneAndNothingOnStdout() throws {
        let driver = try open(["--getopenfilename", library.root, "*.jpg|Photos", "--multiple", "--separate-output"])
        try driver.press("space", "Escape")
        try driver.discardPicks()
        let out = driver.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stdout.isEmpty)
        XCTAssertEqual(out.stderrText, "")
    }
}
