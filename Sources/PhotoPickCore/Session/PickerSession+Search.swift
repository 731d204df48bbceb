/// Searching by file name: the search field narrows the shown collection (within the
/// album, filter and named filter in effect); albums and their counts stay as they are.
extension PickerSession {
    /// The search in effect (empty: none).
    public var searchText: String { search.text }

    /// Shows only assets whose names contain `text` (ignoring case), or match it as a glob
    /// when it has `*`, `?` or `[`. Picks outside the results stay picked.
    public func setSearch(_ text: String) {
        let next = NameSearch(text)
        guard next != search else { return }
        search = next
        onChange?(.assets)
    }

    /// `collection` narrowed by the search, when there is one.
    func searched(_ collection: AssetCollection) -> AssetCollection {
        guard !search.isEmpty else { return collection }
        let search = self.search
        return collection.narrowed { [source] id in source.asset(id).map { search.matches($0.name) } ?? false }
    }
}
