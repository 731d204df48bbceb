import CGtk
import PhotoPickCore

/// A picture that fits the view, zooms (scroll, keys) around the pointer and pans by drag.
///
/// The picture sits in a GtkFixed inside a scrolled window: GtkFixed gives a child exactly
/// its size request, so the drawn size is what `ZoomModel` says, whatever the texture's own
/// size (which follows the decode, not the zoom).
@MainActor
final class ZoomableImage: WidgetView {
    var root: Gtk.ScrolledWindow { scroller }
    private let scroller: Gtk.ScrolledWindow
    private let fixed: Gtk.Fixed
    private let picture: Gtk.Picture
    private var zoom: ZoomModel?
    private var textureSide = 0
    private var pointer: (x: Double, y: Double)?
    private var panStart: (x: Double, y: Double)?

    /// The zoom needs more pixels than the texture has (longest side in device pixels).
    var onNeedsPixels: (Int) -> Void = { _ in }
    /// The zoom changed: the label for it ("Fit", "100%").
    var onZoomChange: (String) -> Void = { _ in }

    init() {
        picture = Gtk.Picture()
        picture.setContentFit(GTK_CONTENT_FIT_FILL)
        picture.setCanShrink(true)
        fixed = Gtk.Fixed()
        fixed.put(picture, x: 0, y: 0)
        scroller = Gtk.ScrolledWindow()
        scroller.setChild(fixed)
        scroller.setHExpand(true)
        scroller.setVExpand(true)
        addClass(scroller, "preview-stage")
        super.init(widget: scroller.widget)  // lives with the scrolled window; its adjustments' handlers go with it

        // The page size is the visible size: a resize signal. Relayout after the frame, as
        // changing sizes during allocation is not allowed.
        for adjustment in [scroller.hadjustment, scroller.vadjustment] {
            track(onPointerSignal(adjustment.object, "notify::page-size") { [unowned self] _ in
                MainQueueBridge.post { [weak self] in self?.viewportChanged() }
            }, on: adjustment.object)
        }
        let motion = Gtk.MotionController(on: root.widget)
        motion.onMotion { [unowned self] x, y in self.pointer = (x, y) }
        motion.onEnter { [unowned self] x, y in self.pointer = (x, y) }

        Gtk.ScrollController(on: root.widget, phase: GTK_PHASE_CAPTURE).onScroll { [unowned self] _, dy in
            self.zoom(by: pow(ZoomModel.step, -dy), at: self.pointer)
            return true
        }

        let pan = Gtk.DragGesture(on: root.widget)
        pan.onBegin { [unowned self] _, _ in
            self.panStart = (self.hadjustment.value, self.vadjustment.value)
            self.scroller.setCursor(named: "grabbing")
        }
        pan.onUpdate { [unowned self] dx, dy in
            guard let start = self.panStart else { return }
            self.hadjustment.setValue(start.x - dx)
            self.vadjustment.setValue(start.y - dy)
        }
        pan.onEnd { [unowned self] _, _ in
            self.panStart = nil
            self.setCursor()
        }
    }

    /// Shows a new image of `width` × `height` (displayed pixels), fitted; `texture` may be
    /// a smaller stand-in until better pixels arrive with `improve`.
    func show(width: Int, height: Int, texture: Gdk.Texture?, textureSide: Int) {
        zoom = ZoomModel(imageWidth: Double(width), imageHeight: Double(height),
                         viewportWidth: viewport.width, viewportHeight: viewport.height, scaleFactor: scale)
        picture.setPaintable(texture)
        self.textureSide = textureSide
        layout(offset: (0, 0))
    }

    /// Better pixels for the image shown.
    func improve(texture: Gdk.Texture, textureSide: Int, width: Int, height: Int) {
        if let z = zoom, Int(z.imageWidth) != width || Int(z.imageHeight) != height {
            // The file's real size differs from what the metadata said: start again from it.
            return show(width: width, height: height, texture: texture, textureSide: textureSide)
        }
        picture.setPaintable(texture)
        self.textureSide = textureSide
    }

    func clear() {
        zoom = nil
        picture.setPaintable(nil)
        textureSide = 0
    }

    /// The pixels the current zoom needs; nil before the view has a size.
    var neededSide: Int? { isAllocated ? zoom?.neededLongestSide : nil }
    private var isAllocated: Bool { scroller.width > 1 && scroller.height > 1 }

    // MARK: Zoom commands

    func zoomIn() { zoom(by: ZoomModel.step, at: nil) }
    func zoomOut() { zoom(by: 1 / ZoomModel.step, at: nil) }

    /// One image pixel per screen pixel, around the centre.
    func actualSize() {
        guard var z = zoom else { return }
        let offset = z.zoom(to: z.actualScale, anchor: (viewport.width / 2, viewport.height / 2), offset: currentOffset)
        zoom = z
        layout(offset: offset)
    }

    func fit() {
        guard var z = zoom else { return }
        z.fit()
        zoom = z
        layout(offset: (0, 0))
    }

    private func zoom(by factor: Double, at anchor: (x: Double, y: Double)?) {
        guard var z = zoom else { return }
        let offset = z.zoom(by: factor, anchor: anchor, offset: currentOffset)
        zoom = z
        layout(offset: offset)
    }

    // MARK: Layout

    private var hadjustment: Gtk.Adjustment { scroller.hadjustment }
    private var vadjustment: Gtk.Adjustment { scroller.vadjustment }
    private var currentOffset: (x: Double, y: Double) { (hadjustment.value, vadjustment.value) }
    private var scale: Double { Double(max(1, scroller.scaleFactor)) }

    private var viewport: (width: Double, height: Double) {
        (Double(max(1, scroller.width)), Double(max(1, scroller.height)))
    }

    /// A hand when there is something to drag.
    private func setCursor() {
        let pannable = zoom.map { $0.contentWidth > $0.viewportWidth || $0.contentHeight > $0.viewportHeight } ?? false
        scroller.setCursor(named: pannable ? "grab" : nil)
    }

    private func viewportChanged() {
        guard var z = zoom else { return }
        let v = viewport
        guard v.width != z.viewportWidth || v.height != z.viewportHeight else { return }
        z.viewportWidth = v.width
        z.viewportHeight = v.height
        zoom = z
        layout(offset: currentOffset)
    }

    /// Sizes and centres the picture for the zoom, scrolls to `offset`, and asks for sharper
    /// pixels when the texture has fewer than the screen shows.
    private func layout(offset: (x: Double, y: Double)) {
        guard let z = zoom else { return }
        let w = z.contentWidth, h = z.contentHeight
        let left = max(0, (z.viewportWidth - w) / 2), top = max(0, (z.viewportHeight - h) / 2)
        picture.setSizeRequest(width: Int32(w), height: Int32(h))
        fixed.move(picture.widget, x: left, y: top)
        // Set the range now: the allocation that would set it comes a frame later, and
        // would clamp the offset first.
        hadjustment.configure(value: offset.x, lower: 0, upper: max(z.viewportWidth, w), step: 20,
                              page: z.viewportWidth * 0.9, pageSize: z.viewportWidth)
        vadjustment.configure(value: offset.y, lower: 0, upper: max(z.viewportHeight, h), step: 20,
                              page: z.viewportHeight * 0.9, pageSize: z.viewportHeight)
        setCursor()
        onZoomChange(z.label)
        if isAllocated, z.neededLongestSide > textureSide { onNeedsPixels(z.neededLongestSide) }
    }
}
