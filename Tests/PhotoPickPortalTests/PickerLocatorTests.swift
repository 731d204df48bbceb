import Foundation
import PhotoPickPortal
import TestSupport
import XCTest

/// Which `photopick` the backend starts, in the layouts it is run from.
final class PickerLocatorTests: XCTestCase {
    private let dir = TemporaryDirectory()

    private func program(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
    }

    /// Installed: the backend in libexec/ beside the workers' libexec/photopick/ folder; the
    /// program is bin/photopick, never that folder (which is executable too).
    func testAnInstallFindsBinPhotopickNotTheWorkersFolder() throws {
        try program(dir.path + "/usr/libexec/photopick/photopick-exporter")
        try program(dir.path + "/usr/bin/photopick")
        let found = PickerLocator.find(BackendEnvironment(["PATH": "/nonexistent"]),
                                       running: [dir.path + "/usr/libexec/photopick-portal"])
        XCTAssertEqual(found, dir.path + "/usr/bin/photopick")
    }

    func testABuildFolderFindsTheProgramBesideTheBackend() throws {
        try program(dir.path + "/release/photopick")
        XCTAssertEqual(PickerLocator.find(BackendEnvironment(["PATH": "/nonexistent"]), running: [dir.path + "/release/photopick-portal"]),
                       dir.path + "/release/photopick")
    }

    func testPathIsTheLastResortAndFoldersOnItDoNotCount() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/a/photopick", withIntermediateDirectories: true)
        try program(dir.path + "/b/photopick")
        XCTAssertEqual(PickerLocator.find(BackendEnvironment(["PATH": dir.path + "/a:" + dir.path + "/b"]), running: ["/nonexistent/x"]),
                       dir.path + "/b/photopick")
        XCTAssertNil(PickerLocator.find(BackendEnvironment(["PATH": dir.path + "/a"]), running: ["/nonexistent/x"]))
    }

    /// An empty or relative PATH entry names the backend's working folder: never searched.
    func testRelativePathEntriesAreNotSearched() throws {
        try program(dir.path + "/photopick")
        let here = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
        XCTAssertNil(PickerLocator.find(BackendEnvironment(["PATH": ":.:photopick-bin"]), running: ["/nonexistent/x"]))
    }
}
