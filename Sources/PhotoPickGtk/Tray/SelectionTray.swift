import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The picked assets in pick order, as a strip of small thumbnails. A click removes one;
/// dragging one along the strip moves it (the result follows). One drag gesture on the strip
/// does both: a press that does not travel past the drag threshold is a click. Plain pointer
/// events, so it works the same with a mouse, a touchpad and xdotool under Xvfb.
///
/// A horizontal GtkListView on the window's one list adapter (`KeyedList`), keyed by asset
/// id: only the picks in view have widgets, and a row keeps its pick while others come and go.
/// A `WidgetView` of its box: it lives as long as the strip, and its handlers go with it.
@MainActor
final class SelectionTray: WidgetView {
    /// More picks than this are summed up as "+N": reordering is for the first ones.
    static let maximumShown = 200

    private let list: Gtk.ListView
    private let scrolled = Gtk.ScrolledWindow()
    private let more: Gtk.Label
    private let rows = KeyedList<TrayItem>()
    private let thumbnails: SmallThumbnails
    /// The picks shown, in order: the list's keys.
    private var shown: [AssetID] = []
    private var drag: (item: TrayItem, id: AssetID, startX: Double, active: Bool)?
    private var dropSlot: Int?
    /// A pick the keyboard focus goes to as soon as its row is bound (after a move or a removal).
    private var focusPending: AssetID?
    /// Whether the strip keeps its end (the newest pick) in view as the list grows.
    private var followingNewest = false

    var asset: (AssetID) -> Asset? = { _ in nil }
    var onRemove: (AssetID) -> Void = { _ in }
    /// False for a pick the filters in effect hide (it is dimmed).
    var passesFilters: (AssetID) -> Bool = { _ in true }
    /// The item moved to `slot`: a gap between items, 0 before the first, `count` after the last.
    var onMove: (AssetID, Int) -> Void = { _, _ in }

    init(thumbnails: SmallThumbnails) {
        self.thumbnails = thumbnails
        rows.itemsSelectable = false
        list = rows.listView(GTK_ORIENTATION_HORIZONTAL)
        addClass(list, "tray")
        pp_accessible_set_label(list.widget, tr("Picked files"))
        scrolled.setPolicy(GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        scrolled.setChild(list)
        scrolled.setHExpand(true)
        scrolled.setSizeRequest(height: TrayItem.side + 12)
        let more = Gtk.Label(classes: ["tray-more", "dim-label", "numeric"])
        self.more = more
        more.setVisible(false)
        let box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        box.append(scrolled)
        box.append(more)
        box.setHExpand(true)
        super.init(widget: box.widget)
        makeSingleTabStop(scrolled.widget)  // one Tab stop, Left and Right move between the picks

        rows.make = { [unowned self] in
            let item = TrayItem()
            self.listenToKeys(item)
            return (item, item.root.widget)
        }
        rows.bind = { [unowned self] item, position in self.bind(item, at: position) }
        rows.unbind = { [unowned self] item in item.release(self.thumbnails) }

        let gesture = Gtk.DragGesture(on: list.widget)
        track(gesture.onBegin { [unowned self] x, _ in self.begin(at: x) }, on: gesture.object)
        track(gesture.onUpdate { [unowned self] dx, dy in self.update(dx: dx, dy: dy) }, on: gesture.object)
        track(gesture.onEnd { [unowned self] dx, dy in self.end(dx: dx, dy: dy) }, on: gesture.object)
        followNewest()
    }

    /// Shows `ids` (pick order). Only the range that changed is rebuilt: the other rows keep
    /// their widgets, thumbnails and focus.
    func show(_ ids: [AssetID]) {
        let visible = Array(ids.prefix(Self.maximumShown)).filter { asset($0) != nil }
        // A pick added at the end (the usual case) scrolls the strip to it.
        followingNewest = visible.last != nil && visible.last != shown.last && !shown.contains(visible.last!)
        shown = visible
        rows.update(visible.map { "\($0)" })
        for item in rows.rows {
            if let id = item.id { item.setFilteredOut(!passesFilters(id)) }
        }
        let hidden = ids.count - min(ids.count, Self.maximumShown)
        more.setText("+\(HumanFormat.count(hidden))")
        more.setVisible(hidden > 0)
        if followingNewest { scrollToNewest() }
        if let id = focusPending { focus(id) }
    }

    private func bind(_ item: TrayItem, at position: Int) {
        guard shown.indices.contains(position), let asset = asset(shown[position]) else { return }
        item.show(asset, thumbnails: thumbnails)
        item.setFilteredOut(!passesFilters(asset.id))
        if focusPending == asset.id {
            // Not while GTK is binding: once this round of list changes is done.
            MainQueueBridge.post { [weak self] in
                guard let self, self.isAttached, let id = self.focusPending else { return }
                self.focus(id)
            }
        }
    }

    /// Gives the keyboard focus to the row showing `id`, or to it once it is bound.
    private func focus(_ id: AssetID) {
        guard shown.contains(id) else { focusPending = nil; return }
        guard let item = rows.rows.first(where: { $0.id == id }) else { focusPending = id; return }
        focusPending = nil
        item.overlay.grabFocus()
        // GTK 4.18's list view, rebuilding the rows a move changed, puts the focus back on a row
        // of its own choosing once this has run (Ctrl+Right to the end left it on the first
        // pick). Once that frame is drawn, the pick takes the focus back, unless the user has
        // taken the focus out of the tray meanwhile.
        afterNextFrame(of: list.widget) { [weak self] in self?.keepFocus(on: id) }
    }

    private func keepFocus(on id: AssetID) {
        guard isAttached, list.holdsFocusChild,
              let item = rows.rows.first(where: { $0.id == id }), !item.overlay.hasFocus else { return }
        item.overlay.grabFocus()
    }

    // MARK: Scrolling: the newest pick in view

    /// GTK 4.8 has no `gtk_list_view_scroll_to`, but every item is as wide as the next: the
    /// strip's end is where the newest pick is. The list learns its new width in its size
    /// allocation, which then sets the adjustment from its own anchor, so the end is asked
    /// for again once that is done. The user's own scrolling stops the following.
    private func followNewest() {
        let adjustment = scrolled.hadjustment
        connect(adjustment, "changed") { [weak self] in
            guard self?.followingNewest == true else { return }
            MainQueueBridge.post { [weak self] in
                guard let self, self.isAttached else { return }
                self.scrollToNewest()
            }
        }
        Gtk.ScrollController(on: scrolled.widget, axes: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES, phase: GTK_PHASE_CAPTURE).onScroll { [unowned self] _, _ in
            self.followingNewest = false
            return false
        }
    }

    private func scrollToNewest() {
        guard followingNewest else { return }
        let adjustment = scrolled.hadjustment
        let end = adjustment.upper - adjustment.pageSize
        guard end > adjustment.value else { return }
        adjustment.setValue(end)
        if Trace.isEnabled {
            // For the tests: once drawn, if the end is still in view (the list may have grown
            // meanwhile, and is then followed again).
            afterNextFrame(of: list.widget) { [weak self] in
                guard let self, self.isAttached else { return }
                if adjustment.value + adjustment.pageSize >= adjustment.upper - 0.5 { Trace.mark("tray-end-in-view \(self.shown.count)") }
            }
        }
    }

    // MARK: Pointer: click removes, drag reorders

    private static let threshold = 8.0

    private func begin(at x: Double) {
        guard let item = item(at: x), let id = item.id else { drag = nil; return }
        drag = (item, id, x, false)
    }

    private func update(dx: Double, dy: Double) {
        guard var d = drag else { return }
        if !d.active {
            guard abs(dx) > Self.threshold || abs(dy) > Self.threshold else { return }
            d.active = true
            addClass(d.item.root, "dragging")
        }
        drag = d
        let bound = rowsInView
        setDropSlot(slot(at: d.startX + dx, among: bound), among: bound)
    }

    private func end(dx: Double, dy: Double) {
        guard let d = drag else { return }
        drag = nil
        setDropSlot(nil, among: [])
        removeClass(d.item.root, "dragging")
        if d.active {
            onMove(d.id, slot(at: d.startX + dx, among: rowsInView))
        } else if abs(dx) <= Self.threshold && abs(dy) <= Self.threshold {
            onRemove(d.id)
        }
    }

    /// The rows in view, in pick order, with their places. Rows scrolled out of view stay
    /// bound but unmapped, keeping the allocation they had: they are left out.
    private var rowsInView: [(index: Int, item: TrayItem)] {
        let places = Dictionary(shown.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return rows.rows.compactMap { item in
            guard item.overlay.isMapped else { return nil }
            return item.id.flatMap { places[$0] }.map { ($0, item) }
        }.sorted { $0.index < $1.index }
    }

    /// The item under `x` (list coordinates).
    private func item(at x: Double) -> TrayItem? {
        rowsInView.first { _, item in
            let (left, width) = bounds(item)
            return x >= left && x < left + width
        }?.item
    }

    /// The gap nearest `x`: the number of items whose middle is left of it. Only the rows in
    /// view count (`bound`, from rowsInView); those before them are left of anything the
    /// pointer can reach.
    private func slot(at x: Double, among bound: [(index: Int, item: TrayItem)]) -> Int {
        guard let first = bound.first else { return 0 }
        let left = bound.filter { _, item in
            let (l, width) = bounds(item)
            return l + width / 2 < x
        }
        return left.last.map { $0.index + 1 } ?? first.index
    }

    /// Where `item` is along the list: its left edge and width (0, 0 when it cannot say).
    private func bounds(_ item: TrayItem) -> (Double, Double) {
        guard let rect = item.overlay.bounds(in: list.widget) else { return (0, 0) }
        return (rect.x, rect.width)
    }

    /// The insertion mark: a bar before the item at `slot`, or after the last (of `bound`,
    /// the rows in view).
    private func setDropSlot(_ slot: Int?, among bound: [(index: Int, item: TrayItem)]) {
        guard slot != dropSlot else { return }
        for item in rows.rows {
            removeClass(item.root, "drop-before")
            removeClass(item.root, "drop-after")
        }
        dropSlot = slot
        guard let slot, !shown.isEmpty else { return }
        if slot < shown.count {
            if let item = bound.first(where: { $0.index == slot })?.item { addClass(item.root, "drop-before") }
        } else if let item = bound.first(where: { $0.index == shown.count - 1 })?.item {
            addClass(item.root, "drop-after")
        }
    }

    // MARK: Keys: Delete removes, Ctrl+Left/Right move, the focus follows

    private func listenToKeys(_ item: TrayItem) {
        // Not tracked: the controller goes with the item's widget, which the list owns.
        KeyBindings.bind(KeyHelp.all, on: item.root) { [unowned self, unowned item] key in
            guard let id = item.id, let index = self.shown.firstIndex(of: id) else { return false }
            switch key {
            case .unpick:
                // The focus goes to the next pick (the one before, at the end).
                let next = index + 1 < self.shown.count ? index + 1 : index - 1
                self.focusPending = self.shown.indices.contains(next) ? self.shown[next] : nil
                self.onRemove(id)
            case .earlier:
                guard index > 0 else { return false }
                Trace.mark("tray-move \(index) to \(index - 1)")
                self.focusPending = id
                self.onMove(id, index - 1)
            case .later:
                guard index + 1 < self.shown.count else { return false }
                Trace.mark("tray-move \(index) to \(index + 1)")
                self.focusPending = id
                self.onMove(id, index + 2)
            }
            return true
        }
        traceFocus(item)
    }

    /// With tracing on, `tray-focus <place> of <count>` whenever a pick gets the keyboard
    /// focus, so a test can wait for the focus to arrive where it expects.
    private func traceFocus(_ item: TrayItem) {
        guard Trace.isEnabled else { return }
        let focus = Gtk.FocusController(on: item.root.widget)
        _ = focus.onEnter { [unowned self, unowned item] in
            guard let id = item.id, let index = self.shown.firstIndex(of: id) else { return }
            Trace.mark("tray-focus \(index) of \(self.shown.count)")
        }
    }
}
