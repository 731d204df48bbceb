import PhotoPickCore
import XCTest

/// The one XDG resolver: unset, empty and relative values mean the default, an absolute one
/// is used (normalized), and without an absolute HOME the folders under it are unknown.
final class BaseDirectoriesTests: XCTestCase {
    private let names = ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"]

    private func homes(_ folders: BaseDirectories) -> [String?] {
        [folders.configHome, folders.cacheHome, folders.dataHome, folders.stateHome]
    }

    private let defaults = ["/home/ana/.config", "/home/ana/.cache", "/home/ana/.local/share", "/home/ana/.local/state"]

    func testUnsetMeansTheDefaultUnderHome() {
        let folders = BaseDirectories(environment: ["HOME": "/home/ana"])
        XCTAssertEqual(folders.home, "/home/ana")
        XCTAssertEqual(homes(folders), defaults)
        XCTAssertEqual(folders.configDirs, ["/etc/xdg"])
        XCTAssertEqual(folders.dataDirs, ["/usr/local/share", "/usr/share"])
        XCTAssertNil(folders.runtimeDir, "XDG_RUNTIME_DIR has no default")
    }

    func testEmptyMeansTheDefault() {
        var environment = ["HOME": "/home/ana", "XDG_CONFIG_DIRS": "", "XDG_DATA_DIRS": "", "XDG_RUNTIME_DIR": ""]
        for name in names { environment[name] = "" }
        let folders = BaseDirectories(environment: environment)
        XCTAssertEqual(homes(folders), defaults)
        XCTAssertEqual(folders.configDirs, ["/etc/xdg"])
        XCTAssertEqual(folders.dataDirs, ["/usr/local/share", "/usr/share"])
        XCTAssertNil(folders.runtimeDir)
    }

    func testARelativeValueIsIgnored() {
        var environment = ["HOME": "/home/ana", "XDG_RUNTIME_DIR": "run/user/1000"]
        for name in names { environment[name] = "relative/" + name }
        environment["XDG_STATE_HOME"] = "~/state"  // no shell here: a tilde is just relative
        let folders = BaseDirectories(environment: environment)
        XCTAssertEqual(homes(folders), defaults)
        XCTAssertNil(folders.runtimeDir)
    }

    func testRelativeEntriesOfAListAreLeftOutAndNoneLeftIsTheDefault() {
        let folders = BaseDirectories(environment: ["XDG_CONFIG_DIRS": "etc:/etc/xdg/:./x", "XDG_DATA_DIRS": "share:./x"])
        XCTAssertEqual(folders.configDirs, ["/etc/xdg"], "relative entries left out, the trailing slash too")
        XCTAssertEqual(folders.dataDirs, ["/usr/local/share", "/usr/share"], "no absolute entry: the default")
        XCTAssertEqual(BaseDirectories(environment: ["XDG_DATA_DIRS": "/a::relative:/b/"]).dataDirs, ["/a", "/b"])
    }

    func testAnAbsoluteValueIsUsedNormalized() {
        let folders = BaseDirectories(environment: [
            "HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg", "XDG_CACHE_HOME": "/var//cache/./ana/",
            "XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "/state", "XDG_RUNTIME_DIR": "/run/user/1000/",
        ])
        XCTAssertEqual(homes(folders), ["/cfg", "/var/cache/ana", "/data", "/state"])
        XCTAssertEqual(folders.runtimeDir, "/run/user/1000")
        XCTAssertEqual(BaseDirectories(environment: ["HOME": "/home//ana/./"]).configHome, "/home/ana/.config")
        XCTAssertEqual(BaseDirectories(environment: ["HOME": "/"]).cacheHome, "/.cache")
    }

    func testWithoutAnAbsoluteHomeTheFoldersUnderItAreUnknown() {
        for environment in [[:], ["HOME": ""], ["HOME": "home/ana"]] {
            let folders = BaseDirectories(environment: environment)
            XCTAssertNil(folders.home, "\(environment)")
            XCTAssertEqual(homes(folders), [nil, nil, nil, nil], "\(environment)")
            XCTAssertEqual(folders.dataDirs, ["/usr/local/share", "/usr/share"], "the system's folders need no home")
        }
        let absolute = BaseDirectories(environment: ["XDG_CONFIG_HOME": "/cfg"])
        XCTAssertEqual(absolute.configHome, "/cfg", "an absolute variable needs no home")
        XCTAssertNil(absolute.cacheHome)
    }

    func testAFallbackHomeStandsInOnlyForAMissingOne() {
        XCTAssertEqual(BaseDirectories(environment: [:], homeFallback: "/home/db").configHome, "/home/db/.config")
        XCTAssertEqual(BaseDirectories(environment: ["HOME": "rel"], homeFallback: "/home/db").home, "/home/db")
        XCTAssertEqual(BaseDirectories(environment: ["HOME": "/home/ana"], homeFallback: "/home/db").home, "/home/ana")
        XCTAssertNil(BaseDirectories(environment: [:], homeFallback: "relative").home, "a fallback must be absolute too")
    }
}
