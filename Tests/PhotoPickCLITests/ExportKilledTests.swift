import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// `photopick export` killed with -9 while a worker is half-way through a file: nothing but
/// the files it had completed has a name in the export folder (the half-written one was an
/// unnamed O_TMPFILE, gone with the process).
final class ExportKilledTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            throw XCTSkip("python3 runs the stand-in export worker (make deps installs it)")
        }
    }

    /// A stand-in `photopick-exporter` beside a copy of photopick: it writes 1000 bytes into
    /// each job's temporary file; a source named `done…` it then reports made, any other it
    /// leaves half-made, says so in `$PHOTOPICK_TEST_MARK` (its pid) and waits for its
    /// parent to go (its stdin closes).
    private func installWithStandInWorker() throws -> String {
        let bin = dir.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binaries.photopick, toPath: bin + "/photopick")
        try ExecutableScript.write("""
            #!/usr/bin/python3
            import os, sys
            while True:
                line = sys.stdin.readline()
                if not line:
                    sys.exit(0)
                f = line.split(' ')
                source, temporary = bytes.fromhex(f[1]), bytes.fromhex(f[2])
                with open(temporary, 'wb') as out:
                    out.write(b'x' * 1000)
                if os.path.basename(source).startswith(b'done'):
                    sys.stdout.write(f[0] + ' ok ' + b'jpg'.hex() + ' 1000\\n')
                    sys.stdout.flush()
                    continue
                mark = os.environ['PHOTOPICK_TEST_MARK']
                with open(mark + '.part', 'w') as m:
                    m.write(str(os.getpid()))
                os.rename(mark + '.part', mark)
                sys.stdin.read()
                sys.exit(0)

            """, to: bin + "/photopick-exporter")
        return bin + "/photopick"
    }

    /// Polls `condition` every 20 ms for up to `seconds`.
    private func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    func testKilledMidWriteLeavesOnlyCompletedFiles() throws {
        let photopick = try installWithStandInWorker()
        let sources = try ["done.jpg", "half.jpg"].map { name -> String in
            let path = dir.path + "/" + name
            try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
            return path
        }
        let out = dir.path + "/out", mark = dir.path + "/half-written"
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = dir.path + "/cache"
        environment["PHOTOPICK_TEST_MARK"] = mark
        let export = try ProcessRunner.start(photopick, ["export", "--export-dir", out] + sources, environment: environment)

        // The state to kill in: the first file published, the second one half-written.
        XCTAssertTrue(eventually(60) { FileManager.default.fileExists(atPath: mark) && FileManager.default.fileExists(atPath: out + "/done.jpg") },
                      "the stand-in worker never got half-way: \(export.stderrSoFar)")
        let worker = try XCTUnwrap(Int32(String(decoding: FileManager.default.contents(atPath: mark) ?? Data(), as: UTF8.self)))
        XCTAssertEqual(kill(export.process.processIdentifier, SIGKILL), 0)
        _ = export.wait(timeout: 30)
        // The worker holds the half-made file until it sees its parent gone.
        XCTAssertTrue(eventually(30) { !ProcStat.isRunning(worker) }, "the stand-in worker outlived photopick")

        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(names, ["done.jpg"], "only the completed export has a name")
    }
}
