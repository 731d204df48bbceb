import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A caller that gives up while photopick still waits for its request (a FIFO with no
/// writer yet: photopick sits in open()) gets the cancel its response file was promised,
/// and exit status 1, as the window's Cancel gives.
final class StopWhileWaitingTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/photos", withIntermediateDirectories: true)
    }

    /// Where the kernel has each thread of `pid` asleep (`/proc/PID/task/*/wchan`).
    private func sleepingIn(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/wchan", encoding: .utf8) }
    }

    func testStopSignalsWhileWaitingOnAFIFORequestAnswerCancelled() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let fifo = dir.path + "/request-\(signal).fifo", response = dir.path + "/response-\(signal).json"
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let picker = try ProcessRunner.start(Binaries.photopick, ["--request", fifo, "--response", response, dir.path + "/photos"])
            // The state: blocked opening the FIFO, waiting for a writer.
            let deadline = Date().addingTimeInterval(30)
            while !sleepingIn(picker.process.processIdentifier).contains(where: { $0 == "wait_for_partner" || $0 == "fifo_open" }),
                  picker.isRunning, Date() < deadline { usleep(20_000) }
            let places = sleepingIn(picker.process.processIdentifier)
            guard places.contains(where: { $0 == "wait_for_partner" || $0 == "fifo_open" }) else {
                picker.process.terminate()
                if !places.isEmpty, places.allSatisfy({ $0 == "0" }) { throw XCTSkip("this kernel does not say where a thread sleeps") }
                return XCTFail("photopick never waited on the FIFO: \(places) \(picker.stderrSoFar)")
            }
            XCTAssertEqual(kill(picker.process.processIdentifier, signal), 0)
            let out = picker.wait(timeout: 30)
            XCTAssertEqual(picker.process.terminationReason, .exit, "signal \(signal): it answered rather than died")
            XCTAssertEqual(out.status, 1, "signal \(signal): \(out.stderrText)")
            XCTAssertEqual(out.stdoutText, "")
            let answer = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: response))) as? [String: Any]
            XCTAssertEqual(answer?["response"] as? Int, 1, "signal \(signal): \(String(describing: answer))")
            XCTAssertEqual(answer?["uris"] as? [String], [])
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".photopick-tmp") }
        XCTAssertEqual(left, [], "no temporary file is left")
    }
}
