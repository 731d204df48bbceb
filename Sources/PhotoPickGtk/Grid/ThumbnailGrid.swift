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
    var root: Gtk.Overlay { area }
    private let area: Gtk.Overlay
    let listView: Gtk.ListView
    /// The scrolled window, for the viewport that watches what it shows.
    var scrolled: Gtk.ScrolledWindow { scroller }
    private let scroller: Gtk.ScrolledWindow
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
    /// Which tiles are near enough to the viewport to hold a thumbnail (DistantTiles.swift).
    private var distant = DistantTiles()
    /// The flat indices whose tiles may hold a thumbnail; nil until the viewport is known.
    var nearTiles: ClosedRange<Int>? { distant.near }
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
    private(set) var target: Int
    private(set) var side: Int
    private(set) var columns = 0
    private var wasFull = false
    private var shownArrangement: Arrangement?
    /// The focused tile and an ongoing Shift+arrow sweep (GridFocus.swift). The viewport
    /// tells it what is on screen; the drag sweep ends a key sweep.
    var focus = GridFocus()
    /// The grid's own actions ("grid.…"): its focus moves (see Keys below).
    private(set) var keyActions: ActionMap!
    /// The tile a single click just toggled, which its double-click takes back.
    private var toggledByFirstClick: AssetID?
    private var sweepGesture: GridDragSweep?
    /// Ctrl+scroll notches added up into zoom steps.
    private var zoomScroll = ZoomScroll()

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

        let listView = list.listView(GTK_ORIENTATION_VERTICAL)
        addClass(listView, "photo-grid")

        let scroller = Gtk.ScrolledWindow()
        // EXTERNAL, not NEVER: the rows' width must not become the window's minimum, or a
        // row laid out for a wider window would keep it from narrowing again.
        scroller.setPolicy(GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
        scroller.setChild(listView)
        scroller.setHExpand(true)
        scroller.setVExpand(true)
        // The grid's own focus model: GTK focus stays on `root`, never on the scroller or a
        // row, so Tab leaves the grid in one step (see `menuMayFocus` for the exception).
        scroller.setCanFocus(false)

        // GTK 4 has no resize signal: the sizer reports each allocation, and the columns
        // follow the width.
        let sizer = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        sizer.append(scroller)

        let area = Gtk.Overlay()
        addClass(area, "photo-grid-area")
        area.setChild(sizer)
        area.addOverlay(pinned.view.root)
        area.setFocusable(true)
        area.setHExpand(true)
        area.setVExpand(true)
        pp_accessible_set_label(area.widget, tr("Photos and videos"))

        self.area = area
        self.listView = listView
        self.scroller = scroller
        super.init(widget: area.widget)

        track(onPointerSignal(listView.widget, "notify::scale-factor") { [unowned self] _ in self.reflow(width: self.width) },
              on: listView.widget)
        list.itemsSelectable = false  // the grid's own focus and picking
        list.make = { [unowned self] in
            let view = GridRowView { [unowned self] side in self.makeTile(side) }
            view.header.onSelectGroup = { [unowned self] g in self.selectGroup(g) }
            return (view, view.root.widget)
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
        reportAllocations(of: sizer.widget) { [weak self] width, height in
            self?.height = height
            self?.allocated(width: width)
        }
        installFocusTracking()
        keyActions = ActionMap(widget: root.widget, group: .grid)
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
        rebadgePairs()
        if rearranged, Trace.isEnabled {
            // For the tests: the new rows and headers are laid out where a click finds them.
            afterNextFrame(of: listView.widget) { Trace.mark("grid-arranged \(arrangement.grouping.name) \(arrangement.sort.rawValue)") }
        }
        if newAlbum {
            focus.placedByUser = false
            setFocus(0, scroll: true, upward: true)
        } else if rearranged {
            // The user's own change of view: the focused photo stays focused, and in view.
            let index = focused.flatMap { position(of: $0, near: focus.index) } ?? min(focus.index, max(0, collection.count - 1))
            setFocus(index, scroll: true, upward: true)
        } else {
            // Files arrived, left or got their dates: the focus stays where the user looks.
            setFocus(focus.afterArrival(count: collection.count) { position(of: $0, near: $1) }, scroll: false)
            if Trace.isEnabled { Trace.mark("grid-refocused \(focus.index) of \(collection.count)") }
        }
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
    private func reflow(width: Int) {
        self.width = width
        guard let layout = GridMetrics.layout(width: width, target: target) else { return }
        // Thumbnails are made for the device pixels the tile covers (sharp at scale 2).
        loader.side = layout.side * max(1, listView.scaleFactor)
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
        let click = Gtk.ClickGesture(on: tile.root.widget)
        click.onReleased { [unowned self, unowned tile] presses, _, _ in
            guard let id = tile.assetID else { return }
            self.clicked(id, index: tile.flatIndex, presses: presses, shift: click.modifiers.shift)
        }
        Gtk.ClickGesture(on: tile.root.widget, button: GDK_BUTTON_SECONDARY, phase: GTK_PHASE_CAPTURE)
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
            view.setTopMargin(position == 0 ? 0 : 8)
        case .tiles(_, let range):
            view.setTopMargin(position == 0 ? GridMetrics.padding : 0)
            if DistantTiles.bindsPlaceholder(range, near: distant.near ?? openingNear()) {
                view.showPlaceholder(row, side: side)
                needViewportUpdate()
            } else {
                fill(view, row, range)
            }
        }
    }

    /// Makes and binds the tiles of a row of `range`; those far from the screen start parked.
    private func fill(_ view: GridRowView, _ row: CollectionRows.Row, _ range: Range<Int>) {
        let tiles = view.showTiles(row, count: range.count, side: side)
        var parkedAny = false
        for (index, tile) in zip(range, tiles) {
            let id = collection.assetIDs[index]
            guard let asset = session.asset(id) else { continue }
            tile.flatIndex = index
            bound[id, default: []].append(tile)
            bindTile(tile, asset)
            if DistantTiles.bindsParked(index, near: distant.near) {
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
        tile.bind(asset, pair: pairKind(asset.id), pickIndex: selection.index(of: asset.id), singlePick: selection.maximum == 1,
                  dimmed: selection.isFull, focused: asset.id == focus.id)
    }

    /// A companion that arrived after its still (a later scan batch, a live change) pairs it
    /// without changing the still: its bound tiles take the badge (a screenful, not the library).
    private func rebadgePairs() {
        for (id, tiles) in bound {
            let kind = pairKind(id)
            guard tiles.contains(where: { $0.pair != kind }), let asset = session.asset(id) else { continue }
            for tile in tiles { bindTile(tile, asset) }
        }
    }

    /// The kind of pair `id` is the still of, for its badge (a companion shown alone has none).
    private func pairKind(_ id: AssetID) -> PairKind? {
        guard let pair = session.source.pair(of: id), pair.still == id else { return nil }
        return pair.kind
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

    // MARK: Focus

    // The grid's own keyboard focus (GridFocus): GTK's focus stays on `root`; the tile Space
    // acts on is drawn with the `focused` class while the grid has GTK's focus (`has-focus`).

    /// True while the keyboard focus is in the grid.
    var hasFocus: Bool { area.containsWindowFocus }

    /// The asset of the focused tile, while the grid has the keyboard focus.
    func focusedAsset(in window: Gtk.Window) -> AssetID? { hasFocus ? focus.id : nil }

    /// The focused tile's place in the shown assets.
    var focusedIndex: Int { focus.index }

    /// Gives the grid the keyboard focus, on the first tile.
    func focusFirst() {
        setFocus(0, scroll: true, upward: true)
        area.grabFocus()
    }

    /// Gives the grid the keyboard focus where its focus ring already is.
    func grabFocus() {
        area.grabFocus()
        scrollToFocus(upward: true)
    }

    /// Gives the grid the keyboard focus, leaving its focus ring and the scrolling alone (a
    /// drag's sweep moves both itself).
    func grabKeyboardFocus() { area.grabFocus() }

    /// Whether widgets inside the list may take the keyboard focus. Normally not (Tab would
    /// stop on the scroller); but a tile's context menu is a popover inside the list, and
    /// its items need the focus. A right-click allows it until the grid is used again.
    private func menuMayFocus(_ allowed: Bool) {
        guard scroller.canFocus != allowed else { return }
        scroller.setCanFocus(allowed)
    }

    /// Marks the grid while it has keyboard focus, so the focused tile's ring shows only then.
    private func installFocusTracking() {
        let focus = Gtk.FocusController(on: root.widget)
        track(focus.onEnter { [unowned self] in addClass(self.root, "has-focus") }, on: focus.object)
        track(focus.onLeave { [unowned self] in removeClass(self.root, "has-focus") }, on: focus.object)
    }

    /// The focus put on a photo on purpose (a key, a click, the window): from now on it
    /// follows that photo while it stays on screen.
    func userFocus(_ index: Int, scroll: Bool, upward: Bool = false) {
        focus.placedByUser = true
        setFocus(index, scroll: scroll, upward: upward)
    }

    /// Moves the focus ring to flat index `index`, scrolling it into view when asked.
    private func setFocus(_ index: Int, scroll: Bool, upward: Bool = false) {
        guard !collection.isEmpty else {
            focus.id = nil
            focus.index = 0
            return
        }
        let index = min(max(0, index), collection.count - 1)
        let id = collection.assetIDs[index]
        if id != focus.id {
            if let old = focus.id { bound[old]?.forEach { $0.setFocused(false) } }
            bound[id]?.forEach { $0.setFocused(true) }
        }
        focus.index = index
        focus.id = id
        if scroll {
            // The focused tile is on screen now, whatever the viewport saw last.
            if let screen = focus.onScreen, !screen.contains(index) { focus.onScreen = index...index }
            scrollToFocus(upward: upward)
        }
    }

    /// Scrolls the focused tile's row into view, as little as needed (with its group's header
    /// when moving up onto the group's first row).
    private func scrollToFocus(upward: Bool) {
        guard var row = rows.row(ofFlatIndex: focus.index) else { return }
        if upward, row > 0, case .header = rows.rows[row - 1] { row -= 1 }
        listView.scrollToItem(row)
    }

    // MARK: Keys

    // The grid's keys, bound from the command table (`Command.Place.grid`, KeyBindings) by a
    // shortcut controller on the grid that comes before its list's own keys and acts only while
    // the grid has the focus.
    //
    // The moves are the grid's own actions ("grid.…"): arrows, Home/End, Page Up/Down move the
    // focus, with Shift they pick the run they cross; they are off while nothing is shown, so
    // the keys then move GTK's focus as anywhere else. Space, Ctrl+G, Alt+Return and the Menu
    // key are the window's actions on the focused tile (PickerWindow+Actions). Zoom, Ctrl+A,
    // Shift+Ctrl+A, undo and redo are the window's too, with accelerators.

    /// Adds the moves to the grid's action group and binds the grid's keys.
    private func installKeys() {
        let moves: [(CommandName, CommandName, @MainActor () -> CollectionRows.Move)] = [
            (.focusLeft, .pickLeft, { .left }), (.focusRight, .pickRight, { .right }),
            (.focusUp, .pickUp, { .up }), (.focusDown, .pickDown, { .down }),
            (.focusFirst, .pickFirst, { .home }), (.focusLast, .pickLast, { .end }),
            (.focusPageUp, .pickPageUp, { [unowned self] in .pageUp(rows: self.rowsPerPage) }),
            (.focusPageDown, .pickPageDown, { [unowned self] in .pageDown(rows: self.rowsPerPage) }),
        ]
        for (plain, picking, move) in moves {
            keyActions.add(plain) { [unowned self] in self.move(move(), extend: false) }
            keyActions.add(picking) { [unowned self] in self.move(move(), extend: true) }
        }
        keyActions.setEnabled(keyActions.handled, false)  // nothing shown yet
        KeyBindings.bind(.grid, on: root)
        // A tile's context menu is a popover inside the list: once the focus is back on the
        // grid itself, the menu is closed and the list's widgets may not take it again.
        let focus = Gtk.FocusController(on: root.widget)
        track(focus.onIsFocus { [unowned self] in self.menuMayFocus(false) }, on: focus.object)
    }

    /// The moves act while there is something to move over.
    private func keysFollowShown() {
        keyActions.setEnabled(keyActions.handled, !collection.isEmpty)
    }

    /// Space: picks or unpicks the focused tile (ending a Shift+arrow sweep).
    func toggleFocused() {
        guard let id = focus.id else { return }
        focus.keySweep = nil
        toggle(id)
    }

    /// Ctrl+G: picks the focused tile's date group.
    func selectFocusedGroup() {
        guard focus.id != nil, let group = rows.group(ofFlatIndex: focus.index) else { return }
        selectGroup(group)
    }

    /// Alt+Return: the focused tile, large.
    func previewFocused() {
        guard let id = focus.id else { return }
        onPreview(id)
    }

    /// The Menu key or Shift+F10: the focused tile's context menu, as a right-click opens it.
    func openFocusedMenu() {
        guard let id = focus.id, let tile = bound[id]?.first else { return }
        menuMayFocus(true)
        onContextMenu(tile)
    }

    /// Tile rows in one screenful, for Page Up / Page Down.
    private var rowsPerPage: Int {
        let page = scroller.vadjustment.pageSize
        return max(1, Int(page) / max(1, side + GridMetrics.gap))
    }

    /// Moves the focus; with Shift, sweeps from where the Shift+moves began to the new focus.
    private func move(_ move: CollectionRows.Move, extend: Bool) {
        guard let from = focus.id else { return }
        let to = rows.index(from: focus.index, move)
        let upward: Bool
        switch move {
        case .left, .up, .home, .pageUp: upward = true
        default: upward = false
        }
        guard extend else {
            focus.keySweep = nil
            return userFocus(to, scroll: true, upward: upward)
        }
        if focus.keySweep == nil { focus.keySweep = session.beginSweep(at: from, picking: true) }
        userFocus(to, scroll: true, upward: upward)
        guard var sweep = focus.keySweep, let id = focus.id else { return }
        session.continueSweep(&sweep, to: id)
        focus.keySweep = sweep
        noticeIfRefused(id)
    }

    // MARK: Intents

    // What clicks and keys on the grid ask of the session. Picking logic stays in the
    // session; here only which intent, and the notice when the maximum refused a pick.

    /// A click on a tile: toggles it, Shift extends the range from the last toggled tile,
    /// and a double-click opens the preview, taking back its first click's toggle.
    private func clicked(_ id: AssetID, index: Int, presses: Int, shift: Bool) {
        focus.keySweep = nil
        menuMayFocus(false)
        area.grabFocus()
        userFocus(index, scroll: false)
        if presses >= 2 {
            // The first click toggled it: take that back, picks and order as they were (a
            // first click that changed nothing, Shift's or a refused one, is not undone).
            if toggledByFirstClick == id { session.withdrawToggle(of: id) }
            toggledByFirstClick = nil
            if presses == 2 { onPreview(id) }
        } else if shift {
            toggledByFirstClick = nil
            session.extendSelection(to: id)
            noticeIfRefused(id)
        } else {
            toggledByFirstClick = toggle(id) ? id : nil
        }
    }

    @discardableResult
    private func toggle(_ id: AssetID) -> Bool {
        let changed = session.toggle(id)
        noticeIfRefused(id)
        return changed
    }

    private func selectGroup(_ g: Int) {
        session.selectGroup(g)
        if collection.groups.indices.contains(g), let refused = collection.groups[g].assetIDs.first(where: { !session.selection.contains($0) }) {
            noticeIfRefused(refused)
        }
    }

    /// Ctrl+A: everything shown, up to the maximum.
    func selectAll() {
        session.selectAll()
        if let refused = collection.assetIDs.first(where: { !session.selection.contains($0) }) { noticeIfRefused(refused) }
    }

    /// When `wanted` is still unpicked because the selection is full, says why.
    func noticeIfRefused(_ wanted: AssetID) {
        guard session.selection.isFull, !session.selection.contains(wanted), let message = session.limitMessage else { return }
        onNotice(message)
    }

    // MARK: Pointer

    // Geometry for the pointer: which tile is under a point, and scrolling by pixels (the
    // drag's auto-scroll).

    /// Scrolls the list by `delta` pixels (the drag's auto-scroll).
    func scroll(by delta: Double) {
        let v = scroller.vadjustment
        let top = v.upper - v.pageSize
        v.setValue(min(max(v.lower, v.value + delta), top))
    }

    /// The flat index of the tile at (`x`, `y`) in list coordinates; nil over a header or a gap.
    func tileIndex(x: Double, y: Double) -> Int? {
        for view in rowViews {
            guard case .tiles(_, let range)? = view.row, view.isMapped,
                  let bounds = view.bounds(in: listView), y >= bounds.y, y < bounds.y + bounds.height else { continue }
            return range.lowerBound + view.column(atX: x, relativeTo: listView, shown: range.count)
        }
        return nil
    }

    // MARK: Zoom

    /// Sets the tile size asked for (the slider, Ctrl+plus/minus/0, Ctrl+scroll); `reflow`
    /// turns it into columns that fill the width.
    func setTarget(_ size: Int) {
        let size = min(max(GridMetrics.minTarget, size), GridMetrics.maxTarget)
        guard size != target else { return }
        target = size
        reflow(width: width)
        onZoomChange(size)
    }

    func zoom(by direction: Int) { setTarget(GridMetrics.zoom(target, by: direction)) }

    /// Ctrl+scroll zooms; plain scrolling scrolls.
    private func installZoomScroll() {
        let scroll = Gtk.ScrollController(on: scroller.widget, phase: GTK_PHASE_CAPTURE)
        scroll.onScroll { [unowned self] _, dy in
            guard scroll.modifiers.control else { return false }
            if let step = self.zoomScroll.add(dy) { self.zoom(by: step) }
            return true
        }
    }

    // MARK: Distant tiles

    // Tiles far from the viewport let go of their thumbnails, and rows of them are placeholders
    // (DistantTiles.swift says why and decides which); here they are parked and brought back.

    /// Parks the bound tiles outside the range near `visible`, and brings back those inside;
    /// placeholder rows that came near get their tiles. An unknown viewport (nothing placed
    /// yet) changes nothing.
    func parkDistantTiles(visible: [Int]) {
        guard let near = distant.seen(visible: visible) else { return }
        for view in rowViews where view.isPlaceholder {
            if let row = view.row, case .tiles(_, let range) = row, !DistantTiles.bindsPlaceholder(range, near: near) {
                fill(view, row, range)
            }
        }
        for (id, tiles) in bound {
            for tile in tiles where near.contains(tile.flatIndex) == tile.parked {
                tile.parked ? unpark(tile, id) : park(tile, id)
            }
        }
    }

    /// The near range of a first screen at the top, before any viewport was seen.
    private func openingNear() -> ClosedRange<Int>? {
        DistantTiles.openingNear(height: height, side: side, columns: columns)
    }

    /// Whether any row is bound (with its tiles or as a placeholder).
    var hasBoundRows: Bool { !bound.isEmpty || rowViews.contains { $0.isPlaceholder && $0.row != nil } }

    /// Bound parked tiles wait for a viewport update: make sure one comes.
    private func needViewportUpdate() {
        loader.onRequestsChanged?()
    }

    // A bound tile is parked or near by these three alone (unbinding resets the tile).

    /// A tile bound far from the screen: it shows nothing and asks for nothing.
    private func bindParked(_ tile: TileView) {
        tile.parked = true
        tile.setThumbnail(nil)
    }

    /// A tile near the screen: the best thumbnail so far, and a request for the rest.
    private func showNear(_ tile: TileView, _ asset: Asset) {
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
