/// Starting over: "Try Again" after a folder could not be read, or "Choose Folder…" when
/// the library was empty. The window then runs a new scan into the fresh library.
extension PickerSession {
    /// Empties the library (optionally switching to other folders) and waits for a new scan.
    /// Picks are kept by path: each is picked again when the new scan finds its file, so a
    /// retry does not lose them; the caller's preselected files not found yet are still
    /// picked when they arrive, those found already are not picked again (`picksToRestore`).
    /// The album shown comes back too, when it turns up: the one the user chose, else the
    /// one asked for (`--album`, or last time's).
    /// Returns false for a session over another source (a fixture), which has nothing to rescan.
    @discardableResult
    public func rescan(roots newRoots: [RawPath]? = nil) -> Bool {
        guard source === library else { return false }
        let unpicked = selection.ordered
        if let newRoots, !newRoots.isEmpty { configuration.roots = newRoots }
        restartPreselection(with: picksToRestore())
        library = PhotoLibrary(roots: configuration.roots)
        source = library
        // Identifiers restart in the new library: the old ones must not linger anywhere.
        selection = Selection(maximum: configuration.maximum, minimum: configuration.minimum)
        cachedAlbums = nil
        cachedCollection = nil
        cachedBase = nil
        currentAlbum = .allPhotos
        initialAlbum.restart()
        scanFinished = false
        onChange?(.albums)
        onChange?(.album)
        onChange?(.assets)
        if !unpicked.isEmpty { onChange?(.selection(unpicked)) }
        return true
    }

    /// The folders being scanned (the caller's, or those chosen since).
    public var roots: [RawPath] { configuration.roots }

    /// What the scan could not read, for the window to explain.
    public var problems: [ScanProblem] { source.problems }
}
