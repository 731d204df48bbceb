/// Searching by file name: the search field narrows the shown collection (within the
/// album, filter and named filter in effect); albums and their counts stay as they are.
///
/// The window searches off the main thread: each keystroke `startSearch`es a job, a worker
/// runs it, and `finishSearch` applies the result unless a newer keystroke (or `setSearch`)
/// came meanwhile. `setSearch` does the same at once, on the calling thread.
extension PickerSession {
    /// The search in effect (empty: none).
    public var searchText: String { search.current.text }

    /// Shows only assets whose names contain `text` (ignoring case), or match it as a glob
    /// when it has `*`, `?` or `[`. Picks outside the results stay picked. Supersedes any
    /// search still running.
    public func setSearch(_ text: String) {
        guard search.set(text) else { return }
        cachedCollection = nil
        onChange?(.assets)
    }

    /// A job that finds `text` in the shown collection, to run on any thread; nil when the
    /// search in effect already is `text`. Every call supersedes the jobs before it.
    public func startSearch(_ text: String) -> SearchJob? {
        search.start(text, base: { unsearchedCollection }, names: source.names)
    }

    /// Applies a job's result, unless a newer keystroke superseded it. When the collection
    /// it narrowed changed meanwhile (a scan batch, another album), the search still takes
    /// effect and the shown collection is narrowed afresh. Returns whether it was applied.
    @discardableResult
    public func finishSearch(_ result: SearchResult) -> Bool {
        switch search.finish(result, baseToken: cachedBase?.token) {
        case .superseded:
            return false
        case .unchanged:
            return true
        case .changed:
            cachedCollection = nil
            if let base = cachedBase, base.token == result.baseToken, isCurrent(base.collection, revision: base.revision) {
                cachedCollection = (base.revision, result.collection)
            }
            onChange?(.assets)
            return true
        }
    }
}
