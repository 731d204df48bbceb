import CGtk
import Dispatch
import PhotoPickCore

/// The album list: smart albums first, then the folder albums as a tree, each indented under
/// the folder album that encloses it. A row shows the album's cover (its newest asset), its
/// title, how many of its assets are picked (when any) and its count. A GtkListBox, so the
/// arrow keys move through it.
@MainActor
final class AlbumSidebar {
    let scroller: Widget
    private let list: Widget
    private let covers: SmallThumbnails
    private var shown: [Album] = []
    private var rows: [AlbumRow] = []
    private var picked: [AlbumID: Int] = [:]
    private var rebuilding = false

    /// The user chose an album (click or keys); not called for `select`.
    var onSelect: (AlbumID) -> Void = { _ in }
    /// Where covers come from.
    var asset: (AssetID) -> Asset? = { _ in nil }

    init(covers: SmallThumbnails) {
        self.covers = covers
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_BROWSE)
        addClass(list, "navigation-sidebar")
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_widget_set_size_request(scroller, 220, -1)
        addClass(scroller, "sidebar")

        onPointerSignal(raw(list), "row-selected") { [unowned self] row in
            guard !self.rebuilding, let row else { return }
            let index = Int(gtk_list_box_row_get_index(ptr(row)))
            if self.shown.indices.contains(index) { self.onSelect(self.shown[index].id) }
        }
    }

    /// Shows `albums`, keeping `current` selected. When the tree is the same (a scan in
    /// progress only changes counts and covers), updates the rows in place: rebuilding
    /// would reset the keyboard focus and the scroll position.
    func show(_ albums: [Album], current: AlbumID) {
        if albums.map(\.id) == shown.map(\.id), albums.map(\.shortTitle) == shown.map(\.shortTitle),
           albums.map(\.depth) == shown.map(\.depth) {
            for (i, album) in albums.enumerated() { update(rows[i], with: album) }
            shown = albums
            return
        }
        rebuilding = true
        defer { rebuilding = false }
        rows.forEach { $0.release(covers) }
        // gtk_list_box_remove_all is GTK 4.12; remove row by row.
        while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(cast(list), child) }
        rows = []
        for (i, album) in albums.enumerated() {
            let firstFolder = album.kind == .folder && (i == 0 || albums[i - 1].kind != .folder)
            let row = AlbumRow(album, firstFolder: firstFolder)
            rows.append(row)
            update(row, with: album)
            gtk_list_box_append(cast(list), row.root)
        }
        shown = albums
        select(current)
    }

    func select(_ id: AlbumID) {
        guard let index = shown.firstIndex(where: { $0.id == id }),
              let row = gtk_list_box_get_row_at_index(cast(list), Int32(index)) else { return }
        rebuilding = true
        defer { rebuilding = false }
        gtk_list_box_select_row(cast(list), row)
    }

    /// The badges: how many picked assets each album holds.
    func showPicked(_ counts: [AlbumID: Int]) {
        picked = counts
        for (i, album) in shown.enumerated() { rows[i].setPicked(counts[album.id] ?? 0) }
    }

    /// How many of an album's newest assets may stand in as its cover when newer ones cannot
    /// be decoded (a broken file should not leave a folder without a face).
    private static let coverCandidates = 4

    private func update(_ row: AlbumRow, with album: Album) {
        row.setCount(album.count)
        row.setPicked(picked[album.id] ?? 0)
        let candidates = Array(album.assetIDs.prefix(Self.coverCandidates))
        guard row.candidates != candidates else { return }
        row.release(covers)
        row.candidates = candidates
        requestCover(row, at: 0)
    }

    private func requestCover(_ row: AlbumRow, at index: Int) {
        guard index < row.candidates.count, let asset = asset(row.candidates[index]) else { return row.setCover(nil) }
        let candidates = row.candidates
        row.ticket = covers.request(asset, scale: Int(gtk_widget_get_scale_factor(list))) { [weak self, weak row] result in
            guard let self, let row, row.candidates == candidates else { return }
            guard case .failed = result else { return row.setCover(result) }
            // Not from inside the delivery (or the request itself): try the next one after it.
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard row.candidates == candidates else { return }
                    row.cancelCover(self.covers)
                    self.requestCover(row, at: index + 1)
                }
            }
        }
    }
}
