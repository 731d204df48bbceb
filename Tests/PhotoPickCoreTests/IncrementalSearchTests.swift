import PhotoPickCore
import TestSupportCore
import XCTest

/// The search field typed, erased and retyped: a keystroke narrows an earlier keystroke's
/// result when its word contains the earlier one, and what is shown must be exactly what a
/// search of the whole collection from scratch shows, over names in any case, in other
/// scripts and not UTF-8 at all, while the library changes in between.
final class IncrementalSearchTests: XCTestCase {
    /// Name pieces: ASCII in both cases, accents that lowercase to non-ASCII, the Kelvin sign
    /// (lowercases to ASCII k), and bytes that are not UTF-8.
    private let pieces: [[UInt8]] = ["a", "b", "A", "B", "k", "1", "2", "_", ".", "é", "É", "\u{212A}"].map { Array($0.utf8) }
        + [[0xFF], [0xC3]]
    /// What the user types: a piece at a time, some of them patterns.
    private let keys = ["a", "b", "A", "k", "K", "1", "_", "é", "É", "\u{212A}", "*", "?"]

    private func name(_ random: inout SeededRandom) -> [UInt8] {
        (0..<(1 + random.next(below: 6))).flatMap { _ in pieces[random.next(below: pieces.count)] }
    }

    private func file(_ n: Int, _ random: inout SeededRandom) -> DiscoveredFile {
        let folder = "/lib/Pictures/f\(n % 7)/"
        let path = RawPath(bytes: Array(folder.utf8) + name(&random) + Array("-\(n).jpg".utf8))
        return DiscoveredFile(path: path, root: RawPath("/lib/Pictures"), mimeType: "image/jpeg", kind: .photo,
                              sizeBytes: 1000, modified: Fixture.seconds(2024, 1 + n % 12, 1 + n % 27), device: 1,
                              inode: UInt64(n + 1))
    }

    /// The shown collection searched from scratch with the plain test on each name's bytes.
    private func expected(_ session: PickerSession, _ text: String) -> [AssetID] {
        let search = NameSearch(text)
        let reference = PickerSession(configuration: PickerConfiguration(roots: []), source: session.library)
        reference.setGrouping(session.grouping)
        return reference.shownAssets.filter { search.matches(bytes: session.library.asset($0)!.path.lastComponentBytes) }
    }

    func testTypingErasingAndChangingTheLibraryShowExactlyTheFromScratchResults() async throws {
        var random = SeededRandom(seed: 15)
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath("/lib/Pictures")]))
        session.setGrouping(.month)
        var next = 0
        session.addScanned((0..<400).map { _ in defer { next += 1 }; return file(next, &random) })
        var text = ""
        var held: SearchJob?  // a job finished late, after newer ones
        for step in 0..<300 {
            let roll = random.next(below: 100)
            if roll < 55 {
                text += keys[random.next(below: keys.count)]
            } else if roll < 85 {
                text = String(text.dropLast())
            } else if roll < 90 {
                text = ""
            } else {
                // The library changes between keystrokes: a file goes, another comes.
                let present = session.shownAssets.isEmpty ? [] : [session.library.asset(session.shownAssets[0])!.path]
                next += 1
                session.apply(LibraryChangeSet(inserted: [file(next, &random)], deleted: present))
            }
            guard let job = session.startSearch(text) else { continue }
            if held == nil, random.next(below: 4) == 0 {
                held = job  // finishes after the next keystroke's: dropped, but still correct
                continue
            }
            let ran = await job.run()
            XCTAssertTrue(session.finishSearch(try XCTUnwrap(ran)))
            if let late = held {
                held = nil
                let lateRan = await late.run()
                XCTAssertFalse(session.finishSearch(try XCTUnwrap(lateRan)), "step \(step): a stale result is dropped")
            }
            XCTAssertEqual(session.shownAssets, expected(session, text), "step \(step): \(text.debugDescription)")
        }
    }

    func testGroupsOfANarrowedResultAreTheGroupsOfASearchFromScratch() async throws {
        var random = SeededRandom(seed: 3)
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath("/lib/Pictures")]))
        session.addScanned((0..<300).map { file($0, &random) })
        session.setGrouping(.month)
        for text in ["a", "a_", "a_b", "a_", "a"] {
            let job = try XCTUnwrap(session.startSearch(text))
            let ran = await job.run()
            XCTAssertTrue(session.finishSearch(try XCTUnwrap(ran)))
            let direct = PickerSession(configuration: PickerConfiguration(roots: []), source: session.library)
            direct.setGrouping(.month)
            direct.setSearch(text)
            XCTAssertEqual(session.shownAssets, direct.shownAssets, text)
            XCTAssertEqual(session.collection.groups.map(\.range), direct.collection.groups.map(\.range), text)
            XCTAssertEqual(session.collection.groups.map(\.title), direct.collection.groups.map(\.title), text)
        }
    }

    func testAJobKeepsTheNamesItStartedWithWhileABatchLands() async throws {
        var random = SeededRandom(seed: 9)
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath("/lib/Pictures")]))
        session.addScanned((0..<50).map { file($0, &random) })
        let before = expected(session, "a").count
        let job = try XCTUnwrap(session.startSearch("a"))
        // Enough names to move the library's name table to a bigger block meanwhile.
        session.addScanned((50..<5_000).map { file($0, &random) })
        let ran = await job.run()
        let result = try XCTUnwrap(ran)
        XCTAssertEqual(result.count, before, "the job searched the collection it was given, with its names")
        XCTAssertTrue(session.finishSearch(result))
        XCTAssertEqual(session.shownAssets, expected(session, "a"), "applied over the new collection, narrowed afresh")
    }

    func testWhichSearchesRefineWhich() {
        XCTAssertTrue(NameSearch("ab").refines(NameSearch("a")))
        XCTAssertTrue(NameSearch("ab").refines(NameSearch("B")), "ignoring case")
        XCTAssertTrue(NameSearch("xab").refines(NameSearch("ab")), "a character added in front")
        XCTAssertTrue(NameSearch("\u{212A}x").refines(NameSearch("k")), "the Kelvin sign lowercases to k")
        XCTAssertTrue(NameSearch("été").refines(NameSearch("ÉT")))
        XCTAssertTrue(NameSearch("a").refines(.none), "everything is narrower than no search")
        XCTAssertFalse(NameSearch("ba").refines(NameSearch("ab")))
        XCTAssertFalse(NameSearch("a").refines(NameSearch("ab")))
        XCTAssertFalse(NameSearch("a*").refines(NameSearch("a")), "a pattern is matched as a whole name")
        XCTAssertFalse(NameSearch("ab").refines(NameSearch("a*")))
        XCTAssertFalse(NameSearch.none.refines(NameSearch("a")))
    }
}

/// Numbers below a bound from `SplitMix`, seeded: the same sequence on every run.
struct SeededRandom {
    private var generator: SplitMix
    init(seed: UInt64) { generator = SplitMix(state: seed) }
    mutating func next(below bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
}
