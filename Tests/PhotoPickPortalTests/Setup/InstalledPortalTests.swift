@testable import PhotoPickPortal
import Foundation
import TestSupport
import XCTest

/// The installed portal is found as the bus finds it, and its `--version` is asked with a
/// time limit that holds even when the program leaves a child behind on its output.
final class InstalledPortalTests: XCTestCase {
    private func portal(_ script: String) throws -> (dir: TemporaryDirectory, paths: SetupPaths) {
        let dir = TemporaryDirectory(prefix: "photopick-installed-portal")
        let services = dir.path + "/data/dbus-1/services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        try ExecutableScript.write("#!/bin/sh\n" + script, to: dir.path + "/xdg-desktop-portal")
        try Data("[D-BUS Service]\nName=org.freedesktop.portal.Desktop\nExec=\(dir.path)/xdg-desktop-portal\n".utf8)
            .write(to: URL(fileURLWithPath: services + "/" + SetupPaths.frontendServiceName))
        return (dir, SetupPaths(environment: ["HOME": dir.path, "XDG_DATA_HOME": dir.path + "/data", "XDG_DATA_DIRS": dir.path + "/none"]))
    }

    func testTheVersionIsWhatTheProgramSays() throws {
        let fake = try portal("echo 'xdg-desktop-portal 1.20.3'\n")
        XCTAssertEqual(try InstalledPortal.find(fake.paths).version, PortalVersion(1, 20, 3))
    }

    func testAProgramThatDoesNotAnswerInTimeIsSaidSo() throws {
        let fake = try portal("sleep 8 & exec sleep 9\n")
        let start = Date()
        XCTAssertThrowsError(try InstalledPortal.find(fake.paths, seconds: 1)) {
            XCTAssertTrue("\($0)".contains("did not answer --version within 1 s"), "\($0)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 4)
    }
}
