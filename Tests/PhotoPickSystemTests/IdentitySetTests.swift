import PhotoPickCore
@testable import PhotoPickSystem
import TestSupportCore
import XCTest

/// The listing's set of files taken answers as `Set<FileIdentity>` does, through growth,
/// consecutive inodes, equal inodes on other devices and the extremes.
final class IdentitySetTests: XCTestCase {
    func testAnswersAsASetDoesThroughGrowth() {
        var generator = SeededGenerator(seed: 15)
        var fast = IdentitySet(minimumCapacity: 1)
        var reference = Set<FileIdentity>()
        var keys: [FileIdentity] = [FileIdentity(device: 0, inode: 0), FileIdentity(device: .max, inode: .max),
                                    FileIdentity(device: 1, inode: 0), FileIdentity(device: 0, inode: 1)]
        keys += (0..<20_000).map { FileIdentity(device: 2049, inode: 1_000_000 + UInt64($0)) }  // one folder's inodes
        keys += (0..<20_000).map { _ in
            FileIdentity(device: UInt64.random(in: 0...3, using: &generator), inode: UInt64.random(in: 0...30_000, using: &generator))
        }
        keys += keys.shuffled(using: &generator).prefix(5_000)  // hard links and links met again
        for key in keys {
            XCTAssertEqual(fast.insert(key), reference.insert(key).inserted, "\(key)")
        }
        XCTAssertEqual(fast.count, reference.count)
    }
}
