import CGtk
import PhotoPickCore

/// One recycled sidebar row: cover (with the picked badge on its corner), title, count. The list binds it to
/// whichever album scrolls into view (`show`).
@MainActor
final class AlbumRow {
    static let coverSide: Int32 = 32
    private static let indentPerLevel: Int32 = 14

    let root: Widget
    /// "Folders", above the first folder album: a smart album and a folder may share a name.
    private let heading: Widget
    private let content: Widget
    private let cover: Widget
    private let title: Widget
    private let badge: Widget
    private let count: Widget
    private var fallbackIcon = "folder-symbolic"
    private var fullTitle = ""
    private var pickedCount = 0
    /// The album shown, and its newest assets, tried in turn for the cover.
    private(set) var albumID: AlbumID?
    var candidates: [AssetID] = []
    var ticket: SmallThumbnails.Ticket?

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        heading = label(tr("Folders"), classes: ["album-heading", "dim-label", "caption-heading"])
        gtk_label_set_xalign(cast(heading), 0)
        gtk_widget_set_visible(heading, 0)
        content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_box_append(cast(root), heading)
        gtk_box_append(cast(root), content)
        // The cover: a square crop (GtkImage draws it at exactly its pixel size, where a
        // picture would follow the row's height), the album's kind as an icon until it arrives.
        cover = gtk_image_new()
        gtk_widget_set_valign(cover, GTK_ALIGN_CENTER)
        gtk_widget_set_overflow(cover, GTK_OVERFLOW_HIDDEN)  // the rounded corners clip the image
        addClass(cover, "album-cover")

        title = label("", classes: ["album-title"])
        gtk_label_set_xalign(cast(title), 0)
        gtk_label_set_ellipsize(cast(title), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_set_hexpand(title, 1)
        // The pick badge sits on the cover's corner, as on an app icon: beside the title it
        // took the title's room ("Recent… Added" as soon as one photo was picked).
        badge = label("", classes: ["picked-badge", "numeric"])
        gtk_widget_set_halign(badge, GTK_ALIGN_END)
        gtk_widget_set_valign(badge, GTK_ALIGN_START)
        gtk_widget_set_visible(badge, 0)
        let coverAndBadge = gtk_overlay_new()!
        gtk_widget_set_valign(coverAndBadge, GTK_ALIGN_CENTER)
        gtk_overlay_set_child(cast(coverAndBadge), cover)
        gtk_overlay_add_overlay(cast(coverAndBadge), badge)
        count = label("", classes: ["album-count", "dim-label", "numeric"])
        for w in [coverAndBadge, title, count] { gtk_box_append(cast(content), w) }
        onQueryTooltip(root) { [unowned self] in self.fullTitle }
        onQueryTooltip(badge) { [unowned self] in
            trn("%s selected in this album", "%s selected in this album", self.pickedCount, HumanFormat.count(self.pickedCount))
        }
    }

    /// Shows `album`: its name below the parent album, indented by depth, and the heading
    /// between the smart albums and the folders (`firstFolder`).
    func show(_ album: Album, firstFolder: Bool) {
        albumID = album.id
        gtk_widget_set_margin_start(content, Int32(album.depth) * Self.indentPerLevel)
        gtk_widget_set_visible(heading, firstFolder ? 1 : 0)
        fallbackIcon = Self.icon(for: album.id)
        fullTitle = album.displayTitle
        gtk_label_set_text(cast(title), album.displayShortTitle)
        setCover(nil)
    }

    func setCount(_ n: Int) { gtk_label_set_text(cast(count), HumanFormat.count(n)) }

    func setPicked(_ n: Int) {
        pickedCount = n
        gtk_widget_set_visible(badge, n > 0 ? 1 : 0)
        if n > 0 { gtk_label_set_text(cast(badge), HumanFormat.count(n)) }
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

    /// Lets go of the album: the cover request is withdrawn and its assets forgotten.
    func release(_ covers: SmallThumbnails) {
        cancelCover(covers)
        candidates = []
        albumID = nil
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
