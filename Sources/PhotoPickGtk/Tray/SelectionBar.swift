import CGtk
import PhotoPickCore

/// The bar below the grid: what the picks add up to ("3 selected · 12.4 MB") and the tray of
/// picked thumbnails.
@MainActor
final class SelectionBar {
    let root: Widget
    let tray: SelectionTray
    private let summary: Widget

    init(thumbnails: SmallThumbnails) {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        addClass(root, "selection-bar")
        summary = label("", classes: ["selection-summary", "numeric"])
        gtk_label_set_xalign(cast(summary), 0)
        gtk_label_set_ellipsize(cast(summary), PANGO_ELLIPSIZE_END)
        gtk_label_set_width_chars(cast(summary), 26)
        gtk_label_set_max_width_chars(cast(summary), 40)
        tray = SelectionTray(thumbnails: thumbnails)
        gtk_box_append(cast(root), summary)
        gtk_box_append(cast(root), tray.scroller)
    }

    func render(summary text: String, picked: [AssetID], full: Bool) {
        gtk_label_set_text(cast(summary), text)
        setClass(summary, "limit-reached", full)
        setClass(root, "empty", picked.isEmpty)
        tray.show(picked)
    }
}
