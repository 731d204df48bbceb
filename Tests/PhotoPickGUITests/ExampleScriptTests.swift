import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// The examples in examples/ run photopick as a chooser on a generated library of hostile
/// names, driven by keyboard, and use what they get.
final class ExampleScriptTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: RawPath!
    private var newestFirst: [RawPath] = []

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        (root, newestFirst) = try HostileNames.makeLibrary(in: dir)
    }

    /// Picks the tiles at `indices` (ascending, in newest-first order) with Space and Right.
    private func pick(_ indices: [Int], with driver: ScriptDriver) throws {
        var at = 0
        for index in indices {
            while at < index { try driver.press("Right"); at += 1 }
            try driver.press("space")
        }
        try driver.press("Return")
    }

    // MARK: examples/pick-photos.sh (plain output, --print0)

    func testPickPhotosCopiesTheFilesWhateverTheirNames() throws {
        let dest = dir.path + "/Copied"
        let driver = try ScriptDriver("/bin/bash", [Repository.root + "/examples/pick-photos.sh", dest, root.description],
                                      windowTitle: "Pick photos to copy")
        // The name with a newline, the leading dash, and the byte that is not UTF-8.
        let picked = [0, 2, 5]
        try pick(picked, with: driver)
        let out = driver.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "Copied 3 photo(s) to \(dest)\n")
        for index in picked {
            let copy = RawPath(dest).appending(component: newestFirst[index].lastComponentBytes)
            XCTAssertTrue(HostileNames.exists(copy), "\(copy) was copied under its exact name")
            XCTAssertEqual(try readBytes(copy), try readBytes(newestFirst[index]))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dest).count, 3)
    }

    func testPickPhotosReportsCancel() throws {
        let driver = try ScriptDriver("/bin/bash", [Repository.root + "/examples/pick-photos.sh", dir.path + "/Copied", root.description],
                                      windowTitle: "Pick photos to copy")
        try driver.press("space", "Escape")
        try driver.discardPicks()
        let out = driver.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.stderrText, "Nothing picked.\n")
    }

    // MARK: examples/pick_with_portal.py (the portal file)

    private func python() throws -> String {
        guard let python = Binaries.which("python3") else { throw XCTSkip("python3 is not installed") }
        return python
    }

    func testPortalExamplePrintsWhatItGot() throws {
        let driver = try ScriptDriver(try python(), [Repository.root + "/examples/pick_with_portal.py", root.description],
                                      windowTitle: "Attach photos")
        try pick([1, 5, 6], with: driver)
        let out = driver.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        let lines = Array(out.stdout).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        XCTAssertEqual(lines.count, 6, out.stdoutText)  // three files, the filter, the choices, the final empty
        for (i, index) in [1, 5, 6].enumerated() {
            let prefix = Array("picked \(i): ".utf8) + newestFirst[index].bytes + Array(" (image/jpeg, ".utf8)
            XCTAssertTrue(lines[i].starts(with: prefix), "line \(i): \(String(decoding: lines[i], as: UTF8.self))")
        }
        XCTAssertEqual(String(decoding: lines[3], as: UTF8.self), "filter: Photos")
        XCTAssertEqual(String(decoding: lines[4], as: UTF8.self), "choices: size=original, strip_location=true")
    }

    func testPortalExampleReportsCancel() throws {
        let driver = try ScriptDriver(try python(), [Repository.root + "/examples/pick_with_portal.py", root.description],
                                      windowTitle: "Attach photos")
        try driver.press("Escape")
        let out = driver.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        XCTAssertEqual(out.stdoutText, "cancelled\n")
    }

    private func readBytes(_ path: RawPath) throws -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY) }
        guard fd >= 0 else { throw GUITestError("cannot open \(path)") }
        defer { close(fd) }
        return Array(FileHandle(fileDescriptor: fd, closeOnDealloc: false).readDataToEndOfFile())
    }
}
