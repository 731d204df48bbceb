import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class XDGUserDirsTests: XCTestCase {
    private let home = "/home/ada"

    func testHomeRelativeValues() {
        let dirs = XDGUserDirs(home: home, contents: """
            XDG_PICTURES_DIR="$HOME/Pictures"
            XDG_VIDEOS_DIR="$HOME/Media/Videos"
            """)
        XCTAssertEqual(dirs.pictures, "/home/ada/Pictures")
        XCTAssertEqual(dirs.videos, "/home/ada/Media/Videos")
    }

    func testAbsoluteValues() {
        let dirs = XDGUserDirs(home: home, contents: #"XDG_PICTURES_DIR="/srv/photos""#)
        XCTAssertEqual(dirs.pictures, "/srv/photos")
        XCTAssertNil(dirs.videos)
    }

    func testTrailingSlashesAreDropped() {
        let dirs = XDGUserDirs(home: home, contents: """
            XDG_PICTURES_DIR="$HOME/Pictures/"
            XDG_VIDEOS_DIR="/srv/videos//"
            XDG_PUBLICSHARE_DIR="/"
            """)
        XCTAssertEqual(dirs.pictures, "/home/ada/Pictures")
        XCTAssertEqual(dirs.videos, "/srv/videos")
        XCTAssertEqual(dirs.entries["XDG_PUBLICSHARE_DIR"], "/")
        // The root album is titled by the folder's name, which a trailing slash would hide.
        let library = PhotoLibrary(roots: dirs.defaultLibraryRoots { _ in true })
        XCTAssertEqual(library.title(forFolder: RawPath("/home/ada/Pictures")), "Pictures")
    }

    func testQuotedValuesKeepSpacesAndEscapedQuotes() {
        let dirs = XDGUserDirs(home: home, contents: #"""
            XDG_PICTURES_DIR="$HOME/My Pictures"
            XDG_VIDEOS_DIR="/media/say \"cheese\""
            XDG_MUSIC_DIR=$HOME/Music
            """#)
        XCTAssertEqual(dirs.pictures, "/home/ada/My Pictures")
        XCTAssertEqual(dirs.videos, #"/media/say "cheese""#)
        XCTAssertNil(dirs.entries["XDG_MUSIC_DIR"], "unquoted values are not valid")
    }

    func testCommentsAndBlankLinesAreIgnored() {
        let dirs = XDGUserDirs(home: home, contents: """
            # This file is written by xdg-user-dirs-update
            #XDG_VIDEOS_DIR="$HOME/Commented"

              # indented comment
            XDG_PICTURES_DIR="$HOME/Pictures"   
            """)
        XCTAssertEqual(dirs.entries, ["XDG_PICTURES_DIR": "/home/ada/Pictures"])
    }

    func testHomeItselfMeansDisabled() {
        let dirs = XDGUserDirs(home: home, contents: """
            XDG_PICTURES_DIR="$HOME"
            XDG_VIDEOS_DIR="$HOME/"
            XDG_DESKTOP_DIR="$HOME/Desktop"
            """)
        XCTAssertNil(dirs.pictures)
        XCTAssertNil(dirs.videos)
        XCTAssertEqual(dirs.entries, ["XDG_DESKTOP_DIR": "/home/ada/Desktop"])
    }

    func testRelativeValuesAreIgnored() {
        let dirs = XDGUserDirs(home: home, contents: """
            XDG_PICTURES_DIR="Pictures"
            XDG_VIDEOS_DIR="~/Videos"
            XDG_MUSIC_DIR="$HOMEMusic"
            """)
        XCTAssertEqual(dirs.entries, [:])
    }

    func testLaterLinesWin() {
        let dirs = XDGUserDirs(home: home, contents: """
            XDG_PICTURES_DIR="$HOME/Old"
            XDG_PICTURES_DIR="$HOME/New"
            """)
        XCTAssertEqual(dirs.pictures, "/home/ada/New")
    }

    func testDefaultRootsAreTheExistingPicturesAndVideos() {
        let dirs = XDGUserDirs(home: home, contents: """
            XDG_PICTURES_DIR="$HOME/Pictures"
            XDG_VIDEOS_DIR="$HOME/Videos"
            """)
        XCTAssertEqual(dirs.defaultLibraryRoots { _ in true }, [RawPath("/home/ada/Pictures"), RawPath("/home/ada/Videos")])
        XCTAssertEqual(dirs.defaultLibraryRoots { $0.hasSuffix("Videos") }, [RawPath("/home/ada/Videos")])
    }

    func testDefaultRootsDoNotRepeatAFolder() {
        let dirs = XDGUserDirs(home: home, contents: """
            XDG_PICTURES_DIR="$HOME/Media"
            XDG_VIDEOS_DIR="$HOME/Media"
            """)
        XCTAssertEqual(dirs.defaultLibraryRoots { _ in true }, [RawPath("/home/ada/Media")])
    }

    func testDefaultRootsFallBackToHomePictures() {
        XCTAssertEqual(XDGUserDirs(home: home, contents: "").defaultLibraryRoots { _ in true },
                       [RawPath("/home/ada/Pictures")])
        let missing = XDGUserDirs(home: home, contents: #"XDG_PICTURES_DIR="$HOME/Gone""#)
        XCTAssertEqual(missing.defaultLibraryRoots { _ in false }, [RawPath("/home/ada/Pictures")])
    }

    func testDefaultRootsCheckTheRealFileSystem() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/Photos", withIntermediateDirectories: true)
        let dirs = XDGUserDirs(home: dir.path, contents: """
            XDG_PICTURES_DIR="$HOME/Photos"
            XDG_VIDEOS_DIR="$HOME/NoVideos"
            """)
        XCTAssertEqual(dirs.defaultLibraryRoots(), [RawPath(dir.path + "/Photos")])
        XCTAssertTrue(XDGUserDirs.isDirectory(dir.path + "/Photos"))
        XCTAssertFalse(XDGUserDirs.isDirectory(dir.path + "/NoVideos"))
    }

    func testLoadHonoursXDGConfigHome() throws {
        let dir = TemporaryDirectory()
        let home = dir.path + "/home"
        let config = dir.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try #"XDG_PICTURES_DIR="$HOME/FromXDG""#.write(toFile: config + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        try #"XDG_PICTURES_DIR="$HOME/FromDotConfig""#.write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)

        let viaXDG = XDGUserDirs.load(environment: ["HOME": home, "XDG_CONFIG_HOME": config])
        XCTAssertEqual(viaXDG.home, home)
        XCTAssertEqual(viaXDG.pictures, home + "/FromXDG")

        let viaDefault = XDGUserDirs.load(environment: ["HOME": home])
        XCTAssertEqual(viaDefault.pictures, home + "/FromDotConfig")

        let relativeIgnored = XDGUserDirs.load(environment: ["HOME": home, "XDG_CONFIG_HOME": "relative/config"])
        XCTAssertEqual(relativeIgnored.pictures, home + "/FromDotConfig", "a relative XDG_CONFIG_HOME is invalid")
    }

    func testLoadWithoutAFileIsEmpty() {
        let dir = TemporaryDirectory()
        let dirs = XDGUserDirs.load(environment: ["HOME": dir.path, "XDG_CONFIG_HOME": dir.path + "/none"])
        XCTAssertEqual(dirs.entries, [:])
        XCTAssertEqual(dirs.defaultLibraryRoots(), [RawPath(dir.path + "/Pictures")])
    }
}
