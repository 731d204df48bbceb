import Foundation
import PhotoPickCore
@testable import PhotoPickMedia
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// How a worker's replies travel: a pipe that holds a whole thumbnail reply (so the worker
/// never waits for the window to read before it takes its next request), read back line by
/// line and byte for byte however the reads fall.
final class WorkerReplyPipeTests: XCTestCase {
    func testAWorkersReplyPipeHoldsAWholeThumbnailReply() throws {
        let dir = TemporaryDirectory()
        let worker = dir.path + "/worker.sh"
        // Reads its requests and never answers; its stdout stays the reply pipe (a `cat >
        // /dev/null` as the script's last command may be exec'd with stdout moved to /dev/null).
        try ExecutableScript.write("#!/bin/sh\nwhile read request; do :; done\n", to: worker)
        let pool = try ThumbnailWorkerPool(executable: worker, count: 1, failures: nil)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        let pid = try XCTUnwrap(pool.workerProcessIDs.first)
        // The worker's stdout, opened through /proc: the same pipe, whose size is the pipe's.
        let fd = open("/proc/\(pid)/fd/1", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0, "errno \(errno)")
        defer { close(fd) }
        let size = try XCTUnwrap(WorkerLaunch.pipeSize(fd))
        // A system whose pipes may not grow this far keeps 64 KiB pipes (growing is best effort).
        let allowed = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? Int.max
        try XCTSkipIf(allowed < Int(WorkerLaunch.replyPipeBytes) && getuid() != 0, "pipes here grow to \(allowed) bytes at most")
        XCTAssertEqual(size, Int(WorkerLaunch.replyPipeBytes))
        XCTAssertGreaterThanOrEqual(size, 256 * 256 * 4 + 100, "a square RGBA 256-px reply and its header fit")
    }

    func testRepliesAreReadWholeAcrossReadsOfAnySize() throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        // Payloads larger and smaller than one read, with bytes that look like line ends.
        let big = (0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let small: [UInt8] = [10, 0, 10, 255, 10]
        let stream = Array("1 ok first\n".utf8) + big + Array("2 ok second\n".utf8) + small + Array("3 err end\n".utf8)
        let writer = Thread { [fd = fds[1]] in
            // Odd slices, so lines and payloads straddle reads.
            var done = 0
            while done < stream.count {
                let n = min(77_777, stream.count - done)
                let written = stream.withUnsafeBytes { write(fd, $0.baseAddress! + done, n) }
                guard written > 0 else { break }
                done += written
            }
            close(fd)
        }
        writer.start()
        var reader = BufferedReader(fd: fds[0])
        XCTAssertEqual(reader.line(), "1 ok first")
        XCTAssertEqual(reader.data(big.count).map { [UInt8]($0) }, big)
        XCTAssertEqual(reader.line(), "2 ok second")
        XCTAssertEqual(reader.data(small.count).map { [UInt8]($0) }, small)
        XCTAssertEqual(reader.line(), "3 err end")
        XCTAssertNil(reader.line(), "the end of the pipe")
    }
}
