/// The grid's geometry: how many square tiles fit a width at a chosen tile size, and the
/// zoom steps of Ctrl+plus / Ctrl+minus.
enum GridMetrics {
    /// Space around the grid and between tiles, in pixels.
    static let padding = 8, gap = 4
    /// The tile size the window opens with (Ctrl+0 goes back to it) and the slider's range.
    static let defaultTarget = 160
    static let minTarget = 80, maxTarget = 320
    static let zoomSteps = [80, 104, 128, 160, 200, 256, 320]

    /// Columns of at least `target` pixels that fit `width`, and the side that makes them
    /// fill it exactly.
    static func layout(width: Int, target: Int) -> (columns: Int, side: Int)? {
        let usable = width - 2 * padding
        guard usable > 0 else { return nil }
        let columns = max(1, (usable + gap) / (target + gap))
        return (columns, max(16, (usable - (columns - 1) * gap) / columns))
    }

    /// The next zoom step above (`direction` > 0) or below `target`.
    static func zoom(_ target: Int, by direction: Int) -> Int {
        if direction > 0 { return zoomSteps.first { $0 > target } ?? maxTarget }
        return zoomSteps.last { $0 < target } ?? minTarget
    }
}
