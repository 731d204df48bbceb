import CGtk
import PhotoPickCore

/// One recycled grid tile: a square, fill-cropped thumbnail with a check badge that shows
/// the pick order (1, 2, 3…), a duration badge on videos, and the states the grid draws
/// with CSS classes: `selected`, `dimmed` (the maximum is reached), `focused`.
///
/// For screen readers it is a check box named after the file ("IMG_1.jpg, 1 May 2024,
/// 14:03, selected, 3rd") whose checked state is the pick.
@MainActor
final class TileView {
    let root: Widget
    private let frame: Widget
    private let picture: Widget
    private let badge: Widget
    private let badgeNumber: Widget
    private let badgeCheck: Widget
    private let video: Widget
    private let videoLength: Widget
    private let broken: Widget
    private(set) var assetID: AssetID?
    /// The flat index in the shown collection (set by the row that holds the tile).
    var flatIndex = 0
    private var side = 0
    private var accessibleName = ""
    /// The tooltip: the file's name, and why it shows no picture when it cannot be decoded.
    private var name = ""
    private var failed = false
    /// Whether its picture shows a texture (which the tile then keeps alive).
    private(set) var holdsTexture = false
    /// Bound but far off screen: it shows no thumbnail and has withdrawn its request
    /// (DistantTiles.swift).
    var parked = false

    init(size: Int) {
        root = pp_widget_new_with_role(gtk_overlay_get_type(), GTK_ACCESSIBLE_ROLE_CHECKBOX)
        addClass(root, "tile")
        // The frame holds the tile square whatever the photo's shape; the picture covers it.
        frame = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        pp_make_square(frame)
        gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN)
        addClass(frame, "tile-frame")  // not "frame": Adwaita borders that class, widening the tile
        picture = gtk_picture_new()
        Gtk.Picture(picture).setContentFit(GTK_CONTENT_FIT_COVER)
        Gtk.Picture(picture).setCanShrink(true)
        addClass(picture, "thumb")
        Gtk.Box(frame).append(picture)
        Gtk.Overlay(root).setChild(frame)

        broken = gtk_image_new_from_icon_name("image-missing-symbolic")
        Gtk.Image(broken).setPixelSize(32)
        addClass(broken, "broken")
        gtk_widget_set_visible(broken, 0)
        Gtk.Overlay(root).addOverlay(broken)

        // The badge: an empty ring on hover, filled with the pick number when picked (a
        // check mark when only one can be picked).
        badge = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        addClass(badge, "check")
        gtk_widget_set_halign(badge, GTK_ALIGN_END)
        gtk_widget_set_valign(badge, GTK_ALIGN_START)
        badgeNumber = label("", classes: ["pick-number"])
        gtk_widget_set_hexpand(badgeNumber, 1)
        badgeCheck = gtk_image_new_from_icon_name("object-select-symbolic")
        gtk_widget_set_hexpand(badgeCheck, 1)
        Gtk.Box(badge).append(badgeNumber)
        Gtk.Box(badge).append(badgeCheck)
        Gtk.Overlay(root).addOverlay(badge)

        video = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 3)
        addClass(video, "video-badge")
        gtk_widget_set_halign(video, GTK_ALIGN_START)
        gtk_widget_set_valign(video, GTK_ALIGN_END)
        Gtk.Box(video).append(gtk_image_new_from_icon_name("media-playback-start-symbolic"))
        videoLength = label("", classes: ["numeric"])
        Gtk.Box(video).append(videoLength)
        gtk_widget_set_visible(video, 0)
        Gtk.Overlay(root).addOverlay(video)

        for w in [broken, badge, video] { gtk_widget_set_can_target(w, 0) }
        onQueryTooltip(root) { [unowned self] in
            self.failed ? self.name + "\n" + tr("Can’t be shown: the file is damaged or in a format this system can’t read") : self.name
        }
        resize(size)
    }

    func resize(_ side: Int) {
        guard side != self.side else { return }
        self.side = side
        pp_set_square_side(frame, Int32(side))
    }

    /// Shows `asset`; the grid sets its thumbnail (the best so far, or none while parked).
    func bind(_ asset: Asset, pickIndex: Int?, singlePick: Bool, dimmed: Bool, focused: Bool) {
        assetID = asset.id
        name = asset.name
        PlaceTrace.name(root, "tile \(asset.path)")
        let length = TileDescription.durationBadge(asset)
        gtk_widget_set_visible(video, asset.kind == .video ? 1 : 0)
        gtk_widget_set_visible(videoLength, length == nil ? 0 : 1)
        Gtk.Label(videoLength).setText(length ?? "")
        setState(asset, pickIndex: pickIndex, singlePick: singlePick, dimmed: dimmed)
        setFocused(focused)
    }

    func unbind() {
        assetID = nil
        parked = false
        setThumbnail(nil)
    }

    /// The picked state: the badge's number, the classes and the accessible name and state.
    func setState(_ asset: Asset, pickIndex: Int?, singlePick: Bool, dimmed: Bool) {
        let picked = pickIndex != nil
        setClass(root, "selected", picked)
        setClass(root, "dimmed", dimmed && !picked)
        Gtk.Label(badgeNumber).setText(pickIndex.map { String($0 + 1) } ?? "")
        gtk_widget_set_visible(badgeNumber, picked && !singlePick ? 1 : 0)
        gtk_widget_set_visible(badgeCheck, picked && singlePick ? 1 : 0)
        let name = TileDescription.accessibleName(asset, pickIndex: pickIndex)
        if name != accessibleName {
            accessibleName = name
            pp_accessible_set_label(root, name)
        }
        pp_accessible_set_checked(root, picked ? 1 : 0)
    }

    func setFocused(_ focused: Bool) { setClass(root, "focused", focused) }

    func setThumbnail(_ result: ThumbnailLoader.Result?) {
        failed = { if case .failed? = result { return true } else { return false } }()
        setClass(root, "failed", failed)  // [window]
        holdsTexture = { if case .texture? = result { return true } else { return false } }()
        switch result {
        case .texture(let texture, _):
            Gtk.Picture(picture).setPaintable(texture)
            gtk_widget_set_visible(broken, 0)
        case .failed:
            Gtk.Picture(picture).setPaintable(nil)
            gtk_widget_set_visible(broken, 1)  // [window] and said in words by the tooltip
        case nil:
            Gtk.Picture(picture).setPaintable(nil)
            gtk_widget_set_visible(broken, 0)
        }
    }
}
