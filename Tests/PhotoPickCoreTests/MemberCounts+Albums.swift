@testable import PhotoPickCore

/// The tests' way in: `MemberCounts` over an album list whose positions are not kept.
extension MemberCounts {
    static func counts(of ids: [AssetID], in albums: [Album], facts: AssetFactsTable) -> [AlbumID: Int] {
        counts(of: ids, in: AlbumPositions(albums), facts: facts)
    }

    static func bySearch(_ ids: [AssetID], in albums: [Album], facts: AssetFactsTable, budget: Int) -> [AlbumID: Int]? {
        bySearch(ids, in: AlbumPositions(albums), facts: facts, budget: budget)
    }
}
