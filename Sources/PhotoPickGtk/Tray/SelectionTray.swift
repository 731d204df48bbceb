import CGtk
import PhotoPickCore

/// The picked assets in pick order, as a strip of small thumbnails. A click removes one;
/// dragging one along the strip moves it (the result follows). One drag gesture on the strip
/// does both: a press that does not travel past the drag threshold is a click. Plain pointer
/// events, so it works the same with a mouse, a touchpad and xdotool under Xvfb.
/// A `WidgetView` of its scroller: it lives as long as the strip, and its handlers go with it.
@MainActor
final class SelectionTray: WidgetView {
    /// More picks than this are summed up as "+N" (a Select All of 100,000 photos should not
    /// build 100,000 widgets); reordering is for the first ones.
    static let maximumShown = 200

    var scroller: Widget { widget }
    private let strip: Gtk.Box
    private let more: Gtk.Label
    private let thumbnails: SmallThumbnails
    private var items: [TrayItem] = []
    private var byID: [AssetID: TrayItem] = [:]
    private var drag: (item: TrayItem, from: Int, startX: Double, active: Bool)?
    private var dropSlot: Int?

    var asset: (AssetID) -> Asset? = { _ in nil }
    var onRemove: (AssetID) -> Void = { _ in }
    /// False for a pick the filters in effect hide (it is dimmed).
    var passesFilters: (AssetID) -> Bool = { _ in true }
    /// The item moved to `slot`: a gap between items, 0 before the first, `count` after the last.
    var onMove: (AssetID, Int) -> Void = { _, _ in }

    init(thumbnails: SmallThumbnails) {
        self.thumbnails = thumbnails
        let strip = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        self.strip = strip
        addClass(strip.widget, "tray")
        let more = Gtk.Label(classes: ["tray-more", "dim-label", "numeric"])
        self.more = more
        gtk_widget_set_visible(more.widget, 0)
        strip.append(more.widget)
        let scrolled = Gtk.ScrolledWindow()
        scrolled.setPolicy(GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        scrolled.setChild(strip.widget)
        gtk_widget_set_hexpand(scrolled.widget, 1)
        gtk_widget_set_size_request(scrolled.widget, -1, TrayItem.side + 12)
        makeSingleTabStop(scrolled.widget)  // one Tab stop, Left and Right move between the picks
        super.init(widget: scrolled.widget)

        let gesture = gtk_gesture_drag_new()!
        track(onPointSignal(gesture, "drag-begin") { [unowned self] x, _ in self.begin(at: x) }, on: gesture)
        track(onPointSignal(gesture, "drag-update") { [unowned self] dx, dy in self.update(dx: dx, dy: dy) }, on: gesture)
        track(onPointSignal(gesture, "drag-end") { [unowned self] dx, dy in self.end(dx: dx, dy: dy) }, on: gesture)
        gtk_widget_add_controller(strip.widget, gesture)
    }

    /// Shows `ids` (pick order), reusing the items that stay. Items are moved in place rather
    /// than removed and added again: the box holds the only reference to a widget.
    func show(_ ids: [AssetID]) {
        let visible = Array(ids.prefix(Self.maximumShown))
        let keep = Set(visible)
        for item in items where !keep.contains(item.id) {
            if let ticket = item.ticket { thumbnails.cancel(ticket) }
            byID[item.id] = nil
            strip.remove(item.root)
        }
        items = visible.compactMap { id in
            if let item = byID[id] { return item }
            guard let asset = asset(id) else { return nil }
            let item = TrayItem(id: id, name: asset.name)
            byID[id] = item
            onKeys(item)
            strip.append(item.root)
            item.ticket = thumbnails.request(asset, scale: Int(gtk_widget_get_scale_factor(strip.widget))) { [weak item] in
                item?.setThumbnail($0)
            }
            return item
        }
        var previous: Widget?
        for item in items {
            item.setFilteredOut(!passesFilters(item.id))
            strip.reorder(item.root, after: previous)
            previous = item.root
        }
        strip.reorder(more.widget, after: previous)
        let hidden = ids.count - visible.count
        more.setText("+\(HumanFormat.count(hidden))")
        gtk_widget_set_visible(more.widget, hidden > 0 ? 1 : 0)
    }

    // MARK: Pointer: click removes, drag reorders

    private static let threshold = 8.0

    private func begin(at x: Double) {
        guard let index = index(at: x) else { drag = nil; return }
        drag = (items[index], index, x, false)
    }

    private func update(dx: Double, dy: Double) {
        guard var d = drag else { return }
        if !d.active {
            guard abs(dx) > Self.threshold || abs(dy) > Self.threshold else { return }
            d.active = true
            addClass(d.item.root, "dragging")
        }
        drag = d
        setDropSlot(slot(at: d.startX + dx))
    }

    private func end(dx: Double, dy: Double) {
        guard let d = drag else { return }
        drag = nil
        setDropSlot(nil)
        removeClass(d.item.root, "dragging")
        if d.active {
            onMove(d.item.id, slot(at: d.startX + dx))
        } else if abs(dx) <= Self.threshold && abs(dy) <= Self.threshold {
            onRemove(d.item.id)
        }
    }

    /// The item under `x` (strip coordinates).
    private func index(at x: Double) -> Int? {
        items.indices.first { i in
            let (left, width) = bounds(items[i].root)
            return x >= left && x < left + width
        }
    }

    /// The gap nearest `x`: the number of items whose middle is left of it.
    private func slot(at x: Double) -> Int {
        items.prefix { item in
            let (left, width) = bounds(item.root)
            return left + width / 2 < x
        }.count
    }

    private func bounds(_ w: Widget) -> (Double, Double) {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(w, strip.widget, &rect) != 0 else { return (0, 0) }
        return (Double(rect.origin.x), Double(rect.size.width))
    }

    /// The insertion mark: a bar before the item at `slot`, or after the last.
    private func setDropSlot(_ slot: Int?) {
        guard slot != dropSlot else { return }
        for item in items {
            removeClass(item.root, "drop-before")
            removeClass(item.root, "drop-after")
        }
        dropSlot = slot
        guard let slot, !items.isEmpty else { return }
        if slot < items.count { addClass(items[slot].root, "drop-before") } else { addClass(items[items.count - 1].root, "drop-after") }
    }

    // MARK: Keys: Delete removes, Ctrl+Left/Right move

    private func onKeys(_ item: TrayItem) {
        // Not tracked: the controller goes with the item's widget, a child of the strip.
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { [unowned self, unowned item] key in
            guard let index = self.items.firstIndex(where: { $0 === item }) else { return false }
            switch Int32(key.keyval) {
            case GDK_KEY_Delete, GDK_KEY_BackSpace:
                self.onRemove(item.id)
            case GDK_KEY_Left where key.control && index > 0:
                self.onMove(item.id, index - 1)
                gtk_widget_grab_focus(item.root)
            case GDK_KEY_Right where key.control && index + 1 < self.items.count:
                self.onMove(item.id, index + 2)
                gtk_widget_grab_focus(item.root)
            default:
                return false
            }
            return true
        }
        gtk_widget_add_controller(item.root, keys)
    }
}
