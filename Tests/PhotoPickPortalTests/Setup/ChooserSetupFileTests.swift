@testable import PhotoPickPortal
import Foundation
import PhotoPickGLib
import TestSupport
import XCTest

/// `photopick portal enable` and `disable` on files, in a home of their own: what is written,
/// what is never clobbered, what disable puts back (byte for byte), and odd or hostile
/// configuration. The portal's version is given (the branch each version takes), so these run
/// without a portal; ChooserSetupPortalTests runs the real one.
final class ChooserSetupFileTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var home: String { dir.path + "/home" }
    private var userDir: String { home + "/.config/xdg-desktop-portal" }
    private var userFile: String { userDir + "/portals.conf" }
    /// What enable writes when no file of the user's is usable: the session's desktop's own.
    private var gnomeFile: String { userDir + "/gnome-portals.conf" }
    private var systemDir: String { dir.path + "/share/xdg-desktop-portal" }
    private var backupDir: String { home + "/.local/state/photopick/portal-enable" }
    private let key = PortalsConfText.fileChooserKey
    private let portal = InstalledPortal(executable: "/nonexistent/xdg-desktop-portal", version: PortalVersion(1, 20, 3))

    override func setUpWithError() throws {
        dir = TemporaryDirectory(prefix: "photopick-chooser-setup")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: systemDir, withIntermediateDirectories: true)
    }

    private func environment(_ desktop: String = "GNOME", _ extra: [String: String] = [:]) -> [String: String] {
        ["HOME": home, "XDG_CONFIG_DIRS": dir.path + "/etc-xdg", "XDG_DATA_DIRS": dir.path + "/share", "XDG_CURRENT_DESKTOP": desktop,
         "PATH": "/usr/bin:/bin"].merging(extra) { $1 }
    }

    @discardableResult
    private func enable(_ env: [String: String]? = nil) throws -> SetupReport {
        let paths = SetupPaths(environment: env ?? environment())
        var report = SetupReport()
        _ = try ChooserSetup.enableInPortalsConf(paths, portal, try SetupBackup(paths), into: &report)
        return report
    }

    @discardableResult
    private func disable(_ env: [String: String]? = nil) throws -> SetupReport { try ChooserSetup.disable(env ?? environment()) }

    private func write(_ text: String, _ path: String, mode: Int = 0o644) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    private func read(_ path: String) -> String? { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } }
    private func mode(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }
    private func backups() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: backupDir)) ?? []).sorted() }

    private func keyFile(_ path: String) throws -> KeyFile { try XCTUnwrap(KeyFile(bytes: Array(try XCTUnwrap(read(path)).utf8)), path) }

    func testANewFileKeepsTheDesktopsEntriesAndDisableRemovesIt() throws {
        try write("[preferred]\ndefault=gnome;gtk;\norg.freedesktop.impl.portal.Secret=gnome-keyring;\n", systemDir + "/gnome-portals.conf")
        let report = try enable()
        let file = try keyFile(gnomeFile)
        XCTAssertEqual(file.stringList("preferred", "default"), ["gnome", "gtk"])
        XCTAssertEqual(file.stringList("preferred", "org.freedesktop.impl.portal.Secret"), ["gnome-keyring"])
        XCTAssertEqual(file.stringList("preferred", key), ["photopick"])
        XCTAssertEqual(mode(gnomeFile), 0o644)
        XCTAssertTrue(report.lines.joined().contains(systemDir + "/gnome-portals.conf"), "\(report.lines)")
        XCTAssertEqual(backups(), ["portals-conf.record", "portals-conf.written"])

        let undone = try disable()
        XCTAssertEqual(undone.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: gnomeFile))
        XCTAssertEqual(backups(), [])
        XCTAssertTrue(undone.lines.joined().contains("Removed " + gnomeFile), "\(undone.lines)")
    }

    /// The new file is the desktop's own (the portal reads `gnome-portals.conf` before
    /// `portals.conf` in each folder): a login to another desktop reads its own as before.
    func testANewFileIsTheDesktopsOwnSoOtherDesktopsAreUnaffected() throws {
        try write("[preferred]\ndefault=gnome;gtk;\n", systemDir + "/gnome-portals.conf")
        try write("[preferred]\ndefault=kde;\n", systemDir + "/kde-portals.conf")
        try enable()
        XCTAssertFalse(FileManager.default.fileExists(atPath: userFile))
        func inEffect(_ desktop: String) -> String? {
            let paths = SetupPaths(environment: environment(desktop))
            return SetupFiles.configInEffect(dirs: paths.configSearch, desktop: paths.currentDesktop)?.config.path
        }
        XCTAssertEqual(inEffect("GNOME"), gnomeFile)
        XCTAssertEqual(inEffect("KDE"), systemDir + "/kde-portals.conf")
    }

    /// Without a desktop the file would be every desktop's (1.18 and later), and the drop-in
    /// would name photopick alone (1.16): enable refuses and writes nothing.
    func testWithoutADesktopEnableRefusesAndWritesNothing() throws {
        try write("[preferred]\ndefault=gnome;gtk;\n", systemDir + "/gnome-portals.conf")
        for desktop in ["", "../x"] {
            XCTAssertThrowsError(try enable(environment(desktop))) { XCTAssertTrue("\($0)".contains("desktop session"), "\($0)") }
            let paths = SetupPaths(environment: environment(desktop))
            XCTAssertNil(PortalDropIn.desktops(for: paths.currentDesktop))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: userDir))
        XCTAssertFalse(FileManager.default.fileExists(atPath: backupDir))
    }

    func testWithoutTheDesktopsOwnConfigurationThereIsNoDefaultLine() throws {
        try enable(environment("x-no-such-desktop"))
        XCTAssertEqual(try keyFile(userDir + "/x-no-such-desktop-portals.conf").keys("preferred"), [key])
    }

    func testAnExistingFileGetsOneLineAndDisablePutsBackTheBytesAndMode() throws {
        let original = "# mine\r\n[preferred]\r\ndefault=kde;\r\n\(key) = gtk\r\n\n[x]\na=b"
        try write(original, userFile, mode: 0o640)
        try enable()
        XCTAssertEqual(read(userFile), "# mine\r\n[preferred]\r\ndefault=kde;\r\n\(key)=photopick\r\n\n[x]\na=b")
        XCTAssertEqual(mode(userFile), 0o640, "its permissions kept")
        XCTAssertEqual(try enable().lines.first?.contains("already"), true, "a second enable changes nothing")
        try disable()
        XCTAssertEqual(read(userFile), original)
        XCTAssertEqual(mode(userFile), 0o640)
        XCTAssertEqual(backups(), [])
    }

    func testTheUsersDesktopFileComesFirstAsThePortalReadsIt() throws {
        let plain = "[preferred]\ndefault=gtk\n"
        try write(plain, userFile)
        try write("# no entries: the portal passes over it\n[preferred]\n", userDir + "/ubuntu-portals.conf")
        try write("[preferred]\ndefault=gnome\n", userDir + "/gnome-portals.conf")
        let report = try enable(environment("ubuntu:GNOME"))
        XCTAssertEqual(read(userDir + "/gnome-portals.conf"), "[preferred]\ndefault=gnome\n\(key)=photopick\n")
        XCTAssertEqual(read(userFile), plain, "portals.conf is not what the portal reads: untouched")
        XCTAssertEqual(read(userDir + "/ubuntu-portals.conf"), "# no entries: the portal passes over it\n[preferred]\n")
        XCTAssertTrue(report.warnings.contains { $0.contains("ubuntu-portals.conf") }, "\(report.warnings)")
        try disable()
        XCTAssertEqual(read(userDir + "/gnome-portals.conf"), "[preferred]\ndefault=gnome\n")
    }

    /// A file without entries is passed over by the portal: a portals.conf so stays as it is
    /// (every desktop reads it), the desktop's own file is filled with the desktop's entries.
    func testAFileWithoutEntriesIsTheDesktopsOwnFilledOrPassedOver() throws {
        try write("[preferred]\ndefault=gnome;gtk;\n", systemDir + "/gnome-portals.conf")
        try write("# notes\n", userFile)
        try write("# mine\n", gnomeFile)
        try enable()
        XCTAssertEqual(read(userFile), "# notes\n")
        XCTAssertEqual(read(gnomeFile), "# mine\n\n[preferred]\ndefault=gnome;gtk;\n\(key)=photopick\n")
        try disable()
        XCTAssertEqual(read(gnomeFile), "# mine\n")
    }

    func testAFileThatCannotBeUsedIsRefusedAndNothingChanges() throws {
        let garbage = "this is not\na key file\n"
        try write(garbage, userFile)
        XCTAssertThrowsError(try enable()) { XCTAssertTrue("\($0)".contains(self.userFile), "\($0)") }
        XCTAssertEqual(read(userFile), garbage)
        XCTAssertEqual(backups(), [], "no backup: nothing was changed")

        try FileManager.default.removeItem(atPath: userFile)
        XCTAssertEqual(mkfifo(userFile, 0o644), 0)
        XCTAssertThrowsError(try enable(), "a FIFO is refused, not waited on") { XCTAssertTrue("\($0)".contains("not a regular file"), "\($0)") }

        try FileManager.default.removeItem(atPath: userFile)
        try FileManager.default.createDirectory(atPath: userFile, withIntermediateDirectories: false)
        XCTAssertThrowsError(try enable())

        try FileManager.default.removeItem(atPath: userFile)
        try write("[preferred]\ndefault=gtk\n", dir.path + "/dotfiles/portals.conf")
        try FileManager.default.createSymbolicLink(atPath: userFile, withDestinationPath: dir.path + "/dotfiles/portals.conf")
        XCTAssertThrowsError(try enable()) { XCTAssertTrue("\($0)".contains("symbolic link"), "\($0)") }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: userFile), dir.path + "/dotfiles/portals.conf")
        XCTAssertEqual(read(dir.path + "/dotfiles/portals.conf"), "[preferred]\ndefault=gtk\n")
        XCTAssertEqual(backups(), [])
    }

    /// The portal passes over a file with a value it cannot read as a list (a bad escape,
    /// not UTF-8): enable says which and changes nothing, rather than report a FileChooser
    /// the portal would ignore.
    func testAPortalsConfThePortalCannotReadIsRefused() throws {
        try write("[preferred]\ndefault=gnome;gtk;\n", systemDir + "/gnome-portals.conf")
        let head = Array("[preferred]\ndefault=gtk\norg.freedesktop.impl.portal.Settings=".utf8)
        for value in [Array("kde\\x".utf8), [0x6B, 0xFF, 0x64, 0x65]] {
            let bytes = head + value + [0x0A]
            try FileManager.default.createDirectory(atPath: userDir, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: userFile))
            XCTAssertThrowsError(try enable()) {
                XCTAssertTrue("\($0)".contains("the value of org.freedesktop.impl.portal.Settings is not a list"), "\($0)")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: userFile)), Data(bytes))
            XCTAssertFalse(FileManager.default.fileExists(atPath: gnomeFile))
            XCTAssertEqual(backups(), [])
        }
    }

    /// The last check before writing reads the new bytes whole, as the portal will.
    func testTheEditIsCheckedAsThePortalReadsTheWholeFile() {
        let good = Array("[preferred]\ndefault=gtk\n\(key)=photopick\n".utf8)
        XCTAssertNoThrow(try ChooserSetup.verify(good, keeping: nil, path: "/p"))
        let passedOver = Array("[preferred]\ndefault=gtk\norg.freedesktop.impl.portal.Settings=kde\\x\n\(key)=photopick\n".utf8)
        XCTAssertThrowsError(try ChooserSetup.verify(passedOver, keeping: nil, path: "/p"))
    }

    /// GLib's message quotes the line it could not read: terminal control codes in it are
    /// printed escaped, never sent to the terminal.
    func testControlCodesOfAFileAreNotPrinted() throws {
        try write("\u{1B}[31mRED\u{1B}]0;title\u{07}\n", userFile)
        XCTAssertThrowsError(try enable()) {
            let message = "\($0)"
            XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 }, message)
            XCTAssertTrue(message.contains("\\u{1b}[31mRED"), message)
        }
    }

    /// A file with other hard links (a dotfiles repository's) would be parted from them by
    /// the atomic write: refused like a symbolic link, the file and its links as they were.
    func testAHardLinkedFileIsRefused() throws {
        let dotfile = dir.path + "/dotfiles.conf"
        try write("[preferred]\ndefault=gtk\n", dotfile)
        try FileManager.default.createDirectory(atPath: userDir, withIntermediateDirectories: true)
        XCTAssertEqual(link(dotfile, userFile), 0)
        XCTAssertThrowsError(try enable()) { XCTAssertTrue("\($0)".contains("hard link"), "\($0)") }
        XCTAssertEqual(read(dotfile), "[preferred]\ndefault=gtk\n")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: userFile))[.referenceCount] as? Int, 2, "still one file")
        XCTAssertEqual(backups(), [])
    }

    func testTheConfigFolderMustBeAFolderOrALinkToOne() throws {
        try write("not a folder", userDir)
        XCTAssertThrowsError(try enable()) { XCTAssertTrue("\($0)".contains("is not a folder"), "\($0)") }
        XCTAssertEqual(read(userDir), "not a folder")

        try FileManager.default.removeItem(atPath: userDir)
        try FileManager.default.createSymbolicLink(atPath: userDir, withDestinationPath: dir.path + "/nowhere")
        XCTAssertThrowsError(try enable())

        try FileManager.default.removeItem(atPath: userDir)
        try FileManager.default.createDirectory(atPath: dir.path + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: userDir, withDestinationPath: dir.path + "/real")
        try enable()
        XCTAssertNotNil(read(dir.path + "/real/gnome-portals.conf"), "written where the link leads, as the portal reads it")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: userDir), dir.path + "/real")
    }

    func testARelativeXDGConfigHomeIsIgnored() throws {
        try enable(environment("GNOME", ["XDG_CONFIG_HOME": "relative-config"]))
        XCTAssertNotNil(read(gnomeFile))
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/relative-config"))
    }

    func testAPathDisableCouldNotPutBackIsNotWritten() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/a", withIntermediateDirectories: true)
        XCTAssertThrowsError(try enable(environment("GNOME", ["XDG_CONFIG_HOME": dir.path + "/a/../cfg"]))) {
            XCTAssertTrue("\($0)".contains("unusual path"), "\($0)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/cfg"), "not even its folder")
        XCTAssertEqual(backups(), [])
    }

    func testDesktopNamesNeverReachOutsideThePortalsFolders() throws {
        // "../../evil" would make share/xdg-desktop-portal/../../evil-portals.conf = DIR/evil-portals.conf.
        try write("[preferred]\ndefault=evil\n", dir.path + "/evil-portals.conf")
        try write("[preferred]\ndefault=gnome\n", systemDir + "/gnome-portals.conf")
        try enable(environment("../../evil:GNOME"))
        XCTAssertEqual(try keyFile(gnomeFile).stringList("preferred", "default"), ["gnome"])
        var report = SetupReport()
        ChooserSetup.warnAboutDesktopNames(SetupPaths(environment: environment("../../evil:GNOME")), into: &report)
        XCTAssertEqual(report.warnings.count, 1)
        XCTAssertTrue(report.warnings[0].contains("'../../evil'"), report.warnings[0])
    }

    func testAFileEditedSinceEnableKeepsTheEditsAndLosesPhotopicksLine() throws {
        try write("[preferred]\ndefault=kde;\n\(key)=gtk\n", userFile)
        try enable()
        try write(try XCTUnwrap(read(userFile)) + "# added by me\n[mine]\nx=1\n", userFile)
        let report = try disable()
        XCTAssertEqual(read(userFile), "[preferred]\ndefault=kde;\n\(key)=gtk\n# added by me\n[mine]\nx=1\n")
        XCTAssertTrue(report.lines.joined().contains("changed after enable"), "\(report.lines)")
    }

    /// The user's edits between two enables are theirs: disable takes photopick's line back
    /// A FileChooser line the user changed since to one still naming photopick is theirs:
    /// disable leaves it, says so and fails (photopick still answers); once they change it to
    /// another backend, there is nothing to take back.
    func testDisableLeavesAFileChooserLineTheUserChanged() throws {
        try write("[preferred]\ndefault=gtk\n", userFile)
        try enable()
        let theirs = "[preferred]\ndefault=gtk\n\(key)=photopick;gtk\n"
        try write(theirs, userFile)
        let report = try disable()
        XCTAssertEqual(report.status, ChooserStatusCode.error)
        XCTAssertTrue(report.warnings.joined().contains("still names photopick"), "\(report.warnings)")
        XCTAssertFalse(report.lines.joined().contains("taken back"), "\(report.lines)")
        XCTAssertEqual(read(userFile), theirs)
        XCTAssertFalse(backups().isEmpty, "kept: photopick's change is not undone yet")

        let other = "[preferred]\ndefault=gtk\n\(key)=gnome\n"
        try write(other, userFile)
        let again = try disable()
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.lines.joined().contains("no longer names photopick"), "\(again.lines)")
        XCTAssertEqual(read(userFile), other)
        XCTAssertEqual(backups(), [])
    }

    func testATakenBackLineKeepsItsOriginalBytes() throws {
        try write("[preferred]\ndefault=gtk\n\(key) = gnome;gtk\n", userFile)
        try enable()
        try write(try XCTUnwrap(read(userFile)) + "# mine\n", userFile)
        try disable()
        XCTAssertEqual(read(userFile), "[preferred]\ndefault=gtk\n\(key) = gnome;gtk\n# mine\n")
    }

    /// and keeps them (the attack: enable, edit, enable, disable lost the edits).
    func testEnableAgainAfterTheUsersEditsKeepsThemOnDisable() throws {
        try write("[preferred]\ndefault=gtk\n", userFile)
        try enable()
        let edited = "[preferred]\ndefault=gtk\norg.freedesktop.impl.portal.Settings=kde\n# important user note\n"
        try write(edited, userFile)
        try enable()
        XCTAssertEqual(try keyFile(userFile).stringList("preferred", key), ["photopick"])
        try disable()
        XCTAssertEqual(read(userFile), edited)
        XCTAssertEqual(backups(), [])
    }

    func testEnableAgainAfterTheUserChoseAnotherPutsTheirChoiceBack() throws {
        try write("[preferred]\n\(key)=gtk\n", userFile)
        try enable()
        try write("[preferred]\n\(key)=gnome\n", userFile)  // the user chose another since
        try enable()
        XCTAssertEqual(read(userFile), "[preferred]\n\(key)=photopick\n")
        try disable()
        XCTAssertEqual(read(userFile), "[preferred]\n\(key)=gnome\n", "what was there before this enable")
    }

    /// A second enable over photopick's own file (the drop-in, for other desktops) keeps the
    /// first backup: it holds what was there before photopick.
    func testEnableAgainOverItsOwnFileKeepsTheFirstBackup() throws {
        let paths = SetupPaths(environment: environment("ubuntu:GNOME"))
        let dropIn = try XCTUnwrap(paths.dropInPath)
        let manual = "[Service]\nEnvironment=XDG_CURRENT_DESKTOP=photopick:GNOME\n"
        try write(manual, dropIn, mode: 0o600)
        var report = SetupReport()
        XCTAssertTrue(try ChooserSetup.enableByDropIn(paths, ["photopick", "ubuntu", "GNOME"], SetupBackup(paths), into: &report))
        XCTAssertTrue(try ChooserSetup.enableByDropIn(paths, ["photopick", "KDE"], SetupBackup(paths), into: &report))
        XCTAssertEqual(PortalDropIn.currentDesktop(in: [Array(try XCTUnwrap(read(dropIn)).utf8)]), "photopick:KDE")
        try disable()
        XCTAssertEqual(read(dropIn), manual)
        XCTAssertEqual(mode(dropIn), 0o600)
    }

    func testDisableWithNothingEnabledChangesNothing() throws {
        try write("[preferred]\n\(key)=photopick\n", userFile)  // the README's manual step, not enable's
        let report = try disable()
        XCTAssertEqual(report.status, 0)
        XCTAssertTrue(report.lines.joined().contains("Nothing to undo"), "\(report.lines)")
        XCTAssertEqual(read(userFile), "[preferred]\n\(key)=photopick\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: backupDir), "no folder made to find nothing in it")
    }

    func testADamagedBackupIsNotActedOn() throws {
        try write("[preferred]\n\(key)=gtk\n", userFile)
        try enable()
        try write("path=/etc/passwd\nexisted=no\nmode=644\n", backupDir + "/portals-conf.record", mode: 0o600)
        let report = try disable()
        XCTAssertEqual(report.status, ChooserStatusCode.error)
        XCTAssertEqual(read(userFile), "[preferred]\n\(key)=photopick\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/etc/passwd"))
    }

    /// The backup is complete before the file changes: one that cannot be saved leaves the
    /// file as it was, and no record for disable to act on.
    func testAnEnableThatCannotKeepItsBackupChangesNothing() throws {
        let original = "[preferred]\ndefault=gtk\n"
        try write(original, userFile)
        try FileManager.default.createDirectory(atPath: backupDir + "/portals-conf.written", withIntermediateDirectories: true)
        XCTAssertThrowsError(try enable())
        XCTAssertEqual(read(userFile), original)
        XCTAssertEqual(backups(), ["portals-conf.written"], "only the folder in the way")
    }

    /// A failed enable leaves no folder behind, and disable removes the folders enable made,
    /// when they are empty: enable's trace is gone, a file of the user's in them stays.
    func testFoldersEnableMadeGoWithItsFiles() throws {
        try FileManager.default.createDirectory(atPath: backupDir + "/portals-conf.written", withIntermediateDirectories: true)
        XCTAssertThrowsError(try enable())
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.config"), "no empty folder left")
        try FileManager.default.removeItem(atPath: backupDir)

        try enable()
        XCTAssertNotNil(read(gnomeFile))
        try disable()
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.config"), "made by enable, empty again")
        XCTAssertFalse(FileManager.default.fileExists(atPath: backupDir))

        try enable()
        try write("mine", userDir + "/notes")
        try disable()
        XCTAssertEqual(read(userDir + "/notes"), "mine", "a folder holding a file of the user's stays")

        let paths = SetupPaths(environment: environment())
        var report = SetupReport()
        XCTAssertTrue(try ChooserSetup.enableByDropIn(paths, ["photopick", "GNOME"], SetupBackup(paths), into: &report))
        try disable()
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.config/systemd"))
    }

    /// A record is read back from a file: disable acts on no path but the one enable would
    /// write now, and puts back nothing but permission bits.
    func testDisableActsOnlyOnTheFileEnableWritesNow() throws {
        let record = backupDir + "/portals-conf.record"
        let elsewhere = dir.path + "/any/where/xdg-desktop-portal/portals.conf"
        try write("[preferred]\ndefault=gtk\n", elsewhere)
        try write("path=\(elsewhere)\nexisted=no\nmode=644\n", record, mode: 0o600)
        let report = try disable()
        XCTAssertEqual(report.status, ChooserStatusCode.error)
        XCTAssertEqual(read(elsewhere), "[preferred]\ndefault=gtk\n", "not removed")
        XCTAssertTrue(report.warnings.joined().contains(userDir), "\(report.warnings)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: record), "kept, for the right XDG_CONFIG_HOME")

        let gone = dir.path + "/gone/xdg-desktop-portal/portals.conf"
        try write("x", backupDir + "/portals-conf.before", mode: 0o600)
        for path in [gone, userFile] {
            try write("path=\(path)\nexisted=yes\nmode=4777\n", record, mode: 0o600)
            XCTAssertEqual(try disable().status, ChooserStatusCode.error, path)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), path)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/gone"), "no folder made")
    }

    /// Without the copy of what enable wrote, disable cannot tell the user's edits from
    /// photopick's: it takes back photopick's line only, never the whole file.
    func testWithoutTheCopyOfWhatEnableWroteDisableTakesBackItsLineOnly() throws {
        try write("[preferred]\ndefault=gtk\n", systemDir + "/gnome-portals.conf")
        try enable()
        let written = try XCTUnwrap(["gnome-portals.conf", "portals.conf"].map { self.userDir + "/" + $0 }.first { self.read($0) != nil })
        try FileManager.default.removeItem(atPath: backupDir + "/portals-conf.written")
        try write(try XCTUnwrap(read(written)) + "org.freedesktop.impl.portal.Settings=kde\n", written)
        XCTAssertEqual(try disable().status, 0)
        XCTAssertEqual(try keyFile(written).keys("preferred"), ["default", "org.freedesktop.impl.portal.Settings"])

        let paths = SetupPaths(environment: environment())
        let dropIn = try XCTUnwrap(paths.dropInPath)
        var report = SetupReport()
        XCTAssertTrue(try ChooserSetup.enableByDropIn(paths, ["photopick", "GNOME"], SetupBackup(paths), into: &report))
        try FileManager.default.removeItem(atPath: backupDir + "/systemd-drop-in.written")
        try write("[Service]\nEnvironment=XDG_CURRENT_DESKTOP=mine\n", dropIn)
        XCTAssertEqual(try disable().status, ChooserStatusCode.error)
        XCTAssertEqual(read(dropIn), "[Service]\nEnvironment=XDG_CURRENT_DESKTOP=mine\n", "not removed")
    }

    /// photopick's .portal file must be where the installed version reads them, and its D-Bus
    /// service where the bus looks; a `make install` into /usr/local is told how to link it.
    func testPhotopicksFilesMustBeWhereThePortalReadsThem() throws {
        let share = dir.path + "/share"
        let portalFile = share + "/xdg-desktop-portal/portals/photopick.portal"
        try write("[portal]\nDBusName=org.freedesktop.impl.portal.desktop.photopick\nInterfaces=\(key);\nUseIn=photopick\n", portalFile)
        try write("[D-BUS Service]\nName=org.freedesktop.impl.portal.desktop.photopick\nExec=/x\n",
                  share + "/dbus-1/services/org.freedesktop.impl.portal.desktop.photopick.service")
        let paths = SetupPaths(environment: environment())
        // 1.20.1 reads .portal files from XDG_DATA_DIRS too; 1.20.0 from /usr/share alone.
        XCTAssertEqual(try ChooserSetup.installed(paths, InstalledPortal(executable: "/x", version: PortalVersion(1, 20, 1))).portalFile,
                       portalFile)
        if FileManager.default.fileExists(atPath: "/usr/share/xdg-desktop-portal/portals/photopick.portal") {
            throw XCTSkip("photopick.portal is installed in /usr/share on this machine")
        }
        XCTAssertThrowsError(try ChooserSetup.installed(paths, InstalledPortal(executable: "/x", version: PortalVersion(1, 20, 0)))) {
            XCTAssertTrue("\($0)".contains("sudo ln -s \(portalFile) /usr/share/xdg-desktop-portal/portals/"), "\($0)")
        }
        // 1.16 (here told to read the tree's portals, as its tests do) needs UseIn=photopick.
        let v116 = InstalledPortal(executable: "/x", version: PortalVersion(1, 16, 0))
        let override = SetupPaths(environment: environment("GNOME", ["XDG_DESKTOP_PORTAL_DIR": share + "/xdg-desktop-portal/portals"]))
        XCTAssertNoThrow(try ChooserSetup.installed(override, v116))
        try write("[portal]\nDBusName=org.freedesktop.impl.portal.desktop.photopick\nInterfaces=\(key);\nUseIn=gnome\n", portalFile)
        XCTAssertThrowsError(try ChooserSetup.installed(override, v116)) { XCTAssertTrue("\($0)".contains("UseIn=gnome"), "\($0)") }
        try FileManager.default.removeItem(atPath: share + "/dbus-1")
        XCTAssertThrowsError(try ChooserSetup.installed(override, v116)) { XCTAssertTrue("\($0)".contains("D-Bus service file"), "\($0)") }
    }

    func testTheDropInOf116ReplacesAManualOneAndDisablePutsItBack() throws {
        let paths = SetupPaths(environment: environment("ubuntu:GNOME"))
        let dropIn = try XCTUnwrap(paths.dropInPath)
        let manual = "[Service]\nEnvironment=XDG_CURRENT_DESKTOP=photopick:GNOME\n"
        try write(manual, dropIn, mode: 0o600)
        var report = SetupReport()
        let desktops = try XCTUnwrap(PortalDropIn.desktops(for: paths.currentDesktop))
        XCTAssertTrue(try ChooserSetup.enableByDropIn(paths, desktops, SetupBackup(paths), into: &report))
        XCTAssertEqual(PortalDropIn.currentDesktop(in: [Array(try XCTUnwrap(read(dropIn)).utf8)]), "photopick:ubuntu:GNOME")
        XCTAssertFalse(try ChooserSetup.enableByDropIn(paths, desktops, SetupBackup(paths), into: &report), "in place already")
        try disable(environment("ubuntu:GNOME"))
        XCTAssertEqual(read(dropIn), manual)
        XCTAssertEqual(mode(dropIn), 0o600)

        try FileManager.default.removeItem(atPath: dropIn)
        XCTAssertTrue(try ChooserSetup.enableByDropIn(paths, desktops, SetupBackup(paths), into: &report))
        try write("[Service]\nEnvironment=XDG_CURRENT_DESKTOP=GNOME\n", paths.dropInDir! + "/zz-later.conf")
        XCTAssertEqual(DropIns.currentDesktop(paths), "GNOME", "a later drop-in wins")
        try disable()
        XCTAssertFalse(FileManager.default.fileExists(atPath: dropIn))
    }
}
