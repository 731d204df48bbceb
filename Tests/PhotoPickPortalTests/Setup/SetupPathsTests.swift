@testable import PhotoPickPortal
import XCTest

/// Where `photopick portal` reads and writes, from the environment: the XDG rules, the
/// portal's search order, and desktop names that never leave the portal's folders.
final class SetupPathsTests: XCTestCase {
    func testXDGVariablesThatAreNotAbsoluteAreIgnored() {
        let paths = SetupPaths(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "relative/config", "XDG_DATA_HOME": "",
                                             "XDG_CONFIG_DIRS": "etc:/etc/xdg/", "XDG_DATA_DIRS": "share:./x", "XDG_STATE_HOME": "~/state"])
        XCTAssertEqual(paths.userConfigDir, "/home/ana/.config/xdg-desktop-portal")
        XCTAssertEqual(paths.dataHome, "/home/ana/.local/share")
        XCTAssertEqual(paths.configDirs, ["/etc/xdg"], "relative entries left out, the trailing slash too")
        XCTAssertEqual(paths.dataDirs, ["/usr/local/share", "/usr/share"], "no absolute entry: the default")
        XCTAssertEqual(paths.backupDir, "/home/ana/.local/state/photopick/portal-enable")
        XCTAssertEqual(paths.dropInPath, "/home/ana/.config/systemd/user/xdg-desktop-portal.service.d/photopick.conf")
        XCTAssertNil(SetupPaths(environment: ["HOME": "home"]).userConfigDir, "no absolute home: nowhere to write")
        XCTAssertEqual(SetupPaths(environment: ["HOME": "/home//ana/./"]).userConfigDir, "/home/ana/.config/xdg-desktop-portal")
    }

    func testConfigSearchIsThePortalsOrder() {
        let paths = SetupPaths(environment: ["HOME": "/h", "XDG_CONFIG_DIRS": "/c1:/c2", "XDG_DATA_DIRS": "/d1"])
        XCTAssertEqual(paths.configSearch, ["/h/.config/xdg-desktop-portal", "/c1/xdg-desktop-portal", "/c2/xdg-desktop-portal",
                                            "/etc/xdg-desktop-portal", "/h/.local/share/xdg-desktop-portal", "/d1/xdg-desktop-portal",
                                            "/usr/share/xdg-desktop-portal"])
        XCTAssertEqual(paths.systemConfigSearch.first, "/c1/xdg-desktop-portal", "the desktop's own: without the user's folder")
        let override = SetupPaths(environment: ["HOME": "/h", "XDG_DESKTOP_PORTAL_DIR": "/t/portals"])
        XCTAssertEqual(override.configSearch, ["/t/portals"], "the portal reads that folder alone")
        XCTAssertEqual(override.portalFileDirs(PortalVersion(1, 20, 3)), ["/t/portals"])
    }

    func testPortalFileFoldersByVersion() {
        let paths = SetupPaths(environment: ["HOME": "/h", "XDG_DATA_DIRS": "/d1:/d2"])
        XCTAssertEqual(paths.portalFileDirs(PortalVersion(1, 16, 0)), ["/usr/share/xdg-desktop-portal/portals"])
        XCTAssertEqual(paths.portalFileDirs(PortalVersion(1, 20, 0)), ["/usr/share/xdg-desktop-portal/portals"])
        XCTAssertEqual(paths.portalFileDirs(PortalVersion(1, 20, 1)),
                       ["/h/.local/share/xdg-desktop-portal/portals", "/d1/xdg-desktop-portal/portals", "/d2/xdg-desktop-portal/portals",
                        "/usr/share/xdg-desktop-portal/portals"])
        XCTAssertEqual(paths.dbusServiceDirs, ["/h/.local/share/dbus-1/services", "/d1/dbus-1/services", "/d2/dbus-1/services"])
    }

    func testDesktopNamesOnlyOfLettersDigitsDashAndUnderscore() {
        let names = DesktopNames("ubuntu:GNOME::../../etc:a/b:x y:KDE\n:é:X-Cinnamon:sway_1")
        XCTAssertEqual(names.valid, ["ubuntu", "GNOME", "X-Cinnamon", "sway_1"])
        XCTAssertEqual(names.rejected, ["../../etc", "a/b", "x y", "KDE\n", "é"])
        XCTAssertEqual(names.configFileNames, ["ubuntu-portals.conf", "gnome-portals.conf", "x-cinnamon-portals.conf", "sway_1-portals.conf"])
        // Whatever the variable holds, the files read stay in the folder searched.
        let hostile = DesktopNames("..:.:/etc/passwd:..%2F:a\0b:GNOME")
        for path in SetupFiles.configFiles(in: "/cfg/xdg-desktop-portal", desktop: hostile) {
            XCTAssertTrue(path.hasPrefix("/cfg/xdg-desktop-portal/"), path)
            XCTAssertFalse(path.dropFirst("/cfg/xdg-desktop-portal/".count).contains("/"), path)
            XCTAssertFalse(path.contains(".."), path)
        }
        XCTAssertEqual(SetupFiles.configFiles(in: "/d", desktop: hostile), ["/d/gnome-portals.conf", "/d/portals.conf"])
    }

    func testANewUserFileIsNamedForTheDesktop() {
        let session = DesktopNames("ubuntu:GNOME")
        XCTAssertEqual(session.userConfigFileName(copying: "/usr/share/xdg-desktop-portal/gnome-portals.conf"), "gnome-portals.conf")
        XCTAssertEqual(session.userConfigFileName(copying: "/etc/xdg-desktop-portal/portals.conf"), "ubuntu-portals.conf")
        XCTAssertEqual(session.userConfigFileName(copying: nil), "ubuntu-portals.conf")
        XCTAssertEqual(session.userConfigFileName(copying: "/x/kde-portals.conf"), "ubuntu-portals.conf", "not this session's desktop")
        XCTAssertNil(DesktopNames("").userConfigFileName(copying: nil))
    }

    func testBusAddressNeverOneToStart() {
        XCTAssertEqual(SetupPaths(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/b"]).busAddress { _ in false }, "unix:path=/b")
        let runtime = SetupPaths(environment: ["XDG_RUNTIME_DIR": "/run/user/1000 x"])
        XCTAssertEqual(runtime.busAddress { $0 == "/run/user/1000 x/bus" }, "unix:path=/run/user/1000%20x/bus")
        XCTAssertNil(runtime.busAddress { _ in false }, "no socket: no bus (never autolaunch)")
    }

    func testBackupRecordsNameOnlyFilesEnableWrites() {
        let record = SetupRecord(path: "/h/.config/xdg-desktop-portal/portals.conf", existed: true, mode: 0o640)
        XCTAssertEqual(SetupRecord(record.text, kind: .portalsConf), record)
        XCTAssertNil(SetupRecord(record.text, kind: .dropIn), "another kind's file")
        for path in ["/h/.config/xdg-desktop-portal/gnome-portals.conf", "/x/xdg-desktop-portal/portals.conf"] {
            XCTAssertTrue(SetupRecord.isManaged(path, kind: .portalsConf), path)
        }
        for path in ["relative/xdg-desktop-portal/portals.conf", "/h/.config/xdg-desktop-portal/../../.bashrc",
                     "/h/xdg-desktop-portal/../portals.conf", "/h/.config/portals.conf", "/h/.config/xdg-desktop-portal/GNOME-portals.conf",
                     "/h/.config/xdg-desktop-portal/a b-portals.conf", "/h/.config/xdg-desktop-portal/portals.conf\n", "/etc/passwd"] {
            XCTAssertFalse(SetupRecord.isManaged(path, kind: .portalsConf), path)
        }
        XCTAssertTrue(SetupRecord.isManaged("/h/.config/systemd/user/xdg-desktop-portal.service.d/photopick.conf", kind: .dropIn))
        XCTAssertFalse(SetupRecord.isManaged("/h/.config/systemd/user/xdg-desktop-portal.service.d/other.conf", kind: .dropIn))
        XCTAssertNil(SetupRecord(Array("path=/etc/passwd\nexisted=yes\nmode=644\n".utf8), kind: .portalsConf))
        XCTAssertNil(SetupRecord(Array("path=/h/xdg-desktop-portal/portals.conf\nexisted=maybe\nmode=644\n".utf8), kind: .portalsConf))
        XCTAssertNil(SetupRecord(Array("path=/h/xdg-desktop-portal/portals.conf\nexisted=no\nmode=99\n".utf8), kind: .portalsConf))
        XCTAssertNil(SetupRecord(Array("path=/h/xdg-desktop-portal/portals.conf\nexisted=yes\nmode=4777\n".utf8), kind: .portalsConf),
                     "permission bits only: no setuid file")
        XCTAssertNil(SetupRecord(Array("garbage".utf8), kind: .portalsConf))

        let made = SetupRecord(path: "/h/.config/xdg-desktop-portal/portals.conf", existed: false, mode: 0o644, created: "/h/.config")
        XCTAssertEqual(SetupRecord(made.text, kind: .portalsConf), made, "the folders enable made, for disable")
        XCTAssertNil(SetupRecord(Array("path=/h/.config/xdg-desktop-portal/portals.conf\nexisted=no\nmode=644\ncreated=/etc\n".utf8), kind: .portalsConf),
                     "only a folder the file is in")

        // Disable acts only where enable writes now, for this environment.
        let paths = SetupPaths(environment: ["HOME": "/h"])
        func at(_ path: String) -> SetupRecord { SetupRecord(path: path, existed: false, mode: 0o644) }
        XCTAssertTrue(at("/h/.config/xdg-desktop-portal/portals.conf").isWhereEnableWrites(.portalsConf, paths))
        XCTAssertTrue(at("/h/.config/xdg-desktop-portal/gnome-portals.conf").isWhereEnableWrites(.portalsConf, paths))
        XCTAssertFalse(at("/any/where/xdg-desktop-portal/portals.conf").isWhereEnableWrites(.portalsConf, paths))
        XCTAssertFalse(at("/h/.config/xdg-desktop-portal/x/xdg-desktop-portal/portals.conf").isWhereEnableWrites(.portalsConf, paths))
        XCTAssertTrue(at("/h/.config/systemd/user/xdg-desktop-portal.service.d/photopick.conf").isWhereEnableWrites(.dropIn, paths))
        XCTAssertFalse(at("/x/.config/systemd/user/xdg-desktop-portal.service.d/photopick.conf").isWhereEnableWrites(.dropIn, paths))
        XCTAssertFalse(SetupRecord(path: "/h/.config/xdg-desktop-portal/portals.conf", existed: false, mode: 0o644, created: "/h")
            .isWhereEnableWrites(.portalsConf, paths), "enable makes no folder above the configuration folder")
    }

    func testDropInPutsPhotopickFirstAndIsReadAsSystemdReadsIt() {
        let desktops = PortalDropIn.desktops(for: DesktopNames("photopick:ubuntu:GNOME:../x"))
        XCTAssertEqual(desktops, ["photopick", "ubuntu", "GNOME"], "photopick once, first; invalid names left out")
        let text = PortalDropIn.text(desktops: desktops ?? [])
        XCTAssertEqual(PortalDropIn.currentDesktop(in: [text]), "photopick:ubuntu:GNOME")
        for none in ["", "photopick", "../x", "PhotoPick:a b"] {
            XCTAssertNil(PortalDropIn.desktops(for: DesktopNames(none)), "no desktop besides photopick: '\(none)'")
        }

        let other = Array("[Service]\nEnvironment=\"XDG_CURRENT_DESKTOP=a b\" FOO=1\n".utf8)
        XCTAssertEqual(PortalDropIn.currentDesktop(in: [text, other]), "a b", "a later drop-in wins; quotes group")
        XCTAssertNil(PortalDropIn.currentDesktop(in: [text, Array("[Service]\nEnvironment=\n".utf8)]), "an empty Environment= clears")
        XCTAssertEqual(PortalDropIn.currentDesktop(in: [text, Array("[Unit]\nEnvironment=XDG_CURRENT_DESKTOP=x\n".utf8)]),
                       "photopick:ubuntu:GNOME", "only [Service] counts")
    }
}
