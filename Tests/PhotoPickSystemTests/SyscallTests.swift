import Glibc
import PhotoPickCore
import PhotoPickSystem
import XCTest

/// The one syscall wrapper: retried on EINTR, typed errors with the call and errno.
final class SyscallTests: XCTestCase {
    func testInterruptedCallsAreRetried() throws {
        var attempts = 0
        let result = try Syscall.retrying("read") { () -> Int in
            attempts += 1
            if attempts < 3 {
                errno = EINTR
                return -1
            }
            return 42
        }
        XCTAssertEqual(result, 42)
        XCTAssertEqual(attempts, 3, "two interruptions, then the answer")
    }

    func testFailuresCarryTheCallAndErrno() {
        XCTAssertThrowsError(try Syscall.retrying("open") { open("/nonexistent/photopick", O_RDONLY) }) { error in
            let failure = error as? SystemError
            XCTAssertEqual(failure?.call, "open")
            XCTAssertEqual(failure?.code, ENOENT)
            XCTAssertEqual(failure?.reason, "No such file or directory")
            XCTAssertEqual(failure?.description, "open: No such file or directory")
        }
    }

    func testPointerCallsFailWithErrnoToo() {
        XCTAssertThrowsError(try Syscall.retrying("opendir") { opendir("/nonexistent/photopick") }) { error in
            XCTAssertEqual((error as? SystemError)?.code, ENOENT)
        }
    }

    func testFileContentsStopsAtTheLimit() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        try FileContents.write(Array(repeating: 0x41, count: 100), to: fds[1])
        close(fds[1])
        XCTAssertNil(try FileContents.read(fd: fds[0], limit: 50), "more than the limit: nil, not a truncated read")
    }
}
