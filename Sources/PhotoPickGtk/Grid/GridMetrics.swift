/// The grid's geometry: how many square tiles fit a width at a chosen tile size, and the
/// zoom steps of Ctrl+plus / Ctrl+minus.
enum GridMetrics {
    /// Space around the grid and between tiles, in pixels.
    static let padding = 8, gap = 4
    /// The tile size the window opens with (Ctrl+0 goes back to it) and the slider's range.
    static let defaultTarget = 160
    static let minTarget = 80, maxTarget = 320
    static let zoomSteps = [80, 104, 128, 160, 200, 256, 320]

    /// Below this usable width (a phone, a narrow window) tiles shrink to keep `narrowColumns`.
    static let narrowWidth = 600, narrowColumns = 3

    /// Columns of at least `target` pixels that fit `width`, and the side that makes them
    /// fill it exactly. On a narrow grid the target gives way (down to `minTarget`) so that
    /// `narrowColumns` fit: two huge tiles side by side show too little to pick from.
    static func layout(width: Int, target: Int) -> (columns: Int, side: Int)? {
        let usable = width - 2 * padding
        guard usable > 0 else { return nil }
        var target = target
        if usable < narrowWidth {
            target = min(target, max(minTarget, (usable - (narrowColumns - 1) * gap) / narrowColumns))
        }
        let columns = max(1, (usable + gap) / (target + gap))
        return (columns, max(16, (usable - (columns - 1) * gap) / columns))
    }

    /// The next zoom step above (`direction` > 0) or below `target`.
    static func zoom(_ target: Int, by direction: Int) -> Int {
        if direction > 0 { return zoomSteps.first { $0 > target } ?? maxTarget }
        return zoomSteps.last { $0 < target } ?? minTarget
    }
}
