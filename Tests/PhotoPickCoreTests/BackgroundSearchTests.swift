import PhotoPickCore
import TestSupportCore
import XCTest

/// The search field's keystrokes as jobs run off the main thread: a result arriving after a
/// newer keystroke is dropped, whatever order the workers finish in, and the plain word's
/// fast ASCII matching agrees with the glob it stands for.
final class BackgroundSearchTests: XCTestCase {
    /// IMG_01 … IMG_10 (two PNGs, 5 and 10), newest first: 10, 9, … 1.
    private func makeSession() -> PickerSession {
        let assets = (1...10).map { i in
            Fixture.asset(i, "a/IMG_\(i < 10 ? "0" : "")\(i).\(i % 5 == 0 ? "png" : "jpg")", at: Fixture.seconds(2024, 1, i),
                          mime: i % 5 == 0 ? "image/png" : "image/jpeg")
        }
        return PickerSession(configuration: PickerConfiguration(roots: []), source: Fixture.source(assets))
    }

    private func ids(_ raw: [UInt32]) -> [AssetID] { raw.map(AssetID.init) }

    /// The job's result, run to the end (nothing cancels it here).
    private func ran(_ job: SearchJob) async throws -> SearchResult {
        let result = await job.run()
        return try XCTUnwrap(result)
    }

    func testAResultOfAnOlderKeystrokeIsDroppedWhenItArrivesLast() async throws {
        let session = makeSession()
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        let first = try XCTUnwrap(session.startSearch("IMG_0"))
        let second = try XCTUnwrap(session.startSearch("IMG_03"))
        // The workers finish out of order: the newer keystroke's result comes first.
        let secondResult = try await ran(second)
        XCTAssertTrue(session.finishSearch(secondResult))
        XCTAssertEqual(session.shownAssets, ids([3]))
        let firstResult = try await ran(first)
        XCTAssertFalse(session.finishSearch(firstResult), "the stale result is dropped")
        XCTAssertEqual(session.shownAssets, ids([3]))
        XCTAssertEqual(session.searchText, "IMG_03")
        XCTAssertEqual(changes, [.assets], "the dropped result changes nothing")
    }

    func testAResultIsDroppedAfterASearchSetDirectly() async throws {
        let session = makeSession()
        let job = try XCTUnwrap(session.startSearch("png"))
        session.setSearch("IMG_07")  // Escape in the field, say: at once, on the main thread
        let jobResult = try await ran(job)
        XCTAssertFalse(session.finishSearch(jobResult))
        XCTAssertEqual(session.shownAssets, ids([7]))
    }

    func testTypingBackToTheSearchInEffectDropsTheOneInBetween() async throws {
        let session = makeSession()
        session.setSearch("png")
        let job = try XCTUnwrap(session.startSearch("png1"))
        XCTAssertNil(session.startSearch(" PNG "), "already in effect: nothing to run")
        let jobResult = try await ran(job)
        XCTAssertFalse(session.finishSearch(jobResult))
        XCTAssertEqual(session.shownAssets, ids([10, 5]))
    }

    func testAResultAppliesOverACollectionThatChangedMeanwhile() async throws {
        let session = makeSession()
        let job = try XCTUnwrap(session.startSearch("IMG_0"))
        session.setSort(.dateAscending)  // the collection the job narrowed is no longer shown
        let jobResult = try await ran(job)
        XCTAssertTrue(session.finishSearch(jobResult))
        XCTAssertEqual(session.shownAssets, ids([1, 2, 3, 4, 5, 6, 7, 8, 9]), "narrowed afresh, in the new order")
    }

    func testTheResultIsWhatTheSameSearchSetDirectlyShows() async throws {
        let background = makeSession(), direct = makeSession()
        for text in ["img_1", "*.PNG", "0", "IMG_0?.jpg", "nothing"] {
            let job = try XCTUnwrap(background.startSearch(text))
            let jobResult = try await ran(job)
            XCTAssertTrue(background.finishSearch(jobResult))
            direct.setSearch(text)
            XCTAssertEqual(background.shownAssets, direct.shownAssets, text)
            XCTAssertEqual(background.collection.groups.map(\.range), direct.collection.groups.map(\.range), text)
        }
    }

    func testACancelledJobReturnsNothing() async throws {
        let session = makeSession()
        let job = try XCTUnwrap(session.startSearch("IMG"))
        let task = Task.detached { () -> SearchResult? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await job.run()
        }
        let result = await task.value
        XCTAssertNil(result, "a superseded job stops instead of finishing for nothing")
    }

    func testThePlainWordFastPathAgreesWithTheGlob() {
        let names = ["IMG_0001.JPG", "img_0001.jpg", "a-beach-b.png", "BEACH", "beac", "\u{212A}elvin.jpg",
                     "Kelvin.jpg", "été-Beach.jpg", "x\\y.jpg", "", "bèach.jpg"]
        for word in ["img", "BEACH", "kelvin", "beach", "\\y", "each-b", "a"] {
            let search = NameSearch(word)
            let glob = Glob("*" + word.replacingOccurrences(of: "\\", with: "\\\\") + "*")
            for name in names {
                XCTAssertEqual(search.matches(name), glob.matches(name), "\(word) in \(name)")
                XCTAssertEqual(search.matches(bytes: Array(name.utf8)), glob.matches(name), "\(word) in \(name) as bytes")
            }
        }
        XCTAssertTrue(NameSearch("kelvin").matches("\u{212A}elvin.jpg"), "the Kelvin sign lowercases to k")
        XCTAssertTrue(NameSearch("bad").matches(bytes: [0x62, 0x61, 0x64, 0xFF]), "a name that is not UTF-8")
    }
}
