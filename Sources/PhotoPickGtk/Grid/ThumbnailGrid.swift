import CGtk
import Dispatch
import PhotoPickCore

/// The thumbnail grid: a recycling GtkGridView whose items are asset identifiers.
///
/// Only the tiles on screen exist; binding a tile asks the loader for its thumbnail
/// and unbinding withdraws the request. The grid keeps no selection of its own: the
/// checkmarks show the session's selection.
@MainActor
final class ThumbnailGrid {
    let scroller: Widget
    let gridView: Widget
    private let model = KeyListModel()
    private let loader: ThumbnailLoader
    private var tilesByItem: [UnsafeMutableRawPointer: TileView] = [:]
    private var tilesByWidget: [Widget: TileView] = [:]
    /// Tiles showing each asset; usually one, briefly two while GTK rebinds after a change.
    private var bound: [AssetID: [TileView]] = [:]
    /// The smallest tile side; columns widen tiles to fill the row exactly.
    private let targetSize: Int
    private var tileSide: Int
    private var columns = 0

    /// Where tiles get their data from and send their clicks to.
    var asset: (AssetID) -> Asset? = { _ in nil }
    var isSelected: (AssetID) -> Bool = { _ in false }
    var onToggle: (AssetID) -> Void = { _ in }
    /// Called once for each new tile, for behaviour beyond picking (drag out, context menu).
    var onTileSetup: (TileView) -> Void = { _ in }

    init(tileSize: Int) {
        targetSize = tileSize
        tileSide = tileSize
        loader = ThumbnailLoader(side: tileSize)

        let factory = gtk_signal_list_item_factory_new()!
        g_object_ref(raw(model.object))  // the selection model takes one reference; we keep ours
        let selection = gtk_no_selection_new(model.object)
        gridView = gtk_grid_view_new(selection, factory)
        gtk_grid_view_set_max_columns(cast(gridView), 64)
        gtk_grid_view_set_min_columns(cast(gridView), 1)
        addClass(gridView, "thumbnails")

        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), gridView)
        gtk_widget_set_hexpand(scroller, 1)
        gtk_widget_set_vexpand(scroller, 1)

        // The horizontal adjustment's page size is the visible width: a resize signal
        // GTK 4 otherwise lacks. Reflow when it changes.
        let hadjustment = gtk_scrolled_window_get_hadjustment(cast(scroller))!
        onPointerSignal(raw(hadjustment), "notify::page-size") { [unowned self] _ in
            // This fires inside size allocation; changing the column count there trips
            // GtkGridView's row-height assertion in GTK 4.8. Reflow once the frame is done.
            let width = gtk_adjustment_get_page_size(hadjustment)
            DispatchQueue.main.async { self.reflow(width: width) }
        }
        onPointerSignal(raw(factory), "setup") { [unowned self] item in self.setup(item!) }
        onPointerSignal(raw(factory), "bind") { [unowned self] item in self.bind(item!) }
        onPointerSignal(raw(factory), "unbind") { [unowned self] item in self.unbind(item!) }
        onPointerSignal(raw(factory), "teardown") { [unowned self] item in self.teardown(item!) }
        loader.onDelivery = { [unowned self] id, result in
            for tile in self.bound[id] ?? [] { tile.setThumbnail(result) }
            self.noteScreenComplete()
        }
    }

    func show(_ ids: [AssetID]) {

        model.update(ids.map(\.description))
    }

    var itemCount: Int { model.count }

    /// Files that changed on disk: drop their thumbnails and load them again.
    func reload(_ ids: [AssetID]) {
        for id in ids {
            guard let asset = asset(id) else { continue }
            for tile in bound[id] ?? [] { tile.bind(asset, selected: isSelected(id), thumbnail: nil) }
            loader.reload(id, path: asset.path, mimeType: asset.mimeType)
        }
    }

    func refresh(_ ids: [AssetID]) {
        for id in ids { bound[id]?.forEach { $0.setSelected(isSelected(id)) } }
    }

    /// Moves keyboard focus to the first tile.
    func focusFirst() {
        guard model.count > 0 else { return }
        gtk_widget_activate_action_variant(gridView, "list.scroll-to-item", g_variant_new_uint32(0))
        gtk_widget_grab_focus(gridView)
    }

    /// The asset of the tile that has keyboard focus, if any.
    func focusedAsset(in window: Widget) -> AssetID? {
        var w = gtk_root_get_focus(OpaquePointer(window))
        while let current = w {
            if let tile = tilesByWidget[current] { return tile.assetID }
            if let child = gtk_widget_get_first_child(current), let tile = tilesByWidget[child] { return tile.assetID }
            w = gtk_widget_get_parent(current)
        }
        return nil
    }

    private var screenCompleteReported = false

    /// Traces the first moment every tile on screen shows its thumbnail.
    private func noteScreenComplete() {
        guard !screenCompleteReported, !bound.isEmpty,
              bound.keys.allSatisfy({ loader.hasFinal($0) }) else { return }
        screenCompleteReported = true
        Trace.mark("first-screen-thumbnails")
    }

    // MARK: Layout

    static let gridPadding = 12, childPadding = 4

    /// Square tiles that fill the row: as many columns of at least `targetSize` as fit.
    private func reflow(width: Double) {
        let usable = Int(width) - Self.gridPadding
        guard usable > 0 else { return }
        let cols = max(1, usable / (targetSize + Self.childPadding))
        let side = usable / cols - Self.childPadding
        guard cols != columns || side != tileSide else { return }
        columns = cols
        tileSide = side
        loader.side = side * Int(gtk_widget_get_scale_factor(gridView))
        gtk_grid_view_set_min_columns(cast(gridView), guint(cols))
        gtk_grid_view_set_max_columns(cast(gridView), guint(cols))
        for tile in tilesByItem.values { tile.resize(side) }
    }

    // MARK: Factory

    private func setup(_ item: UnsafeMutableRawPointer) {
        let tile = TileView(size: tileSide)
        tilesByItem[item] = tile
        tilesByWidget[tile.root] = tile
        let click = gtk_gesture_click_new()!
        onClick(click, "released") { [unowned self, unowned tile] _, _, _ in
            if let id = tile.assetID { self.onToggle(id) }
        }
        gtk_widget_add_controller(tile.root, click)
        onTileSetup(tile)
        gtk_list_item_set_child(OpaquePointer(item), tile.root)
    }

    private func bind(_ item: UnsafeMutableRawPointer) {
        guard let tile = tilesByItem[item],
              let key = KeyListModel.key(of: gtk_list_item_get_item(OpaquePointer(item))),
              let raw = UInt32(key), let asset = asset(AssetID(raw)) else { return }
        bound[asset.id, default: []].append(tile)
        tile.bind(asset, selected: isSelected(asset.id), thumbnail: loader.cached(asset.id))
        loader.request(asset.id, path: asset.path, mimeType: asset.mimeType)
    }

    private func unbind(_ item: UnsafeMutableRawPointer) {
        guard let tile = tilesByItem[item], let id = tile.assetID else { return }
        bound[id]?.removeAll { $0 === tile }
        if bound[id]?.isEmpty == true { bound[id] = nil }
        loader.withdraw(id)
        tile.unbind()
    }

    private func teardown(_ item: UnsafeMutableRawPointer) {
        if let tile = tilesByItem.removeValue(forKey: item) { tilesByWidget[tile.root] = nil }
    }
}
