/// The preview's zoom and pan, as numbers: how big the image is drawn and which part of it
/// the viewport shows. Scales are logical pixels per image pixel.
public struct ZoomModel: Sendable, Equatable {
    /// The image's displayed size in image pixels (orientation applied).
    public var imageWidth: Double
    public var imageHeight: Double
    /// The visible area in logical pixels.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// Device pixels per logical pixel (2 on a HiDPI screen).
    public var scaleFactor: Double
    /// nil: fitted to the viewport, following its size; else a fixed scale.
    public private(set) var fixedScale: Double?

    public static let step = 1.25
    /// Furthest out and in: a tenth of the fitted size (or fit, if smaller), 16 device pixels per image pixel.
    public var minimumScale: Double { min(fitScale, 0.1) }
    public var maximumScale: Double { 16 / scaleFactor }

    public init(imageWidth: Double, imageHeight: Double, viewportWidth: Double, viewportHeight: Double, scaleFactor: Double = 1) {
        self.imageWidth = max(1, imageWidth)
        self.imageHeight = max(1, imageHeight)
        self.viewportWidth = max(1, viewportWidth)
        self.viewportHeight = max(1, viewportHeight)
        self.scaleFactor = max(1, scaleFactor)
    }

    /// The whole image in the viewport, never enlarged past one image pixel per logical pixel
    /// (a small image blown up only looks blurred).
    public var fitScale: Double { min(viewportWidth / imageWidth, viewportHeight / imageHeight, 1) }
    /// One image pixel per device pixel: "1" in the preview.
    public var actualScale: Double { 1 / scaleFactor }
    public var scale: Double { fixedScale ?? fitScale }
    public var isFitted: Bool { fixedScale == nil }

    /// The drawn image's size in logical pixels.
    public var contentWidth: Double { (imageWidth * scale).rounded() }
    public var contentHeight: Double { (imageHeight * scale).rounded() }

    /// How many image pixels a decode needs for the current scale, in device pixels on the
    /// longest side, so the view is never sharper than the file nor blurrier than the screen.
    public var neededLongestSide: Int {
        Int((max(imageWidth, imageHeight) * scale * scaleFactor).rounded(.up))
    }

    /// The label beside the zoom buttons: "Fit" or "150%" (100% is one image pixel per device pixel).
    public var label: String {
        // TRANSLATORS: the preview's zoom as a percentage: "150%".
        isFitted ? tr("Fit") : tr("%s%%", String(Int((scale / actualScale * 100).rounded())))
    }

    public mutating func fit() { fixedScale = nil }

    /// Sets the scale, keeping the image point under `anchor` (viewport coordinates) where
    /// it is; returns the new scroll offsets for the scroll offsets `offset`.
    public mutating func zoom(to newScale: Double, anchor: (x: Double, y: Double), offset: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let old = scale
        let clamped = min(max(newScale, minimumScale), maximumScale)
        fixedScale = clamped
        // The image point under the anchor, before and after.
        let ix = (offset.x + anchor.x - margin(contentWidth: imageWidth * old, viewport: viewportWidth)) / old
        let iy = (offset.y + anchor.y - margin(contentWidth: imageHeight * old, viewport: viewportHeight)) / old
        let x = ix * clamped + margin(contentWidth: contentWidth, viewport: viewportWidth) - anchor.x
        let y = iy * clamped + margin(contentWidth: contentHeight, viewport: viewportHeight) - anchor.y
        return (clampOffset(x, content: contentWidth, viewport: viewportWidth),
                clampOffset(y, content: contentHeight, viewport: viewportHeight))
    }

    /// Zooms by `factor` around the viewport's centre (the +/- keys) or a pointer.
    public mutating func zoom(by factor: Double, anchor: (x: Double, y: Double)? = nil,
                              offset: (x: Double, y: Double)) -> (x: Double, y: Double) {
        zoom(to: scale * factor, anchor: anchor ?? (viewportWidth / 2, viewportHeight / 2), offset: offset)
    }

    /// A smaller image is centred: the empty space on each side.
    private func margin(contentWidth: Double, viewport: Double) -> Double { max(0, (viewport - contentWidth) / 2) }

    private func clampOffset(_ v: Double, content: Double, viewport: Double) -> Double {
        min(max(0, v), max(0, content - viewport))
    }
}
