/// A warm open shows the index's newest files first, then adopts the whole listing over them
/// (`addScanned(_ prepared:)`). When the whole listing then turns out not to be trustworthy,
/// the disk is listed as on a first open, from an empty library.
extension PickerSession {
    /// Drops the first screen's library for an empty one: as `rescan()`, but the caller's
    /// preselection stays (in its order, so what it already found keeps its place) and
    /// the picks made meanwhile are picked again, by path, as the disk's files arrive.
    public func restartFromEmpty() {
        let preselect = configuration.preselect
        let picked = selection.ordered.compactMap { source.asset($0)?.path }
        guard rescan() else { return }
        configuration.preselect = preselect + picked.filter { !preselect.contains($0) }
        chooser.preselection = nil  // looked up again for the new list
    }
}

/// How `PickerSession.addScanned(_ prepared:)` took a prepared library.
public enum PreparedAdoption: Sendable, Equatable {
    /// Whole, into an empty library.
    case adopted
    /// Whole, over the first screen's library it extends: identifiers, picks and tiles kept.
    case extended
    /// Its files added as a scan batch (the library had changed, or another restriction).
    case added
}
