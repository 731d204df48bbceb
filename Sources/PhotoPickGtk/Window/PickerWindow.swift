import CGtk
import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import PhotoPickOpen

/// The picker window: header bar with Cancel, the title (and the scan's progress), the main
/// menu and the accept button; the album sidebar, which folds away on a narrow window; the
/// grid with its toolbar, the states shown over it (looking, empty, unreadable) and the
/// selection bar below it; the preview over all of it. It renders the session and forwards
/// intents to it; its commands are actions (PickerWindow+Actions.swift).
///
/// A `WidgetView` of its GtkApplicationWindow: the window keeps it, and its handlers go when
/// the window is destroyed, so a window can be closed and another one made.
@MainActor
final class PickerWindow: WidgetView {
    var window: Gtk.Window { gtkWindow }
    private let gtkWindow: Gtk.Window
    let session: PickerSession
    /// Small thumbnails for the sidebar's covers, the tray and the preview's first frame.
    private let thumbnails: SmallThumbnails
    private let sidebar: AlbumSidebar
    let grid: ThumbnailGrid
    /// [grid] Search, filter, group and sort, tile size: the bar above the grid.
    private(set) var toolbar: ViewToolbar!
    private let acceptButton: Gtk.Button
    /// The window's actions ("win.…"), each added by its `CommandName` (PickerWindow+Actions).
    let actions: ActionMap
    /// The sidebar beside the grid, or over it on a narrow window.
    let sidebarFold: SidebarFold
    private let sidebarButton: Gtk.Button
    private let cancelButton: Gtk.AnyWidget
    private let header: Gtk.HeaderBar
    private let title: WindowTitle
    private let selectionBar: SelectionBar
    let preview: PreviewView
    private let status: StatusPage
    private let banner: ProblemBanner
    private let progress: ScanProgress
    /// "browse" (sidebar and grid) or "preview".
    private let pages: Gtk.Stack
    private var focusedOnce = false
    /// The header and toolbar as for a narrow window (setNarrow); nil before the first call.
    private var isNarrow: Bool?
    /// True while the "Discard picks?" dialog is open (PickerWindow+Discard.swift).
    var discardAsked = false
    /// False while the preview covers the grid (PickerWindow+Actions.swift).
    var browsingNow = true
    /// The chooser contract's additions (filters, choices, Copy, Open, drag out).
    private(set) var chrome: ChooserChrome!
    /// How many times Copy mode put files on the clipboard.
    var copies: Int { chrome.copies }

    /// Called with the outcome: the picked assets, or nil when cancelled.
    var onFinish: (([Asset]?) -> Void)?
    /// Browse Files…: the request goes to the desktop's own chooser; nothing is picked here.
    var onBrowse: (() -> Void)?
    /// Turns the picks into new files after Done when the caller asked (injected by the program).
    var exporter: (any AssetExporter)?
    /// Called after Done's export: the picks and what became of each.
    var onExported: ((_ picked: [Asset], _ report: ExportReport) -> Void)?
    /// The export after Done, and its progress over the window (PickerWindow+Export.swift).
    let exportTask: ExportTask
    /// What the progress view covers and makes insensitive.
    let exportCovered: Gtk.Stack
    /// Called once the scan is over and the grid shows it (a hook for tests and timing).
    var onReady: (() -> Void)?
    /// Scan again: the same folders (nil) after a failure, or the folder the user chose.
    var onRescan: (([RawPath]?) -> Void)?

    init(application: Gtk.Application, session: PickerSession, controls: ChooserControls,
         settings: PickerSettings = PickerSettings()) {
        self.session = session
        // Made as locals first: a subclass may not read its own properties before super.init.
        let thumbnails = SmallThumbnails(side: 96)
        self.thumbnails = thumbnails
        let sidebar = AlbumSidebar(covers: thumbnails)
        self.sidebar = sidebar
        let status = StatusPage(), banner = ProblemBanner()
        self.status = status
        self.banner = banner
        let grid = ThumbnailGrid(tileSize: settings.tileSize)
        self.grid = grid
        let selectionBar = SelectionBar(thumbnails: thumbnails)
        self.selectionBar = selectionBar
        let preview = PreviewView(thumbnails: thumbnails)
        self.preview = preview
        let window = Gtk.Window(application: application)
        gtkWindow = window
        window.setTitle(WindowTitle.shown(session.configuration.title))
        window.setDefaultSize(Int32(settings.windowWidth), Int32(settings.windowHeight))
        if settings.maximized { window.maximize() }
        window.setIconName("io.github.photopick.PhotoPick")
        let actions = ActionMap(window: window)
        self.actions = actions

        let header = Gtk.HeaderBar()
        self.header = header
        acceptButton = Gtk.Button(label: session.acceptTitle)
        acceptButton.setUseUnderline(true)  // "_Open" as the portal spells it
        acceptButton.actionable.setAction(.accept)
        addClass(acceptButton, "suggested-action")
        let sidebarToggle = Gtk.Button.toggle()
        sidebarButton = sidebarToggle
        sidebarToggle.setIconName("sidebar-show-symbolic")
        sidebarToggle.actionable.setAction(.toggleSidebar)
        sidebarToggle.setTooltip(tr("Albums (F9)"))
        pp_accessible_set_label(sidebarToggle.widget, tr("Albums"))
        cancelButton = CancelButton.make()
        header.packStart(cancelButton)
        header.packStart(sidebarToggle)
        header.packEnd(acceptButton)
        let title = WindowTitle(session.configuration.title)
        self.title = title
        header.setTitleWidget(title.root)
        window.setTitlebar(header)
        let progress = ScanProgress(title: title)
        self.progress = progress

        // [grid] The grid reads and picks through the session; its toolbar sits above it.
        grid.connect(session)
        let toolbar = ViewToolbar(session: session, grid: grid, actions: actions)
        self.toolbar = toolbar
        // The grid's area: the states over the grid, the notices rising from its bottom edge
        // (above the selection bar, never over it), the selection bar below.
        let gridArea = Gtk.Overlay()
        gridArea.setChild(grid.root)
        gridArea.addOverlay(progress.line)
        gridArea.addOverlay(status.root)
        let toasts = ToastOverlay()
        let noticeArea = toasts.wrap(gridArea)
        noticeArea.setVExpand(true)
        let gridColumn = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        let search = toolbar.searchField
        gridColumn.append(HeaderFitTrace.wrap(toolbar.root, header: header, title: title.root,
                                              search: search.entry, placeholder: search.placeholder))
        gridColumn.append(banner.root)
        gridColumn.append(noticeArea)
        gridColumn.append(selectionBar.root)
        if session.configuration.offersBrowse { selectionBar.addTrailing(BrowseFilesButton.make()) }
        let exportChoice = session.exportSettings?.letsUserChoose == true ? ExportChoiceBar(session: session, actions: actions) : nil
        if let exportChoice { gridColumn.append(exportChoice.root) }
        let sidebarFold = SidebarFold(sidebar: sidebar.scroller, content: gridColumn)
        self.sidebarFold = sidebarFold

        let pages = Gtk.Stack()
        self.pages = pages
        pages.setCrossfade(durationMs: 120)
        // The window is as narrow as the page shown allows, not as the widest of both.
        pages.setHorizontallyHomogeneous(false)
        pages.addNamed(sidebarFold.root, "browse")
        pages.addNamed(toasts.wrap(preview.root), "preview")  // the limit notice when picking in the preview
        let chrome = ChooserChrome(window: window, session: session, controls: controls, toasts: toasts)
        self.chrome = chrome
        if let filters = chrome.filterDropDown { toolbar.useCallersFilters(filters) }
        header.packEnd(PrimaryMenu.button(browse: session.configuration.offersBrowse))
        let exportView = ExportProgressView()
        exportTask = ExportTask(view: exportView)
        exportCovered = pages
        let exportArea = Gtk.Overlay()
        exportArea.setChild(pages)
        exportArea.addOverlay(exportView.root)
        window.setChild(WindowSizeTrace.wrap(chrome.wrap(exportArea), of: window))
        super.init(widget: window.widget)
        grid.onTileSetup = { [unowned self] tile in self.chrome.attach(to: tile) }
        grid.onPreview = { [unowned self] id in self.openPreview(id) }
        grid.onContextMenu = { [unowned self] tile in self.chrome.showMenu(on: tile) }
        grid.onNotice = { [unowned self] message in self.chrome.notify(message) }
        holdCoversForTheFirstScreen()

        sidebar.asset = { [unowned session] in session.asset($0) }
        // Focus alone selects a row in a browse-mode list: only a change of album is the user's choice.
        sidebar.onSelect = { [unowned session] id in if id != session.currentAlbum { session.chooseAlbum(id) } }
        wireTray()
        wirePreview()
        wireStates()

        installActions()
        setNarrow(settings.windowWidth < Self.opensNarrowBelow && !settings.maximized, now: true)
        installExportActions()
        track(onBoolSignal(window.widget, "close-request") { [unowned self] in
            self.cancelAsked()
            return true
        }, on: window.widget)
        installKeys()
        FocusTrace.install(on: window)
        PlaceTrace.install(on: window)
        InputTrace.install(on: window)
        session.onChange = { [unowned self] change in self.render(change) }
        render(.albums)
        render(.assets)
        render(.selection([]))
    }

    func present() { gtkWindow.present() }

    /// A narrow window: the Albums button is offered, and the header keeps what a user needs
    /// at 360 px in every language: the title (ellipsized), Add and the window's close button,
    /// which cancels as Cancel does (and asks the same); Cancel, minimize and maximize give
    /// way, as on a phone. The sidebar's fold is notified while the window is being laid
    /// out: the header changes after that layout, or GTK snapshots the header bar without an
    /// allocation. A window opening narrow starts so (`now`), before its first layout: a
    /// header laid out wide first would hold the window wider than 360 px.
    func setNarrow(_ narrow: Bool, now: Bool = false) {
        guard now else { return MainQueueBridge.post { [weak self] in self?.setNarrow(narrow, now: true) } }
        guard narrow != isNarrow else { return }
        isNarrow = narrow
        sidebarButton.setVisible(narrow)
        cancelButton.setVisible(!narrow)
        header.setDecorationLayout(narrow ? WindowControls.closeOnly() : nil)
        // A window made narrow in one step is laid out once with the wide header (Cancel,
        // minimize, maximize) before the sidebar folds: there "Hinzufügen" may be cut for that
        // frame rather than hold the window wider than asked (GTK 4.18 warns of it). Narrow,
        // the title gives way first (GtkHeaderBar squeezes the sides before its title).
        acceptButton.setLabelMayShrink(!narrow)
        toolbar.setNarrow(narrow)
    }

    /// Below this width a window opens narrow (the sidebar folds a little below it).
    static let opensNarrowBelow = 600

    func focusSidebar() { sidebar.scroller.focusFirstChild() }

    /// What to remember for next time: the window's size, the tile size, the album shown.
    func record(into settings: inout PickerSettings) {
        let (w, h) = gtkWindow.defaultSize  // the unmaximized size, as GTK 4 keeps it
        if PickerSettings.windowSides.contains(Int(w)) { settings.windowWidth = Int(w) }
        if PickerSettings.windowSides.contains(Int(h)) { settings.windowHeight = Int(h) }
        settings.maximized = gtkWindow.isMaximized
        if PickerSettings.tileSizes.contains(grid.target) { settings.tileSize = grid.target }
        if let album = session.albums.first(where: { $0.id == session.currentAlbum }) {
            settings.remember(album: AlbumNames(session.albums).name(of: album), roots: session.roots)
        }
    }

    /// What the library's opening tells beyond the session's own changes.
    func render(_ step: LibraryOpening.Step) {
        switch step {
        case .restarted: scanRestarted()
        case .adoptingListing: albumsNextBeat = true
        case .listingAdopted: albumsNextBeat = false  // unused when nothing changed
        default: break
        }
    }

    /// A new scan began (Try Again, Choose Folder…): the first tiles get the focus again.
    private func scanRestarted() {
        focusedOnce = false
        if preview.isOpen { preview.close() }
    }

    // MARK: Rendering the session

    private func render(_ change: PickerSession.Change) {
        if change == .albums, albumsNextBeat {
            albumsNextBeat = false
            MainQueueBridge.post { [weak self] in self?.render(.albums) }
            return
        }
        Trace.span(Self.spanName(change)) { renderNow(change) }  // named in a stall (PHOTOPICK_TRACE=1)
    }

    /// Set before a change of the whole library at once (a warm open's million photos arriving
    /// over the first screen): the sidebar's part of it is left to the next main-loop beat.
    /// The grid and the sidebar each took about half of a 70–130 ms beat at a million, which
    /// held a key press or a frame that long.
    private var albumsNextBeat = false

    /// A stall names the kind of change it rendered.
    private static func spanName(_ change: PickerSession.Change) -> StaticString {
        switch change {
        case .albums: return "render-albums"
        case .album: return "render-album"
        case .assets: return "render-assets"
        case .details: return "render-details"
        case .content: return "render-content"
        case .summary: return "render-summary"
        case .selection: return "render-selection"
        }
    }

    private func renderNow(_ change: PickerSession.Change) {
        switch change {
        case .albums:
            Trace.span("sidebar-show") { sidebar.show(session.albums, current: session.currentAlbum) }
            showPickedCounts()
            Trace.span("render-status") { renderStatus() }
            if session.scanFinished { becameReady() }
        case .album:
            sidebar.select(session.currentAlbum)
        case .assets:
            let collection = Trace.span("collection") { session.collection }
            grid.show(collection)  // [grid] rows and group headers come from the collection
            toolbar.sync()
            if !focusedOnce, grid.itemCount > 0 { focusAtOpening() }
            Trace.span("render-status") { renderStatus() }
            if session.scanFinished && grid.itemCount == 0 { sidebar.releaseCovers("nothing-shown") }
            preview.shownChanged(session.shownAssets)
            selectionBar.tray.show(session.selection.ordered)  // picks the new filter hides are dimmed
        case .details(let ids):
            grid.refresh(ids)  // a video's length badge, the tooltip; the thumbnail stays
            preview.refresh()
        case .content(let ids):
            grid.reload(ids)
            preview.contentChanged(ids)
        case .summary:
            selectionBar.render(summary: session.summary, picked: session.selection.ordered, full: session.selection.isFull)
        case .selection(let ids):
            Trace.span("grid-refresh") { grid.refresh(ids) }
            acceptButton.setLabel(session.acceptTitle)
            Trace.mark("picked \(session.selection.count)")
            actions.setEnabled(.accept, session.canAccept)  // the button follows its action
            acceptButton.setTooltip(session.acceptHint)  // [grid] why Done is unavailable
            Trace.span("selection-bar") {
                selectionBar.render(summary: session.summary, picked: session.selection.ordered, full: session.selection.isFull)
            }
            showPickedCounts()
            preview.refresh()
        }
    }

    /// The sidebar's picked badges.
    private func showPickedCounts() {
        Trace.span("picked-counts") { sidebar.showPicked(session.pickedCounts()) }
    }

    /// The focus when the window opens: on the first preselected photo shown (scrolled into
    /// view), else on the first tile. Preselected files may arrive in a later batch of the
    /// scan, so until the scan ends the focus waits on the first tile for them, unless the
    /// user moved it.
    private func focusAtOpening() {
        let shown = session.shownAssets
        if let first = session.selection.ordered.lazy.compactMap({ shown.firstIndex(of: $0) }).first {
            focusedOnce = true
            grid.userFocus(first, scroll: true)
            grid.grabFocus()
            return
        }
        let waiting = !session.configuration.preselect.isEmpty && !session.scanFinished
        if waiting, openingFocusPlaced, grid.focusedIndex != 0 { focusedOnce = true; return }  // the user moved it
        if !openingFocusPlaced { grid.focusFirst() }
        openingFocusPlaced = true
        focusedOnce = !waiting
    }
    private var openingFocusPlaced = false

    /// The states: looking, empty, unreadable, nothing matching; the scan's progress; the
    /// banner for folders that could not be read beside photos that could.
    private func renderStatus() {
        let count = session.library.count
        let state = LibraryStatus.of(scanFinished: session.scanFinished, libraryCount: count,
                                     shownCount: grid.itemCount, roots: session.roots, problems: session.problems,
                                     defaultFolders: session.configuration.usesDefaultFolders,
                                     search: NameSearch(session.searchText), filter: session.filter,
                                     applicationFilter: session.namedFilter?.name)
        if state != status.status { Trace.mark("status-\(Self.name(state))") }
        status.show(state)
        // With nothing to look through, searching, sorting and the picks bar are only noise.
        toolbar.root.setSensitive(count > 0)
        selectionBar.root.setVisible(count > 0 || !session.selection.isEmpty)
        banner.show(count > 0 ? session.problems : [])
        progress.update(scanning: !session.scanFinished, albums: session.albums, roots: session.roots)
    }

    private static func name(_ state: LibraryStatus) -> String {
        switch state {
        case .searching: return "searching"
        case .showing: return "showing"
        case .empty: return "empty"
        case .unreadable: return "unreadable"
        case .noMatches: return "no-matches"
        case .welcome: return "welcome"
        }
    }

    private var readyReported = false
    private func becameReady() {
        guard !readyReported else { return }
        readyReported = true
        onReady?()
    }

    // MARK: Parts

    private func wireTray() {
        let tray = selectionBar.tray
        tray.asset = { [unowned session] in session.asset($0) }
        tray.passesFilters = { [unowned session] in session.passesFilters($0) }
        tray.onRemove = { [unowned session] in session.unpick($0) }
        tray.onMove = { [unowned session] id, slot in session.movePicked(id, toSlot: slot) }
    }

    private func wirePreview() {
        preview.asset = { [unowned session] in session.asset($0) }
        preview.pair = { [unowned session] in session.source.pair(of: $0) }
        preview.isSelected = { [unowned session] in session.selection.contains($0) }
        preview.onToggle = { [unowned self] id in
            // The grid's notice is hidden behind the preview: say it here.
            if !self.session.selection.contains(id), self.session.selection.isFull {
                self.chrome.notify(self.session.limitMessage ?? tr("No more can be selected"))
            }
            self.session.toggle(id)
        }
        preview.onClose = { [unowned self] last in
            self.pages.setVisibleChildName("browse")
            self.browsing(true)
            if let last, let index = self.session.shownAssets.firstIndex(of: last) { self.grid.userFocus(index, scroll: true) }
            self.grid.grabFocus()
        }
    }

    /// The sidebar's covers load once the grid's first screen shows its thumbnails, or once
    /// there is no such screen to wait for: nothing shown, the preview over the grid, or a
    /// screen that takes longer than a few seconds.
    private func holdCoversForTheFirstScreen() {
        grid.onFirstScreen { [unowned self] in self.sidebar.releaseCovers("first-screen") }
        MainQueueBridge.after(5) { [weak self] in
            guard let self, self.isAttached else { return }
            self.sidebar.releaseCovers("timeout")
        }
    }

    private func openPreview(_ id: AssetID) {
        sidebar.releaseCovers("preview")
        pages.setVisibleChildName("preview")
        browsing(false)
        preview.open(id, in: session.shownAssets)
        preview.root.grabFocus()
    }

    private func wireStates() {
        status.onAction = { [unowned self] action in
            switch action {
            case .chooseFolder: FolderChooser.choose(parent: self.window) { [unowned self] folder in self.onRescan?([folder]) }
            case .tryAgain: self.onRescan?(nil)
            case .clearSearch: self.toolbar.clearSearch()
            case .showAllItems: self.toolbar.showAllItems()
            }
        }
        banner.onTryAgain = { [unowned self] in self.onRescan?(nil) }
    }

    // MARK: Intents

    func accept() {
        guard session.canAccept else { return }
        // The library can be a moment behind a folder in heavy change: what is gone or no
        // longer media is unpicked and named, and the user decides again.
        let dropped = session.recheckPicks(sniffer: GIOContentTypeSniffer())
        if !dropped.isEmpty {
            Trace.mark("picks-refused \(dropped.count): \(dropped.map(\.reason).joined(separator: ", "))")
            return chrome.notify(DroppedPick.message(dropped))
        }
        if exportsOnDone { return startExport() }
        if session.configuration.copyMode { return chrome.copy(session.result) }
        onFinish?(session.result)
    }

    func cancel() { onFinish?(nil) }

    func browseFiles() { onBrowse?() }

    /// True when the keyboard focus is on a button (Return presses it when nothing is picked).
    private var focusOnButton: Bool {
        guard let focused = gtkWindow.focus else { return false }
        return focused.isButton
    }

    /// The folded sidebar is out, over the grid.
    private var sidebarOverGrid: Bool { sidebarFold.isFolded && sidebarFold.isRevealed }

    /// The window's keys (`Command.Place.window`): Return is Done, Escape goes back or stops
    /// the export, wherever the focus is.
    private func installKeys() {
        let keys = KeyBindings.bind(.window, on: window)
        // Done's keys while Done is off go on to the focused widget, as GTK does with a key
        // whose action is off. Only a focused button with the grid shown ("Choose Folder…",
        // "Try Again") may have them: not Stop Export while exporting (Done pressed twice),
        // not the preview's Back, and nothing else either (they did nothing there before).
        keys.add(Commands.row(.accept).keys) { [unowned self] in
            self.exportTask.isBusy || self.preview.isOpen || !self.focusOnButton
        }
    }

    /// Escape ("win.back") with the grid shown: out of the search field, then the albums slid
    /// over the grid, then the search; with nothing to go back from, Cancel (which asks).
    func back() {
        if toolbar.searchHasFocus { return toolbar.clearSearch() }
        if sidebarOverGrid {
            sidebarFold.setRevealed(false)  // back to the grid, not out
            return grid.grabFocus()
        }
        if !session.searchText.isEmpty { return toolbar.clearSearch() }  // out of the search first, picks kept
        cancelAsked()
    }
}
