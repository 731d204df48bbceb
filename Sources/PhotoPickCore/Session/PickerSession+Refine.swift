/// The second pass of a two-pass scan (`FileSystemScanner.scanInTwoPasses`): files listed
/// by name get their sniffed type and metadata, files that are not media after all leave,
/// and files only their content revealed arrive.
extension PickerSession {
    /// Applies what the verifying pass learnt. Unlike `apply`, no file changed on disk, so
    /// no thumbnail is reloaded: the views hear only that albums and assets changed (dates
    /// move assets, removed files go), and which picks left with their file. When nothing
    /// that places an asset changed (its facts: date, type, traits…), only details such as
    /// the camera or a video's length did, and the views are told only that (`.details`):
    /// a 100,000-asset grid is not laid out again for nothing, dozens of times during a
    /// first scan. A file the watcher removed meanwhile stays removed: the pass read it
    /// before it went.
    public func refineScanned(_ refinement: ScanRefinement) {
        let updated = admitted(refinement.updated.filter { library.id(of: $0.path) != nil })
        var changes = LibraryChangeSet(inserted: admitted(refinement.added), updated: updated, deleted: refinement.removed)
        if updated.count != refinement.updated.count {
            // Its real type is one the caller's restriction refuses: it goes, as if never listed.
            let kept = Set(updated.map(\.path))
            changes.deleted += refinement.updated.map(\.path).filter { !kept.contains($0) && library.id(of: $0) != nil }
        }
        let known = updated.compactMap { library.id(of: $0.path) }
        // The type by its place in the table: one past the first 65,535 is not in the facts.
        let before = known.map { (library.facts[$0], library.facts.mimePosition(of: $0)) }
        let update = library.apply(changes)
        guard !update.isEmpty, source === library else { return }
        let placedAlike = update.inserted.isEmpty && update.deleted.isEmpty && known.count == update.updated.count
            && zip(known, before).allSatisfy { library.facts[$0] == $1.0 && library.facts.mimePosition(of: $0) == $1.1 }
        if placedAlike { return onChange?(.details(update.updated)) ?? () }
        let gone = selection.removeMissing { library.asset($0) != nil }
        let arrived = update.inserted.compactMap { library.asset($0) }
        if !arrived.isEmpty { chooserArrived(arrived) }  // preselection, the album to open on
        onChange?(.albums)
        onChange?(.assets)
        if !gone.isEmpty { onChange?(.selection(gone)) }
    }
}
