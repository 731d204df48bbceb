import CGtk
import PhotoPickCore

/// One picked asset in the tray: a small square thumbnail, with a remove mark on hover.
@MainActor
final class TrayItem {
    static let side: Int32 = 48
    let id: AssetID
    let root: Widget
    private let picture: Gtk.Image
    var ticket: SmallThumbnails.Ticket?
    private let name: String
    private var filteredOut: Bool?

    init(id: AssetID, name: String) {
        self.id = id
        self.name = name
        let overlay = Gtk.Overlay()
        root = overlay.widget
        addClass(root, "tray-item")
        gtk_widget_set_focusable(root, 1)
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        // A square crop at exactly this size (SmallThumbnails crops it).
        picture = Gtk.Image()
        picture.setPixelSize(Self.side)
        gtk_widget_set_overflow(picture.widget, GTK_OVERFLOW_HIDDEN)
        addClass(picture.widget, "tray-thumb")
        overlay.setChild(picture.widget)
        let remove = Gtk.Image(iconName: "window-close-symbolic").widget
        addClass(remove, "tray-remove")
        gtk_widget_set_halign(remove, GTK_ALIGN_END)
        gtk_widget_set_valign(remove, GTK_ALIGN_START)
        gtk_widget_set_can_target(remove, 0)
        overlay.addOverlay(remove)
    }

    /// A pick the filter in effect hides: still picked, and returned by Done, so it stays in
    /// the tray, dimmed, and says why it is not in the grid.
    func setFilteredOut(_ hidden: Bool) {
        guard hidden != filteredOut else { return }
        filteredOut = hidden
        setClass(root, "filtered-out", hidden)
        let why = hidden ? "\n" + tr("Hidden by the filter in effect; still picked") : ""
        gtk_widget_set_tooltip_text(root, name + why + "\n" + tr("Click to remove · drag to reorder"))
    }

    func setThumbnail(_ result: ThumbnailLoader.Result?) {
        if case .texture(let texture, _)? = result {
            picture.setPaintable(texture)
            picture.setPixelSize(Self.side)
            removeClass(root, "broken")
        } else {
            // Loading (blank) or undecodable (a broken-image mark), the same size either way.
            result == nil ? picture.clear() : picture.setIconName("image-missing-symbolic")
            picture.setPixelSize(Self.side / 2)
            setClass(root, "broken", result != nil)
        }
    }
}
