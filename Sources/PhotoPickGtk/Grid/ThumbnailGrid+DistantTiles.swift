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

    /// Parks the bound tiles outside the range near `visible`, and brings back those inside.
    /// An unknown viewport (nothing placed yet) changes nothing.
    func parkDistantTiles(visible: [Int]) {
        guard let near = Self.nearRange(visible: visible) else { return }
        nearTiles = near
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

    /// Bound parked tiles wait for a viewport update: make sure one comes.
    func needViewportUpdate() {
        loader.onRequestsChanged?()
    }

    private func park(_ tile: TileView, _ id: AssetID) {
        tile.parked = true
        tile.setThumbnail(nil)
        loader.withdraw(id)
    }

    private func unpark(_ tile: TileView, _ id: AssetID) {
        tile.parked = false
        guard let asset = session.asset(id) else { return }
        tile.setThumbnail(loader.cached(id))
        loader.request(id, path: asset.path, mimeType: asset.mimeType)
    }
}
