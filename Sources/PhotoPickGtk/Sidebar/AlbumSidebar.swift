import CGtk
import PhotoPickCore

/// The album list: one row per album with its title and count. Smart albums first, then
/// the folder albums as a tree, each indented under the folder album that encloses it.
@MainActor
final class AlbumSidebar {
    let scroller: Widget
    private let list: Widget
    private var shown: [Album] = []
    private var countLabels: [Widget] = []
    private var rebuilding = false

    var onSelect: (AlbumID) -> Void = { _ in }

    init() {
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

    /// Shows `albums`, keeping `current` selected. When only counts changed (a scan in
    /// progress), updates the count labels in place instead of rebuilding the rows.
    func show(_ albums: [Album], current: AlbumID) {
        if albums.map(\.id) == shown.map(\.id), albums.map(\.shortTitle) == shown.map(\.shortTitle),
           albums.map(\.depth) == shown.map(\.depth) {
            for (i, album) in albums.enumerated() where album.count != shown[i].count {
                gtk_label_set_text(cast(countLabels[i]), String(album.count))
            }
            shown = albums
            return
        }
        rebuilding = true
        defer { rebuilding = false }
        // gtk_list_box_remove_all is GTK 4.12; remove row by row.
        while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(cast(list), child) }
        countLabels = []
        for (i, album) in albums.enumerated() {
            let firstFolder = album.kind == .folder && (i == 0 || albums[i - 1].kind != .folder)
            gtk_list_box_append(cast(list), row(for: album, firstFolder: firstFolder))
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

    private static let indentPerLevel: Int32 = 14

    private func row(for album: Album, firstFolder: Bool) -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        // The tree: the name below the parent album, indented by depth.
        gtk_widget_set_margin_start(box, Int32(album.depth) * Self.indentPerLevel)
        // A little air between the smart albums and the folders.
        if firstFolder { gtk_widget_set_margin_top(box, 8) }
        let title = label(album.shortTitle, classes: ["album-title"])
        gtk_label_set_xalign(cast(title), 0)
        gtk_label_set_ellipsize(cast(title), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(title, 1)
        let count = label(String(album.count), classes: ["album-count", "dim-label", "numeric"])
        countLabels.append(count)
        gtk_box_append(cast(box), title)
        gtk_box_append(cast(box), count)
        gtk_widget_set_tooltip_text(box, album.title)
        return box
    }
}
