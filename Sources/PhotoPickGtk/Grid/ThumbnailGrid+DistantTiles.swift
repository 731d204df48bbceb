import PhotoPickCore

/// Tiles far from the viewport let go of their thumbnails.
///
/// GTK 4.8's list view keeps up to 200 rows bound around what is shown, most of them far off
/// screen, and a tile's picture keeps its texture alive. The loader's caches are bounded by
/// bytes, but what those tiles hold is not theirs to drop: after a long scroll some 700 tiles
/// held textures the caches had long evicted, more memory than the caches themselves. So a
/// tile farther from the viewport than the screens the loader prefetches is parked: it shows
/// nothing and withdraws its request, as if unbound. Coming near again, it asks again, and
/// gets its texture back from the cache when the cache still has it.
///
/// A row of tiles bound wholly outside that range does not even make its tiles: it is a
/// placeholder of their height (`GridRowView.showPlaceholder`) until it comes near. Before
/// the first viewport is known, the range is that of a first screen at the top, sized from
/// the grid's height (`openingNear`), so opening a library binds the ~200 rows GTK asks for
/// but makes and measures the tiles of the first screens only.
extension ThumbnailGrid {
    /// Screens kept on each side of the viewport: as many as the loader prefetches ahead.
    static let screensKept = ThumbnailViewport.screensAhead

    /// The flat indices whose tiles may hold a texture, around `visible` (the flat indices on
    /// screen, in order); nil when nothing is known to be on screen.
    static func nearRange(visible: [Int]) -> ClosedRange<Int>? {
        guard let first = visible.first, let last = visible.last, first <= last else { return nil }
        let span = max(8, visible.count * screensKept)
        return max(0, first - span)...(last + span)
    }

    /// Parks the bound tiles outside the range near `visible`, and brings back those inside;
    /// placeholder rows that came near get their tiles. An unknown viewport (nothing placed
    /// yet) changes nothing.
    func parkDistantTiles(visible: [Int]) {
        guard let near = Self.nearRange(visible: visible) else { return }
        nearTiles = near
        for view in rowViews where view.isPlaceholder {
            if let row = view.row, case .tiles(_, let range) = row, !Self.bindsPlaceholder(range, near: near) {
                fill(view, row, range)
            }
        }
        for (id, tiles) in bound {
            for tile in tiles where near.contains(tile.flatIndex) == tile.parked {
                tile.parked ? unpark(tile, id) : park(tile, id)
            }
        }
    }

    /// Whether a tile bound at flat index `index` starts parked: outside `near`, the range last
    /// seen around the viewport. On a jump (End, a scrollbar drag) GTK binds some 200 rows,
    /// most of them, like every row a drag passes over, never near the screen; asking for
    /// their thumbnails and showing cached ones, only to park them at the viewport update that
    /// follows, was main-thread work in the very frame that stalls. That update, in the same
    /// frame's layout phase, unparks the tiles that turn out to be near.
    static func bindsParked(_ index: Int, near: ClosedRange<Int>?) -> Bool {
        near.map { !$0.contains(index) } ?? false
    }

    /// Whether a row of tiles `range` bound now is a placeholder: none of its tiles is near.
    /// With no range known, every row makes its tiles.
    static func bindsPlaceholder(_ range: Range<Int>, near: ClosedRange<Int>?) -> Bool {
        guard let near, !range.isEmpty else { return false }
        return range.upperBound <= near.lowerBound || range.lowerBound > near.upperBound
    }

    /// The near range of a first screen at the top, before any viewport was seen: as many
    /// rows of tiles as the grid's height holds. Nil while the grid has no size yet.
    func openingNear() -> ClosedRange<Int>? {
        Self.openingNear(height: height, side: side, columns: columns)
    }

    static func openingNear(height: Int, side: Int, columns: Int) -> ClosedRange<Int>? {
        guard height > 0, side > 0, columns > 0 else { return nil }
        let rowsOnScreen = (height + side + GridMetrics.gap - 1) / (side + GridMetrics.gap) + 1
        return nearRange(visible: Array(0..<(rowsOnScreen * columns)))
    }

    /// Whether any row is bound (with its tiles or as a placeholder).
    var hasBoundRows: Bool { !bound.isEmpty || rowViews.contains { $0.isPlaceholder && $0.row != nil } }

    /// Bound parked tiles wait for a viewport update: make sure one comes.
    func needViewportUpdate() {
        loader.onRequestsChanged?()
    }

    // A bound tile is parked or near by these three alone (unbinding resets the tile).

    /// A tile bound far from the screen: it shows nothing and asks for nothing.
    func bindParked(_ tile: TileView) {
        tile.parked = true
        tile.setThumbnail(nil)
    }

    /// A tile near the screen: the best thumbnail so far, and a request for the rest.
    func showNear(_ tile: TileView, _ asset: Asset) {
        tile.parked = false
        tile.setThumbnail(loader.cached(asset.id))
        loader.request(asset.id, path: asset.path, mimeType: asset.mimeType)
    }

    private func park(_ tile: TileView, _ id: AssetID) {
        bindParked(tile)
        loader.withdraw(id)
    }

    /// Near again; a tile whose asset is gone stays parked until the list binds it anew.
    private func unpark(_ tile: TileView, _ id: AssetID) {
        guard let asset = session.asset(id) else { return }
        showNear(tile, asset)
    }
}
