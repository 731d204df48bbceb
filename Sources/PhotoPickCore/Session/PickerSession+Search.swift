/// Searching by file name: the search field narrows the shown collection (within the
/// album, filter and named filter in effect); albums and their counts stay as they are.
///
/// The window searches off the main thread: each keystroke `startSearch`es a job, a worker
/// runs it, and `finishSearch` applies the result unless a newer keystroke (or `setSearch`)
/// came meanwhile. `setSearch` does the same at once, on the calling thread.
extension PickerSession {
    /// The search in effect (empty: none).
    public var searchText: String { search.text }

    /// Shows only assets whose names contain `text` (ignoring case), or match it as a glob
    /// when it has `*`, `?` or `[`. Picks outside the results stay picked. Supersedes any
    /// search still running.
    public func setSearch(_ text: String) {
        searchGeneration += 1
        let next = NameSearch(text)
        guard next != search else { return }
        search = next
        onChange?(.assets)
    }

    /// A job that finds `text` in the shown collection, to run on any thread; nil when the
    /// search in effect already is `text`. Every call supersedes the jobs before it.
    public func startSearch(_ text: String) -> SearchJob? {
        searchGeneration += 1
        let next = NameSearch(text)
        guard next != search else { return nil }
        let base = unsearchedCollection
        // Typing adds characters: the new word's names are among an earlier word's, so the
        // smallest such result is narrowed instead of the whole collection (backspace finds
        // the shorter word's result still here).
        recentSearches.removeAll { $0.baseToken != base.token }
        let wider = recentSearches.filter { next.refines($0.search) || next == $0.search }.min { $0.count < $1.count }
        return SearchJob(generation: searchGeneration, search: next, base: wider?.collection ?? base.collection,
                         baseToken: base.token, names: source.names)
    }

    /// How many finished searches are kept for `startSearch` to narrow (each up to the shown
    /// collection's size: a few megabytes at a million).
    static let recentSearchLimit = 4

    /// Keeps a finished search over the current shown collection for later keystrokes.
    private func remember(_ result: SearchResult) {
        guard let base = cachedBase, base.token == result.baseToken else { return }
        recentSearches.removeAll { $0.search == result.search || $0.baseToken != result.baseToken }
        recentSearches.append(result)
        if recentSearches.count > Self.recentSearchLimit { recentSearches.removeFirst() }
    }

    /// Applies a job's result, unless a newer keystroke superseded it. When the collection
    /// it narrowed changed meanwhile (a scan batch, another album), the search still takes
    /// effect and the shown collection is narrowed afresh. Returns whether it was applied.
    @discardableResult
    public func finishSearch(_ result: SearchResult) -> Bool {
        remember(result)  // even a superseded one: the next keystroke may narrow it
        guard result.generation == searchGeneration else { return false }
        if result.search != search {
            search = result.search
            if let base = cachedBase, base.token == result.baseToken, isCurrent(base.collection, revision: base.revision) {
                cachedCollection = (base.revision, result.collection)
            }
            onChange?(.assets)
        }
        return true
    }

    /// `collection` narrowed by the search, when there is one: a `SearchJob`'s loop in one
    /// slice, on the calling thread.
    func searched(_ collection: AssetCollection) -> AssetCollection {
        guard !search.isEmpty else { return collection }
        var kept: [Int] = []
        _ = source.names.collect(collection.assetIDs[...], search, into: &kept, isCancelled: { false })
        return collection.narrowed(keepingPositions: [kept])
    }
}
