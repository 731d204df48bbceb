/// Ctrl+scroll on the grid, added up into zoom steps. Touchpads send fractions of a notch:
/// the grid steps once a whole notch has added up, then starts counting afresh.
struct ZoomScroll {
    private var notches = 0.0

    /// Adds a scroll of `dy` notches; the zoom step it completes (+1 larger tiles on scrolling
    /// up, -1 smaller on scrolling down), or nil while less than a notch has added up.
    mutating func add(_ dy: Double) -> Int? {
        notches += dy
        guard abs(notches) >= 1 else { return nil }
        defer { notches = 0 }
        return notches < 0 ? 1 : -1
    }
}
