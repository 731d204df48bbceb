import CGtk
import PhotoPickCore

/// One recycled row of the grid's list: either a group header or a row of tiles. GTK's
/// list recycles rows of both kinds alike, so each row can be either and switches.
@MainActor
final class GridRowView {
    let root: Widget
    let header = GroupHeaderView()
    private let tilesBox: Widget
    /// What a row of tiles (or its placeholder) covers on screen: the tiles, without the gap below.
    var tilesArea: Widget { tilesBox }
    private(set) var tiles: [TileView] = []
    /// What the row shows now; nil while unbound.
    private(set) var row: CollectionRows.Row?
    /// A row of tiles bound far from the screen: it keeps the height of its tiles but shows,
    /// and makes, none of them until it comes near (DistantTiles.swift).
    private(set) var isPlaceholder = false
    /// Makes each tile this row needs (of the given side), once.
    private let makeTile: (Int) -> TileView

    init(makeTile: @escaping (Int) -> TileView) {
        self.makeTile = makeTile
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        addClass(root, "grid-row")
        tilesBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, Int32(GridMetrics.gap))
        addClass(tilesBox, "tiles")
        gtk_widget_set_halign(tilesBox, GTK_ALIGN_START)
        // What `GridMetrics.layout` counts on: padding at the sides, a gap below.
        gtk_widget_set_margin_start(tilesBox, Int32(GridMetrics.padding))
        gtk_widget_set_margin_end(tilesBox, Int32(GridMetrics.padding))
        gtk_widget_set_margin_bottom(tilesBox, Int32(GridMetrics.gap))
        gtk_widget_set_margin_start(header.root, Int32(GridMetrics.padding) + 4)
        gtk_widget_set_margin_end(header.root, Int32(GridMetrics.padding))
        Gtk.Box(root).append(header.root)
        Gtk.Box(root).append(tilesBox)
    }

    /// Shows a header; the caller fills it.
    func showHeader(_ row: CollectionRows.Row) {
        self.row = row
        leavePlaceholder()
        gtk_widget_set_visible(header.root, 1)
        gtk_widget_set_visible(tilesBox, 0)
        tiles.forEach { gtk_widget_set_visible($0.root, 0) }
    }

    /// Shows `count` tiles of side `side`; returns them for the caller to bind.
    func showTiles(_ row: CollectionRows.Row, count: Int, side: Int) -> ArraySlice<TileView> {
        self.row = row
        leavePlaceholder()
        gtk_widget_set_visible(header.root, 0)
        gtk_widget_set_visible(tilesBox, 1)
        while tiles.count < count {
            let tile = makeTile(side)
            tiles.append(tile)
            Gtk.Box(tilesBox).append(tile.root)
        }
        for (i, tile) in tiles.enumerated() {
            tile.resize(side)
            gtk_widget_set_visible(tile.root, i < count ? 1 : 0)
        }
        return tiles[..<count]
    }

    /// Stands in for a row of tiles of side `side`: as tall as its tiles, none of them shown.
    /// GTK 4.8 binds some 200 rows around what is shown; making and measuring every tile of
    /// each was most of the grid's first frame.
    func showPlaceholder(_ row: CollectionRows.Row, side: Int) {
        self.row = row
        isPlaceholder = true
        gtk_widget_set_visible(header.root, 0)
        gtk_widget_set_visible(tilesBox, 1)
        tiles.forEach { gtk_widget_set_visible($0.root, 0) }
        gtk_widget_set_size_request(tilesBox, -1, Int32(side))
    }

    /// The tiles' side changed: the tiles, or the placeholder's height, follow.
    func resize(_ side: Int) {
        tiles.forEach { $0.resize(side) }
        if isPlaceholder { gtk_widget_set_size_request(tilesBox, -1, Int32(side)) }
    }

    private func leavePlaceholder() {
        guard isPlaceholder else { return }
        isPlaceholder = false
        gtk_widget_set_size_request(tilesBox, -1, -1)
    }

    /// Unbound: shows nothing (a placeholder stays one until it shows something else).
    func unbind() { row = nil }

    /// The tile column at `x` (in `relativeTo`'s coordinates): the tile whose span holds
    /// it, or the nearest one in the gaps and margins.
    func column(atX x: Double, relativeTo other: Widget, shown: Int) -> Int {
        var best = 0, bestDistance = Double.infinity
        for (i, tile) in tiles.prefix(shown).enumerated() {
            var b = graphene_rect_t()
            guard gtk_widget_compute_bounds(tile.root, other, &b) != 0 else { continue }
            let left = Double(b.origin.x), right = left + Double(b.size.width)
            let distance = x < left ? left - x : x >= right ? x - right : 0
            if distance < bestDistance { best = i; bestDistance = distance }
        }
        return best
    }
}
