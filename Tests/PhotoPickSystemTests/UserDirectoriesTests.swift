import Foundation
import PhotoPickCore
import PhotoPickSystem
import TestSupport
import XCTest

/// The default library from the user's folders. Reading `user-dirs.dirs` is GLib's job
/// (`g_get_user_special_dir`, which caches per process); the command-line tests run
/// `photopick albums` with a real file. Here: the rules photopick adds on top.
final class UserDirectoriesTests: XCTestCase {
    private let home = "/home/ada"

    func testTrailingSlashesAreDropped() {
        let dirs = UserDirectories(home: home, pictures: "/home/ada/Pictures/", videos: "/srv/videos//")
        XCTAssertEqual(dirs.pictures, "/home/ada/Pictures")
        XCTAssertEqual(dirs.videos, "/srv/videos")
        // The root album is titled by the folder's name, which a trailing slash would hide.
        let library = PhotoLibrary(roots: dirs.defaultLibraryRoots { _ in true })
        XCTAssertEqual(library.title(forFolder: RawPath("/home/ada/Pictures")), "Pictures")
    }

    func testHomeItselfMeansDisabled() {
        let dirs = UserDirectories(home: home, pictures: "/home/ada", videos: "/home/ada/")
        XCTAssertNil(dirs.pictures)
        XCTAssertNil(dirs.videos)
        XCTAssertEqual(dirs.defaultLibraryRoots { _ in true }, [RawPath("/home/ada/Pictures")])
    }

    func testRelativeOrEmptyFoldersAreIgnored() {
        let dirs = UserDirectories(home: home, pictures: "Pictures", videos: "")
        XCTAssertNil(dirs.pictures)
        XCTAssertNil(dirs.videos)
    }

    func testDefaultRootsAreTheExistingPicturesAndVideos() {
        let dirs = UserDirectories(home: home, pictures: "/home/ada/Pictures", videos: "/home/ada/Videos")
        XCTAssertEqual(dirs.defaultLibraryRoots { _ in true }, [RawPath("/home/ada/Pictures"), RawPath("/home/ada/Videos")])
        XCTAssertEqual(dirs.defaultLibraryRoots { $0.hasSuffix("Videos") }, [RawPath("/home/ada/Videos")])
    }

    func testDefaultRootsDoNotRepeatAFolder() {
        let dirs = UserDirectories(home: home, pictures: "/home/ada/Media", videos: "/home/ada/Media/")
        XCTAssertEqual(dirs.defaultLibraryRoots { _ in true }, [RawPath("/home/ada/Media")])
    }

    func testDefaultRootsFallBackToHomePictures() {
        XCTAssertEqual(UserDirectories(home: home, pictures: nil, videos: nil).defaultLibraryRoots { _ in true },
                       [RawPath("/home/ada/Pictures")])
        let missing = UserDirectories(home: home, pictures: "/home/ada/Gone", videos: nil)
        XCTAssertEqual(missing.defaultLibraryRoots { _ in false }, [RawPath("/home/ada/Pictures")])
    }

    func testDefaultRootsCheckTheRealFileSystem() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/Photos", withIntermediateDirectories: true)
        let dirs = UserDirectories(home: dir.path, pictures: dir.path + "/Photos", videos: dir.path + "/NoVideos")
        XCTAssertEqual(dirs.defaultLibraryRoots(), [RawPath(dir.path + "/Photos")])
        XCTAssertTrue(FolderCheck.isFolder(dir.path + "/Photos"))
        XCTAssertFalse(FolderCheck.isFolder(dir.path + "/NoVideos"))
    }

    func testCurrentIsReadByGLib() {
        let current = UserDirectories.current()
        XCTAssertTrue(current.home.hasPrefix("/"), current.home)
        XCTAssertNotEqual(current.pictures, current.home)
    }
}
