import CGtk
import PhotoPickCore
import PhotoPickSystem

/// What the chooser contract adds to the window (issue 4): the named-filter drop-down, the
/// choices bar, Copy to the clipboard with a short notice, opening a file with the default
/// application, and dragging files out of the grid. Thin: the state lives in the session
/// and in `ChooserControls`.
@MainActor
final class ChooserChrome {
    private let window: Gtk.Window
    private let session: PickerSession
    private let controls: ChooserControls
    private let toasts: ToastOverlay
    /// How many times Copy put files on the clipboard.
    private(set) var copies = 0

    /// The caller's named filters ("Image Files", "All Files"), when it sent any: the one
    /// filter drop-down the window shows (the toolbar puts it where its own Show would be).
    let filterDropDown: Gtk.DropDown?

    init(window: Gtk.Window, session: PickerSession, controls: ChooserControls, toasts: ToastOverlay) {
        self.window = window
        self.toasts = toasts
        self.session = session
        self.controls = controls

        if !controls.filters.isEmpty {
            let filters = DropDown.make(controls.filters.map(\.name), selected: controls.currentFilter ?? 0) { [unowned controls] in
                controls.selectFilter($0)
            }
            filters.setTooltip(tr("Which files to show"))
            PlaceTrace.name(filters, "button filter")
            pp_accessible_set_label(filters.widget, tr("Which files to show"))
            filterDropDown = filters
        } else {
            filterDropDown = nil
        }
        controls.onFilterChange = { [unowned session, unowned controls] in session.setNamedFilter(controls.activeFilter) }
    }

    /// The window's content: `content` with the choices below.
    func wrap(_ content: some WidgetHandle) -> any WidgetHandle {
        guard let choices = ChoicesBar.make(controls) else { return content }
        let box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        content.setVExpand(true)
        box.append(content)
        box.append(choices)
        return box
    }

    // MARK: Actions

    /// Copy mode's accept: the picked files go on the clipboard; the window stays open to serve it.
    func copy(_ assets: [Asset]) {
        guard FileTransfer.copy(assets.map(\.path), from: window) else { return notify(tr("Could not copy")) }
        copies += 1
        notify(trn("Copied %s file", "Copied %s files", assets.count, HumanFormat.count(assets.count)))
    }

    func open(_ asset: Asset) {
        if let problem = DefaultApplication.open(asset.path, from: window) {
            notify(tr("Cannot open %1$s: %2$s", asset.name, problem))
        }
    }

    /// What a drag or a context-menu copy of `id` carries: the whole selection when `id` is
    /// picked, else `id` alone.
    func transferAssets(for id: AssetID) -> [Asset] {
        session.selection.contains(id) ? session.result : session.asset(id).map { [$0] } ?? []
    }

    func notify(_ text: String) { toasts.show(text) }

    // MARK: Tiles

    /// Lets `tile` be dragged out (as files) and gives it a context menu.
    func attach(to tile: TileView) {
        let drag = Gtk.DragSource(copyingFrom: tile.root.widget)
        drag.onPrepare { [unowned self, unowned tile] _, _ in
            guard let id = tile.assetID else { return nil }
            drag.setIcon(snapshotOf: tile.root.widget, hotX: 16, hotY: 16)
            return FileTransfer.provider(for: self.transferAssets(for: id).map(\.path))
        }

        Gtk.ClickGesture(on: tile.root.widget, button: GDK_BUTTON_SECONDARY).onPressed { [unowned self, unowned tile] _, x, y in
            if let id = tile.assetID { self.showMenu(for: id, on: tile.root, x: x, y: y) }
        }
    }

    /// The context menu of `tile`, pointing at its middle (opened from the keyboard).
    func showMenu(on tile: TileView) {
        guard let id = tile.assetID else { return }
        let shown = tile.root
        showMenu(for: id, on: tile.root, x: Double(shown.width) / 2, y: Double(shown.height) / 2)
    }

    private func showMenu(for id: AssetID, on parent: some WidgetHandle, x: Double, y: Double) {
        guard session.asset(id) != nil else { return }
        let popover = Gtk.Popover()
        let box = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        // Buttons rather than a GtkPopoverMenu: the first item has the keyboard focus as the
        // menu opens, so Return opens the file. Each names its window action and the item.
        func item(_ title: String, _ action: CommandName) {
            let button = Gtk.Button(mnemonic: title)
            addClass(button, "flat")
            Gtk.AnyWidget(button.child ?? button.widget).setHAlign(GTK_ALIGN_START)
            button.actionable.setAction(action, target: id.rawValue)
            onSignal(button.widget, "clicked") { popover.popdown() }
            box.append(button)
        }
        let transfer = transferAssets(for: id)
        item(tr("_Open"), .openItem)
        item(transfer.count > 1 ? trn("_Copy %s File", "_Copy %s Files", transfer.count, HumanFormat.count(transfer.count)) : tr("_Copy"), .copyItems)
        popover.setChild(box)
        popover.setParent(parent)
        QuietTooltips.whileOpen(popover.widget, owner: parent.widget)
        popover.point(at: Int32(x), Int32(y))
        // Safe: the widget pointer is used only on the main thread: the "closed" handler runs
        // there, and `post` runs its work on the main actor.
        nonisolated(unsafe) let closing = popover.widget
        onSignal(popover.widget, "closed") {
            // Unparent (and so destroy) after the signal has run its course; the buttons'
            // handlers go with their widgets, so each menu is made anew.
            MainQueueBridge.post { Gtk.AnyWidget(closing).unparent() }
        }
        popover.popup()
        // Traced for the GUI tests, which send the menu's keys once it is on screen.
        if Trace.isEnabled { afterNextFrame(of: popover.widget) { Trace.mark("menu photo shown") } }
    }
}
