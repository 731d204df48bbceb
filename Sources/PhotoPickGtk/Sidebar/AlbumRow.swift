import CGtk
import PhotoPickCore

/// One sidebar row: cover, title, picked badge, count.
@MainActor
final class AlbumRow {
    static let coverSide: Int32 = 32
    private static let indentPerLevel: Int32 = 14

    let root: Widget
    private let cover: Widget
    private let badge: Widget
    private let count: Widget
    private let fallbackIcon: String
    /// The album's newest assets, tried in turn for the cover.
    var candidates: [AssetID] = []
    var ticket: SmallThumbnails.Ticket?

    init(_ album: Album, firstFolder: Bool) {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        // The tree: the name below the parent album, indented by depth.
        gtk_widget_set_margin_start(root, Int32(album.depth) * Self.indentPerLevel)
        // A little air between the smart albums and the folders.
        if firstFolder { gtk_widget_set_margin_top(root, 8) }
        fallbackIcon = Self.icon(for: album.id)

        // The cover: a square crop (GtkImage draws it at exactly its pixel size, where a
        // picture would follow the row's height), the album's kind as an icon until it arrives.
        cover = gtk_image_new()
        gtk_widget_set_valign(cover, GTK_ALIGN_CENTER)
        gtk_widget_set_overflow(cover, GTK_OVERFLOW_HIDDEN)  // the rounded corners clip the image
        addClass(cover, "album-cover")

        let title = label(album.shortTitle, classes: ["album-title"])
        gtk_label_set_xalign(cast(title), 0)
        gtk_label_set_ellipsize(cast(title), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(title, 1)
        badge = label("", classes: ["picked-badge", "numeric"])
        gtk_widget_set_valign(badge, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(badge, 0)
        count = label("", classes: ["album-count", "dim-label", "numeric"])
        for w in [cover, title, badge, count] { gtk_box_append(cast(root), w) }
        gtk_widget_set_tooltip_text(root, album.title)
        setCover(nil)
    }

    func setCount(_ n: Int) { gtk_label_set_text(cast(count), HumanFormat.count(n)) }

    func setPicked(_ n: Int) {
        gtk_widget_set_visible(badge, n > 0 ? 1 : 0)
        guard n > 0 else { return }
        gtk_label_set_text(cast(badge), HumanFormat.count(n))
        gtk_widget_set_tooltip_text(badge, n == 1 ? "1 selected in this album" : "\(HumanFormat.count(n)) selected in this album")
    }

    func setCover(_ result: ThumbnailLoader.Result?) {
        if case .texture(let texture, _)? = result {
            gtk_image_set_from_paintable(cast(cover), texture)
            gtk_image_set_pixel_size(cast(cover), Self.coverSide)
            removeClass(cover, "placeholder")
        } else {
            // No photo yet (or it cannot be decoded): the album's symbol, padded to the same square.
            gtk_image_set_from_icon_name(cast(cover), fallbackIcon)
            gtk_image_set_pixel_size(cast(cover), Self.coverSide / 2)
            addClass(cover, "placeholder")
        }
    }

    /// Withdraws the cover request in flight.
    func cancelCover(_ covers: SmallThumbnails) {
        if let ticket { covers.cancel(ticket) }
        ticket = nil
    }

    /// Lets go of the cover and forgets which assets it came from.
    func release(_ covers: SmallThumbnails) {
        cancelCover(covers)
        candidates = []
    }

    private static func icon(for id: AlbumID) -> String {
        switch id.smartKind {
        case .allPhotos?: return "image-x-generic-symbolic"
        case .videos?: return "video-x-generic-symbolic"
        case .screenshots?: return "applets-screenshooter-symbolic"
        case .recentlyAdded?: return "document-open-recent-symbolic"
        case .favorites?: return "starred-symbolic"
        case .panoramas?: return "zoom-fit-best-symbolic"
        case nil: return "folder-symbolic"
        }
    }
}
