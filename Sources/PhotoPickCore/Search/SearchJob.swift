/// A name search to run off the main thread: the session hands one out for each keystroke
/// (`PickerSession.startSearch`), a worker runs it, and the session takes the result back
/// on the main thread (`finishSearch`), dropping it when a newer keystroke came meanwhile.
/// Holds copies only (the collection to narrow, a snapshot of the names), so the worker
/// touches nothing the session changes.
public struct SearchJob: Sendable {
    /// Which keystroke this is: results of older ones are dropped.
    public let generation: Int
    public let search: NameSearch
    /// The collection the search narrows (album, filter, sort and grouping applied).
    let base: AssetCollection
    /// Which computation of the session's base collection `base` is.
    let baseToken: Int
    let names: AssetNames

    /// The narrowed collection; nil when the task running it was cancelled (a newer
    /// keystroke superseded it, so the work is not finished for nothing).
    public func run() -> SearchResult? {
        guard !Task.isCancelled else { return nil }
        var checked = 0
        var cancelled = false
        let collection = base.narrowed { id in
            checked += 1
            if checked & 0x3FFF == 0, Task.isCancelled { cancelled = true }
            if cancelled { return false }
            return names.withName(id) { search.matches(bytes: $0) } ?? false
        }
        if cancelled || Task.isCancelled { return nil }
        return SearchResult(generation: generation, search: search, collection: collection, baseToken: baseToken)
    }
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
