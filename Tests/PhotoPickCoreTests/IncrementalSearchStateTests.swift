@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// The keystrokes' state by itself: which result is superseded, and which finished search a
/// longer word narrows (the session typing: IncrementalSearchTests, BackgroundSearchTests).
final class IncrementalSearchStateTests: XCTestCase {
    /// IMG_01 … IMG_10, newest first.
    private let source = Fixture.source((1...10).map { i in
        Fixture.asset(i, "a/IMG_\(i < 10 ? "0" : "")\(i).jpg", at: Fixture.seconds(2024, 1, i))
    })
    private var all: AssetCollection { source.collection(of: .allPhotos) }

    private func finished(_ job: SearchJob?) async throws -> SearchResult {
        let job = try XCTUnwrap(job)
        let result = await job.run()
        return try XCTUnwrap(result)
    }

    func testOnlyTheLatestKeystrokesResultTakesEffect() async throws {
        var search = IncrementalSearch()
        let older = search.start("IMG_0", base: { (self.all, 1) }, names: source.names)
        let newer = search.start("IMG_03", base: { (self.all, 1) }, names: source.names)
        let (olderResult, newerResult) = (try await finished(older), try await finished(newer))
        XCTAssertEqual(search.finish(olderResult, baseToken: 1), .superseded)
        XCTAssertEqual(search.current, .none)
        XCTAssertEqual(search.finish(newerResult, baseToken: 1), .changed)
        XCTAssertEqual(search.current, NameSearch("IMG_03"))
        let late = search.start("IMG_04", base: { (self.all, 1) }, names: source.names)
        XCTAssertNotNil(late)
        XCTAssertTrue(search.set("IMG_1"), "set at once supersedes the job still running")
        let lateResult = try await finished(late)
        XCTAssertEqual(search.finish(lateResult, baseToken: 1), .superseded)
        XCTAssertFalse(search.set("IMG_1"), "the search in effect already")
    }

    func testTheSearchInEffectStartsNoJobButSupersedesTheOthers() async throws {
        var search = IncrementalSearch()
        XCTAssertTrue(search.set("IMG_1"))
        let running = search.start("IMG_", base: { (self.all, 1) }, names: source.names)
        var asked = false
        XCTAssertNil(search.start("IMG_1", base: { asked = true; return (self.all, 1) }, names: source.names))
        XCTAssertFalse(asked, "the shown collection is not computed for nothing")
        let runningResult = try await finished(running)
        XCTAssertEqual(search.finish(runningResult, baseToken: 1), .superseded)
        XCTAssertEqual(search.current, NameSearch("IMG_1"))
    }

    func testALongerWordNarrowsTheSmallestResultItRefines() async throws {
        var search = IncrementalSearch()
        _ = search.finish(try await finished(search.start("IMG", base: { (self.all, 1) }, names: source.names)), baseToken: 1)
        _ = search.finish(try await finished(search.start("IMG_0", base: { (self.all, 1) }, names: source.names)), baseToken: 1)
        let longer = try XCTUnwrap(search.start("IMG_01", base: { (self.all, 1) }, names: source.names))
        XCTAssertEqual(longer.base.count, 9, "IMG_0's result, the smallest that IMG_01 refines")
        let other = try XCTUnwrap(search.start("png", base: { (self.all, 1) }, names: source.names))
        XCTAssertEqual(other.base.count, 10, "no result to narrow: the whole collection")
        let elsewhere = try XCTUnwrap(search.start("IMG_01", base: { (self.all, 2) }, names: source.names))
        XCTAssertEqual(elsewhere.base.count, 10, "results over an older computation of the collection are dropped")
    }

    func testAResultOverAnOlderCollectionIsNotKept() async throws {
        var search = IncrementalSearch()
        let result = try await finished(search.start("IMG_0", base: { (self.all, 1) }, names: source.names))
        XCTAssertEqual(search.finish(result, baseToken: 2), .changed, "it still takes effect")
        XCTAssertEqual(try XCTUnwrap(search.start("IMG_01", base: { (self.all, 2) }, names: source.names)).base.count, 10)
    }

    func testAtMostTheLimitOfResultsIsKept() async throws {
        var search = IncrementalSearch()
        // Each refines "IMG"; the oldest, the narrowest, leaves when a fifth comes.
        for word in ["IMG_01", "IMG_0", "IMG_", "IM", "I"] {
            _ = search.finish(try await finished(search.start(word, base: { (self.all, 1) }, names: source.names)), baseToken: 1)
        }
        XCTAssertEqual(IncrementalSearch.recentLimit, 4)
        XCTAssertEqual(try XCTUnwrap(search.start("IMG_010", base: { (self.all, 1) }, names: source.names)).base.count, 9,
                       "IMG_01's result (1 asset) is gone; IMG_0's is the smallest left")
    }

    func testNarrowingOnTheCallingThreadMatchesTheJob() async throws {
        var search = IncrementalSearch()
        XCTAssertEqual(search.narrowing(all, names: source.names).assetIDs, all.assetIDs, "no search: all of it")
        let job = search.start("IMG_0", base: { (self.all, 1) }, names: source.names)
        let result = try await finished(job)
        _ = search.finish(result, baseToken: 1)
        XCTAssertEqual(search.narrowing(all, names: source.names).assetIDs, result.collection.assetIDs)
    }
}
