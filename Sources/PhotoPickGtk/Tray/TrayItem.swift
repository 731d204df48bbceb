import CGtk
import PhotoPickCore

/// One row of the tray: a small square thumbnail of a picked asset, with a remove mark on
/// hover. The tray's list recycles rows, so one `TrayItem` shows one pick after another.
@MainActor
final class TrayItem {
    static let side: Int32 = 48
    /// The pick shown; nil while the row is not bound.
    private(set) var id: AssetID?
    let root: Widget
    private let picture: Gtk.Image
    private var ticket: SmallThumbnails.Ticket?
    private var name = ""
    private var filteredOut: Bool?

    init() {
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

    /// Shows `asset` and asks for its thumbnail.
    func show(_ asset: Asset, thumbnails: SmallThumbnails) {
        id = asset.id
        name = asset.name
        PlaceTrace.name(root, "tray \(asset.path)")
        filteredOut = nil
        setThumbnail(nil)
        ticket = thumbnails.request(asset, scale: Int(gtk_widget_get_scale_factor(root))) { [weak self] in
            self?.setThumbnail($0)
        }
    }

    /// The row no longer shows a pick: its thumbnail request is withdrawn.
    func release(_ thumbnails: SmallThumbnails) {
        if let ticket { thumbnails.cancel(ticket) }
        ticket = nil
        id = nil
        for mark in ["dragging", "drop-before", "drop-after"] { removeClass(root, mark) }
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

    private func setThumbnail(_ result: ThumbnailLoader.Result?) {
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
