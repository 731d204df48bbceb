import Foundation
import PhotoPickCore
import PhotoPickSystem
import XCTest

/// The process's own XDG folders: `BaseDirectories` over its environment, with a missing
/// HOME taken from the user database.
final class BaseDirectoriesProcessTests: XCTestCase {
    /// The user database's home for this user, read here without photopick's code.
    private var passwdHome: String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    func testAMissingHomeIsTheUserDatabasesAndAGivenOneWins() throws {
        let home = try XCTUnwrap(passwdHome, "this user has no entry in the user database")
        try XCTSkipUnless(home.hasPrefix("/"), "the user database names no absolute home")
        for environment in [[:], ["HOME": ""], ["HOME": "relative"]] {
            XCTAssertEqual(BaseDirectories.ofThisProcess(environment).home, BaseDirectories.normalized(home), "\(environment)")
        }
        XCTAssertEqual(BaseDirectories.ofThisProcess(["HOME": "/home/ana"]).cacheHome, "/home/ana/.cache")
        XCTAssertEqual(BaseDirectories.ofThisProcess(\.configHome, ["HOME": "/home/ana", "XDG_CONFIG_HOME": "rel"]), "/home/ana/.config")
        XCTAssertEqual(BaseDirectories.ofThisProcess(\.cacheHome, ["XDG_CACHE_HOME": "/c"]), "/c")
    }

    /// Once a divergence: exports went where GLib's g_get_user_cache_dir said, which takes a
    /// relative XDG_CACHE_HOME as it is; the thumbnail cache and the index ignored one.
    func testPrivateExportsIgnoreARelativeXDGCacheHome() {
        let names: [String] = ["XDG_CACHE_HOME", "HOME"]
        let saved = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        setenv("HOME", "/home/ana", 1)
        setenv("XDG_CACHE_HOME", "relative/cache", 1)
        XCTAssertEqual(ExportFolder.defaultRoot(), RawPath("/home/ana/.cache/photopick/exports"))
        setenv("XDG_CACHE_HOME", "/var/cache/ana", 1)
        XCTAssertEqual(ExportFolder.defaultRoot(), RawPath("/var/cache/ana/photopick/exports"))
    }
}
