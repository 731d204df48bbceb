import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class PickerSettingsTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func file() -> SettingsFile { SettingsFile(folders: BaseDirectories(environment: ["XDG_CONFIG_HOME": dir.path + "/config"]))! }

    func testLocationFollowsXDGConfigHomeThenHome() {
        XCTAssertEqual(SettingsFile(folders: BaseDirectories(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/me"]))?.path,
                       RawPath("/x/cfg/photopick/settings.json"))
        XCTAssertEqual(SettingsFile(folders: BaseDirectories(environment: ["HOME": "/home/me"]))?.path, RawPath("/home/me/.config/photopick/settings.json"))
        // A relative XDG_CONFIG_HOME is invalid by the spec and ignored.
        XCTAssertEqual(SettingsFile(folders: BaseDirectories(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/me"]))?.path,
                       RawPath("/home/me/.config/photopick/settings.json"))
        XCTAssertNil(SettingsFile(folders: BaseDirectories(environment: [:])))
    }

    func testMissingFileGivesDefaults() {
        XCTAssertEqual(file().load(), PickerSettings())
        XCTAssertEqual(PickerSettings().windowWidth, 1024)
        XCTAssertEqual(PickerSettings().tileSize, 160)
        XCTAssertNil(PickerSettings().lastAlbum)
    }

    func testRoundTripCreatesTheFolderAndKeepsEveryField() throws {
        var settings = PickerSettings()
        settings.windowWidth = 1400
        settings.windowHeight = 900
        settings.maximized = true
        settings.tileSize = 220
        // A root that is not UTF-8 survives byte for byte.
        let odd = RawPath(bytes: Array("/photos/caf".utf8) + [0xE9])
        settings.remember(album: "2024/Trip", roots: [RawPath("/home/me/Pictures"), odd])
        try file().save(settings)
        XCTAssertEqual(file().load(), settings)
        XCTAssertEqual(file().load().album(for: [RawPath("/home/me/Pictures"), odd]), "2024/Trip")
        XCTAssertNil(file().load().album(for: [RawPath("/home/me/Pictures")]), "another library does not reuse the album")
        var st = stat()
        XCTAssertEqual(stat(dir.path + "/config/photopick", &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o700)
    }

    func testCorruptFileGivesDefaults() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/config/photopick", withIntermediateDirectories: true)
        for text in ["", "{", "not json at all", "[1, 2]", "{\"window\": 5}", String(repeating: " ", count: 70_000) + "{}",
                     "\u{0}\u{1}binary"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file().path.description))
            XCTAssertEqual(file().load(), PickerSettings(), "for \(text.prefix(20).debugDescription)")
        }
    }

    func testBadFieldsFallBackOneByOne() {
        let json = #"""
            {"version": 1, "window": {"width": 2, "height": 800, "maximized": "yes"}, "tile_size": 100000,
             "last_album": {"title": "Trip", "roots": ["/p", 7]}}
            """#
        let s = PickerSettings(json: Array(json.utf8))
        XCTAssertEqual(s.windowWidth, 1024, "a 2-px window is not taken")
        XCTAssertEqual(s.windowHeight, 800)
        XCTAssertFalse(s.maximized)
        XCTAssertEqual(s.tileSize, 160)
        XCTAssertNil(s.lastAlbum, "a root that is not a string spoils the remembered album")
        // Unknown keys (a newer version's) are ignored.
        let newer = PickerSettings(json: Array(#"{"version": 9, "tile_size": 200, "sidebar": {"width": 300}}"#.utf8))
        XCTAssertEqual(newer.tileSize, 200)
    }

    func testSaveIsAtomicAndLeavesNoTemporaryFiles() throws {
        var first = PickerSettings()
        first.tileSize = 100
        try file().save(first)
        // Many overwrites: a reader in between always sees a whole file.
        var second = PickerSettings()
        second.tileSize = 300
        let path = file().path.description
        let reader = Thread {
            for _ in 0..<300 {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                let tile = PickerSettings(json: Array(data)).tileSize
                XCTAssertTrue(tile == 100 || tile == 300, "a reader saw a partial file")
            }
        }
        reader.start()
        for i in 0..<60 { try file().save(i % 2 == 0 ? second : first) }
        while reader.isExecuting { usleep(1000) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/config/photopick"), ["settings.json"])
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
    }

    func testUnwritableLocationThrowsAndLeavesNothingBehind() throws {
        // A file where the folder should be: the folder cannot be made, whoever runs this.
        try FileManager.default.createDirectory(atPath: dir.path + "/config", withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: dir.path + "/config/photopick"))
        XCTAssertThrowsError(try file().save(PickerSettings()))
        XCTAssertEqual(file().load(), PickerSettings())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/config"), ["photopick"])
    }
}
