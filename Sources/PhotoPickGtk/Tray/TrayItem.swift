import CGtk
import PhotoPickCore

/// One row of the tray: a small square thumbnail of a picked asset, with a remove mark on
/// hover. The tray's list recycles rows, so one `TrayItem` shows one pick after another.
@MainActor
final class TrayItem {
    static let side: Int32 = 48
    /// The pick shown; nil while the row is not bound.
    private(set) var id: AssetID?
    /// The row's widget, typed: the tray focuses it and asks where it is.
    let overlay = Gtk.Overlay()
    var root: Gtk.Overlay { overlay }
    private let picture: Gtk.Image
    private var ticket: SmallThumbnails.Ticket?
    private var name = ""
    private var filteredOut: Bool?

    init() {
        addClass(overlay, "tray-item")
        overlay.setFocusable(true)
        overlay.setVAlign(GTK_ALIGN_CENTER)
        // A square crop at exactly this size (SmallThumbnails crops it).
        picture = Gtk.Image()
        picture.setPixelSize(Self.side)
        picture.setClipsChildren(true)
        addClass(picture, "tray-thumb")
        overlay.setChild(picture)
        let remove = Gtk.Image(iconName: "window-close-symbolic")
        addClass(remove, "tray-remove")
        remove.setHAlign(GTK_ALIGN_END)
        remove.setVAlign(GTK_ALIGN_START)
        remove.setCanTarget(false)
        overlay.addOverlay(remove)
    }

    /// Shows `asset` and asks for its thumbnail.
    func show(_ asset: Asset, thumbnails: SmallThumbnails) {
        id = asset.id
        name = asset.name
        PlaceTrace.name(root, "tray \(asset.path)")
        filteredOut = nil
        setThumbnail(nil)
        ticket = thumbnails.request(asset, scale: overlay.scaleFactor) { [weak self] in
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
        overlay.setTooltip(name + why + "\n" + tr("Click to remove · drag to reorder"))
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
