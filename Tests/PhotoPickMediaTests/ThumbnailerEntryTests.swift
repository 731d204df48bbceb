import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Installed thumbnailers: `.thumbnailer` files read as GNOME reads them, Exec lines split
/// and filled in, and the user's folder before the system's.
final class ThumbnailerEntryTests: XCTestCase {
    private let ffmpeg = """
        [Thumbnailer Entry]
        TryExec=ffmpegthumbnailer
        Exec=ffmpegthumbnailer -i %i -o %o -s %s -f
        MimeType=video/jpeg;video/mp4;video/quicktime;
        """

    func testParsesTheEntry() throws {
        let entry = try XCTUnwrap(ThumbnailerEntry(keyFile: ffmpeg, name: "ffmpegthumbnailer"))
        XCTAssertEqual(entry.tryExec, "ffmpegthumbnailer")
        XCTAssertEqual(entry.exec, "ffmpegthumbnailer -i %i -o %o -s %s -f")
        XCTAssertEqual(entry.mimeTypes, ["video/jpeg", "video/mp4", "video/quicktime"])
    }

    func testOtherGroupsCommentsAndEscapesInTheKeyFile() throws {
        let text = """
            # a comment
            [Desktop Entry]
            Exec=not this one
            [Thumbnailer Entry]
            Exec=tool\\s--flag %u %o
            MimeType=video/x\\;odd;video/webm
            """
        let entry = try XCTUnwrap(ThumbnailerEntry(keyFile: text, name: "tool"))
        XCTAssertEqual(entry.exec, "tool --flag %u %o")
        XCTAssertEqual(entry.mimeTypes, ["video/x;odd", "video/webm"])
        XCTAssertNil(entry.tryExec)
        XCTAssertNil(ThumbnailerEntry(keyFile: "[Thumbnailer Entry]\nMimeType=video/mp4;", name: "x"), "no Exec")
    }

    func testFieldCodesAreFilledInsideEachArgument() throws {
        let entry = ThumbnailerEntry(name: "t", tryExec: nil,
                                     exec: #"t --size=%s "%u" -o '%o' --pct=100%% %z%i"#, mimeTypes: ["video/mp4"])
        let args = try entry.arguments(size: 256, inputURI: "file:///a%20b.mp4", inputPath: "/a b.mp4", output: "/tmp/o.png")
        XCTAssertEqual(args, ["t", "--size=256", "file:///a%20b.mp4", "-o", "/tmp/o.png", "--pct=100%", "/a b.mp4"],
                       "a file name with spaces stays one argument; %z (unknown) is dropped as GNOME drops it")
    }

    func testAFileNameIsNeverSplitOrInterpreted() throws {
        let entry = ThumbnailerEntry(name: "t", tryExec: nil, exec: "t %i %o", mimeTypes: ["video/mp4"])
        let hostile = "/v/$(touch pwned); rm -rf ~ `id` 'q' \"d\".mp4"
        XCTAssertEqual(try entry.arguments(size: 128, inputURI: "file:///x", inputPath: hostile, output: "/o.png"),
                       ["t", hostile, "/o.png"])
    }

    func testAPathThatIsNotUTF8IsSubstitutedAsItsBytes() throws {
        let entry = ThumbnailerEntry(name: "t", tryExec: nil, exec: "t --in=%i %o", mimeTypes: ["video/mp4"])
        let path = RawPath(bytes: Array("/v/caf".utf8) + [0xE9, 0xFF] + Array(".mp4".utf8))
        XCTAssertEqual(try entry.argv(size: 128, inputURI: "file:///x", inputPath: path, output: "/o.png"),
                       [Array("t".utf8), Array("--in=".utf8) + path.bytes, Array("/o.png".utf8)])
    }

    func testAnExecLineWithoutInputOrOutputIsRefused() {
        let noInput = ThumbnailerEntry(name: "t", tryExec: nil, exec: "t -o %o", mimeTypes: [])
        let noOutput = ThumbnailerEntry(name: "t", tryExec: nil, exec: "t %u", mimeTypes: [])
        let broken = ThumbnailerEntry(name: "t", tryExec: nil, exec: "t 'unterminated %u %o", mimeTypes: [])
        for entry in [noInput, noOutput, broken] {
            XCTAssertThrowsError(try entry.arguments(size: 128, inputURI: "u", inputPath: "p", output: "o"))
        }
    }

    func testTheUsersFolderComesFirstAndMissingProgramsAreLeftOut() throws {
        let dir = TemporaryDirectory()
        let user = dir.path + "/user/thumbnailers", system = dir.path + "/system/thumbnailers"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
        try "[Thumbnailer Entry]\nExec=mine %u %o\nMimeType=video/mp4;\n".write(toFile: user + "/mine.thumbnailer", atomically: true, encoding: .utf8)
        try ffmpeg.write(toFile: system + "/ffmpegthumbnailer.thumbnailer", atomically: true, encoding: .utf8)
        try "[Thumbnailer Entry]\nTryExec=/nonexistent/tool\nExec=tool %u %o\nMimeType=video/webm;\n"
            .write(toFile: system + "/gone.thumbnailer", atomically: true, encoding: .utf8)
        try "[Thumbnailer Entry]\nExec=old %u %o\nMimeType=video/ogg;\n".write(toFile: system + "/mine.thumbnailer", atomically: true, encoding: .utf8)

        let registry = ThumbnailerRegistry.load(folders: [user, system], isInstalled: { $0 == "ffmpegthumbnailer" })
        XCTAssertEqual(registry.entry(for: "video/mp4")?.name, "mine", "the user's entry claims the type first")
        XCTAssertEqual(registry.entry(for: "VIDEO/QuickTime")?.name, "ffmpegthumbnailer", "types compare without case")
        XCTAssertNil(registry.entry(for: "video/webm"), "TryExec names a program that is not installed")
        XCTAssertNil(registry.entry(for: "video/ogg"), "the user's mine.thumbnailer hides the system's file of that name")
    }

    func testStandardFoldersFollowXDG() {
        XCTAssertEqual(ThumbnailerRegistry.standardFolders(environment: ["HOME": "/home/u"]),
                       ["/home/u/.local/share/thumbnailers", "/usr/local/share/thumbnailers", "/usr/share/thumbnailers"])
        XCTAssertEqual(ThumbnailerRegistry.standardFolders(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d",
                                                                          "XDG_DATA_DIRS": "/a:relative:/b"]),
                       ["/d/thumbnailers", "/a/thumbnailers", "/b/thumbnailers"])
    }

    /// Once a divergence: an XDG_DATA_DIRS of relative entries only left no system folder here,
    /// while the portal's setup fell back on the default list; both follow `BaseDirectories` now.
    func testDataDirsWithNoAbsoluteEntryAreTheDefault() {
        XCTAssertEqual(ThumbnailerRegistry.standardFolders(environment: ["HOME": "/h", "XDG_DATA_DIRS": "share:./x",
                                                                          "XDG_DATA_HOME": "relative"]),
                       ["/h/.local/share/thumbnailers", "/usr/local/share/thumbnailers", "/usr/share/thumbnailers"])
    }
}
