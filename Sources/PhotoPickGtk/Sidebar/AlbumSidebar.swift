import CGtk
import Foundation
import PhotoPickCore
import PhotoPickSystem

/// The album list: smart albums first, then the folder albums as a tree, each indented under
/// the folder album that encloses it. A row shows the album's cover (its newest asset), its
/// title, how many of its assets are picked (when any) and its count.
///
/// A recycling GtkListView: a library of a thousand folders makes only the rows on screen,
/// and only those ask for a cover (a row scrolled away withdraws its request). Browse
/// selection, so the arrow keys move through the albums and choose as they go.
@MainActor
final class AlbumSidebar: WidgetView {
    let scroller: Gtk.ScrolledWindow
    private let list: Gtk.AnyWidget
    private let albumRows = KeyedList<AlbumRow>()
    private let selection: Gtk.SingleSelection
    private let covers: SmallThumbnails
    private var shown: [Album] = []
    private var picked: [AlbumID: Int] = [:]
    private var current: AlbumID?
    private var rebuilding = false
    /// The album chosen for the user that is kept in view while the list finds its size.
    private var revealing: AlbumID?
    /// Covers wait for `releaseCovers`: on opening, the grid's first screen comes first (a
    /// warm library would read, decode, crop and draw every bound row's cover before it).
    private var coversHeld = true

    /// The user chose an album (click or keys); not called for `select`.
    var onSelect: (AlbumID) -> Void = { _ in }
    /// Where covers come from.
    var asset: (AssetID) -> Asset? = { _ in nil }

    init(covers: SmallThumbnails) {
        self.covers = covers
        let browsing = albumRows.browseListView()
        list = Gtk.AnyWidget(browsing.list)
        selection = browsing.selection
        addClass(list, "navigation-sidebar")
        pp_accessible_set_label(list.widget, tr("Albums"))
        let scrolled = Gtk.ScrolledWindow()
        scroller = scrolled
        scrolled.setPolicy(GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        scrolled.setChild(list)
        scrolled.setSizeRequest(width: 220)
        addClass(scroller, "sidebar")
        super.init(widget: scroller.widget)  // lives with the scroller; handlers on its adjustment and selection go with it
        makeSingleTabStop(scroller.widget)  // one Tab stop, the arrow keys move through the albums
        followRevealedRow()

        albumRows.make = {
            let row = AlbumRow()
            return (row, row.root.widget)
        }
        albumRows.bind = { [unowned self] row, position in self.bind(row, at: position) }
        albumRows.unbind = { [unowned self] row in row.release(self.covers) }
        track(selection.onSelectedChanged { [unowned self] in
            let index = self.selection.selected
            guard !self.rebuilding, self.shown.indices.contains(index) else { return }
            self.revealing = nil  // the user chose: their scrolling is theirs
            self.current = self.shown[index].id
            self.onSelect(self.shown[index].id)
        }, on: selection.object)
    }

    /// Shows `albums`, keeping `current` selected. Rows whose album keeps its place and name
    /// stay bound (a scan in progress only changes counts and covers): rebuilding would reset
    /// the keyboard focus and the scroll position.
    func show(_ albums: [Album], current: AlbumID) {
        rebuilding = true
        defer { rebuilding = false }
        shown = albums
        let keys = Trace.span("sidebar-keys") {
            albums.enumerated().map { i, album in
                "\(Self.key(album.id))|\(album.depth)|\(album.shortTitle)|\(Self.startsFolders(albums, i))"
            }
        }
        Trace.span("sidebar-rows") { albumRows.update(keys) }  // named in a stall (PHOTOPICK_TRACE=1)
        let byID = Dictionary(albums.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for row in albumRows.rows {
            if let id = row.albumID, let album = byID[id] { update(row, with: album) }
        }
        let wasCurrent = self.current
        self.current = nil
        select(current, reveal: current != wasCurrent)  // a new batch of albums leaves the scroll alone
    }

    func select(_ id: AlbumID, reveal: Bool = true) {
        guard id != current, let index = shown.firstIndex(where: { $0.id == id }) else { return }
        rebuilding = true
        defer { rebuilding = false }
        current = id
        selection.setSelected(index)
        if reveal { revealing = id }
        applyReveal()
    }

    /// Keeps the row of `revealing` in view: an album chosen for the user (the one
    /// remembered from last time) may be far down a long list. GTK 4.8 has no
    /// `gtk_list_view_scroll_to`; the rows are all about one height, so the adjustment is
    /// moved to where the list estimates that row to be — now, and again each time the
    /// list's size changes (it has none before its first layout, and grows while the scan
    /// adds albums), until the user scrolls the list.
    private func followRevealedRow() {
        let adjustment = scroller.vadjustment
        // "changed" comes from inside the list's size allocation, which sets the value from
        // its own anchor right after: move the adjustment once that is done.
        connect(adjustment, "changed") { [weak self] in
            guard self?.revealing != nil else { return }
            // Weakly, and only while attached: the window may close before this runs.
            MainQueueBridge.post { [weak self] in
                guard let self, self.isAttached else { return }
                self.applyReveal()
            }
        }
        Gtk.ScrollController(on: scroller.widget, phase: GTK_PHASE_CAPTURE).onScroll { [unowned self] _, _ in
            self.revealing = nil  // the user's own scrolling wins from now on
            return false
        }
    }

    private func applyReveal() {
        guard let id = revealing, let index = shown.firstIndex(where: { $0.id == id }) else { return }
        let adjustment = scroller.vadjustment
        let upper = adjustment.upper, page = adjustment.pageSize
        guard page > 0, upper > 0 else { return }
        let row = upper / Double(shown.count)
        let top = Double(index) * row, value = adjustment.value
        if top < value {
            adjustment.setValue(top)
        } else if top + row > value + page {
            adjustment.setValue(top + row - page)
        }
        // For the tests: the row is in view now (again after each change of the list's size).
        let line = "sidebar-revealed \(index) at \(Int(adjustment.value)) of \(Int(upper))"
        if line != lastRevealTrace { Trace.mark(line) }
        lastRevealTrace = line
    }
    private var lastRevealTrace = ""

    /// The badges: how many picked assets each album holds.
    func showPicked(_ counts: [AlbumID: Int]) {
        picked = counts
        for row in albumRows.rows {
            if let id = row.albumID { row.setPicked(counts[id] ?? 0) }
        }
    }

    /// A row's name for its album. Not `"\(id)"`: describing an enum case goes by reflection,
    /// 14–23 µs a key on this machine under load, 140–230 ms per `show` at 10,000 folders
    /// (on every scan batch); the folder's path alone is about twenty times cheaper.
    private static func key(_ id: AlbumID) -> String {
        id.folder?.description ?? "smart:" + (id.smartKind?.rawValue ?? "")
    }

    /// The first folder album after the smart ones gets a little air above it.
    private static func startsFolders(_ albums: [Album], _ i: Int) -> Bool {
        albums[i].kind == .folder && (i == 0 || albums[i - 1].kind != .folder)
    }

    private func bind(_ row: AlbumRow, at position: Int) {
        guard shown.indices.contains(position) else { return }
        row.show(shown[position], firstFolder: Self.startsFolders(shown, position))
        update(row, with: shown[position])
    }

    /// How many of an album's newest assets may stand in as its cover when newer ones cannot
    /// be decoded (a broken file should not leave a folder without a face).
    private static let coverCandidates = 4

    private func update(_ row: AlbumRow, with album: Album) {
        row.setCount(album.count)
        row.setPicked(picked[album.id] ?? 0)
        let candidates = Array(album.assetIDs.prefix(Self.coverCandidates))
        guard row.candidates != candidates else { return }
        row.cancelCover(covers)
        row.candidates = candidates
        if !coversHeld { requestCover(row, at: 0) }
    }

    /// Lets the covers load (once the grid's first screen shows its thumbnails): every bound
    /// row asks for its own now, and rows bound later at once.
    func releaseCovers(_ reason: String) {
        guard coversHeld else { return }
        coversHeld = false
        Trace.mark("covers-released \(reason)")
        for row in albumRows.rows where row.albumID != nil && row.ticket == nil { requestCover(row, at: 0) }
    }

    private func requestCover(_ row: AlbumRow, at index: Int) {
        guard index < row.candidates.count, let asset = asset(row.candidates[index]) else { return row.setCover(nil) }
        let candidates = row.candidates
        row.ticket = covers.request(asset, scale: list.scaleFactor) { [weak self, weak row] result in
            guard let self, let row, row.candidates == candidates else { return }
            if case .texture(_, final: true) = result { Trace.mark("cover-shown \(asset.path)") }
            guard case .failed = result else { return row.setCover(result) }
            // Not from inside the delivery (or the request itself): try the next one after it.
            // Weakly, and only while attached: the row may be recycled, the window closed.
            MainQueueBridge.post { [weak self, weak row] in
                guard let self, self.isAttached, let row, row.candidates == candidates else { return }
                row.cancelCover(self.covers)
                self.requestCover(row, at: index + 1)
            }
        }
    }
}
