import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// The large view of one photo or video, over the grid: fitted to the window, zoom and
/// pan, previous and next through the shown assets, picking (Space or the check button),
/// and the file's details. Escape goes back to the grid.
///
/// A `WidgetView` of its root box: it lives as long as the box, and its handlers go with it.
@MainActor
final class PreviewView: WidgetView {
    var root: Widget { widget }
    private let image: ZoomableImage
    private let info: PreviewInfo
    private let decoder: PreviewDecoder
    private let thumbnails: SmallThumbnails
    private let media: Widget
    private let videoBox: Widget
    private let failure: Widget
    private let failureText: Widget
    private let spinner: Widget
    private let title: Widget
    private let position: Widget
    private let zoomLabel: Widget
    private let zoomGroup: Widget
    private let check: Widget
    private let previousButtons: [Widget]
    private let nextButtons: [Widget]
    private var player: VideoPlayer?
    /// Bumped when a video is opened or left: a header read that comes back later is dropped.
    private var videoOpening = 0
    private var order: [AssetID] = []
    private var ticket: SmallThumbnails.Ticket?
    private var rendering = false
    private(set) var current: AssetID?
    /// The decode's texture for the shown asset.
    private var texture: Gdk.Texture?

    var asset: (AssetID) -> Asset? = { _ in nil }
    var isSelected: (AssetID) -> Bool = { _ in false }
    var onToggle: (AssetID) -> Void = { _ in }
    /// Back to the grid, with the asset last shown.
    var onClose: (AssetID?) -> Void = { _ in }

    var isOpen: Bool { current != nil }

    init(thumbnails: SmallThumbnails) {
        self.thumbnails = thumbnails
        // Made as locals (a subclass may not read its own properties before super.init),
        // stored below.
        let image = ZoomableImage(), info = PreviewInfo()
        self.image = image
        self.info = info
        decoder = PreviewDecoder()
        let root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        addClass(root, "preview")

        // The bar: back, name and place, zoom, previous/next, the pick check box.
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        addClass(bar, "preview-bar")
        let back = Self.iconButton("go-previous-symbolic", tr("Back to all photos (Esc)"))
        Gtk.Box(bar).append(back)
        let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let title = label("", classes: ["heading"])
        Gtk.Label(title).setEllipsize(PANGO_ELLIPSIZE_MIDDLE)
        Gtk.Label(title).setXAlign(0)
        let position = label("", classes: ["dim-label", "caption", "numeric"])
        Gtk.Label(position).setXAlign(0)
        Gtk.Box(titles).append(title)
        Gtk.Box(titles).append(position)
        gtk_widget_set_hexpand(titles, 1)
        Gtk.Box(bar).append(titles)

        let zoomGroup = Self.linked()
        let zoomOut = Self.iconButton("zoom-out-symbolic", tr("Zoom out (−)"))
        let zoomLabel = gtk_button_new_with_label(tr("Fit"))!
        gtk_widget_set_tooltip_text(zoomLabel, tr("Fit (0) or actual size (1)"))
        addClass(zoomLabel, "numeric")
        gtk_widget_set_size_request(zoomLabel, 64, -1)
        let zoomIn = Self.iconButton("zoom-in-symbolic", tr("Zoom in (+)"))
        for w in [zoomOut, zoomLabel, zoomIn] { Gtk.Box(zoomGroup).append(w) }
        Gtk.Box(bar).append(zoomGroup)

        let navGroup = Self.linked()
        let previous = Self.iconButton("go-previous-symbolic", tr("Previous (←)"))
        let next = Self.iconButton("go-next-symbolic", tr("Next (→)"))
        Gtk.Box(navGroup).append(previous)
        Gtk.Box(navGroup).append(next)
        Gtk.Box(bar).append(navGroup)

        let check = gtk_check_button_new_with_mnemonic(tr("_Selected"))!
        gtk_widget_set_tooltip_text(check, tr("Pick this one (Space)"))
        addClass(check, "preview-check")
        Gtk.Box(bar).append(check)
        Gtk.Box(root).append(bar)

        // The stage: the image (or video, or why it cannot be shown), arrows at the sides.
        let media = gtk_stack_new()!
        Gtk.Stack(media).addNamed(image.root, "image")
        let videoBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        addClass(videoBox, "preview-stage")
        Gtk.Stack(media).addNamed(videoBox, "video")
        let failure = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        addClass(failure, "preview-stage")
        addClass(failure, "preview-failure")
        gtk_widget_set_valign(failure, GTK_ALIGN_FILL)
        let brokenIcon = gtk_image_new_from_icon_name("image-missing-symbolic")!
        Gtk.Image(brokenIcon).setPixelSize(96)
        gtk_widget_set_vexpand(brokenIcon, 1)
        gtk_widget_set_valign(brokenIcon, GTK_ALIGN_END)
        let failureText = label("", classes: ["title-4"])
        Gtk.Label(failureText).setWrap(true)
        Gtk.Label(failureText).setJustify(GTK_JUSTIFY_CENTER)
        gtk_widget_set_vexpand(failureText, 1)
        gtk_widget_set_valign(failureText, GTK_ALIGN_START)
        Gtk.Box(failure).append(brokenIcon)
        Gtk.Box(failure).append(failureText)
        Gtk.Stack(media).addNamed(failure, "failure")

        let stage = gtk_overlay_new()!
        Gtk.Overlay(stage).setChild(media)
        gtk_widget_set_hexpand(stage, 1)
        let spinner = gtk_spinner_new()!
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(spinner, 0)
        Gtk.Overlay(stage).addOverlay(spinner)
        let sidePrevious = Self.iconButton("go-previous-symbolic", tr("Previous (←)"))
        let sideNext = Self.iconButton("go-next-symbolic", tr("Next (→)"))
        for (button, align) in [(sidePrevious, GTK_ALIGN_START), (sideNext, GTK_ALIGN_END)] {
            for c in ["osd", "circular", "preview-arrow"] { addClass(button, c) }
            gtk_widget_set_halign(button, align)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            Gtk.Overlay(stage).addOverlay(button)
        }
        let previousButtons = [previous, sidePrevious]
        let nextButtons = [next, sideNext]

        let body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_vexpand(body, 1)
        Gtk.Box(body).append(stage)
        Gtk.Box(body).append(gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        Gtk.Box(body).append(info.root)
        Gtk.Box(root).append(body)

        self.media = media
        self.videoBox = videoBox
        self.failure = failure
        self.failureText = failureText
        self.spinner = spinner
        self.title = title
        self.position = position
        self.zoomLabel = zoomLabel
        self.zoomGroup = zoomGroup
        self.check = check
        self.previousButtons = previousButtons
        self.nextButtons = nextButtons
        super.init(widget: root)
        // Its keys act wherever the focus is while it shows: its own buttons do not take
        // Space, the arrows or Escape.
        KeyBindings.bind(.preview, on: root)

        connect(back, "clicked") { [unowned self] in self.close() }
        connect(zoomOut, "clicked") { [unowned self] in self.image.zoomOut() }
        connect(zoomIn, "clicked") { [unowned self] in self.image.zoomIn() }
        connect(zoomLabel, "clicked") { [unowned self] in
            Gtk.Button(self.zoomLabel).label == tr("Fit") ? self.image.actualSize() : self.image.fit()
        }
        for b in previousButtons { connect(b, "clicked") { [unowned self] in self.step(-1) } }
        for b in nextButtons { connect(b, "clicked") { [unowned self] in self.step(1) } }
        connect(check, "toggled") { [unowned self] in
            guard !self.rendering, let id = self.current else { return }
            self.onToggle(id)
            self.refresh()  // a refused pick (limit reached) puts the box back
        }
        image.onZoomChange = { [unowned self] text in Gtk.Button(self.zoomLabel).setLabel(text) }
        image.onNeedsPixels = { [unowned self] side in self.decodeSharper(side) }
    }

    // MARK: Opening, moving, closing

    /// Shows `id`; previous and next go through `order` (the grid's shown assets).
    func open(_ id: AssetID, in order: [AssetID]) {
        self.order = order
        show(id)
    }

    func close() {
        let last = current
        stopMedia()
        current = nil
        onClose(last)
    }

    /// The grid's shown assets changed (a live update, another filter): keep the shown asset
    /// if it is still there, else go back.
    func shownChanged(_ order: [AssetID]) {
        guard let current else { return }
        self.order = order
        if asset(current) == nil { return close() }
        updatePosition()
    }

    /// These files changed on disk: the one shown is read again.
    func contentChanged(_ ids: [AssetID]) {
        guard let current, ids.contains(current) else { return }
        show(current)
    }

    /// The selection changed: the check box follows.
    func refresh() {
        guard let current else { return }
        rendering = true
        Gtk.CheckButton(check).setActive(isSelected(current))
        rendering = false
    }

    private func step(_ delta: Int) {
        guard let current, let i = order.firstIndex(of: current) else { return }
        let j = i + delta
        guard order.indices.contains(j) else { return }
        show(order[j])
    }

    private func show(_ id: AssetID) {
        guard let asset = asset(id) else { return }
        stopMedia()
        current = id
        Gtk.Label(title).setText(asset.name)
        info.show(asset)
        refresh()
        updatePosition()
        gtk_widget_set_visible(zoomGroup, asset.kind == .video ? 0 : 1)  // a video is played, not zoomed
        if asset.kind == .video { return showVideo(asset) }
        Gtk.Stack(media).setVisibleChildName("image")
        // A stand-in at once (the small thumbnail, blurred up), the real pixels after the decode.
        // Without a known size the window's is assumed until the decode tells.
        let size = asset.metadata.displaySize ?? windowSide.map { ($0, $0) } ?? (1024, 1024)
        image.show(width: size.0, height: size.1, texture: nil, textureSide: 0)
        Gtk.Spinner(spinner).start()
        ticket = thumbnails.request(asset, scale: Int(gtk_widget_get_scale_factor(root)), square: false) { [weak self] result in
            guard let self, self.current == id, self.texture == nil, case .texture(let t, _) = result else { return }
            self.image.improve(texture: t, textureSide: 1, width: size.0, height: size.1)
        }
        decodeSharper(image.neededSide ?? windowSide ?? 1024)
    }

    /// The window's longest side in device pixels: what a fitted image needs at most.
    private var windowSide: Int? {
        guard let top = gtk_widget_get_root(root) else { return nil }
        let w = PhotoPickGtk.widget(top)
        let side = Int(max(gtk_widget_get_width(w), gtk_widget_get_height(w)) * gtk_widget_get_scale_factor(w))
        return side > 1 ? side : nil
    }

    private func updatePosition() {
        guard let current, let i = order.firstIndex(of: current) else {
            Gtk.Label(position).setText("")
            return
        }
        Gtk.Label(position).setText(tr("%1$s of %2$s", HumanFormat.count(i + 1), HumanFormat.count(order.count)))
        for b in previousButtons { gtk_widget_set_sensitive(b, i > 0 ? 1 : 0) }
        for b in nextButtons { gtk_widget_set_sensitive(b, i + 1 < order.count ? 1 : 0) }
    }

    private var decodedSide = 0, requestedSide = 0, fullSide = Int.max

    /// Decodes again when the zoom shows more pixels than the last decode has (up to the file's own).
    private func decodeSharper(_ side: Int) {
        guard let id = current, let asset = asset(id), asset.kind == .photo else { return }
        let want = min(side, fullSide)
        guard want > decodedSide, want > requestedSide else { return }
        requestedSide = want
        decoder.load(asset, longestSide: want) { [weak self] result in
            guard let self, self.current == id else { return }  // not wanted: the texture goes with `result`
            Gtk.Spinner(self.spinner).stop()
            switch result {
            case .success(let d):
                self.texture = d.texture
                self.decodedSide = d.longestSide
                self.fullSide = max(d.fullWidth, d.fullHeight)
                self.image.improve(texture: d.texture, textureSide: d.longestSide, width: d.fullWidth, height: d.fullHeight)
                Trace.mark("preview-decoded \(d.fullWidth)x\(d.fullHeight)")
            case .failure(let error):
                Trace.mark("preview-failed")
                // The file's name is in the side panel already; the message does not repeat it.
                Gtk.Label(self.failureText).setText(tr("This photo can’t be shown") + "\n" + error.message())
                Gtk.Stack(self.media).setVisibleChildName("failure")
            }
        }
    }

    /// Plays a video: its container's header says how to turn it upright (read off the main
    /// thread: the movie box may sit at the end of a large file), then the player opens.
    private func showVideo(_ asset: Asset) {
        Gtk.Spinner(spinner).stop()
        Gtk.Stack(media).setVisibleChildName("video")
        videoOpening += 1
        let opening = videoOpening, path = asset.path
        Task { [weak self] in
            let turn = await Task.detached(priority: .userInitiated) { QuickTimeHeader.read(path)?.quarterTurn ?? .none }.value
            // Another asset (or none) since: this header is stale.
            guard let self, self.isAttached, self.videoOpening == opening, let asset = self.current.flatMap(self.asset) else { return }
            self.play(asset, turn: turn)
        }
    }

    private func play(_ asset: Asset, turn: QuarterTurn) {
        let player = VideoPlayer(path: asset.path, turn: turn, duration: asset.metadata.durationSeconds)
        player.onFailure = { [unowned self] reason in
            Trace.mark("preview-failed")
            Gtk.Label(self.failureText).setText(tr("This video can’t be played") + "\n" + reason)
            Gtk.Stack(self.media).setVisibleChildName("failure")
        }
        gtk_widget_set_vexpand(player.root, 1)
        Gtk.Box(videoBox).append(player.root)
        self.player = player
        Trace.mark("video-opened \(turn)")
    }

    /// Stops whatever the last asset started: a decode, a thumbnail, a playing video.
    private func stopMedia() {
        decoder.cancel()
        decodedSide = 0
        requestedSide = 0
        fullSide = Int.max
        if let ticket { thumbnails.cancel(ticket) }
        ticket = nil
        videoOpening += 1
        if let player {
            player.stop()
            Gtk.Box(videoBox).remove(player.root)
        }
        player = nil
        image.clear()
        texture = nil
        Gtk.Spinner(spinner).stop()
    }

    // MARK: Commands (the window's "win.preview-…" actions, on while it shows)

    func previous() { step(-1) }
    func next() { step(1) }
    func first() { if let first = order.first { show(first) } }
    func last() { if let last = order.last { show(last) } }

    /// Picks or unpicks the asset shown.
    func togglePick() {
        guard let current else { return }
        onToggle(current)
        refresh()
    }

    func playOrPause() { player?.playOrPause() }
    func zoomIn() { image.zoomIn() }
    func zoomOut() { image.zoomOut() }
    func actualSize() { image.actualSize() }
    func fit() { image.fit() }

    // MARK: Widgets

    private static func iconButton(_ icon: String, _ tooltip: String) -> Widget {
        let b = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(b, tooltip)
        return b
    }

    private static func linked() -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        addClass(box, "linked")
        return box
    }
}
