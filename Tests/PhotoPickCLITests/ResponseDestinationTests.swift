import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A response file (`--response`, `--portal`) that could not be written is an error before
/// the window opens: exit 2 and one line on stderr, not a pick that goes nowhere. Run with
/// PHOTOPICK_TEST_DUMP_PLAN, which stands for the window (it prints the plan and exits 0
/// where the window would open), so a check that came only after the window fails here.
///
/// As root, a folder's mode does not stop a write: "not writable" is tested as `nobody` and
/// on a read-only mount, which stops root too.
final class ResponseDestinationTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var mounted: String?

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/photos", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let mounted { try ProcessRunner.run("/bin/umount", [mounted]) }
    }

    private func assertRefusedBeforeTheWindow(_ out: ProcessRunner.Output, _ line: String,
                                              file: StaticString = #filePath, line number: UInt = #line) {
        XCTAssertEqual(out.status, 2, out.stderrText, file: file, line: number)
        XCTAssertEqual(out.stdoutText, "", "no plan: the run stopped before the window", file: file, line: number)
        XCTAssertEqual(out.stderrText, "photopick: " + line + "\n", file: file, line: number)
    }

    private func run(_ args: [String]) throws -> ProcessRunner.Output {
        var env = ProcessInfo.processInfo.environment
        env["PHOTOPICK_TEST_DUMP_PLAN"] = "1"
        return try ProcessRunner.run(Binaries.photopick, args + [dir.path + "/photos"], environment: env)
    }

    func testAMissingFolderOrAFileInItsPlace() throws {
        assertRefusedBeforeTheWindow(try run(["--response", dir.path + "/missing/r.json"]),
                                     "--response: the response file's folder \(dir.path)/missing does not exist")
        try Data("a file".utf8).write(to: dir.url("plain"))
        assertRefusedBeforeTheWindow(try run(["--response", dir.path + "/plain/r.json"]),
                                     "--response: the response file's folder \(dir.path)/plain is not a folder")
        try FileManager.default.createDirectory(atPath: dir.path + "/taken.json", withIntermediateDirectories: true)
        assertRefusedBeforeTheWindow(try run(["--response", dir.path + "/taken.json"]),
                                     "--response: the response file \(dir.path)/taken.json is a folder")
        XCTAssertEqual(try run(["--response", dir.path + "/r.json"]).status, 0, "a writable folder is fine")
    }

    func testAReadOnlyMountStopsEvenRoot() throws {
        let point = dir.path + "/readonly"
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        let mount = try ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", point])
        guard mount.status == 0 else { throw XCTSkip("cannot mount a tmpfs here: \(mount.stderrText)") }
        mounted = point
        assertRefusedBeforeTheWindow(try run(["--response", point + "/r.json"]),
                                     "--response: cannot write the response into \(point): Read-only file system")
    }

    /// `--portal` reads its request from the file, then replaces it: a folder the user may
    /// read but not write passes the read and fails here.
    func testAPortalFileInAFolderNobodyMayWrite() throws {
        if let reason = Unprivileged.unavailableReason { throw XCTSkip(reason) }
        let programs = TemporaryDirectory()
        let photopick = try Unprivileged.installPrograms(in: programs)
        chmod(dir.path, 0o755)
        try Data(#"{"title": "Attach"}"#.utf8).write(to: dir.url("portal.json"))
        chmod(dir.path + "/portal.json", 0o644)
        let env = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8", "PHOTOPICK_TEST_DUMP_PLAN": "1",
                   "XDG_CACHE_HOME": try Unprivileged.writableFolder(in: programs, "cache")]
        let out = try Unprivileged.run(photopick, ["--portal", dir.path + "/portal.json", dir.path + "/photos"], environment: env)
        assertRefusedBeforeTheWindow(out, "--portal: cannot write the response into \(dir.path): Permission denied")
        XCTAssertEqual(FileManager.default.contents(atPath: dir.path + "/portal.json"), Data(#"{"title": "Attach"}"#.utf8))
    }
}
