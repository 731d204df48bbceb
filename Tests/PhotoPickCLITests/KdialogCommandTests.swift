import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// photopick in kdialog's place, through the real binary: as `photopick --kdialog` and
/// through a `kdialog` link first on PATH. What the open dialog would show (the plan under
/// PHOTOPICK_TEST_DUMP_PLAN=1), the dialogs handed to the real kdialog, refusals and exit
/// statuses.
final class KdialogCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!
    /// A folder holding only `kdialog`, a link to the photopick under test.
    private var links: String { dir.path + "/links" }
    private var link: String { links + "/kdialog" }

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Binaries.photopick)
    }

    /// Runs `program` with `args` in the temporary folder, with only `path` as PATH.
    private func run(_ program: String, _ args: [String], path: [String], env extra: [String: String] = [:],
                     timeout: Double = 30) throws -> ProcessRunner.Output {
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = path.joined(separator: ":")
        env["HOME"] = dir.path
        env["XDG_CONFIG_HOME"] = dir.path + "/.config"
        env[RealKdialogName.handOff] = nil
        for (k, v) in extra { env[k] = v }
        return try ProcessRunner.run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", dir.path, program] + args,
                                     environment: env, timeout: timeout)
    }

    /// A fake "real" kdialog in its own folder: prints its arguments and what photopick set, exits 7.
    private func fakeKdialog(_ script: String? = nil) throws -> String {
        let folder = dir.path + "/real"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let body = script ?? #"""
            #!/bin/sh
            printf 'real kdialog:'
            for a in "$@"; do printf ' [%s]' "$a"; done
            printf '\nhandoff=%s\n' "$PHOTOPICK_KDIALOG_HANDOFF"
            exit 7
            """#
        try Data(body.utf8).write(to: URL(fileURLWithPath: folder + "/kdialog"))
        chmod(folder + "/kdialog", 0o755)
        return folder
    }

    private func plan(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let out = try run(link, args, path: [links], env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        XCTAssertEqual(out.status, 0, out.stderrText, file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any], file: file, line: line)
    }

    // MARK: The open dialogs

    func testChromiumsOpenDialog() throws {
        let p = try plan(["--attach", "4194311", "--title", "Open Files", "--multiple", "--separate-output",
                          "--getopenfilename", library.root + "/2024", "Image Files (*.jpg *.png)|All Files (*)"])
        XCTAssertEqual(p["stdout"] as? String, "kdialog:lines")
        XCTAssertEqual(p["title"] as? String, "Open Files")
        XCTAssertEqual(p["roots"] as? [String], [library.root + "/2024"])
        XCTAssertTrue(p["max"] is NSNull)
        XCTAssertEqual((p["filters"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Image Files", "All Files"])
        XCTAssertEqual(p["parent_window"] as? String, "x11:400007")
        XCTAssertEqual(p["modal"] as? Bool, false)
        XCTAssertEqual(p["copy"] as? Bool, false)
    }

    func testOpenURLWithAFileAsStart() throws {
        let out = try run(Binaries.photopick, ["--kdialog", "--getopenurl", library.root + "/beach.jpg", "image/jpeg"],
                          path: [], env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let p = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        XCTAssertEqual(p["stdout"] as? String, "kdialog:single:urls")
        XCTAssertEqual(p["max"] as? Int, 1)
        XCTAssertEqual(p["roots"] as? [String], [library.root])
        XCTAssertEqual(p["preselect"] as? [String], [library.root + "/beach.jpg"])
        XCTAssertEqual((p["filters"] as? [[String: Any]])?.first?["mime_types"] as? [String], ["image/jpeg"])
    }

    func testTheHomeFolderOpensTheDefaultFolders() throws {
        // HOME is the temporary folder, whose Pictures is the sample library.
        XCTAssertEqual(try plan(["--getopenfilename", dir.path, "*.jpg|Photos"])["roots"] as? [String], [library.root])
        XCTAssertEqual(try plan(["--getopenfilename", ".", "*.jpg|Photos"])["roots"] as? [String], [library.root],
                       "Chromium passes . when it has no folder")
    }

    func testUnknownOptionsAndMissingValuesAreErrors() throws {
        for (args, message) in [(["--getopenfilename", "--bogus"], "photopick: kdialog has no option --bogus\n"),
                                (["--getopenfilename", "--title"], "photopick: kdialog option --title needs a value\n")] {
            let out = try run(link, args, path: [links])
            XCTAssertEqual(out.status, 2, "\(args)")
            XCTAssertEqual(out.stderrText, message)
            XCTAssertTrue(out.stdout.isEmpty)
        }
    }

    // MARK: Other dialogs

    func testOtherDialogsAreRefusedWithoutARealKdialog() throws {
        for args in [["--getsavefilename", dir.path + "/out.jpg", "*.jpg|JPEG"], ["--getsaveurl"],
                     ["--getexistingdirectory", dir.path], ["--yesno", "Really?"], ["--title", "nothing to show"]] {
            // The kdialog on PATH is photopick itself: not a kdialog to hand on to.
            for (program, prefix) in [(link, []), (Binaries.photopick, ["--kdialog"])] {
                let out = try run(program, prefix + args, path: [links])
                XCTAssertEqual(out.status, 2, "\(args)")
                XCTAssertTrue(out.stdout.isEmpty)
                let dialog = args[0].hasPrefix("--get") || args[0] == "--yesno" ? "kdialog \(args[0])" : "kdialog without a dialog option"
                XCTAssertEqual(out.stderrText, "photopick: \(dialog): photopick only opens files, and no other kdialog is installed to hand it to\n")
            }
        }
    }

    func testOtherDialogsAreHandedToTheRealKdialogUnchanged() throws {
        let real = try fakeKdialog()
        let args = ["--title", "Save it", "--getsavefilename", dir.path + "/a b.jpg", "*.jpg|JPEG"]
        for (program, prefix) in [(link, []), (Binaries.photopick, ["--kdialog"])] {
            let out = try run(program, prefix + args, path: [links, real])
            XCTAssertEqual(out.status, 7, out.stderrText)
            XCTAssertEqual(out.stdoutText, "real kdialog: [--title] [Save it] [--getsavefilename] [\(dir.path)/a b.jpg] [*.jpg|JPEG]\nhandoff=1\n")
            XCTAssertEqual(out.stderrText, "")
        }
        XCTAssertEqual(try run(link, ["--help"], path: [links, real]).stdoutText, "real kdialog: [--help]\nhandoff=1\n")
    }

    func testAKdialogThatRunsPhotopickAgainIsNotLoopedThrough() throws {
        let real = try fakeKdialog("#!/bin/sh\nexec '\(Binaries.photopick)' --kdialog \"$@\"\n")
        let out = try run(link, ["--getexistingdirectory", dir.path], path: [links, real], timeout: 20)
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.hasPrefix("photopick: kdialog --getexistingdirectory: the kdialog photopick handed this to runs photopick again"),
                      out.stderrText)
        XCTAssertEqual(out.stderrText.split(separator: "\n").count, 1)
    }

    func testVersionAndHelpWithoutARealKdialog() throws {
        let version = try run(link, ["--version"], path: [links])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdoutText, "kdialog 19.12.0 (photopick 0.1.0)\n", "Chromium reads the second word as kdialog's version")
        let help = try run(Binaries.photopick, ["--kdialog", "--help"], path: [])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("--getopenfilename [startDir] [filter]"), help.stdoutText)
    }

    // MARK: Parent windows on photopick's own command line

    func testParentWindowOptions() throws {
        for (bad, message) in [("x11:zzz", "'x11:zzz': an X11 window is x11: followed by its XID in hexadecimal"),
                                ("foo:1", "'foo:1' is not a window: use x11:XID (hexadecimal) or wayland:HANDLE")] {
            let out = try run(Binaries.photopick, ["--parent-window", bad, library.root], path: [],
                              env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
            XCTAssertEqual(out.status, 2, bad)
            XCTAssertTrue(out.stdout.isEmpty)
            XCTAssertTrue(out.stderrText.hasPrefix("photopick: --parent-window: \(message)"), out.stderrText)
        }
        let out = try run(Binaries.photopick, ["--parent-window=x11:1A00007", "--modal", library.root], path: [],
                          env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        let p = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any], out.stderrText)
        XCTAssertEqual(p["parent_window"] as? String, "x11:1a00007")
        XCTAssertEqual(p["modal"] as? Bool, true)
        let zenity = try run(Binaries.photopick, ["--file-selection", "--attach=0x1a00007", "--modal"], path: [],
                             env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        let z = try XCTUnwrap(JSONSerialization.jsonObject(with: zenity.stdout) as? [String: Any], zenity.stderrText)
        XCTAssertEqual(z["parent_window"] as? String, "x11:1a00007")
        XCTAssertEqual(z["modal"] as? Bool, true)
        let stray = try run(Binaries.photopick, ["--attach=12"], path: [])
        XCTAssertEqual(stray.status, 2)
        XCTAssertTrue(stray.stderrText.contains("--attach is a zenity option; it needs --file-selection"), stray.stderrText)
    }

    func testARequestsParentWindow() throws {
        try Data(#"{"parent_window": "x11:1a00007"}"#.utf8).write(to: URL(fileURLWithPath: dir.path + "/r.json"))
        try Data(#"{"parent_window": "x11:nope"}"#.utf8).write(to: URL(fileURLWithPath: dir.path + "/bad.json"))
        let out = try run(Binaries.photopick, ["--request", "r.json", library.root], path: [], env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        let p = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any], out.stderrText)
        XCTAssertEqual(p["parent_window"] as? String, "x11:1a00007")
        XCTAssertEqual(p["modal"] as? Bool, true, "modal unless the request says not, as the portal's default")
        let bad = try run(Binaries.photopick, ["--request", "bad.json", library.root], path: [], env: ["PHOTOPICK_TEST_DUMP_PLAN": "1"])
        XCTAssertEqual(bad.status, 0, "a malformed parent is only a warning")
        XCTAssertTrue(bad.stderrText.contains("warning: request: 'parent_window' 'x11:nope'"), bad.stderrText)
        let q = try XCTUnwrap(JSONSerialization.jsonObject(with: bad.stdout) as? [String: Any])
        XCTAssertTrue(q["parent_window"] is NSNull)
    }
}

private enum RealKdialogName {
    static let handOff = "PHOTOPICK_KDIALOG_HANDOFF"
}
