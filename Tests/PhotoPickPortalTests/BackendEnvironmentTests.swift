import Foundation
import PhotoPickCore
import PhotoPickPortal
import XCTest

/// The backend's folders come from the one XDG resolver (`BaseDirectories`): its portal.conf
/// is where photopick's own settings are, by the same rules.
final class BackendEnvironmentTests: XCTestCase {
    func testTheSettingsFileFollowsXDGConfigHomeThenHome() {
        XCTAssertEqual(BackendEnvironment(["HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg"]).settingsPath, "/cfg/photopick/portal.conf")
        XCTAssertEqual(BackendEnvironment(["HOME": "/home/ana"]).settingsPath, "/home/ana/.config/photopick/portal.conf")
        XCTAssertEqual(BackendEnvironment(["HOME": "/home/ana", "XDG_CONFIG_HOME": ""]).settingsPath,
                       "/home/ana/.config/photopick/portal.conf")
    }

    /// Once a divergence: the backend took a relative XDG_CONFIG_HOME as it was (a portal.conf
    /// relative to wherever D-Bus started it) where photopick's SettingsFile ignores it.
    func testARelativeXDGConfigHomeIsIgnoredAsPhotopickIgnoresIt() throws {
        let environment = ["HOME": "/home/ana", "XDG_CONFIG_HOME": "relative/cfg"]
        XCTAssertEqual(BackendEnvironment(environment).settingsPath, "/home/ana/.config/photopick/portal.conf")
        let photopicks = try XCTUnwrap(SettingsFile(folders: BaseDirectories(environment: environment))).path.description
        XCTAssertEqual((photopicks as NSString).deletingLastPathComponent,
                       (BackendEnvironment(environment).settingsPath as NSString).deletingLastPathComponent,
                       "both programs' settings in one folder")
    }

    /// Once a divergence: a relative XDG_RUNTIME_DIR was handed on (RuntimeFolder refused it
    /// later); now it is no runtime folder at all, as for SetupPaths.
    func testARelativeRuntimeFolderIsNone() {
        XCTAssertNil(BackendEnvironment(["XDG_RUNTIME_DIR": "run/user/1000"]).runtimeDirectory)
        XCTAssertNil(BackendEnvironment(["XDG_RUNTIME_DIR": ""]).runtimeDirectory)
        XCTAssertEqual(BackendEnvironment(["XDG_RUNTIME_DIR": "/run/user/1000/"]).runtimeDirectory, "/run/user/1000")
        XCTAssertEqual(BackendEnvironment(["XDG_RUNTIME_DIR": "/run/user/1000"]).runtimeDirectory,
                       SetupPaths(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]).runtimeDir)
    }
}
