import CGtk
import PhotoPickCore
import PhotoPickSystem

/// Tells the grid's thumbnail loader what is on screen and where the scroll is heading.
///
/// GTK 4.8's list view binds far more rows than fit the window (up to 200), so "bound" is
/// not "visible": loading every bound tile would make the first screen wait behind twenty
/// others. After each scroll and each change of bindings this finds the bound tiles that
/// intersect the viewport, in reading order, and the next two screens' worth of assets in
/// the direction of the last scroll, and hands both to the loader. It runs right after the
/// layout phase of the frame that placed the tiles (so their requests go out before that
/// frame is painted), at most once a frame; a short timer covers changes without a frame.
/// Bound tiles far from what is shown give up their thumbnails (DistantTiles).
/// With `PHOTOPICK_TRACE=1` each new first tile on screen is traced: `viewport FIRST-LAST of COUNT`.
@MainActor
final class ThumbnailViewport: WidgetView {
    unowned let grid: ThumbnailGrid
    private var scheduled = false
    private var lastValue = 0.0
    private var downward = true
    /// How many screens ahead to prefetch.
    static let screensAhead = 2

    /// Watches `grid` for as long as its scrolled window lives (the widget keeps the viewport).
    static func attach(to grid: ThumbnailGrid) {
        _ = ThumbnailViewport(grid: grid)
    }

    private var dirty = false
    /// The pinned group header wants a look after the next layout.
    private var pinDirty = false
    private var followsFrames = false
    private var tracedFirst = -1

    private init(grid: ThumbnailGrid) {
        self.grid = grid
        super.init(widget: grid.scrolled.widget)
        let adjustment = grid.scrolled.vadjustment
        connect(adjustment, "value-changed") { [unowned self] in self.schedule() }
        connect(adjustment, "changed") { [unowned self] in self.schedule() }  // page size, upper bound
        grid.loader.onRequestsChanged = { [weak self] in self?.schedule() }
    }

    /// Marks the viewport for a recompute after the next layout, with a timer as a backstop.
    private func schedule(after delay: Double = 0.05) {
        dirty = true
        pinDirty = true
        followFrames()
        guard !scheduled else { return }
        scheduled = true
        MainQueueBridge.after(delay) { [weak self] in
            guard let self, self.isAttached else { return }
            self.scheduled = false
            if self.dirty { self.update() }
        }
    }

    /// Connects to the frame clock's layout phase (after GTK's own handler, which allocates
    /// and binds the rows), once the grid is realized and has a clock. The connection goes
    /// with the viewport's widget (or with the clock).
    private func followFrames() {
        guard !followsFrames, isAttached, let clock = grid.scrolled.frameClock else { return }
        followsFrames = true
        connect(clock, "layout", after: true) { [unowned self] in
            if dirty { update() }
            // Only here, where the rows stand where this frame put them (the timer's
            // update may run before the list has moved them).
            if pinDirty {
                pinDirty = false
                grid.pinned.follow(grid)
            }
        }
    }

    private func update() {
        Trace.span("viewport-update") { updateNow() }  // named in a stall (PHOTOPICK_TRACE=1)
    }

    private func updateNow() {
        dirty = false
        let adjustment = grid.scrolled.vadjustment
        let value = adjustment.value, page = adjustment.pageSize
        if value > lastValue + 0.5 { downward = true } else if value < lastValue - 0.5 { downward = false }
        lastValue = value
        guard page > 0 else { return }

        // Tiles of a row share its height: one look per row of tiles. A row no list
        // allocation has placed (GTK binds rows it never lays out) or one it has put away
        // (unmapped, at its old place) is off screen. A placeholder row (bound far from where
        // the screen was) counts with all its photos: the grid gives it its tiles below.
        let ids = grid.collection.assetIDs
        var shown: [(index: Int, id: AssetID)] = []
        for view in grid.rowViews {
            guard case .tiles(_, let range)? = view.row, range.upperBound <= ids.count,
                  let place = Self.placement(of: view.tilesArea, in: grid.scrolled), place.bottom > 0, place.top < page
            else { continue }
            if view.isPlaceholder {
                shown += range.map { ($0, ids[$0]) }
            } else {
                // The tiles the grid bound to this row (one whose asset is gone has none).
                for (index, tile) in zip(range, view.tiles) where tile.assetID == ids[index] && tile.flatIndex == index {
                    shown.append((index, ids[index]))
                }
            }
        }
        shown.sort { $0.index < $1.index }
        if let first = shown.first?.index, let last = shown.last?.index { grid.focus.onScreen = first...last }
        if Trace.isEnabled, let first = shown.first?.index, first != tracedFirst {
            tracedFirst = first
            Trace.mark("viewport \(first)-\(shown.last!.index) of \(grid.collection.count)")
        }
        grid.loader.setViewport(visible: shown.map(\.id))
        grid.loader.prefetch(ahead(of: shown.map(\.index)))
        grid.parkDistantTiles(visible: shown.map(\.index))
        // Bound but nothing placed yet: the first layout is still to come; look again after it.
        if shown.isEmpty && grid.hasBoundRows { schedule(after: 0.05) }
    }

    /// Where `widget` (a list row or part of one) stands in the viewport, from its top edge
    /// down; nil for a row the list has not placed, or has put away (unmapped rows keep
    /// their old, stale place).
    static func placement(of part: some WidgetHandle, in scrolled: some WidgetHandle) -> (top: Double, bottom: Double)? {
        guard part.isMapped, let bounds = part.bounds(in: scrolled), bounds.height > 0 else { return nil }
        return (bounds.y, bounds.y + bounds.height)
    }

    /// The assets of the next screens after (or, scrolling up, before) the visible ones,
    /// nearest first.
    private func ahead(of visible: [Int]) -> [ThumbnailLoader.Target] {
        let ids = grid.collection.assetIDs
        guard let first = visible.first, let last = visible.last, !ids.isEmpty else { return [] }
        let span = max(8, visible.count * Self.screensAhead)
        let indices: [Int] = downward
            ? Array(min(ids.count, last + 1)..<min(ids.count, last + 1 + span))
            : Array(stride(from: first - 1, through: max(0, first - span), by: -1))
        return indices.compactMap { i in
            grid.session.asset(ids[i]).map { ThumbnailLoader.Target(id: $0.id, path: $0.path, mimeType: $0.mimeType) }
        }
    }
}
