import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// A Motion Photo's video copied into memory and named by /proc/self/fd/N: the bytes read
/// back by that name are the range's, nothing reaches the disk, a range the file does not
/// hold (cut since its metadata was read, or never) is refused, and the memory goes with it.
final class MotionVideoFileTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var file: RawPath!
    /// A "JPEG" of 5,000 bytes, then a "video" of 300,000 (more than one read), then 17 of trailer.
    private let head = [UInt8](repeating: 0xD8, count: 5_000)
    private let video = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    private let tail = [UInt8](repeating: 0xEE, count: 17)

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        file = RawPath(dir.path + "/PXL_1.MP.jpg")
        try Data(head + video + tail).write(to: URL(fileURLWithPath: file.description))
    }

    func testTheBytesByItsNameAreTheRange() throws {
        let copy = try MotionVideoFile.copy(ByteRange(offset: Int64(head.count), length: Int64(video.count)), of: file)
        XCTAssertTrue(copy.path.description.hasPrefix("/proc/self/fd/"), copy.path.description)
        XCTAssertEqual(copy.byteCount, Int64(video.count))
        let read = try XCTUnwrap(FileManager.default.contents(atPath: copy.path.description))
        XCTAssertEqual(Array(read), video)
        // A memory file: its link names no file on a disk.
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: copy.path.description)
        XCTAssertTrue(target.hasPrefix("/memfd:photopick-motion"), target)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["PXL_1.MP.jpg"])
    }

    func testARangePastTheEndIsRefused() {
        // One byte past the end: the file was cut after its metadata was read.
        let size = Int64(head.count + video.count + tail.count)
        for range in [ByteRange(offset: Int64(head.count), length: size - Int64(head.count) + 1),
                      ByteRange(offset: size, length: 1), ByteRange(offset: Int64.max - 1, length: 5),
                      ByteRange(offset: -1, length: 10), ByteRange(offset: 0, length: 0)] {
            XCTAssertThrowsError(try MotionVideoFile.copy(range, of: file), "\(range)") { error in
                XCTAssertEqual(error as? MediaError, .unreadable(path: file, reason: .endsEarly), "\(range)")
            }
        }
        // To the last byte is fine.
        XCTAssertNoThrow(try MotionVideoFile.copy(ByteRange(offset: Int64(head.count), length: size - Int64(head.count)), of: file))
    }

    func testAnOversizedRangeIsRefusedBeforeAnyRead() {
        let range = ByteRange(offset: 0, length: MotionVideoFile.maxBytes + 1)
        XCTAssertThrowsError(try MotionVideoFile.copy(range, of: file)) { error in
            XCTAssertEqual(error as? MediaError, .unreadable(path: file, reason: .partTooLarge(limit: MotionVideoFile.maxBytes)))
        }
    }

    func testAMissingFileSaysSo() {
        let gone = RawPath(dir.path + "/gone.jpg")
        XCTAssertThrowsError(try MotionVideoFile.copy(ByteRange(offset: 0, length: 1), of: gone)) { error in
            XCTAssertEqual(error as? MediaError, .unreadable(path: gone, reason: .missing))
        }
    }

    func testTheMemoryIsClosedWhenLetGo() throws {
        var copy: MotionVideoFile? = try MotionVideoFile.copy(ByteRange(offset: 0, length: 10), of: file)
        let fd = try XCTUnwrap(copy?.descriptor)
        XCTAssertNotEqual(fcntl(fd, F_GETFD), -1)
        XCTAssertNotEqual(fcntl(fd, F_GETFD) & FD_CLOEXEC, 0, "close-on-exec: no worker inherits it")
        copy = nil
        XCTAssertEqual(fcntl(fd, F_GETFD), -1, "closed")
    }
}
