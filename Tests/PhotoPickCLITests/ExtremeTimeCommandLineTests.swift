import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Files whose modification times are at the ends of what a file system stores: `list`
/// answers, and every date it prints is ISO 8601 or null.
final class ExtremeTimeCommandLineTests: XCTestCase {
    /// A folder on tmpfs, which stores any 64-bit time (ext4 stops at the year 2446).
    private func tmpfsFolder() throws -> TemporaryDirectory {
        let type = try ProcessRunner.run("/usr/bin/stat", ["-f", "-c", "%T", "/dev/shm"]).stdoutText
        guard type.trimmingCharacters(in: .whitespacesAndNewlines) == "tmpfs" else {
            throw XCTSkip("/dev/shm is not a tmpfs here: no file system to store extreme times on")
        }
        return TemporaryDirectory(prefix: "/dev/shm/photopick-extreme")
    }

    private func setModified(_ path: String, seconds: Int) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw FactoryError("utimensat \(seconds): \(errno)") }
    }

    func testListAnswersForFilesAtTheEndsOfTime() throws {
        let dir = try tmpfsFolder()
        let root = dir.path + "/Pictures"
        let times = [Int.max, Int.min, 253_402_300_800, 9_000_000_000_000_000_000, -62_135_596_801, 1_700_000_000]
        for (i, t) in times.enumerated() {
            let path = root + "/photo-\(i).jpg"
            try ImageFactory.write(path, width: 16, height: 16, format: .jpeg)
            try setModified(path, seconds: t)
        }
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.path + "/cache"
        for _ in 0..<2 {  // once fresh, once from what the first run left in the cache
            let out = try ProcessRunner.run(Binaries.photopick, ["list", "--json", root], environment: env)
            XCTAssertEqual(out.status, 0, out.stderrText)
            let assets = try XCTUnwrap(try JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
            XCTAssertEqual(assets.count, times.count)
            var dated = 0
            for asset in assets {
                if let date = asset["date"] as? String {
                    ExtremeDateTestsSupport.assertISO8601(date)
                    dated += 1
                } else {
                    XCTAssertTrue(asset["date"] is NSNull, "\(asset)")
                    XCTAssertTrue(asset["date_source"] is NSNull, "\(asset)")
                }
            }
            XCTAssertEqual(dated, 1, "only 2023 is a date that can be named")
            let byDay = try ProcessRunner.run(Binaries.photopick, ["list", "--group", "day", "--json", root], environment: env)
            XCTAssertEqual(byDay.status, 0, byDay.stderrText)
        }
    }
}

/// `YYYY-MM-DDThh:mm:ss±hh:mm` with a real month and day.
enum ExtremeDateTestsSupport {
    static func assertISO8601(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let pattern = #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d[+-]\d{2}:\d{2}$"#
        XCTAssertNotNil(text.range(of: pattern, options: .regularExpression), text, file: file, line: line)
        XCTAssertFalse(text.hasPrefix("0000"), text, file: file, line: line)
    }
}
