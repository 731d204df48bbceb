/// A name search to run off the main thread: the session hands one out for each keystroke
/// (`PickerSession.startSearch`), a worker runs it, and the session takes the result back
/// on the main thread (`finishSearch`), dropping it when a newer keystroke came meanwhile.
/// Holds copies only (the collection to narrow, a snapshot of the names), so the worker
/// touches nothing the session changes.
/// In Collections, not Search: it narrows a collection, and Collections is above Search
/// (its name sort reads `AssetNames`).
public struct SearchJob: Sendable {
    /// Which keystroke this is: results of older ones are dropped.
    public let generation: Int
    public let search: NameSearch
    /// The collection the search narrows: the session's shown collection before the search
    /// (album, filter, sort and grouping applied), or an earlier search's result over it
    /// when this search refines that one (see `NameSearch.refines`).
    let base: AssetCollection
    /// Which computation of the session's base collection `base` is.
    let baseToken: Int
    let names: AssetNames

    /// The narrowed collection; nil when the task running it was cancelled (a newer
    /// keystroke superseded it, so the work is not finished for nothing). Big collections
    /// are matched in slices on the cooperative pool: the cores are there, the user waits.
    public func run() async -> SearchResult? {
        guard !Task.isCancelled else { return nil }
        let ids = base.assetIDs
        let slices = min(Self.slices, max(1, ids.count / 20_000))
        // Each slice keeps the positions it matched, in order; the slices are read in turn.
        let parts = await withTaskGroup(of: (slice: Int, kept: [Int]?).self) { group in
            for slice in 0..<slices {
                group.addTask {
                    let range = (ids.count * slice / slices)..<(ids.count * (slice + 1) / slices)
                    var kept: [Int] = []
                    kept.reserveCapacity(range.count)
                    let finished = names.collect(ids[range], search, into: &kept, isCancelled: { Task.isCancelled })
                    return (slice, finished ? kept : nil)
                }
            }
            var parts = [[Int]?](repeating: nil, count: slices)
            for await part in group { parts[part.slice] = part.kept }
            return parts
        }
        // Cancelled meanwhile: a newer keystroke runs; its result is the one wanted.
        let finished = parts.compactMap { $0 }
        guard !Task.isCancelled, finished.count == slices else { return nil }
        let collection = base.narrowed(keepingPositions: finished)
        return SearchResult(generation: generation, search: search, collection: collection, baseToken: baseToken)
    }

    /// Slices of a big search: enough for the cores of a desktop, few enough to be cheap.
    static let slices = 8
}

/// What a `SearchJob` found, for `PickerSession.finishSearch`.
public struct SearchResult: Sendable {
    public let generation: Int
    public let search: NameSearch
    let collection: AssetCollection
    let baseToken: Int

    /// How many assets the search kept.
    public var count: Int { collection.count }
}
