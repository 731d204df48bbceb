import PhotoPickCore

/// The grid's keyboard focus: the tile Space acts on, and the Shift+arrow sweep under way.
/// GTK's focus stays on the grid's root (the list's rows are not one widget per photo); the
/// grid draws this one with the `focused` class while it has GTK's focus (`has-focus`).
struct GridFocus {
    var index = 0
    var id: AssetID?
    var keySweep: SelectionSweep?
    /// False until a key, a click or the window (the first preselected photo, the photo the
    /// preview showed last) puts the focus on a photo: the opening focus stays on the first tile.
    var placedByUser = false
    /// The flat indices of the tiles on screen, as the viewport last saw them; nil before its
    /// first look.
    var onScreen: ClosedRange<Int>?

    /// Where the focus goes when files arrive, leave or get their dates (the scan, live
    /// changes), among `count` shown: never somewhere the user is not looking, since Space acts
    /// on it. Until the user moves it, it stays on the first tile. A focused photo that moves
    /// within the screen stays focused; one that moves off it (its real date put it hundreds of
    /// tiles away) leaves the focus at its place on the screen, on the tile now there.
    /// `position` finds where an id is shown now, looked for first near where it was.
    func afterArrival(count: Int, position: (AssetID, Int) -> Int?) -> Int {
        let place = min(index, max(0, count - 1))
        guard placedByUser, let id, let now = position(id, index) else { return place }
        // Not known where the screen is (it is moving to the focus): the photo keeps it.
        guard let screen = onScreen else { return now }
        return screen.contains(now) || !screen.contains(place) ? now : place
    }
}
