import CGtk
import PhotoPickCore

/// One recycled row of the grid's list: either a group header or a row of tiles. GTK's
/// list recycles rows of both kinds alike, so each row can be either and switches.
@MainActor
final class GridRowView {
    var root: Gtk.Box { box }
    private let box: Gtk.Box
    let header = GroupHeaderView()
    private let tilesBox: Gtk.Box
    /// What a row of tiles (or its placeholder) covers on screen: the tiles, without the gap below.
    var tilesArea: Gtk.Box { tilesBox }
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
        box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        addClass(box, "grid-row")
        tilesBox = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: Int32(GridMetrics.gap))
        addClass(tilesBox, "tiles")
        tilesBox.setHAlign(GTK_ALIGN_START)
        // What `GridMetrics.layout` counts on: padding at the sides, a gap below.
        tilesBox.setMarginStart(Int32(GridMetrics.padding))
        tilesBox.setMarginEnd(Int32(GridMetrics.padding))
        tilesBox.setMarginBottom(Int32(GridMetrics.gap))
        header.box.setMarginStart(Int32(GridMetrics.padding) + 4)
        header.box.setMarginEnd(Int32(GridMetrics.padding))
        box.append(header.root)
        box.append(tilesBox)
    }

    /// The row's space above it: none for the list's first row, which the grid's padding (a
    /// row of tiles) or nothing (a header) starts.
    func setTopMargin(_ margin: Int) { box.setMarginTop(Int32(margin)) }

    /// Whether the row is on screen (GTK keeps bound rows it does not show).
    var isMapped: Bool { box.isMapped }

    /// Where the row is in `other`'s coordinates; nil when they share no window.
    func bounds(in other: some WidgetHandle) -> (x: Double, y: Double, width: Double, height: Double)? { box.bounds(in: other) }

    /// Shows a header; the caller fills it.
    func showHeader(_ row: CollectionRows.Row) {
        self.row = row
        leavePlaceholder()
        header.box.setVisible(true)
        tilesBox.setVisible(false)
        tiles.forEach { $0.setVisible(false) }
    }

    /// Shows `count` tiles of side `side`; returns them for the caller to bind.
    func showTiles(_ row: CollectionRows.Row, count: Int, side: Int) -> ArraySlice<TileView> {
        self.row = row
        leavePlaceholder()
        header.box.setVisible(false)
        tilesBox.setVisible(true)
        while tiles.count < count {
            let tile = makeTile(side)
            tiles.append(tile)
            tilesBox.append(tile.root)
        }
        for (i, tile) in tiles.enumerated() {
            tile.resize(side)
            tile.setVisible(i < count)
        }
        return tiles[..<count]
    }

    /// Stands in for a row of tiles of side `side`: as tall as its tiles, none of them shown.
    /// GTK 4.8 binds some 200 rows around what is shown; making and measuring every tile of
    /// each was most of the grid's first frame.
    func showPlaceholder(_ row: CollectionRows.Row, side: Int) {
        self.row = row
        isPlaceholder = true
        header.box.setVisible(false)
        tilesBox.setVisible(true)
        tiles.forEach { $0.setVisible(false) }
        tilesBox.setSizeRequest(height: Int32(side))
    }

    /// The tiles' side changed: the tiles, or the placeholder's height, follow.
    func resize(_ side: Int) {
        tiles.forEach { $0.resize(side) }
        if isPlaceholder { tilesBox.setSizeRequest(height: Int32(side)) }
    }

    private func leavePlaceholder() {
        guard isPlaceholder else { return }
        isPlaceholder = false
        tilesBox.setSizeRequest()
    }

    /// Unbound: shows nothing (a placeholder stays one until it shows something else).
    func unbind() { row = nil }

    /// The tile column at `x` (in `relativeTo`'s coordinates): the tile whose span holds
    /// it, or the nearest one in the gaps and margins.
    func column(atX x: Double, relativeTo other: some WidgetHandle, shown: Int) -> Int {
        var best = 0, bestDistance = Double.infinity
        for (i, tile) in tiles.prefix(shown).enumerated() {
            guard let b = tile.bounds(in: other) else { continue }
            let left = b.x, right = left + b.width
            let distance = x < left ? left - x : x >= right ? x - right : 0
            if distance < bestDistance { best = i; bestDistance = distance }
        }
        return best
    }
}
