import Foundation
import TestSupport
import XCTest

/// Without folder arguments photopick shows the user's Pictures (and Videos) folders, as GLib
/// reads them from `user-dirs.dirs`: these run the real binary with a real file.
final class DefaultLibraryTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!
    private var home: String { dir.path + "/home" }

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    private func albums(userDirs: String, configHome: String?) throws -> String {
        let config = configHome ?? home + "/.config"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data(userDirs.utf8).write(to: URL(fileURLWithPath: config + "/user-dirs.dirs"))
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = configHome
        let out = try ProcessRunner.run(Binaries.photopick, ["albums"], environment: env)
        XCTAssertEqual(out.status, 0, out.stderrText)
        return out.stdoutText
    }

    func testXDGConfigHomeIsHonouredAndATrailingSlashIsDropped() throws {
        try FileManager.default.createSymbolicLink(atPath: home + "/Fotos", withDestinationPath: library.root)
        let out = try albums(userDirs: "# written by xdg-user-dirs-update\nXDG_PICTURES_DIR=\"$HOME/Fotos/\"\n",
                             configHome: dir.path + "/elsewhere")
        XCTAssertTrue(out.hasPrefix("All Photos\t7\nScreenshots\t2\nFotos\t1\n"), out)
    }

    func testPicturesSetToHomeItselfFallsBackToHomePictures() throws {
        try FileManager.default.createSymbolicLink(atPath: home + "/Pictures", withDestinationPath: library.root)
        let out = try albums(userDirs: "XDG_PICTURES_DIR=\"$HOME\"\nXDG_VIDEOS_DIR=\"$HOME/\"\n", configHome: nil)
        XCTAssertTrue(out.hasPrefix("All Photos\t7\nScreenshots\t2\nPictures\t1\n"), out)
    }
}
