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

    /// Smart albums first (the PNGs in the Screenshots folder are screenshots), then the
    /// folder tree: the root holds beach.jpg, so its two subfolders follow it.
    func testAlbumsPrintsNameTabCount() throws {
        let out = try photopick(["albums", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "All Photos\t7\nScreenshots\t2\nPictures\t1\n2024/Trip\t4\nScreenshots/\t2\n")
    }

    func testAlbumsJSON() throws {
        let out = try photopick(["albums", "--json", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let albums = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
        XCTAssertEqual(albums.map { $0["name"] as? String }, ["All Photos", "Screenshots", "Pictures", "2024/Trip", "Screenshots/"])
        XCTAssertEqual(albums.map { $0["count"] as? Int }, [7, 2, 1, 4, 2])
        XCTAssertEqual(albums[3]["path"] as? String, library.root + "/2024/Trip")
        XCTAssertEqual(albums.map { $0["kind"] as? String }, ["smart", "smart", "folder", "folder", "folder"])
        XCTAssertEqual(albums.map { $0["smart_kind"] as? String }, ["all_photos", "screenshots", nil, nil, nil])
        XCTAssertTrue(albums[2]["smart_kind"] is NSNull, "folders say null")
        XCTAssertNil(albums[0]["path"], "smart albums have no path")
        XCTAssertEqual(albums.map { $0["depth"] as? Int }, [0, 0, 0, 1, 1])
        XCTAssertEqual(albums.map { $0["parent"] as? String }, [nil, nil, nil, "Pictures", "Pictures"])
        XCTAssertEqual(albums.map { $0["poster"] as? String }, [
            library.root + "/beach.jpg", library.root + "/Screenshots/shot-2.png", library.root + "/beach.jpg",
            library.root + "/2024/Trip/trip-4.jpg", library.root + "/Screenshots/shot-2.png",
        ])
    }

    func testAlbumsThroughAFilter() throws {
        let out = try photopick(["albums", "--filter", "png", library.root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "All Photos\t2\nScreenshots\t2\nScreenshots/\t2\n")
        let json = try photopick(["albums", "--json", "--filter", "glob:trip-[12].jpg", library.root])
        let albums = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        XCTAssertEqual(albums.map { $0["name"] as? String }, ["All Photos", "2024/Trip"])
        XCTAssertEqual(albums.map { $0["count"] as? Int }, [2, 2])
        XCTAssertEqual(albums[1]["depth"] as? Int, 0, "its parent album is filtered out")
        XCTAssertEqual(albums[1]["poster"] as? String, library.root + "/2024/Trip/trip-2.jpg")
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

    func testListSmartAlbumsAndFolderPaths() throws {
        let all = try photopick(["list", "--album", "All Photos", library.root])
        XCTAssertEqual(all.stdoutText, library.newestFirst.map { $0 + "\n" }.joined())
        // The title names the smart album; the folder of the same name is reached by its path.
        let smart = try photopick(["list", "--album", "Screenshots", "--filter", "glob:shot-1*", library.root])
        XCTAssertEqual(smart.stdoutText, "\(library.root)/Screenshots/shot-1.png\n")
        let named = try photopick(["list", "--album", "Screenshots/", library.root])
        XCTAssertEqual(named.status, 0, named.stderrText)
        XCTAssertEqual(named.stdoutText, "\(library.root)/Screenshots/shot-2.png\n\(library.root)/Screenshots/shot-1.png\n")
        let folder = try photopick(["list", "--album", library.root + "/2024/Trip/", library.root])
        XCTAssertEqual(folder.status, 0, folder.stderrText)
        XCTAssertEqual(folder.stdoutText.split(separator: "\n").count, 4)
    }

    func testListFiltersAndSorts() throws {
        let png = try photopick(["list", "--filter", "png", library.root])
        XCTAssertEqual(png.stdoutText, "\(library.root)/Screenshots/shot-2.png\n\(library.root)/Screenshots/shot-1.png\n")
        // Type terms are alternatives; a name pattern must hold as well.
        let either = try photopick(["list", "--filter", "mime:IMAGE/PNG", "--filter", "jpeg", library.root])
        XCTAssertEqual(either.stdoutText.split(separator: "\n").count, 7)
        let both = try photopick(["list", "--filter", "mime:image/*", "--filter", "glob:SHOT-2*", library.root])
        XCTAssertEqual(both.stdoutText, "\(library.root)/Screenshots/shot-2.png\n")
        let neither = try photopick(["list", "--filter", "png", "--filter", "glob:beach.*", library.root])
        XCTAssertEqual(neither.stdoutText, "")
        let none = try photopick(["list", "--filter", "video", library.root])
        XCTAssertEqual(none.status, 0, none.stderrText)
        XCTAssertEqual(none.stdoutText, "")
        let oldest = try photopick(["list", "--sort", "date-asc", library.root])
        XCTAssertEqual(oldest.stdoutText, library.newestFirst.reversed().map { $0 + "\n" }.joined())
        let byName = try photopick(["list", "--sort", "name", "--album", "2024/Trip", library.root])
        XCTAssertEqual(byName.stdoutText.split(separator: "\n").map { String($0.split(separator: "/").last!) },
                       ["trip-1.jpg", "trip-2.jpg", "trip-3.jpg", "trip-4.jpg"])
    }

    /// Grouped JSON: groups with titles; the sample's files are an hour apart from
    /// 2023-11-14 22:13 UTC, so in UTC they span two days and one event.
    func testListJSONGroups() throws {
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        let out = try photopick(["list", "--json", "--group", "day", library.root], environment: env)
        XCTAssertEqual(out.status, 0, out.stderrText)
        let groups = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
        XCTAssertEqual(groups.map { $0["title"] as? String }, ["Wednesday, 15 November 2023", "Tuesday, 14 November 2023"])
        let assets = groups.map { ($0["assets"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }
        XCTAssertEqual(assets, [Array(library.newestFirst.prefix(5)), Array(library.newestFirst.suffix(2))])
        let first = try XCTUnwrap((groups[0]["assets"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["name"] as? String, "beach.jpg", "the same asset objects as the flat list")
        XCTAssertEqual(first["album"] as? String, "Pictures")

        let events = try photopick(["list", "--json", "--group", "event", library.root], environment: env)
        let eventGroups = try XCTUnwrap(JSONSerialization.jsonObject(with: events.stdout) as? [[String: Any]])
        XCTAssertEqual(eventGroups.map { $0["title"] as? String }, ["14–15 November 2023"])
        let flat = try photopick(["list", "--json", "--group", "none", library.root], environment: env)
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: flat.stdout) as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["path"] as? String }, library.newestFirst, "no grouping: the flat array")
    }

    func testBadCollectionOptionsAreErrors() throws {
        for args in [["--group", "fortnight"], ["--sort", "colour"], ["--filter", "raw"]] {
            let out = try photopick(["list"] + args + [library.root])
            XCTAssertEqual(out.status, 2, args.joined(separator: " "))
            XCTAssertTrue(out.stderrText.hasPrefix("photopick: "), out.stderrText)
            XCTAssertTrue(out.stdout.isEmpty)
        }
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
