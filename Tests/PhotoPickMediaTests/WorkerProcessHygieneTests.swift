import Foundation
import PhotoPickCore
@testable import PhotoPickMedia
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What a worker process holds and how a pool lets go of its workers: a worker has its two
/// pipes and /dev/null and none of the window's descriptors (not even one the window left
/// inheritable); a shutdown returns at once while idle workers finish on their own.
final class WorkerProcessHygieneTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
    }

    /// What each open descriptor of `pid` refers to, by number (the targets of /proc/PID/fd).
    private func descriptors(of pid: pid_t) throws -> [Int: String] {
        let folder = "/proc/\(pid)/fd"
        var found: [Int: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard let fd = Int(name), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)
            else { continue }
            found[fd] = target
        }
        return found
    }

    func testAWorkerHoldsItsPipesAndNothingOfThePoolsProcess() throws {
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else {
            throw XCTSkip("photopick-thumbnailer is not built beside the tests (swift build builds it)")
        }
        // A descriptor this process leaves inheritable (no close-on-exec), as a library might.
        var stray: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &stray), 0)
        defer { stray.forEach { close($0) } }
        let strayTargets = try Set(stray.map { try XCTUnwrap(descriptors(of: getpid())[Int($0)]) })

        setenv("XDG_CACHE_HOME", dir.path + "/cache", 1)
        let photo = dir.path + "/p.jpg"
        try ImageFactory.write(photo, width: 800, height: 600, format: .jpeg)
        let pool = try ThumbnailWorkerPool(executable: Binaries.thumbnailer, count: 1, timeout: 60, failures: nil)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        // One request answered: the worker is up and has done real work (decoded, encoded).
        let replies = try PoolReplies.collect(from: pool, [WorkerRequest(id: 1, kind: .full, side: 186, mimeType: "image/jpeg",
                                                                         path: RawPath(photo))], test: self)
        XCTAssertNoThrow(try replies[1].unwrap().result.get())

        let pid = try XCTUnwrap(pool.workerProcessIDs.first)
        let held = try descriptors(of: pid)
        XCTAssertTrue(held[0]?.hasPrefix("pipe:") ?? false, "requests come on a pipe: \(held)")
        XCTAssertTrue(held[1]?.hasPrefix("pipe:") ?? false, "replies go out on a pipe: \(held)")
        XCTAssertEqual(held[2], "/dev/null")
        for (fd, target) in held where fd > 2 {
            XCTAssertFalse(strayTargets.contains(target), "descriptor \(fd) is this process's stray socket")
            XCTAssertFalse(target.hasPrefix("socket:"), "descriptor \(fd) is a socket the worker never opened: \(target)")
        }
    }

    func testShutdownReturnsWhileIdleWorkersFinishOnTheirOwn() throws {
        // A stand-in worker that, once its input ends, waits for this test's word before it
        // exits, as a real one finishes its cache writes. The grace is long: only a shutdown
        // that waited for it would be seen to (the word comes after shutdown returns).
        let release = dir.path + "/release", ended = dir.path + "/ended-by-itself"
        let worker = dir.path + "/worker.sh"
        try ExecutableScript.write("""
            #!/bin/sh
            cat > /dev/null
            while [ ! -e '\(release)' ]; do sleep 0.05; done
            touch '\(ended)'
            """, to: worker)
        let pool = try ThumbnailWorkerPool(executable: worker, count: 2, failures: nil, shutdownGrace: 600)
        pool.shutdown()
        XCTAssertFalse(FileManager.default.fileExists(atPath: ended))
        XCTAssertTrue(FileManager.default.createFile(atPath: release, contents: Data()))
        pool.waitUntilStopped()
        XCTAssertTrue(FileManager.default.fileExists(atPath: ended), "the idle workers ended by themselves, not killed")
        let replies = try PoolReplies.collect(from: pool, [WorkerRequest(id: 9, kind: .preview, side: 64, mimeType: "image/jpeg",
                                                                         path: RawPath(dir.path + "/x.jpg"))], test: self)
        XCTAssertThrowsError(try replies[9].unwrap().result.get(), "a stopped pool takes no more work")
    }
}
