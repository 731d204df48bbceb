import CGtk
import PhotoPickCore

/// One recycled grid tile: a square, fill-cropped thumbnail with a check badge that shows
/// the pick order (1, 2, 3…), a duration badge on videos, a pair's badge ("LIVE", "RAW",
/// "MOTION") on its still, and the states the grid draws
/// with CSS classes: `selected`, `dimmed` (the maximum is reached), `focused`.
///
/// For screen readers it is a check box named after the file ("IMG_1.jpg, 1 May 2024,
/// 14:03, selected, 3rd") whose checked state is the pick.
@MainActor
final class TileView {
    var root: Gtk.Overlay { overlay }
    private let overlay: Gtk.Overlay
    private let frame: Gtk.Box
    private let picture: Gtk.Picture
    private let badge: Gtk.Box
    private let badgeNumber: Gtk.Label
    private let badgeCheck: Gtk.Image
    private let video: Gtk.Box
    private let videoLength: Gtk.Label
    /// A pair's mark, where a video's length would be (a pair's tile is its still, never a video).
    private let pairBadge: Gtk.Label
    /// The kind of pair the bound asset is the still of.
    private(set) var pair: PairKind?
    private let broken: Gtk.Image
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
        overlay = Gtk.Overlay(role: GTK_ACCESSIBLE_ROLE_CHECKBOX)
        let root = overlay.widget
        addClass(root, "tile")
        // The frame holds the tile square whatever the photo's shape; the picture covers it.
        frame = Gtk.Box(GTK_ORIENTATION_HORIZONTAL)
        pp_make_square(frame.widget)
        frame.setClipsChildren(true)
        addClass(frame, "tile-frame")  // not "frame": Adwaita borders that class, widening the tile
        picture = Gtk.Picture()
        picture.setContentFit(GTK_CONTENT_FIT_COVER)
        picture.setCanShrink(true)
        addClass(picture, "thumb")
        frame.append(picture)
        overlay.setChild(frame)

        broken = Gtk.Image(iconName: "image-missing-symbolic")
        broken.setPixelSize(32)
        addClass(broken, "broken")
        broken.setVisible(false)
        overlay.addOverlay(broken)

        // The badge: an empty ring on hover, filled with the pick number when picked (a
        // check mark when only one can be picked).
        badge = Gtk.Box(GTK_ORIENTATION_HORIZONTAL)
        addClass(badge, "check")
        badge.setHAlign(GTK_ALIGN_END)
        badge.setVAlign(GTK_ALIGN_START)
        badgeNumber = Gtk.Label("", classes: ["pick-number"])
        badgeNumber.setHExpand(true)
        badgeCheck = Gtk.Image(iconName: "object-select-symbolic")
        badgeCheck.setHExpand(true)
        badge.append(badgeNumber)
        badge.append(badgeCheck)
        overlay.addOverlay(badge)

        video = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 3)
        addClass(video, "video-badge")
        video.setHAlign(GTK_ALIGN_START)
        video.setVAlign(GTK_ALIGN_END)
        video.append(Gtk.Image(iconName: "media-playback-start-symbolic").widget)
        videoLength = Gtk.Label("", classes: ["numeric"])
        video.append(videoLength)
        video.setVisible(false)
        overlay.addOverlay(video)

        pairBadge = Gtk.Label("", classes: ["video-badge", "pair-badge"])
        pairBadge.setHAlign(GTK_ALIGN_START)
        pairBadge.setVAlign(GTK_ALIGN_END)
        pairBadge.setVisible(false)
        overlay.addOverlay(pairBadge)

        broken.setCanTarget(false)
        badge.setCanTarget(false)
        video.setCanTarget(false)
        pairBadge.setCanTarget(false)
        onQueryTooltip(root) { [unowned self] in
            self.failed ? self.name + "\n" + tr("Can’t be shown: the file is damaged or in a format this system can’t read") : self.name
        }
        resize(size)
    }

    func resize(_ side: Int) {
        guard side != self.side else { return }
        self.side = side
        pp_set_square_side(frame.widget, Int32(side))
    }

    /// Shows `asset`; the grid sets its thumbnail (the best so far, or none while parked).
    /// `pair`: the kind of pair `asset` is the still of.
    func bind(_ asset: Asset, pair: PairKind?, pickIndex: Int?, singlePick: Bool, dimmed: Bool, focused: Bool) {
        assetID = asset.id
        self.pair = pair
        pairBadge.setText(pair.map(TileDescription.pairBadge) ?? "")
        pairBadge.setVisible(pair != nil)
        name = asset.name
        PlaceTrace.name(root, "tile \(asset.path)")
        let length = TileDescription.durationBadge(asset)
        video.setVisible(asset.kind == .video)
        videoLength.setVisible(length != nil)
        videoLength.setText(length ?? "")
        setState(asset, pickIndex: pickIndex, singlePick: singlePick, dimmed: dimmed)
        setFocused(focused)
    }

    func unbind() {
        assetID = nil
        pair = nil
        parked = false
        setThumbnail(nil)
    }

    /// The picked state: the badge's number, the classes and the accessible name and state.
    func setState(_ asset: Asset, pickIndex: Int?, singlePick: Bool, dimmed: Bool) {
        let picked = pickIndex != nil
        setClass(root, "selected", picked)
        setClass(root, "dimmed", dimmed && !picked)
        badgeNumber.setText(pickIndex.map { String($0 + 1) } ?? "")
        badgeNumber.setVisible(picked && !singlePick)
        badgeCheck.setVisible(picked && singlePick)
        let name = TileDescription.accessibleName(asset, pickIndex: pickIndex, pair: pair)
        if name != accessibleName {
            accessibleName = name
            pp_accessible_set_label(root.widget, name)
        }
        pp_accessible_set_checked(root.widget, picked ? 1 : 0)
    }

    func setFocused(_ focused: Bool) { setClass(root, "focused", focused) }

    /// Shown in its row, or hidden (a row of fewer tiles, a header or a placeholder).
    func setVisible(_ on: Bool) { overlay.setVisible(on) }

    /// Where the tile is in `other`'s coordinates; nil when they share no window.
    func bounds(in other: some WidgetHandle) -> (x: Double, y: Double, width: Double, height: Double)? { overlay.bounds(in: other) }

    func setThumbnail(_ result: ThumbnailLoader.Result?) {
        failed = { if case .failed? = result { return true } else { return false } }()
        setClass(root, "failed", failed)  // [window]
        holdsTexture = { if case .texture? = result { return true } else { return false } }()
        switch result {
        case .texture(let texture, _):
            picture.setPaintable(texture)
            broken.setVisible(false)
        case .failed:
            picture.setPaintable(nil)
            broken.setVisible(true)  // [window] and said in words by the tooltip
        case nil:
            picture.setPaintable(nil)
            broken.setVisible(false)
        }
    }
}
