import CGtk
import PhotoPickCore

/// The bar below the grid: what the picks add up to ("3 selected · 12.4 MB") and the tray of
/// picked thumbnails.
@MainActor
final class SelectionBar {
    let root: Gtk.Box
    let tray: SelectionTray
    private let summary: Gtk.Label

    init(thumbnails: SmallThumbnails) {
        let bar = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        root = bar
        addClass(root, "selection-bar")
        summary = Gtk.Label(classes: ["selection-summary", "numeric"])
        summary.setXAlign(0)
        summary.setEllipsize(PANGO_ELLIPSIZE_END)
        summary.setWidthChars(26)
        summary.setMaxWidthChars(40)
        tray = SelectionTray(thumbnails: thumbnails)
        bar.append(summary)
        bar.append(tray.widget)
    }

    /// A widget after the tray, at the bar's end (Browse Files…).
    func addTrailing(_ widget: some WidgetHandle) {
        root.append(widget)
    }

    func render(summary text: String, picked: [AssetID], full: Bool) {
        summary.setText(text)
        setClass(summary, "limit-reached", full)
        setClass(root, "empty", picked.isEmpty)
        tray.show(picked)
    }
}
