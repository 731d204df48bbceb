import Foundation
import PhotoPickCore
@testable import PhotoPickSystem
import TestSupport
import XCTest

/// The short programs `photopick portal` runs, the /proc facts it reads about the running
/// portal, and the small files it reads: each bounded, none able to hang it.
final class ProgramOutputTests: XCTestCase {
    func testOutputAndStatus() throws {
        let out = try ProgramOutput.run(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"], seconds: 10)
        XCTAssertEqual(out.status, 3)
        XCTAssertEqual(out.stdoutText, "out\n")
        XCTAssertEqual(out.stderrText, "err\n")
        XCTAssertFalse(out.timedOut)
    }

    func testAProgramThatTakesTooLongIsKilled() throws {
        let start = Date()
        let out = try ProgramOutput.run(["/bin/sleep", "30"], seconds: 1)
        XCTAssertTrue(out.timedOut)
        XCTAssertNil(out.status, "killed, no exit status")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    /// A child left behind holding the output pipe (`sleep 8 &`) does not hold the caller:
    /// it returns at the limit, not when the pipe closes.
    func testAChildHoldingTheOutputOpenDoesNotHoldTheCaller() throws {
        let start = Date()
        let out = try ProgramOutput.run(["/bin/sh", "-c", "sleep 8 & exec sleep 9"], seconds: 1)
        XCTAssertTrue(out.timedOut)
        XCTAssertNil(out.status)
        XCTAssertLessThan(Date().timeIntervalSince(start), 4)
    }

    func testAMissingProgramThrows() {
        XCTAssertThrowsError(try ProgramOutput.run(["/nonexistent/program", "--version"], seconds: 5))
    }

    func testProcessFactsOfThisProcess() throws {
        let pid = UInt32(getpid())
        let environment = try XCTUnwrap(ProcessFacts.environment(of: pid))
        XCTAssertEqual(environment["PATH"], ProcessInfo.processInfo.environment["PATH"])
        let started = try XCTUnwrap(ProcessFacts.startTime(of: pid))
        let now = Date().timeIntervalSince1970
        XCTAssertLessThan(started, now)
        XCTAssertGreaterThan(started, now - 24 * 3600, "a test process started today")
        XCTAssertNil(ProcessFacts.environment(of: UInt32(Int32.max)), "no such process")
    }

    func testStartTicksAreCountedAfterTheLastParenthesis() {
        let fields = (3...30).map(String.init).joined(separator: " ")  // field N holds N
        XCTAssertEqual(ProcessFacts.startTicks(inStat: Array("42 (a) b (c) \(fields)\n".utf8)), 22)
        XCTAssertNil(ProcessFacts.startTicks(inStat: Array("42 (short) S 1".utf8)))
    }

    func testSmallFilesAreReadOnlyWhenRegularAndSmall() throws {
        let dir = TemporaryDirectory()
        XCTAssertEqual(SmallFile.read(RawPath(dir.path + "/missing")), .missing)
        XCTAssertEqual(SmallFile.read(RawPath(dir.path)), .unreadable("not a regular file"))
        XCTAssertEqual(mkfifo(dir.path + "/fifo", 0o600), 0)
        XCTAssertEqual(SmallFile.read(RawPath(dir.path + "/fifo")), .unreadable("not a regular file"), "not waited on")
        try Data("abc".utf8).write(to: URL(fileURLWithPath: dir.path + "/small"))
        XCTAssertEqual(SmallFile.read(RawPath(dir.path + "/small")), .bytes(Array("abc".utf8)))
        XCTAssertEqual(SmallFile.read(RawPath(dir.path + "/small"), limit: 2), .unreadable("larger than 2 bytes"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link", withDestinationPath: dir.path + "/small")
        XCTAssertEqual(try PathStatus.of(RawPath(dir.path + "/link"))?.kind, .symbolicLink)
        XCTAssertEqual(try PathStatus.of(RawPath(dir.path + "/link"), followingLinks: true)?.kind, .regular)
    }
}
