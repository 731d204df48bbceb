/// Live changes: the session follows what the watcher saw on disk.
extension PickerSession {
    /// Applies a change set; picked assets whose files are gone leave the selection, and
    /// the views hear which albums, assets and picks changed.
    @discardableResult
    public func apply(_ changes: LibraryChangeSet) -> PhotoLibrary.Update {
        var admittedChanges = changes
        admittedChanges.inserted = admitted(changes.inserted)  // the caller's --type/--pattern/… still hold
        admittedChanges.updated = admitted(changes.updated)
        let update = library.apply(admittedChanges)
        guard !update.isEmpty else { return update }
        let gone = selection.removeMissing { library.asset($0) != nil }
        onChange?(.albums)
        onChange?(.assets)
        if !update.updated.isEmpty { onChange?(.content(update.updated)) }
        if !gone.isEmpty { onChange?(.selection(gone)) }
        // Files that arrive before the scan has finished (an index-first open's reconcile) are
        // part of the first listing: the caller's preselection and album apply to them too.
        if !scanFinished, !update.inserted.isEmpty {
            chooserArrived(update.inserted.compactMap { library.asset($0) })
        }
        return update
    }
}
