import Foundation
import TestSupport
import XCTest

/// `photopick albums` and `photopick list`: the same core as the window, without a display.
final class HeadlessCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func photopick(_ args: [String], environment: [String: String]? = nil) throws -> ProcessRunner.Output {
        try ProcessRunner.run(Binaries.photopick, args, environment: environment)
    }

    func testAlbumsPrintsNameTabCount() throws {
        let out = try photopick(["albums", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "All Photos\t7\n2024/Trip\t4\nPictures\t1\nScreenshots\t2\n")
    }

    func testAlbumsJSON() throws {
        let out = try photopick(["albums", "--json", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let albums = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
        XCTAssertEqual(albums.map { $0["name"] as? String }, ["All Photos", "2024/Trip", "Pictures", "Screenshots"])
        XCTAssertEqual(albums.map { $0["count"] as? Int }, [7, 4, 1, 2])
        XCTAssertEqual(albums[1]["path"] as? String, library.root + "/2024/Trip")
    }

    func testListPrintsNewestFirst() throws {
        let out = try photopick(["list", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, library.newestFirst.map { $0 + "\n" }.joined())
    }

    func testListOneAlbum() throws {
        let out = try photopick(["list", "--album", "Screenshots", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "\(library.root)/Screenshots/shot-2.png\n\(library.root)/Screenshots/shot-1.png\n")
    }

    func testListJSONCarriesMetadata() throws {
        let out = try photopick(["list", "--json", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let assets = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
        XCTAssertEqual(assets.map { $0["path"] as? String }, library.newestFirst)
        let shot = try XCTUnwrap(assets.first { ($0["name"] as? String) == "shot-1.png" })
        XCTAssertEqual(shot["mime_type"] as? String, "image/png")
        XCTAssertEqual(shot["kind"] as? String, "photo")
        XCTAssertEqual(shot["album"] as? String, "Screenshots")
        XCTAssertEqual(shot["uri"] as? String, "file://" + library.root + "/Screenshots/shot-1.png")
        let size = try FileManager.default.attributesOfItem(atPath: library.root + "/Screenshots/shot-1.png")[.size] as? Int
        XCTAssertEqual(shot["size_bytes"] as? Int, size)
    }

    func testUnknownAlbumIsAnError() throws {
        let out = try photopick(["list", "--album", "Nope", library.root])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.contains("no album named 'Nope'"), out.stderrText)
        XCTAssertTrue(out.stdout.isEmpty)
    }

    func testMissingFolderIsAnError() throws {
        let out = try photopick(["list", dir.path + "/does-not-exist"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.contains("not a folder"), out.stderrText)
    }

    func testBadOptionIsAnError() throws {
        let out = try photopick(["--no-such-option"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.hasPrefix("photopick: "), out.stderrText)
        XCTAssertTrue(out.stdout.isEmpty)
    }

    func testNoDisplayIsAnErrorForTheWindow() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let out = try photopick([library.root], environment: env)
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.contains("cannot open a display"), out.stderrText)
        XCTAssertTrue(out.stdout.isEmpty)
    }

    func testVersionAndHelp() throws {
        let version = try photopick(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdoutText.hasPrefix("0."), version.stdoutText)
        let help = try photopick(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("albums"), help.stdoutText)
        XCTAssertTrue(help.stdoutText.contains("list"), help.stdoutText)
    }

    func testDefaultLibraryIsXDGPictures() throws {
        let home = dir.path + "/home"
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home + "/Bilder", withDestinationPath: library.root)
        try Data("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8).write(to: URL(fileURLWithPath: home + "/.config/user-dirs.dirs"))
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = nil
        let out = try photopick(["albums"], environment: env)
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertTrue(out.stdoutText.hasPrefix("All Photos\t7\n"), out.stdoutText)
    }
}
