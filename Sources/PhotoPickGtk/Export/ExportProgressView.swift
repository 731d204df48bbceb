import CGtk
import PhotoPickCore

/// Over the window while the picks are exported: "Exporting…", a bar with "2 of 5", the
/// file being written, and Cancel ("win.cancel-export"), which goes back to picking. The
/// window under it is insensitive; shown only for exports longer than a moment
/// (`ExportTask.showAfter`), and at the end with the real total ("Exported 5 photos and 1 video,
/// 8.3 MB"): photos and videos are counted apart (`ExportProgressText`).
@MainActor
final class ExportProgressView {
    private let box = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    var root: Gtk.Box { box }
    private let title: Gtk.Label
    private let bar = Gtk.ProgressBar()
    private let current: Gtk.Label
    private let cancel: Gtk.Button

    init() {
        addClass(box, "export-progress")
        box.setHAlign(GTK_ALIGN_FILL)
        box.setVAlign(GTK_ALIGN_FILL)
        let card = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        addClass(card, "card")
        addClass(card, "export-card")
        card.setHAlign(GTK_ALIGN_CENTER)
        card.setVAlign(GTK_ALIGN_CENTER)
        card.setVExpand(true)
        card.setSizeRequest(width: 280)
        title = Gtk.Label(classes: ["title-3"])
        title.setWrap(true)
        current = Gtk.Label(classes: ["dim-label", "caption"])
        current.setEllipsize(PANGO_ELLIPSIZE_MIDDLE)
        current.setMaxWidthChars(36)
        cancel = Gtk.Button(mnemonic: tr("_Stop Export"))
        cancel.actionable.setAction(.cancelExport)
        cancel.setHAlign(GTK_ALIGN_CENTER)
        addClass(cancel, "pill")
        for child in [title.widget, bar.widget, current.widget, cancel.widget] { card.append(child) }
        box.append(card)
        box.setVisible(false)
    }

    var isShown: Bool { box.isVisible }

    func show() {
        box.setVisible(true)
        cancel.grabFocus()
    }

    func hide() { box.setVisible(false) }

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
        cancel.setSensitive(false)
    }
}
