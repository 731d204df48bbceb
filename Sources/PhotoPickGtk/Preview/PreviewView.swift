import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// The large view of one photo or video, over the grid: fitted to the window, zoom and
/// pan, previous and next through the shown assets, picking (Space or the check button),
/// and the file's details. Escape goes back to the grid. A Live or Motion Photo shows its
/// still with a Live button: it (or P) plays the motion once, muted, over the still.
///
/// A `WidgetView` of its root box: it lives as long as the box, and its handlers go with it.
@MainActor
final class PreviewView: WidgetView {
    var root: Gtk.Box { column }
    /// The root, typed.
    private let column: Gtk.Box
    private let image: ZoomableImage
    private let info: PreviewInfo
    private let decoder: PreviewDecoder
    private let thumbnails: SmallThumbnails
    private let media: Gtk.Stack
    private let videoBox: Gtk.Box
    private let motionBox: Gtk.Box
    private let liveButton: Gtk.Button
    private let failure: Gtk.Box
    private let failureText: Gtk.Label
    private let spinner: Gtk.Spinner
    private let title: Gtk.Label
    private let position: Gtk.Label
    private let zoomLabel: Gtk.Button
    private let zoomGroup: Gtk.Box
    private let check: Gtk.CheckButton
    private let previousButtons: [Gtk.Button]
    private let nextButtons: [Gtk.Button]
    private var player: VideoPlayer?
    /// A Live or Motion Photo's motion, while it plays.
    private var motion: MotionPlayer?
    /// The motion is opening, playing or saying why it cannot: P goes back to the still.
    private var motionShown = false
    /// Bumped when a motion is asked for or left: a copy that comes back later is dropped.
    private var motionOpening = 0
    /// Bumped when a video is opened or left: a header read that comes back later is dropped.
    private var videoOpening = 0
    private var order: [AssetID] = []
    private var ticket: SmallThumbnails.Ticket?
    private var rendering = false
    private(set) var current: AssetID?
    /// The decode's texture for the shown asset.
    private var texture: Gdk.Texture?

    var asset: (AssetID) -> Asset? = { _ in nil }
    /// The Live Photo, RAW+JPEG or Motion Photo an asset is part of.
    var pair: (AssetID) -> AssetPair? = { _ in nil }
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
        let root = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        addClass(root, "preview")

        // The bar: back, name and place, zoom, previous/next, the pick check box.
        let bar = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        addClass(bar, "preview-bar")
        let back = Self.iconButton("go-previous-symbolic", tr("Back to all photos (Esc)"))
        bar.append(back)
        let titles = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        let title = Gtk.Label(classes: ["heading"])
        title.setEllipsize(PANGO_ELLIPSIZE_MIDDLE)
        title.setXAlign(0)
        let position = Gtk.Label(classes: ["dim-label", "caption", "numeric"])
        position.setXAlign(0)
        titles.append(title)
        titles.append(position)
        titles.setHExpand(true)
        bar.append(titles)

        let zoomGroup = Self.linked()
        let zoomOut = Self.iconButton("zoom-out-symbolic", tr("Zoom out (−)"))
        let zoomLabel = Gtk.Button(label: tr("Fit"))
        zoomLabel.setTooltip(tr("Fit (0) or actual size (1)"))
        addClass(zoomLabel, "numeric")
        zoomLabel.setSizeRequest(width: 64)
        let zoomIn = Self.iconButton("zoom-in-symbolic", tr("Zoom in (+)"))
        for b in [zoomOut, zoomLabel, zoomIn] { zoomGroup.append(b) }
        bar.append(zoomGroup)

        let navGroup = Self.linked()
        let previous = Self.iconButton("go-previous-symbolic", tr("Previous (←)"))
        let next = Self.iconButton("go-next-symbolic", tr("Next (→)"))
        navGroup.append(previous)
        navGroup.append(next)
        bar.append(navGroup)

        let check = Gtk.CheckButton(mnemonic: tr("_Selected"))
        check.setTooltip(tr("Pick this one (Space)"))
        addClass(check, "preview-check")
        bar.append(check)
        root.append(bar)

        // The stage: the image (or video, or why it cannot be shown), arrows at the sides.
        let media = Gtk.Stack()
        media.addNamed(image.root, "image")
        let videoBox = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        addClass(videoBox, "preview-stage")
        media.addNamed(videoBox, "video")
        let motionBox = Gtk.Box(GTK_ORIENTATION_VERTICAL)
        addClass(motionBox, "preview-stage")
        media.addNamed(motionBox, "motion")
        let failure = Gtk.Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        addClass(failure, "preview-stage")
        addClass(failure, "preview-failure")
        failure.setVAlign(GTK_ALIGN_FILL)
        let brokenIcon = Gtk.Image(iconName: "image-missing-symbolic")
        brokenIcon.setPixelSize(96)
        brokenIcon.setVExpand(true)
        brokenIcon.setVAlign(GTK_ALIGN_END)
        let failureText = Gtk.Label(classes: ["title-4"])
        failureText.setWrap(true)
        failureText.setJustify(GTK_JUSTIFY_CENTER)
        failureText.setVExpand(true)
        failureText.setVAlign(GTK_ALIGN_START)
        failure.append(brokenIcon)
        failure.append(failureText)
        media.addNamed(failure, "failure")

        let stage = Gtk.Overlay()
        stage.setChild(media)
        stage.setHExpand(true)
        let spinner = Gtk.Spinner()
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.setHAlign(GTK_ALIGN_CENTER)
        spinner.setVAlign(GTK_ALIGN_CENTER)
        spinner.setCanTarget(false)
        stage.addOverlay(spinner)
        let sidePrevious = Self.iconButton("go-previous-symbolic", tr("Previous (←)"))
        let sideNext = Self.iconButton("go-next-symbolic", tr("Next (→)"))
        for (button, align) in [(sidePrevious, GTK_ALIGN_START), (sideNext, GTK_ALIGN_END)] {
            for c in ["osd", "circular", "preview-arrow"] { addClass(button, c) }
            button.setHAlign(align)
            button.setVAlign(GTK_ALIGN_CENTER)
            stage.addOverlay(button)
        }
        // The Live button: on the photo's top-left corner, where a phone's gallery marks a Live
        // Photo, not in the bar (which already holds a narrow window wider than it is). It is
        // the P command itself (win.preview-play).
        // TRANSLATORS: the preview's button that plays a Live Photo's or Motion Photo's motion (Apple's word).
        let liveButton = Gtk.Button(label: tr("Live"))
        liveButton.setTooltip(tr("Play the motion (P)"))
        liveButton.actionable.setAction(.previewPlay)
        for c in ["osd", "preview-live"] { addClass(liveButton, c) }
        liveButton.setHAlign(GTK_ALIGN_START)
        liveButton.setVAlign(GTK_ALIGN_START)
        PlaceTrace.name(liveButton, "button live")
        liveButton.setVisible(false)
        stage.addOverlay(liveButton)
        let previousButtons = [previous, sidePrevious]
        let nextButtons = [next, sideNext]

        let body = Gtk.Box(GTK_ORIENTATION_HORIZONTAL)
        body.setVExpand(true)
        body.append(stage)
        body.append(Gtk.Separator(GTK_ORIENTATION_VERTICAL).widget)
        body.append(info.root)
        root.append(body)

        column = root
        self.media = media
        self.videoBox = videoBox
        self.motionBox = motionBox
        self.liveButton = liveButton
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
        super.init(widget: root.widget)
        // Its keys act wherever the focus is while it shows: its own buttons do not take
        // Space, the arrows or Escape.
        KeyBindings.bind(.preview, on: root)

        connect(back.widget, "clicked") { [unowned self] in self.close() }
        connect(zoomOut.widget, "clicked") { [unowned self] in self.image.zoomOut() }
        connect(zoomIn.widget, "clicked") { [unowned self] in self.image.zoomIn() }
        connect(zoomLabel.widget, "clicked") { [unowned self] in
            self.zoomLabel.label == tr("Fit") ? self.image.actualSize() : self.image.fit()
        }
        for b in previousButtons { connect(b.widget, "clicked") { [unowned self] in self.step(-1) } }
        for b in nextButtons { connect(b.widget, "clicked") { [unowned self] in self.step(1) } }
        connect(check.widget, "toggled") { [unowned self] in
            guard !self.rendering, let id = self.current else { return }
            self.onToggle(id)
            self.refresh()  // a refused pick (limit reached) puts the box back
        }
        image.onZoomChange = { [unowned self] text in self.zoomLabel.setLabel(text) }
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
        check.setActive(isSelected(current))
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
        title.setText(asset.name)
        info.show(asset)
        refresh()
        updatePosition()
        zoomGroup.setVisible(asset.kind != .video)  // a video is played, not zoomed
        liveButton.setVisible(asset.kind == .photo && hasMotion(id))
        if asset.kind == .video { return showVideo(asset) }
        media.setVisibleChildName("image")
        // A stand-in at once (the small thumbnail, blurred up), the real pixels after the decode.
        // Without a known size the window's is assumed until the decode tells.
        let size = asset.metadata.displaySize ?? windowSide.map { ($0, $0) } ?? (1024, 1024)
        image.show(width: size.0, height: size.1, texture: nil, textureSide: 0)
        spinner.start()
        ticket = thumbnails.request(asset, scale: column.scaleFactor, square: false) { [weak self] result in
            guard let self, self.current == id, self.texture == nil, case .texture(let t, _) = result else { return }
            self.image.improve(texture: t, textureSide: 1, width: size.0, height: size.1)
        }
        decodeSharper(image.neededSide ?? windowSide ?? 1024)
    }

    /// The window's longest side in device pixels: what a fitted image needs at most.
    private var windowSide: Int? {
        guard let top = column.toplevel else { return nil }
        let side = Int(max(top.width, top.height)) * top.scaleFactor
        return side > 1 ? side : nil
    }

    private func updatePosition() {
        guard let current, let i = order.firstIndex(of: current) else {
            position.setText("")
            return
        }
        position.setText(tr("%1$s of %2$s", HumanFormat.count(i + 1), HumanFormat.count(order.count)))
        for b in previousButtons { b.setSensitive(i > 0) }
        for b in nextButtons { b.setSensitive(i + 1 < order.count) }
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
            self.spinner.stop()
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
                self.failureText.setText(tr("This photo can’t be shown") + "\n" + error.message())
                self.media.setVisibleChildName("failure")
            }
        }
    }

    /// Plays a video: its container's header says how to turn it upright (read off the main
    /// thread: the movie box may sit at the end of a large file), then the player opens.
    private func showVideo(_ asset: Asset) {
        spinner.stop()
        media.setVisibleChildName("video")
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
            self.failureText.setText(tr("This video can’t be played") + "\n" + reason)
            self.media.setVisibleChildName("failure")
        }
        player.root.setVExpand(true)
        videoBox.append(player.root)
        self.player = player
        Trace.mark("video-opened \(turn)")
    }

    // MARK: A Live or Motion Photo's motion

    /// `id` is the still of a Live or Motion Photo.
    private func hasMotion(_ id: AssetID) -> Bool {
        guard let pair = pair(id), pair.still == id else { return false }
        return PhotoMotion.plays(pair)
    }

    /// Plays the shown photo's motion; stops it (or leaves its failure) when it plays.
    private func playOrStopMotion() {
        if motionShown { return showStill() }
        guard let id = current, let still = asset(id), let pair = pair(id), pair.still == id, PhotoMotion.plays(pair) else { return }
        motionShown = true
        motionOpening += 1
        let opening = motionOpening
        let companion = pair.companion.flatMap(asset)
        Task { [weak self] in
            let opened = await PhotoMotion.open(pair.kind, still: still, companion: companion)
            guard let self, self.isAttached, self.motionShown, self.motionOpening == opening, self.current == id else { return }
            switch opened {
            case .success(let motion): self.playMotion(motion)
            case .failure(let error): self.motionFailed(error.message())
            }
        }
    }

    private func playMotion(_ opened: PhotoMotion.Opened) {
        let player = MotionPlayer(opened)
        player.onEnded = { [unowned self] in self.showStill() }
        player.onFailure = { [unowned self] reason in self.motionFailed(reason) }
        motionBox.append(player.root)
        motion = player
        media.setVisibleChildName("motion")
        Trace.mark("motion-opened \(opened.turn)")
    }

    /// The still's page says why; the Live button (or P) goes back to the still.
    private func motionFailed(_ reason: String) {
        stopMotion()
        Trace.mark("preview-failed")
        failureText.setText(tr("This photo’s motion can’t be played") + "\n" + reason)
        media.setVisibleChildName("failure")
    }

    /// Back to the still from the motion or its failure.
    private func showStill() {
        stopMotion()
        motionShown = false
        motionOpening += 1
        guard current != nil else { return }
        media.setVisibleChildName("image")
        Trace.mark("motion-still")
    }

    /// Lets go of the motion's player (and its memory file), leaving the page as it is.
    private func stopMotion() {
        guard let motion else { return }
        motion.stop()
        motionBox.remove(motion.root)
        self.motion = nil
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
            videoBox.remove(player.root)
        }
        player = nil
        stopMotion()
        motionShown = false
        motionOpening += 1
        image.clear()
        texture = nil
        spinner.stop()
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

    /// P: plays or pauses a video, plays or stops a Live or Motion Photo's motion.
    func playOrPause() {
        if let player { return player.playOrPause() }
        playOrStopMotion()
    }
    func zoomIn() { image.zoomIn() }
    func zoomOut() { image.zoomOut() }
    func actualSize() { image.actualSize() }
    func fit() { image.fit() }

    // MARK: Widgets

    private static func iconButton(_ icon: String, _ tooltip: String) -> Gtk.Button {
        let b = Gtk.Button(iconName: icon)
        b.setTooltip(tooltip)
        return b
    }

    private static func linked() -> Gtk.Box {
        let box = Gtk.Box(GTK_ORIENTATION_HORIZONTAL)
        addClass(box, "linked")
        return box
    }
}
