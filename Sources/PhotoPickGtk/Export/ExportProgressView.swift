import CGtk
import PhotoPickCore

/// Over the window while the picks are exported: "Exporting…", a bar with "2 of 5", the
/// file being written, and Cancel ("win.cancel-export"), which goes back to picking. The
/// window under it is insensitive; shown only for exports longer than a moment
/// (`ExportTask.showAfter`), and at the end with the real total ("Exported 5 photos and 1 video,
/// 8.3 MB"): photos and videos are counted apart (`ExportProgressText`).
@MainActor
final class ExportProgressView {
    let root: Widget
    private let title: Gtk.Label
    private let bar = Gtk.ProgressBar()
    private let current: Gtk.Label
    private let cancel: Gtk.Button

    init() {
        let box = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        root = box.widget
        addClass(root, "export-progress")
        gtk_widget_set_halign(root, GTK_ALIGN_FILL)
        gtk_widget_set_valign(root, GTK_ALIGN_FILL)
        let card = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        addClass(card.widget, "card")
        addClass(card.widget, "export-card")
        gtk_widget_set_halign(card.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(card.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(card.widget, 1)
        gtk_widget_set_size_request(card.widget, 280, -1)
        title = Gtk.Label(classes: ["title-3"])
        title.setWrap(true)
        current = Gtk.Label(classes: ["dim-label", "caption"])
        current.setEllipsize(PANGO_ELLIPSIZE_MIDDLE)
        current.setMaxWidthChars(36)
        cancel = Gtk.Button(mnemonic: tr("_Stop Export"))
        cancel.actionable.setAction(.cancelExport)
        gtk_widget_set_halign(cancel.widget, GTK_ALIGN_CENTER)
        addClass(cancel.widget, "pill")
        for child in [title.widget, bar.widget, current.widget, cancel.widget] { card.append(child) }
        box.append(card.widget)
        gtk_widget_set_visible(root, 0)
    }

    var isShown: Bool { gtk_widget_get_visible(root) != 0 }

    func show() {
        gtk_widget_set_visible(root, 1)
        gtk_widget_grab_focus(cancel.widget)
    }

    func hide() { gtk_widget_set_visible(root, 0) }

    /// `done` of `total` finished, `videos` of them videos; `name` is the file being written.
    func update(done: Int, total: Int, videos: Int, name: String?) {
        title.setText(ExportProgressText.exporting(photos: total - videos, videos: videos))
        // TRANSLATORS: the export's progress bar: "2 of 5" files finished.
        bar.setText(tr("%1$s of %2$s", HumanFormat.count(done), HumanFormat.count(total)))
        bar.setFraction(total > 0 ? Double(done) / Double(total) : 0)
        current.setText(name ?? "")
    }

    /// The end: what was written, with its real size.
    func finished(photos: Int, videos: Int, bytes: Int64) {
        title.setText(ExportProgressText.exported(photos: photos, videos: videos, bytes: bytes))
        bar.setFraction(1)
        current.setText("")
        gtk_widget_set_sensitive(cancel.widget, 0)
    }
}
