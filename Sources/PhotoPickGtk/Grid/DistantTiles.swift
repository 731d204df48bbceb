/// Which of the grid's tiles are near enough to the viewport to hold a thumbnail.
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
/// but makes and measures the tiles of the first screens only. The grid parks and unparks
/// the tiles (`ThumbnailGrid.parkDistantTiles`); this is the range and the rules.
@MainActor
struct DistantTiles {
    /// Screens kept on each side of the viewport: as many as the loader prefetches ahead.
    static let screensKept = ThumbnailViewport.screensAhead

    /// The flat indices whose tiles may hold a texture: near the viewport, as last seen; nil
    /// until the viewport is known.
    private(set) var near: ClosedRange<Int>?

    /// The viewport shows `visible` (flat indices, in order): the range near it, now kept; nil
    /// (and the kept range unchanged) when nothing is known to be on screen.
    mutating func seen(visible: [Int]) -> ClosedRange<Int>? {
        guard let range = Self.nearRange(visible: visible) else { return nil }
        near = range
        return range
    }

    /// The flat indices whose tiles may hold a texture, around `visible` (the flat indices on
    /// screen, in order); nil when nothing is known to be on screen.
    static func nearRange(visible: [Int]) -> ClosedRange<Int>? {
        guard let first = visible.first, let last = visible.last, first <= last else { return nil }
        let span = max(8, visible.count * screensKept)
        return max(0, first - span)...(last + span)
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
    static func openingNear(height: Int, side: Int, columns: Int) -> ClosedRange<Int>? {
        guard height > 0, side > 0, columns > 0 else { return nil }
        let rowsOnScreen = (height + side + GridMetrics.gap - 1) / (side + GridMetrics.gap) + 1
        return nearRange(visible: Array(0..<(rowsOnScreen * columns)))
    }
}
