import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The thumbnail grid: a recycling GtkListView whose rows are date-group headers or rows
/// of square tiles. GTK 4.8's grid view has no section headers, so the rows are built here
/// (`CollectionRows`) from the collection and the number of columns that fit the width.
///
/// Only rows on screen exist; binding a tile asks the loader for its thumbnail and
/// unbinding withdraws the request. Picking lives in the session: the grid forwards the
/// user's intents to it and draws its selection. Which tile the keyboard acts on is the
/// grid's own focus (`focus`), drawn with the `focused` class, since the list's rows are
/// not one widget per photo.
///
/// A `WidgetView` of `root`: it lives as long as the grid's widget, and its handlers go with it.
@MainActor
final class ThumbnailGrid: WidgetView {
    /// The widget the window places: the scrolled list with the pinned group header over it. It
    /// holds the keyboard focus for the whole grid.
    var root: Widget { widget }
    let listView: Widget
    let scrolled: Widget
    private let list: KeyedList<GridRowView>
    let loader: ThumbnailLoader
    /// Says a short message (the limit notice) in the window's toast overlay.
    var onNotice: (String) -> Void = { _ in }
    let pinned: PinnedGroupHeader
    private(set) var session: PickerSession!
    /// The row views GTK has made (bound or waiting to be).
    var rowViews: KeyedList<GridRowView>.Rows { list.rows }
    /// Tiles showing each asset; usually one, briefly two while GTK rebinds after a change.
    private(set) var bound: [AssetID: [TileView]] = [:]
    /// The flat indices whose tiles may hold a thumbnail: near the viewport, as last seen
    /// (ThumbnailGrid+DistantTiles.swift); nil until the viewport is known.
    var nearTiles: ClosedRange<Int>?
    private(set) var collection = AssetCollection(albumID: .allPhotos)
    /// The group headers' Select/Deselect, remembered until the picks or the collection change.
    private var wholeGroups = WholeGroupPicks()
    private(set) var rows = CollectionRows(groups: [], columns: 1, headers: false)
    /// The collection `rows` were laid out from, as the list last heard; nil when the list is empty.
    private var laidOut: AssetCollection?
    private(set) var width = 0
    /// The grid's height as last allocated (0 before): sizes the first screen before the
    /// viewport is known.
    private(set) var height = 0
    /// The tile size asked for (the zoom; change it with `setTarget`); `side` is what fills
    /// the row exactly.
    var target: Int
    private(set) var side: Int
    private(set) var columns = 0
    private var wasFull = false
    private var shownArrangement: Arrangement?
    /// The focused tile and an ongoing Shift+arrow sweep (ThumbnailGrid+Keys.swift).
    var focus = GridFocus()
    /// The grid's own actions ("grid.…"): its focus moves (ThumbnailGrid+Keys.swift).
    private(set) var keyActions: ActionMap!
    /// The tile a single click just toggled, which its double-click takes back.
    var toggledByFirstClick: AssetID?
    private var sweepGesture: GridDragSweep?
    /// Ctrl+scroll notches added up (ThumbnailGrid+Zoom.swift).
    var zoomScroll = 0.0

    /// Called once for each new tile, for behaviour beyond picking (drag out, context menu).
    var onTileSetup: (TileView) -> Void = { _ in }
    /// Double-click, or Alt+Return on the focused tile: show `id` large. Return is Done and
    /// Space picks, so the preview takes the key desktop file managers use for "open in
    /// place" rather than either.
    var onPreview: (AssetID) -> Void = { _ in }
    /// The Menu key or Shift+F10 on the focused tile: its context menu (right-click opens
    /// the same one from the tile's own gesture).
    var onContextMenu: (TileView) -> Void = { _ in }
    /// The zoom changed (Ctrl+plus/minus/0, Ctrl+scroll), for the toolbar's slider.
    var onZoomChange: (Int) -> Void = { _ in }
    /// Called once each, in the order added, the first time every tile on screen shows its
    /// thumbnail: the grid is the one owner of its loader's event; whoever else waits for it
    /// (the sidebar's covers, a test's hold) listens here.
    private var firstScreenListeners: [() -> Void] = []

    func onFirstScreen(_ listener: @escaping () -> Void) { firstScreenListeners.append(listener) }

    init(tileSize: Int = GridMetrics.defaultTarget) {
        target = tileSize
        side = tileSize
        loader = ThumbnailLoader(side: tileSize)
        // Made as locals (a subclass may not read its own properties before super.init).
        let list = KeyedList<GridRowView>(), pinned = PinnedGroupHeader()
        self.list = list
        self.pinned = pinned

        let listView = gtk_list_view_new(gtk_no_selection_new(list.modelForSelection()), list.factory)!
        addClass(listView, "photo-grid")

        let scrolled = gtk_scrolled_window_new()!
        // EXTERNAL, not NEVER: the rows' width must not become the window's minimum, or a
        // row laid out for a wider window would keep it from narrowing again.
        Gtk.ScrolledWindow(scrolled).setPolicy(GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
        Gtk.ScrolledWindow(scrolled).setChild(listView)
        gtk_widget_set_hexpand(scrolled, 1)
        gtk_widget_set_vexpand(scrolled, 1)
        // The grid's own focus model: GTK focus stays on `root`, never on the scroller or a
        // row, so Tab leaves the grid in one step (see `menuMayFocus` for the exception).
        gtk_widget_set_can_focus(scrolled, 0)

        // GTK 4 has no resize signal: the sizer reports each allocation, and the columns
        // follow the width.
        let sizer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        Gtk.Box(sizer).append(scrolled)

        let root = gtk_overlay_new()!
        addClass(root, "photo-grid-area")
        Gtk.Overlay(root).setChild(sizer)
        Gtk.Overlay(root).addOverlay(pinned.view.root)
        gtk_widget_set_focusable(root, 1)
        gtk_widget_set_hexpand(root, 1)
        gtk_widget_set_vexpand(root, 1)
        pp_accessible_set_label(root, tr("Photos and videos"))

        self.listView = listView
        self.scrolled = scrolled
        super.init(widget: root)

        track(onPointerSignal(listView, "notify::scale-factor") { [unowned self] _ in self.reflow(width: self.width) }, on: listView)
        list.itemsSelectable = false  // the grid's own focus and picking
        list.make = { [unowned self] in
            let view = GridRowView { [unowned self] side in self.makeTile(side) }
            view.header.onSelectGroup = { [unowned self] g in self.selectGroup(g) }
            return (view, view.root)
        }
        list.bind = { [unowned self] view, position in self.bind(view, at: position) }
        list.unbind = { [unowned self] view in self.release(view) }
        pinned.view.onSelectGroup = { [unowned self] g in self.selectGroup(g) }
        // Weakly: a decode started before the grid was destroyed may still arrive.
        loader.onDelivery = { [weak self] id, result in
            guard let self, self.isAttached else { return }
            for tile in self.bound[id] ?? [] where !tile.parked { tile.setThumbnail(result) }
        }
        loader.onFirstScreen = { [weak self] in self?.firstScreenShown() }
        reportAllocations(of: sizer) { [weak self] width, height in
            self?.height = height
            self?.allocated(width: width)
        }
        installFocusTracking()
        keyActions = ActionMap(widget: root, group: .grid)
        installKeys()
        installZoomScroll()
        sweepGesture = GridDragSweep(grid: self)
        ThumbnailViewport.attach(to: self)  // visible tiles first, then the next screens (Thumbnails/)
        TextureCensus.watch(self)  // with PHOTOPICK_TRACE=1 only
    }

    /// Reads the assets and the selection from `session`, and sends picks to it.
    func connect(_ session: PickerSession) {
        self.session = session
        wasFull = session.selection.isFull
    }

    // MARK: What is shown

    /// Shows `collection` (the session's, after every `.assets` change), keeping the focus
    /// on the same asset when it is still shown. Another album starts at the top; another
    /// filter, grouping, order or search keeps the focused tile in view. Files arriving or
    /// leaving (the scan, live changes) leave the scrolling alone.
    func show(_ collection: AssetCollection) {
        let focused = focus.id
        let arrangement = Arrangement(collection, search: session.searchText)
        let rearranged = arrangement != shownArrangement, newAlbum = arrangement.album != shownArrangement?.album
        shownArrangement = arrangement
        self.collection = collection
        wholeGroups.collectionChanged()
        focus.keySweep = nil
        keysFollowShown()
        relayout()
        if rearranged, Trace.isEnabled {
            // For the tests: the new rows and headers are laid out where a click finds them.
            afterNextFrame(of: listView) { Trace.mark("grid-arranged \(arrangement.grouping.name) \(arrangement.sort.rawValue)") }
        }
        if newAlbum {
            focus.placedByUser = false
            setFocus(0, scroll: true, upward: true)
        } else if rearranged {
            // The user's own change of view: the focused photo stays focused, and in view.
            let index = focused.flatMap { position(of: $0, near: focus.index) } ?? min(focus.index, max(0, collection.count - 1))
            setFocus(index, scroll: true, upward: true)
        } else {
            setFocus(focusAfterArrival(of: focused), scroll: false)
            if Trace.isEnabled { Trace.mark("grid-refocused \(focus.index) of \(collection.count)") }
        }
    }

    /// Where the focus goes when files arrive, leave or get their dates (the scan, live
    /// changes): never somewhere the user is not looking, since Space acts on it. Until the
    /// user moves it, it stays on the first tile. A focused photo that moves within the
    /// screen stays focused; one that moves off it (its real date put it hundreds of tiles
    /// away) leaves the focus at its place on the screen, on the tile now there.
    private func focusAfterArrival(of focused: AssetID?) -> Int {
        let place = min(focus.index, max(0, collection.count - 1))
        guard focus.placedByUser, let focused, let index = position(of: focused, near: focus.index) else { return place }
        // Not known where the screen is (it is moving to the focus): the photo keeps it.
        guard let screen = focus.onScreen else { return index }
        return screen.contains(index) || !screen.contains(place) ? index : place
    }

    /// Where `id` is shown, looked for first where it was: a scan batch or a live change
    /// mostly leaves the focused tile in place, and a search over a million ids is
    /// milliseconds on every batch.
    private func position(of id: AssetID, near guess: Int) -> Int? {
        let ids = collection.assetIDs
        if ids.indices.contains(guess), ids[guess] == id { return guess }
        return Trace.span("grid-find-focus") { ids.firstIndex(of: id) }
    }

    /// What decides how the collection is laid out, apart from its files.
    private struct Arrangement: Equatable {
        let album: AlbumID, grouping: AssetGrouping, filter: AssetFilter, sort: AssetSort, search: String
        init(_ c: AssetCollection, search: String) {
            (album, grouping, filter, sort) = (c.albumID, c.grouping, c.filter, c.sort)
            self.search = search
        }
    }

    var itemCount: Int { collection.count }

    /// Files that changed on disk: drop their thumbnails and load them again.
    func reload(_ ids: [AssetID]) {
        for id in ids {
            guard let asset = session.asset(id) else { continue }
            for tile in bound[id] ?? [] {
                bindTile(tile, asset)
                tile.setThumbnail(nil)  // until the new one comes
            }
            loader.reload(id, path: asset.path, mimeType: asset.mimeType)
        }
    }

    /// Picks changed: redraw those tiles (every tile when the maximum was reached or left,
    /// for the dimming) and the group headers' buttons.
    func refresh(_ ids: [AssetID]) {
        wholeGroups.picksChanged(ids, selection: session.selection)
        let full = session.selection.isFull
        // More changed than bound (select all at a million): the bound tiles are redrawn, not
        // every changed asset looked up (an asset made per id, only to find no tile for it).
        let redraw = full != wasFull || ids.count > bound.count ? Array(bound.keys) : ids
        if full && !wasFull, (session.selection.maximum ?? 0) > 1, let message = session.limitMessage {
            onNotice(message)
        }
        wasFull = full
        for id in redraw {
            guard let tiles = bound[id], let asset = session.asset(id) else { continue }
            for tile in tiles { updateTileState(tile, asset) }
        }
        for view in rowViews {
            if case .header(let g)? = view.row { view.header.setAllPicked(allPicked(g)) }
        }
        pinned.refresh { self.allPicked($0) }
    }

    /// The first moment every tile on screen shows its thumbnail (the loader's
    /// `visible-thumbnails`, its one judge): also traced as `first-screen-thumbnails`, with
    /// how much of the grid was made for it: tiles, and rows GTK bound (placeholders too).
    private func firstScreenShown() {
        Trace.mark("first-screen-thumbnails")
        let views = Array(rowViews)
        Trace.mark("grid-made \(views.reduce(0) { $0 + $1.tiles.count }) tiles \(views.count) rows")
        let listeners = firstScreenListeners
        firstScreenListeners = []
        for listener in listeners { listener() }
    }

    // MARK: Layout

    /// The sizer's allocation. It comes during size allocation, where the list must not
    /// change: reflow once the frame is done.
    private func allocated(width: Int) {
        guard width != self.width else { return }
        self.width = width
        // Weakly: the grid may be destroyed (its window closed) before the frame is done.
        MainQueueBridge.post { [weak self] in
            guard let self, self.isAttached else { return }
            self.reflow(width: self.width)
        }
    }

    /// Recomputes columns and tile side for `width`, and the rows when the columns change.
    func reflow(width: Int) {
        self.width = width
        guard let layout = GridMetrics.layout(width: width, target: target) else { return }
        // Thumbnails are made for the device pixels the tile covers (sharp at scale 2).
        loader.side = layout.side * max(1, Int(gtk_widget_get_scale_factor(listView)))
        if layout.side != side {
            side = layout.side
            for view in rowViews { view.resize(layout.side) }
        }
        guard layout.columns != columns else { return }
        columns = layout.columns
        relayout()
        scrollToFocus(upward: true)
    }

    /// Rebuilds the rows and tells the list which changed. A row is unchanged only at the
    /// same place with the same content (CollectionRowsChange), so it keeps its widget and a
    /// changed one is bound again. No key per row: at a million photos that was ~200,000
    /// strings on every scan batch.
    private func relayout() {
        guard columns > 0 else {
            laidOut = nil
            return list.update(count: 0, start: 0, removed: list.count, added: 0)
        }
        Trace.span("grid-relayout") {  // named in a stall (PHOTOPICK_TRACE=1)
            let new = CollectionRows(collection, columns: columns)
            let change = laidOut.map { CollectionRowsChange(from: rows, $0, to: new, collection) }
                ?? CollectionRowsChange(start: 0, removed: list.count, added: new.count)
            rows = new
            laidOut = collection
            list.update(count: new.count, start: change.start, removed: change.removed, added: change.added)
        }
    }

    // MARK: Factory

    private func makeTile(_ side: Int) -> TileView {
        let tile = TileView(size: side)
        let click = Gtk.ClickGesture(on: tile.root)
        click.onReleased { [unowned self, unowned tile] presses, _, _ in
            guard let id = tile.assetID else { return }
            self.clicked(id, index: tile.flatIndex, presses: presses, shift: click.modifiers.shift)
        }
        Gtk.ClickGesture(on: tile.root, button: GDK_BUTTON_SECONDARY, phase: GTK_PHASE_CAPTURE)
            .onPressed { [unowned self] _, _, _ in self.menuMayFocus(true) }
        onTileSetup(tile)
        return tile
    }

    private func bind(_ view: GridRowView, at position: Int) {
        Trace.span("bind-row") { bindRow(view, at: position) }  // named in a stall (PHOTOPICK_TRACE=1)
    }

    private func bindRow(_ view: GridRowView, at position: Int) {
        guard position < rows.count else { return }
        let row = rows.rows[position]
        switch row {
        case .header(let g):
            view.showHeader(row)
            let group = collection.groups[g]
            view.header.bind(group: g, title: group.title, count: group.count, allPicked: allPicked(g))
            gtk_widget_set_margin_top(view.root, position == 0 ? 0 : 8)
        case .tiles(_, let range):
            gtk_widget_set_margin_top(view.root, position == 0 ? Int32(GridMetrics.padding) : 0)
            if Self.bindsPlaceholder(range, near: nearTiles ?? openingNear()) {  // ThumbnailGrid+DistantTiles
                view.showPlaceholder(row, side: side)
                needViewportUpdate()
            } else {
                fill(view, row, range)
            }
        }
    }

    /// Makes and binds the tiles of a row of `range`; those far from the screen start parked.
    func fill(_ view: GridRowView, _ row: CollectionRows.Row, _ range: Range<Int>) {
        let tiles = view.showTiles(row, count: range.count, side: side)
        var parkedAny = false
        for (index, tile) in zip(range, tiles) {
            let id = collection.assetIDs[index]
            guard let asset = session.asset(id) else { continue }
            tile.flatIndex = index
            bound[id, default: []].append(tile)
            bindTile(tile, asset)
            if Self.bindsParked(index, near: nearTiles) {
                bindParked(tile)
                parkedAny = true
            } else {
                showNear(tile, asset)
            }
        }
        if parkedAny { needViewportUpdate() }
    }

    /// Shows `asset` in `tile`; its thumbnail is the caller's (near or parked).
    private func bindTile(_ tile: TileView, _ asset: Asset) {
        let selection = session.selection
        tile.bind(asset, pickIndex: selection.index(of: asset.id), singlePick: selection.maximum == 1,
                  dimmed: selection.isFull, focused: asset.id == focus.id)
    }

    private func updateTileState(_ tile: TileView, _ asset: Asset) {
        let selection = session.selection
        tile.setState(asset, pickIndex: selection.index(of: asset.id), singlePick: selection.maximum == 1,
                      dimmed: selection.isFull)
    }

    /// Lets go of the row's tiles: their thumbnail requests are withdrawn.
    private func release(_ view: GridRowView) {
        if case .tiles? = view.row {
            for tile in view.tiles {
                guard let id = tile.assetID else { continue }
                bound[id]?.removeAll { $0 === tile }
                if bound[id]?.isEmpty == true { bound[id] = nil }
                if !tile.parked { loader.withdraw(id) }  // a parked tile has withdrawn already
                tile.unbind()
            }
        }
        view.unbind()
    }

    /// True when every asset of group `g` is picked (its header offers to unpick).
    func allPicked(_ g: Int) -> Bool {
        wholeGroups.allPicked(g, in: collection, selection: session.selection)
    }
}
