import PhotoPickCore
@testable import PhotoPickSystem
import TestSupportCore
import XCTest

/// The listing's date order (a radix sort of integer keys, then paths within equal dates)
/// is the comparison the albums use: newer first, equal dates by path bytes.
final class MediaListingOrderTests: XCTestCase {
    func testOrderIsNewestFirstThenByPathWhateverTheDates() {
        var generator = SeededGenerator(seed: 18)
        let few: [Double] = [0, -0.0, 1, -1, 1e-300, -1e-300, 1_700_000_000.5, 1_700_000_000.25, -62_135_596_800,
                             253_402_300_799, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity]
        var listing = MediaListing()
        var paths: [RawPath] = [], dates: [Double] = []
        for i in 0..<6_000 {
            let date = Bool.random(using: &generator) ? few.randomElement(using: &generator)!
                : Double.random(in: -1e12...1e12, using: &generator).rounded(.down)
            var name = Array("IMG_\(UInt16.random(in: 0...UInt16.max, using: &generator))_\(i).jpg".utf8)
            if i % 7 == 0 { name.insert(0xFF, at: 0) }  // bytes past ASCII
            let path = RawPath(bytes: Array("/l/".utf8) + name)
            listing.append(path, date: date)
            paths.append(path)
            dates.append(date)
        }
        let expected = Array(0..<paths.count).sorted { a, b in
            dates[a] != dates[b] ? dates[a] > dates[b] : paths[a] < paths[b]
        }
        XCTAssertEqual(listing.newestFirst(), expected)
        XCTAssertEqual(MediaListing().newestFirst(), [])
    }

    func testKeysOrderAsTheDatesDo() {
        let ascending: [Double] = [-.infinity, -.greatestFiniteMagnitude, -1e300, -2, -1, -1e-300, 0, 1e-300, 1, 2, 1e300,
                                   .greatestFiniteMagnitude, .infinity]
        for (a, b) in zip(ascending, ascending.dropFirst()) {
            XCTAssertGreaterThan(DateOrder.key(a), DateOrder.key(b), "\(a) is older than \(b)")
        }
        XCTAssertEqual(DateOrder.key(-0.0), DateOrder.key(0))
    }
}
