@testable import PhotoPickCore
@testable import PhotoPickSystem
import XCTest

/// `Candidate` and `CandidateOrigins`: what the listing pass keeps of each file to verify
/// comes back exactly (the path from the scan's own arena), in 40 bytes a file.
final class ScanCandidateTests: XCTestCase {
    func testEveryFileComesBackWithItsDeviceRootAndStamp() {
        let roots = [RawPath(bytes: Array("/a".utf8)), RawPath(bytes: [0x2F, 0xFF, 0x0A]), RawPath(bytes: Array("/a/b".utf8))]
        let devices: [UInt64] = [0, 1, UInt64.max, 1 << 40]
        let times: [Double] = [0, -1.5, 1e308, -.infinity, 1_700_000_000.123456]
        var origins = CandidateOrigins()
        var made: [(Candidate, RawPath, RawPath, FileSystemScanner.FileInfo)] = []
        for i in 0..<200 {
            let root = roots[(i / 7) % roots.count]  // runs of one root, coming back to earlier ones
            let info = FileSystemScanner.FileInfo(
                regularFile: FileIdentity(device: devices[(i / 3) % devices.count], inode: i == 5 ? UInt64.max : UInt64(i)),
                size: i == 9 ? Int64.max : Int64(i) * 1_000, modified: times[i % times.count])
            let path = root.appending(component: [0x01, 0xFE] + Array("IMG_\(i).jpg".utf8))
            made.append((origins.candidate(path, root: root, info: info), path, root, info))
        }
        for (c, path, root, info) in made {
            XCTAssertEqual(origins.path(c), path)
            XCTAssertEqual(origins.root(c), root)
            let back = origins.info(c)
            XCTAssertEqual(back.key, info.key)
            XCTAssertEqual(back.size, info.size)
            XCTAssertEqual(back.modified.bitPattern, info.modified.bitPattern)
            XCTAssertTrue(back.isRegular)
        }
    }

    /// The point of it: a million candidates wait through the verifying pass.
    func testACandidateTakesFortyBytes() {
        XCTAssertEqual(MemoryLayout<Candidate>.stride, 40)
    }
}
