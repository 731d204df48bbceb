import CGtk
import PhotoPickCore

/// One recycled sidebar row: cover (with the picked badge on its corner), title, count. The list binds it to
/// whichever album scrolls into view (`show`).
@MainActor
final class AlbumRow {
    static let coverSide: Int32 = 32
    private static let indentPerLevel: Int32 = 14

    let root: Gtk.Box
    /// "Folders", above the first folder album: a smart album and a folder may share a name.
    private let heading: Gtk.Label
    private let content: Gtk.Box
    private let cover: Gtk.Image
    private let title: Gtk.Label
    private let badge: Gtk.Label
    private let count: Gtk.Label
    private var fallbackIcon = "folder-symbolic"
    private var fullTitle = ""
    private var pickedCount = 0
    /// The album shown, and its newest assets, tried in turn for the cover.
    private(set) var albumID: AlbumID?
    var candidates: [AssetID] = []
    var ticket: SmallThumbnails.Ticket?

    init() {
        let rows = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        root = rows
        heading = Gtk.Label(tr("Folders"), classes: ["album-heading", "dim-label", "caption-heading"])
        heading.setXAlign(0)
        heading.setVisible(false)
        content = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        rows.append(heading)
        rows.append(content)
        // The cover: a square crop (GtkImage draws it at exactly its pixel size, where a
        // picture would follow the row's height), the album's kind as an icon until it arrives.
        cover = Gtk.Image()
        cover.setVAlign(GTK_ALIGN_CENTER)
        cover.setClipsChildren(true)  // the rounded corners clip the image
        addClass(cover, "album-cover")

        title = Gtk.Label(classes: ["album-title"])
        title.setXAlign(0)
        title.setEllipsize(PANGO_ELLIPSIZE_MIDDLE)
        title.setHExpand(true)
        // The pick badge sits on the cover's corner, as on an app icon: beside the title it
        // took the title's room ("Recent… Added" as soon as one photo was picked).
        badge = Gtk.Label(classes: ["picked-badge", "numeric"])
        badge.setHAlign(GTK_ALIGN_END)
        badge.setVAlign(GTK_ALIGN_START)
        badge.setVisible(false)
        let coverAndBadge = Gtk.Overlay()
        coverAndBadge.setVAlign(GTK_ALIGN_CENTER)
        coverAndBadge.setChild(cover)
        coverAndBadge.addOverlay(badge)
        count = Gtk.Label(classes: ["album-count", "dim-label", "numeric"])
        for w in [coverAndBadge.widget, title.widget, count.widget] { content.append(w) }
        onQueryTooltip(root.widget) { [unowned self] in self.fullTitle }
        onQueryTooltip(badge.widget) { [unowned self] in
            trn("%s selected in this album", "%s selected in this album", self.pickedCount, HumanFormat.count(self.pickedCount))
        }
    }

    /// Shows `album`: its name below the parent album, indented by depth, and the heading
    /// between the smart albums and the folders (`firstFolder`).
    func show(_ album: Album, firstFolder: Bool) {
        albumID = album.id
        PlaceTrace.name(content, "album \(album.id.placeName)")
        content.setMarginStart(Int32(album.depth) * Self.indentPerLevel)
        heading.setVisible(firstFolder)
        fallbackIcon = Self.icon(for: album.id)
        fullTitle = album.displayTitle
        title.setText(album.displayShortTitle)
        setCover(nil)
    }

    func setCount(_ n: Int) { count.setText(HumanFormat.count(n)) }

    func setPicked(_ n: Int) {
        pickedCount = n
        badge.setVisible(n > 0)
        if n > 0 { badge.setText(HumanFormat.count(n)) }
    }

    func setCover(_ result: ThumbnailLoader.Result?) {
        if case .texture(let texture, _)? = result {
            cover.setPaintable(texture)
            cover.setPixelSize(Self.coverSide)
            removeClass(cover, "placeholder")
        } else {
            // No photo yet (or it cannot be decoded): the album's symbol, padded to the same square.
            cover.setIconName(fallbackIcon)
            cover.setPixelSize(Self.coverSide / 2)
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
