import Foundation
import TestSupport
import XCTest

/// The desktop integration files pass their validators, and install/uninstall put them in place.
final class DataFilesTests: XCTestCase {
    private let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    private func validate(_ tool: String, _ args: [String]) throws -> ProcessRunner.Output {
        guard let path = Binaries.which(tool) else { throw XCTSkip("\(tool) is not installed (make deps installs it)") }
        return try ProcessRunner.run(path, args)
    }

    /// The desktop entry and metainfo as installed: made from data/*.in with the translations.
    private func translated(_ name: String) throws -> String {
        guard Binaries.which("msgfmt") != nil else { throw XCTSkip("gettext is not installed (make deps installs it)") }
        let out = TemporaryDirectory()
        outputs.append(out)
        let make = try ProcessRunner.run("/usr/bin/make", ["-C", repo, "--no-print-directory", "translations", "I18N_OUT=\(out.path)"])
        XCTAssertEqual(make.status, 0, make.stderrText)
        return out.path + "/" + name
    }
    private var outputs: [TemporaryDirectory] = []

    func testDesktopEntryValidates() throws {
        let out = try validate("desktop-file-validate", [try translated("io.github.photopick.PhotoPick.desktop")])
        XCTAssertEqual(out.status, 0, out.stdoutText + out.stderrText)
        XCTAssertEqual(out.stdoutText + out.stderrText, "", "warnings count too")
    }

    func testMetainfoValidates() throws {
        let out = try validate("appstreamcli", ["validate", "--no-net", try translated("io.github.photopick.PhotoPick.metainfo.xml")])
        XCTAssertEqual(out.status, 0, out.stdoutText + out.stderrText)
        XCTAssertFalse(out.stdoutText.contains("W:"), out.stdoutText)
    }

    /// The version is written once (Sources/photopick/Version.swift): the program, the
    /// Makefile (man page, Debian package) and the metainfo's newest release all say the same.
    func testTheVersionIsTheSameEverywhere() throws {
        let program = try ProcessRunner.run(Binaries.photopick, ["--version"])
        XCTAssertEqual(program.status, 0, program.stderrText)
        let version = program.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(version.isEmpty)
        let make = try ProcessRunner.run("/usr/bin/make", ["-C", repo, "--no-print-directory", "-s", "print-version"])
        XCTAssertEqual(make.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), version, make.stderrText)
        let metainfo = try String(contentsOfFile: repo + "/data/io.github.photopick.PhotoPick.metainfo.xml.in", encoding: .utf8)
        let newest = try XCTUnwrap(metainfo.range(of: "<release version=\"").map { start in
            metainfo[start.upperBound...].prefix { $0 != "\"" }
        })
        XCTAssertEqual(String(newest), version, "the metainfo's newest release")
    }

    func testInstallAndUninstallUnderDestdir() throws {
        let bin = Binaries.photopick
        let dest = TemporaryDirectory()
        // Install the already built binary through the same Makefile rules, without rebuilding.
        let install = try ProcessRunner.run("/usr/bin/make", ["-C", repo, "install", "DESTDIR=\(dest.path)", "PREFIX=/usr",
                                                             "RELEASE_BIN=\(bin)", "-o", "build"])
        XCTAssertEqual(install.status, 0, install.stderrText)
        for file in ["bin/photopick", "libexec/photopick/photopick-thumbnailer", "libexec/photopick/photopick-exporter", "share/applications/io.github.photopick.PhotoPick.desktop",
                     "share/metainfo/io.github.photopick.PhotoPick.metainfo.xml", "share/man/man1/photopick.1",
                     "share/photopick/photopick.css", "share/icons/hicolor/scalable/apps/io.github.photopick.PhotoPick.svg",
                     "libexec/photopick-portal", "share/doc/photopick/examples/ask_the_portal.py",
                     "share/locale/de/LC_MESSAGES/photopick.mo"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dest.path + "/usr/" + file), file)
        }
        let manPage = try String(contentsOfFile: dest.path + "/usr/share/man/man1/photopick.1", encoding: .utf8)
        let version = try ProcessRunner.run(Binaries.photopick, ["--version"]).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(manPage.contains(".TH PHOTOPICK 1 ") && manPage.contains("\"photopick \(version)\""),
                      "the man page names the version: \(manPage.prefix(200))")
        // The portal backend's D-Bus service starts it where it is installed (PREFIX, not DESTDIR).
        let service = try String(contentsOfFile: dest.path + "/usr/share/dbus-1/services/org.freedesktop.impl.portal.desktop.photopick.service",
                                 encoding: .utf8)
        XCTAssertEqual(service, "[D-BUS Service]\nName=org.freedesktop.impl.portal.desktop.photopick\nExec=/usr/libexec/photopick-portal\n")
        let portal = try String(contentsOfFile: dest.path + "/usr/share/xdg-desktop-portal/portals/photopick.portal", encoding: .utf8)
        XCTAssertEqual(portal, """
            [portal]
            DBusName=org.freedesktop.impl.portal.desktop.photopick
            Interfaces=org.freedesktop.impl.portal.FileChooser;
            UseIn=photopick

            """)
        let uninstall = try ProcessRunner.run("/usr/bin/make", ["-C", repo, "uninstall", "DESTDIR=\(dest.path)", "PREFIX=/usr"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderrText)
        let left = FileManager.default.enumerator(atPath: dest.path)?.allObjects.compactMap { $0 as? String }
            .filter { path in
                var isDir: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: dest.path + "/" + path, isDirectory: &isDir)
                return !isDir.boolValue
            }
        XCTAssertEqual(left, [])
    }

    /// What uninstall leaves: the folders as they were before the install. The ones install
    /// made go once empty (about twenty under an empty prefix); the prefix, a folder that was
    /// there and empty (share/man/man1, as on Debian), and a folder holding another program's
    /// icon stay, with the icon. A second install before the uninstall changes nothing.
    func testUninstallRemovesTheFoldersInstallMadeAndNoOthers() throws {
        let bin = Binaries.photopick
        let dest = TemporaryDirectory()
        let fm = FileManager.default
        try fm.createDirectory(atPath: dest.path + "/usr/share/man/man1", withIntermediateDirectories: true)
        let foreign = "usr/share/icons/hicolor/48x48/apps/org.example.Other.png"
        try fm.createDirectory(atPath: dest.path + "/usr/share/icons/hicolor/48x48/apps", withIntermediateDirectories: true)
        try Data("not ours".utf8).write(to: URL(fileURLWithPath: dest.path + "/" + foreign))
        let before = try tree(dest.path)

        for _ in 0..<2 {
            let install = try ProcessRunner.run("/usr/bin/make", ["-C", repo, "install", "DESTDIR=\(dest.path)", "PREFIX=/usr",
                                                                 "RELEASE_BIN=\(bin)", "-o", "build"])
            XCTAssertEqual(install.status, 0, install.stderrText)
        }
        let installed = try tree(dest.path)
        XCTAssertGreaterThanOrEqual(installed.folders.subtracting(before.folders).count, 15,
                                    "install made its folders: \(installed.folders.subtracting(before.folders).sorted())")
        let uninstall = try ProcessRunner.run("/usr/bin/make", ["-C", repo, "uninstall", "DESTDIR=\(dest.path)", "PREFIX=/usr"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderrText)
        let after = try tree(dest.path)
        XCTAssertEqual(after.folders.sorted(), before.folders.sorted(), "the folders as they were before the install")
        XCTAssertEqual(after.files, [foreign], "another program's file stays")
    }

    /// The folders and files under `root`, relative to it.
    private func tree(_ root: String) throws -> (folders: Set<String>, files: Set<String>) {
        var folders = Set<String>(), files = Set<String>()
        for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDir)
            if isDir.boolValue { folders.insert(path) } else { files.insert(path) }
        }
        return (folders, files)
    }
}
