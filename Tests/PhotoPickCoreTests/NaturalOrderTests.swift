import PhotoPickCore
import TestSupportCore
import XCTest

final class NaturalOrderTests: XCTestCase {
    /// As the library sorts names: by their keys.
    private func precedes(_ a: String, _ b: String) -> Bool { NaturalOrder.key(a).lexicographicallyPrecedes(NaturalOrder.key(b)) }
    private func sorted(_ names: [String]) -> [String] { names.sorted(by: precedes) }

    func testDigitRunsCompareByValue() {
        XCTAssertEqual(sorted(["album10", "album2", "album1", "album20", "album3"]),
                       ["album1", "album2", "album3", "album10", "album20"])
        XCTAssertEqual(sorted(["IMG_100.jpg", "IMG_99.jpg", "IMG_9.jpg", "IMG_1000.jpg"]),
                       ["IMG_9.jpg", "IMG_99.jpg", "IMG_100.jpg", "IMG_1000.jpg"])
        XCTAssertEqual(sorted(["2024/Trip 10", "2024/Trip 9", "2023/Trip 11"]), ["2023/Trip 11", "2024/Trip 9", "2024/Trip 10"])
    }

    func testCaseIsIgnoredButOrderIsTotal() {
        XCTAssertEqual(sorted(["beta", "Alpha", "alpha2", "ALPHA10", "Beta1"]), ["Alpha", "alpha2", "ALPHA10", "beta", "Beta1"])
        XCTAssertTrue(precedes("apple", "Banana"), "a before B despite ASCII order")
        XCTAssertNotEqual(NaturalOrder.compare("a", "A"), 0, "distinct names never tie")
        XCTAssertEqual(NaturalOrder.compare("same", "same"), 0)
    }

    func testLeadingZerosTieBreakAfterValue() {
        XCTAssertEqual(sorted(["a010", "a9", "a07", "a7", "a8"]), ["a7", "a07", "a8", "a9", "a010"])
    }

    func testHugeNumbersDoNotOverflow() {
        let big = "x" + String(repeating: "9", count: 40)
        let bigger = "x1" + String(repeating: "0", count: 40)
        XCTAssertTrue(precedes(big, bigger))
        XCTAssertTrue(precedes("x2", big))
    }

    func testPrefixesAndDigitsAgainstText() {
        XCTAssertEqual(sorted(["ab", "a", "a1", "a 1", "a-1"]), ["a", "a 1", "a-1", "a1", "ab"])
    }

    func testNonASCIIIsCaseFolded() {
        XCTAssertEqual(sorted(["Öl", "äpfel 2", "Äpfel 10", "zebra"]), ["zebra", "äpfel 2", "Äpfel 10", "Öl"])
    }

    /// The comparator must be a strict weak order, or sorting is undefined: check it against
    /// a straightforward reference on random names built from the tricky pieces.
    func testAgreesWithAReferenceOnRandomNames() {
        var random = SeededGenerator(seed: 3)
        let pieces = ["a", "B", "img", "IMG", "_", " ", "0", "00", "1", "9", "10", "007", "x", "é", "É"]
        let names = (0..<400).map { _ in (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        for _ in 0..<4000 {
            let a = names.randomElement(using: &random)!, b = names.randomElement(using: &random)!
            XCTAssertEqual(NaturalOrder.compare(a, b), reference(a, b), "\(a) vs \(b)")
            XCTAssertEqual(NaturalOrder.compare(a, b), -NaturalOrder.compare(b, a))
        }
    }

    /// Chunk-by-chunk comparison: text chunks case-folded, number chunks by value.
    private func reference(_ a: String, _ b: String) -> Int {
        func chunks(_ s: String) -> [(isNumber: Bool, text: String)] {
            var out: [(Bool, String)] = []
            for c in s.lowercased() {
                let digit = c.isASCII && c.isNumber
                if let last = out.last, last.0 == digit, digit { out[out.count - 1].1.append(c) } else { out.append((digit, String(c))) }
            }
            return out
        }
        let ca = chunks(a), cb = chunks(b)
        for (x, y) in zip(ca, cb) {
            switch (x.isNumber, y.isNumber) {
            case (true, true):
                let vx = x.text.drop { $0 == "0" }, vy = y.text.drop { $0 == "0" }
                let nx = vx.isEmpty ? "0" : String(vx), ny = vy.isEmpty ? "0" : String(vy)
                if nx.count != ny.count { return nx.count < ny.count ? -1 : 1 }
                if nx != ny { return nx < ny ? -1 : 1 }
            case (true, false): return Array("0".utf8).lexicographicallyPrecedes(Array(y.text.utf8)) ? -1 : 1
            case (false, true): return Array(x.text.utf8).lexicographicallyPrecedes(Array("0".utf8)) ? -1 : 1
            case (false, false):
                if x.text != y.text { return Array(x.text.utf8).lexicographicallyPrecedes(Array(y.text.utf8)) ? -1 : 1 }
            }
        }
        if ca.count != cb.count { return ca.count < cb.count ? -1 : 1 }
        // Equal but for zeros and case: the fewer leading zeros, then the bytes.
        let zeros = { (c: [(isNumber: Bool, text: String)]) in
            c.filter(\.isNumber).map { min($0.text.prefix { $0 == "0" }.count, $0.text.count - 1) }
        }
        let za2 = zeros(ca), zb2 = zeros(cb)
        if za2 != zb2 { return za2.lexicographicallyPrecedes(zb2) ? -1 : 1 }
        if a == b { return 0 }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? -1 : 1
    }
}
