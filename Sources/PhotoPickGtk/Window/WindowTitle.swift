import CGtk

/// The header bar's title with a subtitle below it (the folders shown, or the scan's
/// progress), as GTK 4.8 header bars have no subtitle of their own.
@MainActor
final class WindowTitle {
    let root: Widget
    private let subtitle: Widget

    init(_ title: String) {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        addClass(root, "window-title")
        let t = label(title, classes: ["title"])
        subtitle = label("", classes: ["subtitle", "numeric"])
        for l in [t, subtitle] {
            gtk_label_set_ellipsize(cast(l), PANGO_ELLIPSIZE_END)
            gtk_label_set_single_line_mode(cast(l), 1)
            gtk_box_append(cast(root), l)
        }
        gtk_widget_set_visible(subtitle, 0)
    }

    func setSubtitle(_ text: String) {
        gtk_label_set_text(cast(subtitle), text)
        gtk_widget_set_visible(subtitle, text.isEmpty ? 0 : 1)
    }
}
