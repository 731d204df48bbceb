@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// The search's fast paths against the slow, general ones: the plain ASCII word scan
/// (`ASCIIWord`) against `Glob`'s Unicode-folding match, the table loop (`AssetNames.collect`)
/// against asking name by name, and narrowing by kept positions against narrowing by a test
/// per position. Random names carry what the fast path must leave to the glob or treat as
/// plain bytes: non-UTF-8 bytes, é/É, the Kelvin sign, and `[`, `*`, `?`, `\`.
final class SearchFastPathTests: XCTestCase {
    private let namePieces: [[UInt8]] = ["a", "B", "k", "K", "1", "_", ".", "[", "]", "*", "?", "\\", "!", "-",
                                         "é", "É", "\u{212A}", "jpg", "IMG"].map { Array($0.utf8) }
        + [[0xFF], [0xC3], [0xE9]]
    /// Plain words: ASCII with the characters a glob would read specially, but no `*`, `?`
    /// or `[` (those make the text a pattern, which the fast path never sees).
    private let wordPieces = ["a", "A", "b", "k", "K", "1", "_", ".", "]", "\\", "!", "^", "-", "jpg", "IMG", "é", "\u{212A}"]

    private func randomName(_ random: inout SeededRandom) -> [UInt8] {
        (0..<random.next(below: 7)).flatMap { _ in namePieces[random.next(below: namePieces.count)] }
    }

    private func randomWord(_ random: inout SeededRandom) -> String {
        (0..<(1 + random.next(below: 3))).map { _ in wordPieces[random.next(below: wordPieces.count)] }.joined()
    }

    /// What a plain word matches, by the general engine: the word anywhere, every character literal.
    private func globAnswer(_ word: String, _ name: [UInt8]) -> Bool {
        Glob("*" + word.replacingOccurrences(of: "\\", with: "\\\\") + "*").matches(name)
    }

    func testWordMatchAgreesWithGlobOnRandomNamesAndWords() {
        var random = SeededRandom(seed: 15)
        var found = 0
        for _ in 0..<400 {
            let word = randomWord(&random)
            let search = NameSearch(word)
            for _ in 0..<50 {
                let name = randomName(&random)
                let expected = globAnswer(word, name)
                if expected { found += 1 }
                XCTAssertEqual(search.matches(bytes: name), expected, "\(word) in \(name)")
                XCTAssertEqual(search.matches(bytes: name[...]), expected, "\(word) in a slice of \(name)")
            }
        }
        XCTAssertGreaterThan(found, 500, "the random cases must include matches, not only misses")
    }

    /// The loop over a `NameTable` (ASCII flag per name, positions kept in order) agrees with
    /// the glob name by name, over ids in any order, with ids the table has not named.
    func testTableLoopKeepsExactlyTheGlobsMatchesInOrder() {
        var random = SeededRandom(seed: 42)
        let table = NameTable(capacity: 16)
        var names: [Int: [UInt8]] = [:]
        var id = 0
        for _ in 0..<3_000 {
            id += 1 + random.next(below: 3)  // gaps: identifiers without a name
            let name = randomName(&random)
            table.append(AssetID(UInt32(id)), name: name[...])
            names[id] = name
        }
        let snapshot = table.snapshot
        var ids = (0...(id + 5)).map { AssetID(UInt32($0)) }
        for i in stride(from: ids.count - 1, to: 0, by: -1) { ids.swapAt(i, random.next(below: i + 1)) }
        for _ in 0..<40 {
            let word = randomWord(&random)
            let search = NameSearch(word)
            let from = random.next(below: 100), to = ids.count - random.next(below: 100)
            var kept: [Int] = []
            XCTAssertTrue(snapshot.collect(ids[from..<to], search, into: &kept, isCancelled: { false }))
            let expected = (from..<to).filter { names[Int(ids[$0].rawValue)].map { globAnswer(word, $0) } ?? false }
            XCTAssertEqual(kept, expected, "positions kept for \(word)")
        }
    }

    func testCasesTheFastPathMustLeaveToUnicodeFolding() {
        XCTAssertTrue(NameSearch("k").matches(bytes: Array("\u{212A}.jpg".utf8)), "the Kelvin sign lowercases to k")
        XCTAssertTrue(NameSearch("\u{212A}").matches(bytes: Array("kite.jpg".utf8)))
        XCTAssertTrue(NameSearch("été").matches(bytes: Array("ÉTÉ 2024.jpg".utf8)))
        XCTAssertFalse(NameSearch("e").matches(bytes: Array("É.jpg".utf8)), "É is not e")
        XCTAssertTrue(NameSearch("img").matches(bytes: Array("IMG_1.JPG".utf8)))
        XCTAssertTrue(NameSearch("1]").matches(bytes: Array("a[1].jpg".utf8)), "] is a plain character in a word")
        XCTAssertFalse(NameSearch("1]").matches(bytes: Array("a[1.jpg".utf8)))
        XCTAssertTrue(NameSearch("a\\b").matches(bytes: Array("xa\\by".utf8)), "a backslash is literal in a word")
        XCTAssertTrue(NameSearch("caf").matches(bytes: Array("caf".utf8) + [0xE9]), "non-UTF-8 after the word")
    }

    /// Narrowing by kept positions (the search's result) equals narrowing by a test per
    /// position: same assets, same groups, emptied groups dropped; keeping all keeps it whole.
    func testNarrowingByPositionsEqualsNarrowingByTest() {
        var random = SeededRandom(seed: 7)
        for round in 0..<200 {
            let count = random.next(below: 60)
            let ids = (0..<count).map { AssetID(UInt32($0 * 3 + 1)) }
            var groups: [AssetGroup] = []
            var start = 0
            while start < count {
                let end = min(count, start + 1 + random.next(below: 10))
                groups.append(AssetGroup(grouping: .day, key: Int64(groups.count), firstDay: 0, lastDay: 0,
                                         range: start..<end, all: ids))
                start = end
            }
            let collection = AssetCollection(albumID: .allPhotos, grouping: .day, assetIDs: ids, groups: groups)
            let keepAll = round % 5 == 0
            let keep = (0..<count).map { _ in keepAll || random.next(below: 3) == 0 }
            let positions = (0..<count).filter { keep[$0] }
            var parts: [[Int]] = []
            var rest = positions[...]
            while !rest.isEmpty || parts.isEmpty || random.next(below: 3) == 0 {
                let take = random.next(below: 8)
                parts.append(Array(rest.prefix(take)))
                rest = rest.dropFirst(take)
                if rest.isEmpty && random.next(below: 2) == 0 { break }
            }
            // The kept assets in order, each group keeping its own; a group left empty is dropped.
            var expectedIDs: [AssetID] = []
            var expectedGroups: [(key: Int64, range: Range<Int>)] = []
            for group in collection.groups {
                let start = expectedIDs.count
                for i in group.range where keep[i] { expectedIDs.append(ids[i]) }
                if expectedIDs.count > start { expectedGroups.append((group.key, start..<expectedIDs.count)) }
            }
            let narrowed = collection.narrowed(keepingPositions: parts)
            XCTAssertEqual(narrowed.assetIDs, expectedIDs, "round \(round)")
            XCTAssertEqual(narrowed.groups.map(\.range), expectedGroups.map(\.range), "round \(round)")
            XCTAssertEqual(narrowed.groups.map(\.key), expectedGroups.map(\.key), "round \(round)")
            XCTAssertEqual(narrowed.groups.map(\.assetIDs), expectedGroups.map { Array(expectedIDs[$0.range]) }, "round \(round)")
        }
    }
}
