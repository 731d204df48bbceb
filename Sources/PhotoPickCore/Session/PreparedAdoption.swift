/// How `PickerSession.addScanned(_ prepared:)` took a prepared library.
///
/// A warm open shows the index's newest files first, then adopts the whole listing over them.
/// When the whole listing then turns out not to be trustworthy, the window lists the disk as
/// on a first open, from an empty library (`rescan()`: the picks made meanwhile, and the
/// caller's preselected files not shown yet, are picked as they arrive).
public enum PreparedAdoption: Sendable, Equatable {
    /// Whole, into an empty library.
    case adopted
    /// Whole, over the first screen's library it extends: identifiers, picks and tiles kept.
    case extended
    /// Its files added as a scan batch (the library had changed, or another restriction).
    case added
}
