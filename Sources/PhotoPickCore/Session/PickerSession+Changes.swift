/// Live changes: the session follows what the watcher saw on disk.
extension PickerSession {
    /// Applies a change set; picked assets whose files are gone leave the selection, and
    /// the views hear which albums, assets and picks changed.
    @discardableResult
    public func apply(_ changes: LibraryChangeSet) -> PhotoLibrary.Update {
        let update = library.apply(changes)
        guard !update.isEmpty else { return update }
        let gone = selection.removeMissing { library.asset($0) != nil }
        onChange?(.albums)
        onChange?(.assets)
        let touched = gone + update.updated
        if !touched.isEmpty { onChange?(.selection(touched)) }
        return update
    }
}
